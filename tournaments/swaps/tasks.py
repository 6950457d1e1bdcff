"""The deck swap's work on a worker: a published round's swaps are opened here, not in the
organiser's publish request (which only queues this task after its commit)."""

from __future__ import annotations

from celery import shared_task

from tournaments.models import Round
from tournaments.swaps import services


@shared_task(name=services.OPEN_TASK, ignore_result=True)
def open_round(round_id: int) -> int:
    """Open the swaps of round ``round_id`` if its event's plan names it; how many were opened
    (none for a round already opened, or gone)."""
    round_ = Round.objects.select_related("event").filter(pk=round_id).first()
    return 0 if round_ is None else len(services.open_swaps(round_))
