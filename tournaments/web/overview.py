"""What the event pages gather beyond the live round: the bracket with its scores, the final
placings and champion of a finished event, and a round robin's crosstable. Reads only; the
shaping is in ``tournaments.web.presentation``."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from django.db.models import Q, QuerySet

from tournaments import selectors
from tournaments.models import DeckVersion, Event, Round
from tournaments.pairing.pod_standings import ordinal
from tournaments.pods import reading as pod_reading
from tournaments.services.standings import StandingRow, bracket, cut_games, history, standings
from tournaments.structures import structure_of
from tournaments.web.presentation import (
    BracketLayout,
    CrossRow,
    Placing,
    bracket_layout,
    crosstable,
    final_placings,
)

FINAL_STANDINGS_SHOWN = 8


def event_bracket(event: Event) -> BracketLayout:
    """The top cut's bracket with each match's game wins (empty when the event has no cut)."""
    state = bracket(event)
    if state is None:
        return BracketLayout()
    return bracket_layout(state, selectors.public_names(state.seeds), cut_games(event))


@dataclass(frozen=True)
class Champion:
    """The winner of a finished event, their record and, when lists are public, their runeslinger."""

    row: StandingRow
    runeslinger: str


def finished_context(event: Event) -> dict[str, Any]:
    """The finished overview: champion, the top of the final placings, the bracket, the players."""
    return structure_of(event).finished_context()


def pairs_finished_context(event: Event) -> dict[str, Any]:
    """A finished event played in pairs (``Pairs.finished_context``)."""
    rows = standings(event)
    # An event finished before any result was in has no champion and no places to show.
    played = any(r.standing.wins + r.standing.losses + r.standing.draws for r in rows)
    placings = final_placings(rows, bracket(event)) if played else []
    layout = event_bracket(event)
    return {
        "champion": _champion(event, placings),
        "placings": placings[:FINAL_STANDINGS_SHOWN],
        "more_placings": len(placings) > FINAL_STANDINGS_SHOWN,
        "bracket_columns": layout.columns,
        "players": sorted((r.player for r in rows), key=lambda u: u.public_name.lower()),
        "history_rounds": played_rounds(event),
    }


def with_tables(rounds: QuerySet[Round]) -> QuerySet[Round]:
    """The rounds that have tables: matches or, in a pod event, pods."""
    return rounds.filter(Q(matches__isnull=False) | Q(pod_tables__isnull=False)).distinct().order_by("number")


def pod_finished_context(event: Event) -> dict[str, Any]:
    """A finished pod event: the winner, the final placings by the pod standings, the players."""
    rows = pod_reading.standings(event)
    played = any(r.standing.rounds for r in rows)
    placings = [Placing(ordinal(n), "", row) for n, row in enumerate(rows, 1)] if played else []
    return {
        "champion": Champion(placings[0].row, "") if placings else None,
        "placings": placings[:FINAL_STANDINGS_SHOWN],
        "more_placings": len(placings) > FINAL_STANDINGS_SHOWN,
        "record_heading": "Places",
        "players": sorted((r.player for r in rows), key=lambda u: u.public_name.lower()),
        "history_rounds": played_rounds(event),
    }


def played_rounds(event: Event) -> list[Round]:
    """The published rounds that had tables, in order (an empty round is not worth a link)."""
    shown = Round.objects.filter(event=event).exclude(status=Round.Status.PREVIEW)
    return list(with_tables(shown).select_related("event"))


def cut_titles(event: Event, rows: list[StandingRow]) -> dict[int, str]:
    """Each top-cut player's title once the cut is over ("Champion", "Finalist", …), by player."""
    if not event.cut_seeds:
        return {}
    return {p.row.player.pk: f"{p.place}, {p.title.lower()}" for p in final_placings(rows, bracket(event)) if p.title}


def _champion(event: Event, placings: list[Placing]) -> Champion | None:
    if not placings:
        return None
    row = placings[0].row
    runeslinger = ""
    if event.lists_published:
        version = DeckVersion.objects.filter(deck__event=event, deck__player=row.player).order_by("-number").first()
        runeslinger = version.runeslinger if version is not None else ""
    return Champion(row, runeslinger)


def event_crosstable(event: Event) -> list[CrossRow]:
    """The round robin's grid in standings order, every confirmed result from both sides."""
    return crosstable(standings(event), history(event, (Round.Stage.ROUND_ROBIN,)))
