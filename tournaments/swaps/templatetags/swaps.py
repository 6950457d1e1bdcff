"""``{% swap_history event %}``: the deck swaps in the organiser's event history, one line per pod
whose cards were passed (when, how many, whose choice the deadline made), linking to the full log."""

from __future__ import annotations

from typing import Any

from django import template

from tournaments.models import Event
from tournaments.swaps.models import PodSwap

register = template.Library()


@register.inclusion_tag("swaps/_history.html")
def swap_history(event: Event) -> dict[str, Any]:
    swaps = (
        PodSwap.objects.filter(round__event=event, revealed_at__isnull=False)
        .select_related("round", "table")
        .prefetch_related("seats__player", "passes")
        .order_by("-revealed_at", "-id")
    )
    lines = [
        {
            "at": swap.revealed_at,
            "subject": f"{swap.round.label}, pod {swap.table.table}",
            "passed": len(swap.passes.all()),
            "automatic": [s.player.public_name for s in swap.seats.all() if s.automatic],
        }
        for swap in swaps
    ]
    return {"event": event, "lines": lines}
