"""Celery tasks of matches: timers on the `timers` queue, bot moves on `default`."""

from __future__ import annotations

from celery import shared_task

from gameplay.matches import services, timers


@shared_task(name="gameplay.tasks.expire_match_timer", ignore_result=True)
def expire_match_timer(match_id: int, timer_version: int) -> str:
    return services.expire(match_id, timer_version)


@shared_task(name="gameplay.tasks.sweep_match_timers", ignore_result=True)
def sweep_match_timers() -> int:
    return sum(services.expire(pk, None) != "nothing due" for pk in services.due_matches())


@shared_task(name="gameplay.tasks.bot_move", ignore_result=True)
def bot_move(match_id: int, version: int) -> bool:
    return services.bot_move(match_id, version)


@shared_task(name="gameplay.tasks.sweep_feed_match_timers", ignore_result=True)
def sweep_feed_match_timers() -> int:
    """Beat: queue the tasks of deadlines that came within the horizon (a `sweep_` task: timers queue)."""
    return timers.feed_due_soon()
