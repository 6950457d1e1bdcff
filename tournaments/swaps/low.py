"""The deck swap's clock runs low: each player of the pod who has not chosen yet hears it once
per swap (``tournaments.clock_low``; the kind of deadline ``DECK_SWAP_LOW``). The notice names
the event, the round and the pod, never a card (what others chose stays hidden)."""

from __future__ import annotations

from datetime import datetime

from django.db import transaction
from django.urls import reverse

from accounts.notices.models import Kind
from accounts.notices.services import Draft, notify_each
from tournaments.clock_low import in_words
from tournaments.swaps.models import PodSwap


@transaction.atomic
def warn_swap(swap_id: int, version: int, now: datetime) -> int:
    """Tell those still choosing that the swap's clock runs low; how many were told."""
    swap = PodSwap.objects.select_for_update().filter(pk=swap_id).select_related("round__event", "table").first()
    if swap is None or swap.low_at is None or now < swap.low_at:
        return 0
    waiting = []
    if swap.is_choosing and now < swap.deadline:
        waiting = [s.player for s in swap.seats.filter(chosen_at__isnull=True).select_related("player")]
    round_ = swap.round
    title = f"{round_.label}, pod {swap.table.table}: {in_words(swap.deadline - now)} left to choose the cards you pass"
    url = reverse("swaps:swap", args=[round_.event_id, swap.pk])
    key = f"swap:{swap.pk}:low:{version}"
    notify_each(Kind.CLOCK_LOW, [Draft(p.pk, key, title, round_.event.name, url) for p in waiting if not p.is_guest])
    swap.low_at = None
    swap.save(update_fields=["low_at"])
    return len(waiting)
