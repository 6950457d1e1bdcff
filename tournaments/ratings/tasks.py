"""The rebuild of one kind of rating, queued after a result is confirmed or corrected."""

from __future__ import annotations

from celery import shared_task

from tournaments.ratings import services


@shared_task(name="tournaments.ratings.tasks.rebuild", ignore_result=True)
def rebuild(kind: str) -> int:
    services.clear_pending(kind)
    return services.rebuild(kind)
