"""Value objects shared by every pairing module: entries, results and pairings.

Decides how a match record is read: who won, how many match points and game points each
side earned. Words used throughout the package:

- *player*: an ``int`` id; the web side maps database rows to ids.
- *entry* (:class:`PlayerEntry`): a player, their draft pod (if any) and whether they dropped.
- *match record* (:class:`MatchRecord`): one finished match of one round. ``b is None`` means
  a *bye*, which always counts as a 2-0 match win.
- *match points*: win 3, draw 1, loss 0. *game points*: game win 3, game draw 1.
- *pairing* (:class:`Pairing`): one table of a round, with a sentence saying why.
- *round plan* (:class:`RoundPlan`): every pairing of one round plus the bye(s).

Every record has a one-line text form that round-trips (``MatchRecord.to_text`` /
``MatchRecord.from_text``), so a bug report can quote the history exactly.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass

from .errors import DuplicatePlayerError, InvalidResultError, UnknownPlayerError

__all__ = [
    "BYE_GAMES",
    "DRAW_POINTS",
    "WIN_POINTS",
    "MatchRecord",
    "Namer",
    "Pairing",
    "PlayerEntry",
    "RoundPlan",
    "check_entries",
    "check_history",
    "join_names",
    "namer",
]

WIN_POINTS = 3
DRAW_POINTS = 1
#: A bye is recorded as a 2-0 match win.
BYE_GAMES = (2, 0, 0)

_MATCH_TEXT = re.compile(r"^r(\d+): (-?\d+) (?:bye|(\d+)-(\d+)-(\d+) (-?\d+))$")


@dataclass(frozen=True, slots=True)
class PlayerEntry:
    """A registered player: id, draft pod (``None`` when not drafting) and drop flag."""

    id: int
    pod: int | None = None
    dropped: bool = False


@dataclass(frozen=True, slots=True)
class MatchRecord:
    """One finished match: ``a`` won ``a_games``, ``b`` won ``b_games``, ``draws`` games drawn.

    ``b is None`` is a bye; use :meth:`bye` to build one (it is always 2-0-0).
    """

    round: int
    a: int
    b: int | None
    a_games: int = 0
    b_games: int = 0
    draws: int = 0

    def __post_init__(self) -> None:
        if self.round < 1:
            raise InvalidResultError(f"round must be 1 or more, got {self.round}")
        if min(self.a_games, self.b_games, self.draws) < 0:
            raise InvalidResultError(f"negative game count in {self.to_text()}")
        if self.a == self.b:
            raise InvalidResultError(f"player {self.a} cannot play themselves")
        if self.b is None and (self.a_games, self.b_games, self.draws) != BYE_GAMES:
            raise InvalidResultError(f"a bye is recorded as 2-0-0, got {self.to_text()}")

    @classmethod
    def bye(cls, round_number: int, player: int) -> MatchRecord:
        """The record of a bye: a 2-0 match win for ``player``."""
        return cls(round_number, player, None, *BYE_GAMES)

    @property
    def is_bye(self) -> bool:
        return self.b is None

    def players(self) -> tuple[int, ...]:
        return (self.a,) if self.b is None else (self.a, self.b)

    def match_points(self, player: int) -> int:
        """Match points ``player`` earned here (3 win or bye, 1 draw, 0 loss)."""
        mine, theirs = self._games_of(player)
        if mine > theirs:
            return WIN_POINTS
        return DRAW_POINTS if mine == theirs else 0

    def opponent(self, player: int) -> int | None:
        self._games_of(player)
        return self.b if player == self.a else self.a

    def _games_of(self, player: int) -> tuple[int, int]:
        if player == self.a:
            return self.a_games, self.b_games
        if player == self.b:
            return self.b_games, self.a_games
        raise UnknownPlayerError(f"player {player} did not play in {self.to_text()}")

    def to_text(self) -> str:
        """``"r3: 12 2-1-0 7"`` (12 beat 7 two games to one) or ``"r3: 12 bye"``."""
        if self.b is None:
            return f"r{self.round}: {self.a} bye"
        return f"r{self.round}: {self.a} {self.a_games}-{self.b_games}-{self.draws} {self.b}"

    @classmethod
    def from_text(cls, text: str) -> MatchRecord:
        found = _MATCH_TEXT.match(text.strip())
        if found is None:
            raise InvalidResultError(f"not a match record: {text!r}")
        rnd, a, wins, losses, draws, b = found.groups()
        if b is None:
            return cls.bye(int(rnd), int(a))
        return cls(int(rnd), int(a), int(b), int(wins), int(losses), int(draws))


@dataclass(frozen=True, slots=True)
class Pairing:
    """One table of a round. ``b is None`` is a bye for ``a``."""

    table: int
    a: int
    b: int | None
    explanation: str = ""

    @property
    def is_bye(self) -> bool:
        return self.b is None

    def to_text(self) -> str:
        right = "bye" if self.b is None else str(self.b)
        return f"table {self.table}: {self.a} v {right}"


@dataclass(frozen=True, slots=True)
class RoundPlan:
    """Every pairing of one round (byes last) and why the byes went where they did."""

    round: int
    pairings: tuple[Pairing, ...]
    bye_explanation: str = ""

    @property
    def byes(self) -> tuple[int, ...]:
        return tuple(p.a for p in self.pairings if p.b is None)

    @property
    def bye(self) -> int | None:
        """The single bye of a Swiss round (``None`` when the active count is even)."""
        byes = self.byes
        return byes[0] if byes else None

    @property
    def matches(self) -> tuple[tuple[int, int], ...]:
        return tuple((p.a, p.b) for p in self.pairings if p.b is not None)

    def explanations(self) -> tuple[str, ...]:
        return tuple(f"{p.to_text()}: {p.explanation}" for p in self.pairings)

    def to_text(self) -> str:
        return "\n".join([f"round {self.round}", *(p.to_text() for p in self.pairings)])


def check_entries(players: Iterable[PlayerEntry]) -> dict[int, PlayerEntry]:
    """Index entries by id, refusing duplicates."""
    index: dict[int, PlayerEntry] = {}
    for entry in players:
        if entry.id in index:
            raise DuplicatePlayerError(f"player {entry.id} is entered twice")
        index[entry.id] = entry
    return index


def check_history(known: dict[int, PlayerEntry], history: Sequence[MatchRecord]) -> None:
    """Refuse results naming unknown players or a player twice in one round."""
    seen: set[tuple[int, int]] = set()
    for record in history:
        for player in record.players():
            if player not in known:
                raise UnknownPlayerError(f"{record.to_text()} names unknown player {player}")
            if (record.round, player) in seen:
                raise DuplicatePlayerError(f"player {player} has two results in round {record.round}")
            seen.add((record.round, player))


#: How an explanation names a player (by id).
Namer = Callable[[int], str]


def namer(names: Mapping[int, str] | None) -> Namer:
    """A player's name in explanations: their public name from ``names``, else "player <id>"."""
    known = names or {}
    return lambda player: known.get(player) or f"player {player}"


def join_names(players: Sequence[int], who: Namer) -> str:
    """ "Eva", "Eva and Mira", "Eva, Mira and Tobin"."""
    names = [who(p) for p in players]
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]
