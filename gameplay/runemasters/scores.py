"""A finished Runemasters game's score, and the ranking of teams by their best scores.

PURE. The ranking is decided before any challenge is played (docs/runemasters.md, "Challenges"):
a won game above a lost one; then more temple HP left; then more guardians alive; then fewer
rounds played. Teams whose best scores are equal share a rank ("1, 2, 2, 4"): a team's rank is 1
plus the number of teams strictly better.
"""

from __future__ import annotations

from collections.abc import Hashable, Iterable, Sequence
from dataclasses import dataclass
from typing import Generic, TypeVar

from gameplay.runemasters.state import State

Team = TypeVar("Team", bound=Hashable)


@dataclass(frozen=True, order=False)
class Score:
    """What a finished game left: the outcome, the temple's HP, the guardians alive, the rounds."""

    won: bool
    temple_hp: int
    guardians_alive: int
    rounds: int

    def key(self) -> tuple[int, int, int, int]:
        """Smaller is better; equal keys are equal scores (the order is total on it)."""
        return (0 if self.won else 1, -self.temple_hp, -self.guardians_alive, self.rounds)

    def words(self) -> str:
        """ "Won, temple 7 HP, 3 guardians standing, 9 rounds"."""
        standing = "guardian" if self.guardians_alive == 1 else "guardians"
        rounds = "round" if self.rounds == 1 else "rounds"
        return (
            f"{'Won' if self.won else 'Lost'}, temple {self.temple_hp} HP, "
            f"{self.guardians_alive} {standing} standing, {self.rounds} {rounds}"
        )


class NotFinished(ValueError):
    """A score was asked of a game that is still being played."""


def summary(state: State, *, cut_short: bool = False) -> Score:
    """The score of a finished game; ``NotFinished`` if it is not over. ``cut_short``: the table
    ended before the game did (a referee closed it), which scores as lost with the board as it stood."""
    if state.outcome not in ("won", "lost") and not cut_short:
        raise NotFinished("the game is not over, so it has no score yet")
    alive = sum(1 for guardian in state.guardians if guardian["alive"])
    return Score(
        won=state.outcome == "won", temple_hp=max(0, state.temple_hp), guardians_alive=alive, rounds=state.round
    )


def best(scores: Iterable[Score]) -> Score | None:
    """The best of a team's scores (None for a team with none)."""
    return min(scores, key=Score.key, default=None)


@dataclass(frozen=True)
class Placed(Generic[Team]):
    rank: int
    team: Team
    score: Score
    shared: bool  # another team has the same rank


def rank(scores: Sequence[tuple[Team, Score]]) -> list[Placed[Team]]:
    """Teams with their (best) scores, ranked best first; equal scores share a rank and keep the
    order they were given in (the caller's tie order, e.g. who finished first, for display only)."""
    ordered = sorted(scores, key=lambda pair: pair[1].key())
    placed: list[Placed[Team]] = []
    counts: dict[tuple[int, int, int, int], int] = {}
    for _, score in ordered:
        counts[score.key()] = counts.get(score.key(), 0) + 1
    current = 0
    previous: tuple[int, int, int, int] | None = None
    for index, (team, score) in enumerate(ordered):
        if score.key() != previous:
            current, previous = index + 1, score.key()
        placed.append(Placed(current, team, score, counts[score.key()] > 1))
    return placed
