"""``{% swap_history event %}``: the deck swaps in the organiser's event history, one line per pod
whose cards were passed (when, how many, whose choice the deadline made), linking to the full log."""

from __future__ import annotations

from typing import Any

from django import template
from django.contrib.auth.models import AnonymousUser

from accounts.models import User
from tournaments.models import Event, Round
from tournaments.swaps.models import PodSwap
from tournaments.swaps.services import is_runebound_pod_event, plan_of

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


@register.inclusion_tag("swaps/_round_note.html")
def round_swap_note(round_: Round) -> dict[str, Any]:
    """On a pod round's preview: that the round has the deck swap, and what publishing starts."""
    if not is_runebound_pod_event(round_.event):
        return {"plan": None}
    plan = plan_of(round_.event)
    return {"round": round_, "plan": plan if round_.number in plan.rounds else None}


@register.inclusion_tag("swaps/_my_swap.html")
def my_swap(event: Event, user: User | AnonymousUser) -> dict[str, Any]:
    """The player's swap of the round in progress, on the event page: what to do and a way there."""
    found = None
    if user.is_authenticated:
        found = (
            PodSwap.objects.filter(round__event=event, round__status=Round.Status.OPEN, seats__player=user)
            .select_related("round", "table")
            .order_by("-round__number")
            .first()
        )
    if found is None:
        return {"swap": None}
    seats = list(found.seats.all())
    me = next(s for s in seats if s.player_id == user.pk)
    return {
        "event": event,
        "swap": found,
        "chosen": sum(1 for s in seats if s.has_chosen),
        "seats": len(seats),
        "has_chosen": me.has_chosen,
    }
