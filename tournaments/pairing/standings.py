"""Standings: the order of players after some rounds, with every tiebreaker.

Decides who ranks above whom. Words:

- *MW%* (match-win percentage): match points / (3 × rounds counted), floored.
- *GW%* (game-win percentage): game points / (3 × games counted), floored; a game win is
  worth 3 game points, a drawn game 1. A bye counts as a 2-0 win (6 game points, 2 games).
- *OMW%* / *OGW%*: the average of each opponent's *floored* MW% / GW%. Byes have no
  opponent, so rounds with a bye are left out of these averages.
- *OOMW%*: the average of each opponent's OMW% (Pokémon's "opponents' opponents' win
  percentage"; informational under MTG rules).

Two systems (:class:`TiebreakSystem`):

- ``MTG`` (default): match points, OMW%, GW%, OGW%, then the final tiebreak. Percentages
  are floored at 0.33. ``bye_counts_in_own_mw`` decides whether a bye (and its points and
  2-0 games) enters the player's own MW% and GW%; it never enters opponents' averages.
- ``POKEMON``: match points, OWP (each opponent's win percentage = match wins / rounds,
  floored at 0.25 and capped at 0.75 for an opponent who dropped), OOWP, then head-to-head
  (used last, only when exactly two players are still tied and met each other), then the
  final tiebreak. Under this system ``mw``/``omw``/``oomw`` of a :class:`Standing` hold the
  win percentage, OWP and OOWP.

A player with no counted round has the floor as MW%; one with no opponent has the floor as
OMW%/OGW%. The final tiebreak is deterministic: the seeded order when a seed is given
(the same seeded order the Swiss pairer uses), otherwise the lower player id.
Percentages are compared rounded to 9 decimals so that float noise never splits a true tie.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field, replace
from enum import Enum

from .records import BYE_GAMES, DRAW_POINTS, WIN_POINTS, MatchRecord, PlayerEntry, check_entries, check_history

__all__ = [
    "MTG_FLOOR",
    "POKEMON_CAP",
    "POKEMON_FLOOR",
    "Standing",
    "StandingsSettings",
    "TiebreakSystem",
    "apply_playoffs",
    "compute_standings",
    "seeded_order",
    "tied_runs",
]

MTG_FLOOR = 0.33
POKEMON_FLOOR = 0.25
POKEMON_CAP = 0.75
_DIGITS = 9


class TiebreakSystem(Enum):
    MTG = "mtg"
    POKEMON = "pokemon"


@dataclass(frozen=True, slots=True)
class StandingsSettings:
    """Event settings that change the standings maths."""

    system: TiebreakSystem = TiebreakSystem.MTG
    #: The written MTG rules count a bye in the player's own MW%/GW% (their 3-2 example
    #: with a bye is 9/15 = 0.60); the official software leaves it out.
    bye_counts_in_own_mw: bool = True


@dataclass(frozen=True, slots=True)
class Standing:
    """One row of the standings. Percentages are fractions in [0, 1]."""

    rank: int
    player: int
    points: int
    wins: int
    losses: int
    draws: int
    byes: int
    mw: float
    omw: float
    gw: float
    ogw: float
    oomw: float
    dropped: bool = False

    def to_text(self) -> str:
        return (
            f"{self.rank}. {self.player} {self.points} pts {self.wins}-{self.losses}-"
            f"{self.draws} OMW {self.omw:.4f} GW {self.gw:.4f} OGW {self.ogw:.4f}"
        )


@dataclass(slots=True)
class _Tally:
    points: int = 0
    wins: int = 0
    losses: int = 0
    draws: int = 0
    byes: int = 0
    own_points: int = 0
    own_rounds: int = 0
    own_wins: int = 0
    game_points: int = 0
    games: int = 0
    opponents: list[int] = field(default_factory=list)
    mw: float = 0.0
    gw: float = 0.0
    omw: float = 0.0
    ogw: float = 0.0
    oomw: float = 0.0


def seeded_order(players: Iterable[int], seed: int) -> list[int]:
    """The event's seeded order of ``players``: a shuffle that depends only on the seed."""
    ordered = sorted(players)
    random.Random(f"fett-order:{seed}").shuffle(ordered)
    return ordered


