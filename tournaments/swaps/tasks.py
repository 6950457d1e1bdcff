"""Celery tasks of the deck swap, on the `timers` queue: the deadline carries (swap id, timer
version) and acts only if the swap is still waiting on that deadline; the beat sweeper catches
anything a lost task missed."""

from __future__ import annotations

from celery import shared_task

from tournaments.swaps import services


@shared_task(name="tournaments.swaps.tasks.expire_swap", ignore_result=True)
def expire_swap(swap_id: int, version: int) -> bool:
    return services.expire(swap_id, version)


@shared_task(name="tournaments.swaps.tasks.sweep_swap_timers", ignore_result=True)
def sweep_swap_timers() -> int:
    return services.sweep_due()
