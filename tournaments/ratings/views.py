"""The public player profile (/players/<id>/) and the leaderboards (/ratings/<kind>/)."""

from __future__ import annotations

from typing import Any

from django.http import HttpRequest, HttpResponse
from django.shortcuts import render

from common.web import refusals_shown
from tournaments.ratings import reading
from tournaments.ratings.chart import Mark, chart_words, history_svg
from tournaments.ratings.maths import POD_MU, POD_SIGMA, START_DEVIATION, START_VALUE
from tournaments.ratings.models import Kind


def start_of(kind: str) -> Mark:
    """Where every rating of the kind starts, the chart's first dot."""
    if kind == Kind.PODS:
        return Mark("Start", POD_MU, POD_SIGMA)
    return Mark("Start", START_VALUE, START_DEVIATION)


def _kinds() -> list[dict[str, str]]:
    return [{"slug": value, "name": str(label)} for value, label in Kind.choices]


def profile(request: HttpRequest, player_id: int) -> HttpResponse:
    player = reading.shown_player(player_id)
    viewer = request.user
    cards = reading.ratings_of(player)
    charts = [
        (card, history_svg(card.history, chart_words(card.history), start_of(card.rating.kind))) for card in cards
    ]
    events = reading.events_of(viewer, player)
    matches = reading.matches_of(viewer, player)
    context: dict[str, Any] = {
        "player": player,
        "charts": charts,
        "events": events,
        "matches": matches,
        "any_replay": any(line.replay for line in matches),
        "practice": reading.practice_of(viewer, player),
        "tables": reading.tables_of(viewer, player),
        "decks": reading.decks_of(viewer, player, events),
        "kinds": _kinds(),
    }
    return render(request, "ratings/profile.html", context)


@refusals_shown
def leaderboard(request: HttpRequest, kind: str) -> HttpResponse:
    chosen = reading.kind_named(kind)
    page = reading.page_of(reading.leaderboard(chosen), request.GET.get("page"))
    rows = reading.placed(page)
    start = start_of(chosen)
    context = {
        "kind": chosen, "kind_name": chosen.label, "page": page, "rows": rows, "kinds": _kinds(),
        "start": f"{start.value:,.0f} ± {start.deviation:,.0f}",
    }  # fmt: skip
    return render(request, "ratings/leaderboard.html", context)