def compute_standings(
    players: Sequence[PlayerEntry],
    history: Sequence[MatchRecord],
    settings: StandingsSettings | None = None,
    seed: int | None = None,
    through_round: int | None = None,
) -> tuple[Standing, ...]:
    """Rank every entered player (dropped ones too) on the results in ``history``."""
    settings = settings or StandingsSettings()
    known = check_entries(players)
    check_history(known, history)
    tallies = {player: _Tally() for player in known}
    for record in history:
        if through_round is None or record.round <= through_round:
            _count(tallies, record, settings.bye_counts_in_own_mw)
    if settings.system is TiebreakSystem.MTG:
        _mtg_percentages(tallies)
    else:
        _pokemon_percentages(tallies, known)
    return _rank(tallies, known, settings, seed, history)


def _count(tallies: dict[int, _Tally], record: MatchRecord, bye_counts: bool) -> None:
    if record.b is None:
        tally = tallies[record.a]
        tally.points += WIN_POINTS
        tally.wins += 1
        tally.byes += 1
        if bye_counts:
            tally.own_points += WIN_POINTS
            tally.own_rounds += 1
            tally.own_wins += 1
            tally.game_points += WIN_POINTS * BYE_GAMES[0]
            tally.games += BYE_GAMES[0]
        return
    for me, mine, theirs, other in (
        (record.a, record.a_games, record.b_games, record.b),
        (record.b, record.b_games, record.a_games, record.a),
    ):
        tally = tallies[me]
        won = WIN_POINTS if mine > theirs else DRAW_POINTS if mine == theirs else 0
        tally.points += won
        tally.own_points += won
        tally.own_rounds += 1
        tally.wins += won == WIN_POINTS
        tally.own_wins += won == WIN_POINTS
        tally.draws += won == DRAW_POINTS
        tally.losses += won == 0
        tally.game_points += WIN_POINTS * mine + DRAW_POINTS * record.draws
        tally.games += mine + theirs + record.draws
        tally.opponents.append(other)


def _floored(numerator: int, denominator: int, floor: float) -> float:
    if denominator == 0:
        return floor
    return max(floor, numerator / denominator)


def _average(values: list[float], floor: float) -> float:
    return sum(values) / len(values) if values else floor


def _mtg_percentages(tallies: dict[int, _Tally]) -> None:
    for tally in tallies.values():
        tally.mw = _floored(tally.own_points, WIN_POINTS * tally.own_rounds, MTG_FLOOR)
        tally.gw = _floored(tally.game_points, WIN_POINTS * tally.games, MTG_FLOOR)
    for tally in tallies.values():
        tally.omw = _average([tallies[o].mw for o in tally.opponents], MTG_FLOOR)
        tally.ogw = _average([tallies[o].gw for o in tally.opponents], MTG_FLOOR)
    for tally in tallies.values():
        tally.oomw = _average([tallies[o].omw for o in tally.opponents], MTG_FLOOR)


def _pokemon_percentages(tallies: dict[int, _Tally], known: dict[int, PlayerEntry]) -> None:
    as_opponent: dict[int, float] = {}
    for player, tally in tallies.items():
        tally.mw = _floored(tally.own_wins, tally.own_rounds, POKEMON_FLOOR)
        tally.gw = _floored(tally.game_points, WIN_POINTS * tally.games, POKEMON_FLOOR)
        capped = known[player].dropped and tally.mw > POKEMON_CAP
        as_opponent[player] = POKEMON_CAP if capped else tally.mw
    for tally in tallies.values():
        tally.omw = _average([as_opponent[o] for o in tally.opponents], POKEMON_FLOOR)
        tally.ogw = _average([tallies[o].gw for o in tally.opponents], POKEMON_FLOOR)
    for tally in tallies.values():
        tally.oomw = _average([tallies[o].omw for o in tally.opponents], POKEMON_FLOOR)


