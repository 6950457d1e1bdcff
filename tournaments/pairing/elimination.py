"""Top cut: a single-elimination bracket for the best 2, 4 or 8 of the standings.

Decides the bracket order and who advances. Words:

- *seed*: a player's place in the cut (1 = best in the Swiss standings).
- *bracket order*: top 8 is 1v8, 4v5, 2v7, 3v6 (the winners of 1/8 and 4/5 meet, as do
  those of 2/7 and 3/6); top 4 is 1v4, 2v3; top 2 is 1v2. In general the order for 2k
  seeds replaces each seed s of the k-seed order by the match s v (2k + 1 - s), so the two
  best seeds can only meet in the final.
- *slot*: a match's index inside its round; the winners of slots 2i and 2i + 1 meet in
  slot i of the next round.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace

from .errors import BracketError, DuplicatePlayerError, NotEnoughPlayersError
from .standings import Standing

__all__ = [
    "TOP_CUT_SIZES",
    "Bracket",
    "BracketMatch",
    "advance_bracket",
    "bracket_order",
    "build_bracket",
    "cut_stage_matches",
    "cut_stage_name",
    "cut_stage_words",
    "top_cut_players",
]

TOP_CUT_SIZES = (2, 4, 8)


@dataclass(frozen=True, slots=True)
class BracketMatch:
    """One match of the cut; ``winner`` is ``None`` until it is reported."""

    round: int
    slot: int
    a: int
    b: int
    winner: int | None = None

    def to_text(self) -> str:
        result = f" -> {self.winner}" if self.winner is not None else ""
        return f"cut round {self.round} slot {self.slot}: {self.a} v {self.b}{result}"


@dataclass(frozen=True, slots=True)
class Bracket:
    """The cut so far: ``rounds[0]`` is the quarter-final of a top 8, and so on."""

    size: int
    seeds: tuple[int, ...]
    rounds: tuple[tuple[BracketMatch, ...], ...]

    @property
    def current(self) -> tuple[BracketMatch, ...]:
        return self.rounds[-1]

    @property
    def champion(self) -> int | None:
        last = self.rounds[-1]
        return last[0].winner if len(last) == 1 else None

    @property
    def finished(self) -> bool:
        return self.champion is not None


def bracket_order(size: int) -> tuple[tuple[int, int], ...]:
    """The first-round matches as pairs of seeds, e.g. ((1, 8), (4, 5), (2, 7), (3, 6))."""
    if size not in TOP_CUT_SIZES:
        raise BracketError(f"a top cut has 2, 4 or 8 players, not {size}")
    order = [1]
    while len(order) < size:
        width = 2 * len(order)
        order = [s for seed in order for s in (seed, width + 1 - seed)]
    return tuple((order[i], order[i + 1]) for i in range(0, size, 2))


def cut_stage_name(matches: int) -> str:
    """A cut round named by its number of matches: 1 "Final", 2 "Semifinal", 4 "Quarterfinal", 8 "Round of 16"."""
    named = {1: "Final", 2: "Semifinal", 4: "Quarterfinal"}
    return named.get(matches, f"Round of {2 * matches}")


def cut_stage_words(matches: int) -> str:
    """A cut round's matches as a step to take: "the final", "the semifinals", "the quarterfinals",
    "the round of 16"."""
    named = {1: "the final", 2: "the semifinals", 4: "the quarterfinals"}
    return named.get(matches, f"the round of {2 * matches}")


def cut_stage_matches(size: int, stage: int) -> int:
    """How many matches stage ``stage`` (1 = the first cut round) of a top ``size`` has."""
    return max(1, size >> stage)


def top_cut_players(standings: Sequence[Standing], size: int) -> tuple[int, ...]:
    """The best ``size`` players who have not dropped, best first."""
    chosen = tuple(row.player for row in standings if not row.dropped)[:size]
    if len(chosen) < size:
        raise NotEnoughPlayersError(f"a top {size} needs {size} players, only {len(chosen)} left")
    return chosen


def build_bracket(ranked: Sequence[int], size: int) -> Bracket:
    """The bracket for the best ``size`` of ``ranked`` (players best first)."""
    pairs = bracket_order(size)
    if len(ranked) < size:
        raise NotEnoughPlayersError(f"a top {size} needs {size} players, got {len(ranked)}")
    seeds = tuple(ranked[:size])
    if len(set(seeds)) != size:
        raise DuplicatePlayerError("a player appears twice in the top cut")
    first = tuple(BracketMatch(1, slot, seeds[x - 1], seeds[y - 1]) for slot, (x, y) in enumerate(pairs))
    return Bracket(size, seeds, (first,))


def advance_bracket(bracket: Bracket, winners: Sequence[int]) -> Bracket:
    """Record the winners of the current round and, unless it was the final, pair the next."""
    if bracket.finished:
        raise BracketError("the top cut is already finished")
    current = bracket.current
    if len(winners) != len(current) or len(set(winners)) != len(winners):
        raise BracketError(f"need one winner for each of the {len(current)} current matches")
    decided = []
    won: list[int] = []
    for match in current:
        found = [w for w in winners if w in (match.a, match.b)]
        if len(found) != 1:
            raise BracketError(f"no single winner given for {match.to_text()}")
        decided.append(replace(match, winner=found[0]))
        won.append(found[0])
    rounds = (*bracket.rounds[:-1], tuple(decided))
    if len(decided) > 1:
        level = current[0].round + 1
        nxt = tuple(BracketMatch(level, i // 2, won[i], won[i + 1]) for i in range(0, len(won), 2))
        rounds = (*rounds, nxt)
    return Bracket(bracket.size, bracket.seeds, rounds)
