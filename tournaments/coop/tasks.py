"""Celery tasks of challenges: beat finishes challenges whose window is over and makes the day's
daily challenge (pages and the API do both too, whenever they read one)."""

from __future__ import annotations

from celery import shared_task

from tournaments.coop import services


@shared_task(name="tournaments.coop.tasks.settle_challenges", ignore_result=True)
def settle_challenges() -> int:
    services.daily_challenge()
    return services.settle_due()