def _rank(
    tallies: dict[int, _Tally],
    known: dict[int, PlayerEntry],
    settings: StandingsSettings,
    seed: int | None,
    history: Sequence[MatchRecord],
) -> tuple[Standing, ...]:
    final = {p: i for i, p in enumerate(seeded_order(known, seed))} if seed is not None else {}
    pokemon = settings.system is TiebreakSystem.POKEMON

    def key(player: int) -> tuple[float, float, float, float]:
        t = tallies[player]
        second = t.oomw if pokemon else t.gw
        third = 0.0 if pokemon else t.ogw
        return (-t.points, -round(t.omw, _DIGITS), -round(second, _DIGITS), -round(third, _DIGITS))

    order = sorted(known, key=lambda p: (key(p), final.get(p, p)))
    if pokemon:
        order = _head_to_head(order, key, history)
    rows = []
    for rank, player in enumerate(order, start=1):
        t = tallies[player]
        rows.append(
            Standing(
                rank,
                player,
                t.points,
                t.wins,
                t.losses,
                t.draws,
                t.byes,
                t.mw,
                t.omw,
                t.gw,
                t.ogw,
                t.oomw,
                known[player].dropped,
            )
        )
    return tuple(rows)


def _standing_key(row: Standing, system: TiebreakSystem) -> tuple[float, float, float, float]:
    """``_rank``'s key, read back from a row: what separates players before the seeded order."""
    pokemon = system is TiebreakSystem.POKEMON
    second = row.oomw if pokemon else row.gw
    third = 0.0 if pokemon else row.ogw
    return (-row.points, -round(row.omw, _DIGITS), -round(second, _DIGITS), -round(third, _DIGITS))


def tied_runs(
    standings: Sequence[Standing], history: Sequence[MatchRecord], settings: StandingsSettings | None = None
) -> list[tuple[int, ...]]:
    """The runs of players (in rank order, two or more) that nothing but the final tiebreak, the
    seeded order, put in their order: equal points and every tiebreaker equal (and, under the
    Pokémon system, a pair whose head-to-head did not separate them)."""
    system = (settings or StandingsSettings()).system
    runs: list[tuple[int, ...]] = []
    i = 0
    while i < len(standings):
        end = i + 1
        key = _standing_key(standings[i], system)
        while end < len(standings) and _standing_key(standings[end], system) == key:
            end += 1
        run = tuple(row.player for row in standings[i:end])
        separated = (
            system is TiebreakSystem.POKEMON
            and len(run) == 2
            and (_beat(run[0], run[1], history) or _beat(run[1], run[0], history))
        )
        if len(run) > 1 and not separated:
            runs.append(run)
        i = end
    return runs


def apply_playoffs(
    standings: Sequence[Standing], decided: Iterable[tuple[int, int]], ties: Sequence[tuple[int, ...]]
) -> tuple[Standing, ...]:
    """The standings with each playoff's winner above its loser: ``decided`` holds (winner, loser)
    pairs; a playoff counts only while its two players are still a tie of two (``tied_runs``), so
    a result changed since never lets a playoff reorder players the tiebreakers separate."""
    order = [row.player for row in standings]
    pairs = {frozenset(run) for run in ties if len(run) == 2}
    for winner, loser in decided:
        if frozenset((winner, loser)) in pairs and order.index(winner) > order.index(loser):
            at = order.index(loser)
            order[at], order[at + 1] = winner, loser
    rows = {row.player: row for row in standings}
    return tuple(replace(rows[player], rank=rank) for rank, player in enumerate(order, start=1))


def _head_to_head(
    order: list[int],
    key: Callable[[int], tuple[float, float, float, float]],
    history: Sequence[MatchRecord],
) -> list[int]:
    """Swap exactly-two-way ties where the lower one won their head-to-head matches."""
    result = list(order)
    i = 0
    while i < len(result) - 1:
        run = i + 1
        while run < len(result) and key(result[run]) == key(result[i]):
            run += 1
        if run - i == 2 and _beat(result[i + 1], result[i], history):
            result[i], result[i + 1] = result[i + 1], result[i]
        i = run
    return result


def _beat(first: int, second: int, history: Sequence[MatchRecord]) -> bool:
    """Did ``first`` take more match points than ``second`` in their matches together?"""
    balance = 0
    for record in history:
        if record.b is not None and {record.a, record.b} == {first, second}:
            balance += record.match_points(first) - record.match_points(second)
    return balance > 0
