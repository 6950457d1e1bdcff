"""How event pages lay out what the selectors and services found: the top cut's bracket columns
and a player's match outcomes. No queries here; the views gather, these shape, templates render."""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any

from tournaments.models import Match
from tournaments.pairing import Bracket

CUT_ROUND_LABELS = {8: ["Quarter-finals", "Semi-finals", "Final"], 4: ["Semi-finals", "Final"], 2: ["Final"]}


@dataclass(frozen=True)
class BracketLayout:
    """One column per cut round; a column's boxes are its matches, ``None`` where not yet paired."""

    columns: list[dict[str, Any]] = field(default_factory=list)
    champion: str | None = None


def bracket_layout(state: Bracket | None, names: Mapping[int, str]) -> BracketLayout:
    """The bracket drawn from ``state`` (None: no top cut yet), players shown by ``names``."""
    if state is None:
        return BracketLayout()
    seeds = {player: n for n, player in enumerate(state.seeds, 1)}
    columns = []
    for index, label in enumerate(CUT_ROUND_LABELS[state.size]):
        played = state.rounds[index] if index < len(state.rounds) else ()
        width = state.size // 2 ** (index + 1)
        boxes: list[dict[str, Any] | None] = [
            {"a": names[m.a], "b": names[m.b], "seed_a": seeds[m.a], "seed_b": seeds[m.b],
             "winner": names.get(m.winner) if m.winner else None}
            for m in played
        ]  # fmt: skip
        boxes += [None] * (width - len(played))
        columns.append({"label": label, "matches": boxes})
    champion = names.get(state.champion) if state.champion else None
    return BracketLayout(columns, champion)


def outcome_for(match: Match, player_id: int) -> str:
    """ "win", "loss" or "draw" for the player once the result is confirmed; "" before that."""
    if match.status != Match.Status.CONFIRMED:
        return ""
    winner = match.winner_id()
    return "draw" if winner is None else "win" if winner == player_id else "loss"


def history_rows(matches: Iterable[Match], player_id: int) -> list[dict[str, Any]]:
    """A player's matches as rows: the match, the opponent (None: a bye) and the outcome."""
    return [
        {
            "match": match,
            "opponent": match.player_b if match.player_a_id == player_id else match.player_a,
            "outcome": outcome_for(match, player_id),
        }
        for match in matches
    ]


@dataclass(frozen=True)
class Seat:
    """One player's line in a round's pairings by name: where they sit and against whom."""

    player: Any
    opponent: Any  # None: a bye
    match: Match

    @property
    def table(self) -> int:
        return self.match.table


def seats_by_name(matches: Iterable[Match], query: str = "") -> list[Seat]:
    """Every paired player's seat, alphabetical by public name; with ``query``, only the players
    whose name contains it (any case)."""
    seats = []
    for match in matches:
        seats.append(Seat(match.player_a, match.player_b, match))
        if match.player_b is not None:
            seats.append(Seat(match.player_b, match.player_a, match))
    wanted = query.strip().lower()
    chosen = [s for s in seats if wanted in s.player.public_name.lower()]
    return sorted(chosen, key=lambda seat: seat.player.public_name.lower())


def my_seat(matches: Iterable[Match], user: Any) -> Seat | None:
    """The signed-in user's own seat in these pairings, if they play in them."""
    if not user.is_authenticated:
        return None
    return next((seat for seat in seats_by_name(matches) if seat.player.pk == user.pk), None)


PLAYER_BY_ID = re.compile(r"\bplayer (\d+)\b")


def with_names(explanation: str, names: Mapping[int, str]) -> str:
    """A pairing reason stored before reasons named players ("player 6 (3 pts) v ..."), read with
    their public names; ids not in ``names`` stay as they are."""
    return PLAYER_BY_ID.sub(lambda found: names.get(int(found.group(1)), found.group(0)), explanation)
