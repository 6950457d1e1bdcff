"""A round robin's ties on its standings page, and the organiser's playoffs: order one for a tie
of two once the last round has ended, then record its winner (the organiser or a judge). Plain
forms that POST and come back to the standings, so they work without scripts."""

from __future__ import annotations

from typing import Any

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect
from django.views.decorators.http import require_POST

from accounts.auth import signed_in_user
from common.ids import parse_id
from common.web import refusals_shown
from tournaments import selectors
from tournaments.errors import EventRefusal, Invalid
from tournaments.models import Event, Playoff
from tournaments.pairing import TiebreakSystem
from tournaments.pairing.pod_standings import ordinal
from tournaments.permissions import Perm, has_permission
from tournaments.services import playoffs
from tournaments.web.presentation import tie_words


def ties_context(request: HttpRequest, event: Event, system: TiebreakSystem) -> dict[str, Any]:
    """What the standings page shows of ties: each in words, and the buttons this reader may use."""
    found = playoffs.ties(event)
    if not found:
        return {"ties": []}
    manages = has_permission(request.user, Perm.MANAGE, event)
    records = has_permission(request.user, Perm.RECORD_RESULTS, event) and not event.is_finished
    waits = playoffs.playoff_refusal(event) if manages else ""
    shown = []
    for tie in found:
        shown.append(
            {
                "tie": tie,
                "words": tie_words(tie, system),
                "place": ordinal(tie.place),
                "may_order": manages and tie.of_two and tie.playoff is None and not waits,
                "may_record": records and tie.playoff is not None,
            }
        )
    untried = manages and any(t.of_two and t.playoff is None for t in found)
    return {"ties": shown, "playoffs_wait": waits if untried and not event.is_finished else ""}


@login_required
@require_POST
@refusals_shown
def order_playoff(request: HttpRequest, pk: int) -> HttpResponse:
    event = selectors.event_for(request.user, pk)
    place = parse_id(request.POST.get("place", ""))
    if place is None:
        raise Invalid(EventRefusal.NO_TIE, "place must be the number of the place the players are tied for.")
    playoff = playoffs.order_playoff(event, place, signed_in_user(request))
    messages.success(
        request,
        f"Playoff for {ordinal(playoff.place)} place ordered: {playoff.player_a.public_name} v "
        f"{playoff.player_b.public_name}. Record its winner here once it is played.",
    )
    return redirect("tournaments:standings", pk=event.pk)


@login_required
@require_POST
@refusals_shown
def record_playoff(request: HttpRequest, playoff_id: int) -> HttpResponse:
    playoff = get_object_or_404(
        Playoff.objects.select_related("event", "player_a", "player_b"),
        pk=playoff_id,
        event__in=selectors.visible_events(request.user),
    )
    chosen = parse_id(request.POST.get("winner", ""))
    winner = next((p for p in (playoff.player_a, playoff.player_b) if p.pk == chosen), None)
    if winner is None:
        raise Invalid(
            EventRefusal.NOT_IN_PLAYOFF,
            f"winner must be {playoff.player_a.public_name} or {playoff.player_b.public_name}.",
        )
    playoffs.record_playoff(playoff, winner, signed_in_user(request))
    messages.success(request, f"{winner.public_name} won the playoff for {ordinal(playoff.place)} place.")
    return redirect("tournaments:standings", pk=playoff.event_id)
