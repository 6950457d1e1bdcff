"""Celery tasks of drafts, all on the `timers` queue: each carries (id, version) and acts only if
the clock is still that one; the beat sweeper catches anything a lost task missed."""

from __future__ import annotations

from celery import shared_task

from tournaments.drafts.services import picking, pools


@shared_task(name="tournaments.drafts.tasks.expire_draft_pick", ignore_result=True)
def expire_draft_pick(seat_id: int, version: int) -> bool:
    """One seat's clock (tasks queued before the pod-wide clock task; the sweeper uses the same code)."""
    return picking.expire_pick(seat_id, version)


@shared_task(name="tournaments.drafts.tasks.expire_draft_clocks", ignore_result=True)
def expire_draft_clocks(pod_id: int, at: str) -> int:
    """The pod's pick clocks: one task per pod, for the earliest deadline (see ``picking.expire_due``)."""
    return picking.expire_due(pod_id, at)


@shared_task(name="tournaments.drafts.tasks.expire_draft_review", ignore_result=True)
def expire_draft_review(pod_id: int, version: int) -> bool:
    return picking.end_review(pod_id, version)


@shared_task(name="tournaments.drafts.tasks.expire_deck_build", ignore_result=True)
def expire_deck_build(pool_id: int, version: int) -> bool:
    return pools.expire_build(pool_id, version)


@shared_task(name="tournaments.drafts.tasks.sweep_draft_timers", ignore_result=True)
def sweep_draft_timers() -> int:
    return picking.sweep()
