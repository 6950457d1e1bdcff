"""Celery tasks of events: round clocks (on the `timers` queue)."""

from __future__ import annotations

from celery import shared_task

from tournaments.services.timers import call_time, sweep_due_rounds


@shared_task(name="tournaments.tasks.expire_round_timer", ignore_result=True)
def expire_round_timer(round_id: int, version: int) -> bool:
    return call_time(round_id, version)


@shared_task(name="tournaments.tasks.sweep_round_timers", ignore_result=True)
def sweep_round_timers() -> int:
    return sweep_due_rounds()
