"""Pages for paper and the big screen: printable pairings, standings, result slips and deck
lists, and the projector page. Each shows what the matching screen page shows to the same
reader, through the same selectors; slips are for the event's staff."""

from __future__ import annotations

from typing import Any

from django.http import HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import render

from common.qr import qr_svg
from common.web import refusals_shown
from tournaments import live, selectors
from tournaments.errors import EventRefusal, Forbidden
from tournaments.models import Event, Round
from tournaments.permissions import Perm, has_permission, require
from tournaments.services import decks
from tournaments.services.standings import standings
from tournaments.structures import structure_of
from tournaments.web.deck_views import version_faces
from tournaments.web.paper import event_url, projector_state, table_url, tables_line
from tournaments.web.presentation import seats_by_name


def print_pairings(request: HttpRequest, pk: int, number: int) -> HttpResponse:
    event = selectors.event_for(request.user, pk)
    round_ = selectors.public_round(request.user, event, number)
    return structure_of(event).print_pairings(request, round_)


def pairs_print_pairings(request: HttpRequest, event: Event, round_: Round) -> HttpResponse:
    matches = list(round_.matches.select_related("player_a", "player_b"))
    context = {
        "event": event,
        "round": round_,
        "matches": matches,
        "seats": seats_by_name(matches),
        "follow_qr": qr_svg(event_url(request, event), f"Follow {event.name}"),
    }
    return render(request, "tournaments/print/pairings.html", context)


def print_standings(request: HttpRequest, pk: int) -> HttpResponse:
    event = selectors.event_for(request.user, pk)
    return structure_of(event).print_standings(request)


def pairs_print_standings(request: HttpRequest, event: Event) -> HttpResponse:
    context = {"event": event, "rows": standings(event), "follow_qr": qr_svg(event_url(request, event))}
    return render(request, "tournaments/print/standings.html", context)


@refusals_shown
def print_slips(request: HttpRequest, pk: int, number: int) -> HttpResponse:
    event = selectors.event_for(request.user, pk)
    require(request.user, Perm.RECORD_RESULTS, event)
    round_ = selectors.public_round(request.user, event, number)
    return structure_of(event).print_slips(request, round_)


def pairs_print_slips(request: HttpRequest, event: Event, round_: Round) -> HttpResponse:
    matches = round_.matches.exclude(player_b=None).select_related("player_a", "player_b")
    slips = [(match, qr_svg(table_url(request, match), f"Report table {match.table}'s result")) for match in matches]
    context = {
        "event": event,
        "round": round_,
        "slips": slips,
        "win_boxes": range(event.best_of // 2 + 1),  # the games a player needs to win the match
        "draw_boxes": range(event.best_of),
    }
    return render(request, "tournaments/print/slips.html", context)


@refusals_shown
def print_decklists(request: HttpRequest, pk: int) -> HttpResponse:
    event = selectors.event_for(request.user, pk)
    if not (event.lists_published or has_permission(request.user, Perm.VIEW_PRIVATE, event)):
        raise Forbidden(EventRefusal.NOT_PERMITTED, "Deck lists are private until the organiser publishes them.")
    sheets = []
    for deck in decks.visible_decks(request.user, event):
        current = deck.current()
        if current is not None:
            sheets.append({"player": deck.player, "version": current, "faces": version_faces(current, event)})
    return render(request, "tournaments/print/decklists.html", {"event": event, "sheets": sheets})


def projector(request: HttpRequest, pk: int) -> HttpResponse:
    event = selectors.event_for(request.user, pk)
    current = selectors.current_round(request.user, event)
    context = {
        **structure_of(event).projector_context(current),
        "event": event,
        "round": current,
        "state": projector_state(current),
        "follow_qr": qr_svg(event_url(request, event), f"Follow {event.name}"),
    }
    return render(request, "tournaments/projector.html", context)


def pairs_projector_context(current: Round | None) -> dict[str, Any]:
    """The projector's matches of the current round (``Pairs.projector_context``)."""
    matches = list(current.matches.select_related("player_a", "player_b", "play")) if current else []
    tables = [m for m in matches if not m.is_bye]
    return {"matches": matches, "pods": [], "tables_line": tables_line(tables, pods=False)}


def projector_poll(request: HttpRequest, pk: int) -> JsonResponse:
    """The projector page's state; the page reloads when it changes. With ``?tables=1`` also each
    table and whether it has finished (the page re-reads them whenever its socket (re)opens)."""
    event = selectors.event_for(request.user, pk)
    current = selectors.current_round(request.user, event)
    state = projector_state(current)
    if request.GET.get("tables") == "1":
        state["tables"] = live.projector_tables(current)
    return JsonResponse(state)
