"""The public player profile (/players/<id>/) and the leaderboards (/ratings/<kind>/)."""

from __future__ import annotations

from typing import Any

from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, render

from accounts.models import User
from common.web import refusals_shown
from tournaments.ratings import reading
from tournaments.ratings.chart import chart_words, history_svg
from tournaments.ratings.models import Kind


def _kinds() -> list[dict[str, str]]:
    return [{"slug": value, "name": str(label)} for value, label in Kind.choices]


def profile(request: HttpRequest, player_id: int) -> HttpResponse:
    player = get_object_or_404(User, pk=player_id, is_active=True)
    viewer = request.user
    cards = reading.ratings_of(player)
    charts = [(card, history_svg(card.history, chart_words(card.history))) for card in cards]
    events = reading.events_of(viewer, player)
    context: dict[str, Any] = {
        "player": player,
        "charts": charts,
        "events": events,
        "matches": reading.matches_of(viewer, player),
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
    first = (page.number - 1) * page.paginator.per_page
    rows = [(first + i + 1, rating) for i, rating in enumerate(page.object_list)]
    context = {"kind": chosen, "kind_name": chosen.label, "page": page, "rows": rows, "kinds": _kinds()}
    return render(request, "ratings/leaderboard.html", context)
