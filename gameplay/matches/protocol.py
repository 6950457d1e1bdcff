"""What the match hosting layer needs from a game engine (``docs/hosting.md``).

PURE: no Django, Celery or Channels. The hosting layer (``gameplay.matches``: services, timers,
views, bots) reaches a game only through a ``GameEngine``, looked up by the name recorded on the
match (``gameplay.matches.engines``); the Runeslingers engine plugs in through its adapter
(``gameplay.runeslingers.hosting``), and a second game plugs in by registering one more.

A state is whatever the engine likes (the hosting layer never looks inside it): it is stored as
the engine's JSON text after every action, with the engine's hash of it. Seats count from 0
(two in a match, up to four at a table).
"""

from __future__ import annotations

import logging
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Protocol

log = logging.getLogger(__name__)

#: How an engine's game is seated (its optional ``seating``): two players who bring decks (a match,
#: the default), or a table whose seats its setup names (``seats_from_setup``), two to four of them.
DUEL = "duel"
TABLE = "table"


class SetupError(ValueError):
    """The setup (a deck, the players) cannot start a game; the message says why."""


class IllegalMove(ValueError):
    """The action is not written right or is not allowed now; the message says why."""


@dataclass(frozen=True)
class Decision:
    """Who must act now and what kind of decision it is.

    ``windowed``: the decision is an answer that the match's answer window bounds (the seat's clock
    bounds it too); otherwise only the seat's clock does."""

    seat: int
    kind: str
    windowed: bool


@dataclass(frozen=True)
class Result:
    """How a finished game ended: the winning seat (None for a draw) and why, in words."""

    winner: int | None
    reason: str


class GameEngine(Protocol):
    """The calls the hosting layer makes; an engine (or its adapter) provides every one.

    A *view* is a JSON object the play page draws; the hosting layer reads and overwrites three of
    its keys only: ``you`` (the viewer's seat as ``"p1"``/``"p2"``, None for the public view),
    ``pending`` (the decision being waited on, None when nobody may act) and ``legal`` (the
    actions the viewer may take now, as text)."""

    #: The name a match records (``PlayMatch.engine``) and the registry's key.
    name: str

    def version(self) -> str:
        """The engine and rule-set version recorded on every game (with its data version)."""
        ...

    def seat_setup(self, deck: Mapping[str, Any]) -> dict[str, Any]:
        """One seat's setup (JSON) from the deck a player brought; raises SetupError if unusable."""
        ...

    def check_seat(self, seat_setup: Mapping[str, Any]) -> None:
        """Raise SetupError if this seat setup cannot play a game (before a match is made)."""
        ...

    def setup(self, seats: Sequence[Mapping[str, Any]], first: int) -> dict[str, Any]:
        """The game setup (JSON, kept on the game) for these seat setups, ``first`` going first.
        It carries the seat setups under ``"players"`` (a log shows a viewer their own only), and
        whatever else the game needs to be set up again, such as its rule set (Runeslingers:
        ``"rules": "classic"``, taken from the seats). Raises SetupError if the seats cannot play
        one game together (a Classic deck and an Awakening deck)."""
        ...

    def new_game(self, setup: Mapping[str, Any], seed: int, version: str | None = None) -> Any:
        """The initial state; the same setup and seed give the same game. Raises SetupError.

        ``version``: the version recorded on the game when it is set up again or replayed (its
        actions were written under that version); None for this engine's current one. An engine
        that no longer plays a recorded version raises SetupError."""
        ...

    def pending(self, state: Any) -> Decision | None:
        """Who must decide now, and what; None once the game is over."""
        ...

    def legal_actions(self, state: Any, seat: int) -> list[str]:
        """The actions ``seat`` may take now, as text (empty unless it is that seat's decision)."""
        ...

    def apply(self, state: Any, action: str | Mapping[str, Any]) -> tuple[Any, str]:
        """The state after the pending seat's ``action`` and the action's canonical text (what the
        log keeps and a replay applies). Raises IllegalMove; ``state`` itself is never changed."""
        ...

    def window_action(self, seat: int) -> str:
        """The action taken for a seat whose answer window closed without an answer (a pass)."""
        ...

    def view(self, state: Any, seat: int | None) -> dict[str, Any]:
        """What ``seat`` may see (its own hidden information too), or, for None, what anyone may."""
        ...

    def result(self, state: Any) -> Result | None:
        """How the game ended, or None while it goes on."""
        ...

    def turn(self, state: Any) -> int:
        """The game's turn number (a called round's time limit counts turns)."""
        ...

    def to_json(self, state: Any) -> str:
        """The state as JSON text; ``from_json`` of it gives the same state (and hash)."""
        ...

    def from_json(self, text: str) -> Any:
        """A state from its JSON text."""
        ...

    def state_hash(self, state: Any) -> str:
        """A hash of everything in the state (the log keeps one after every action)."""
        ...

    def bot_action(self, state: Any, seat: int, bot: str, seed: int) -> str:
        """The action the named bot (``greedy`` or ``random``) takes for ``seat``, as text."""
        ...

    # Saving a state. Optional, read only through `json_and_hash` below:
    #   json_and_hash(state) -> (to_json(state), state_hash(state)), serialising the state once.

    # How the game is seated and won. Optional, and read only through `seating_of`,
    # `is_cooperative` and `table_seats` below (an engine without them seats a DUEL of two players
    # who bring decks, where one seat wins):
    #   seating: str -- DUEL or TABLE;
    #   cooperative: bool -- True when every seat wins or loses together (no seat wins alone, a
    #     concession loses the game for all, nobody sets the result by hand; `outcome` says which);
    #   seats_from_setup(setup) -> list of seat setups -- a TABLE game's seats, in seat order, from
    #     the table's game setup (SetupError, naming what is wrong, for a setup that names none).

    # The game in words. Optional: the hosting layer reaches these through `move_entry` and
    # `view_words`, which fall back to the action's own text and no words for an engine without them.

    def describe_move(self, before: Any, action: str, after: Any, names: Sequence[str]) -> dict[str, Any]:
        """The public log entry of ``action`` (canonical text), applied in ``before`` to give
        ``after``: ``{"seat": "p1"|"p2"|None, "text": a sentence, "cards": [handles]}``. The text
        names seats by ``names`` (one per seat, in seat order) and never shows a card nobody may see."""
        ...

    def words(self, state: Any, seat: int | None, names: Sequence[str]) -> dict[str, Any]:
        """What ``seat`` must do, in words: ``{"prompt": str, "labels": {action: label},
        "choices": [{"action", "subject", "targets", "group", "label"}]}``; for None (a
        spectator) the prompt says what is awaited and there are no labels or choices."""
        ...


NO_WORDS: dict[str, Any] = {"prompt": "", "labels": {}, "choices": []}


def move_entry(
    engine: GameEngine, before: Any, action: str, after: Any, names: Sequence[str], seat: int
) -> dict[str, Any]:
    """The log entry of a move: the engine's sentence, or the action's text when it has none. Words
    never stop a game: a describing call that fails is logged and the move goes on with plain words."""
    describe = getattr(engine, "describe_move", None)
    if describe is None:
        return {"seat": f"p{seat + 1}", "text": action, "cards": []}
    try:
        return dict(describe(before, action, after, names))
    except Exception:
        log.exception("describing the move %r failed", action)
        return {"seat": f"p{seat + 1}", "text": f"{names[seat]} moves", "cards": []}


def seating_of(engine: GameEngine) -> str:
    """DUEL or TABLE: how ``engine``'s game is seated."""
    return str(getattr(engine, "seating", DUEL))


def is_cooperative(engine: GameEngine) -> bool:
    """Whether ``engine``'s seats win or lose together."""
    return bool(getattr(engine, "cooperative", False))


def table_seats(engine: GameEngine, setup: Mapping[str, Any]) -> list[dict[str, Any]]:
    """The seat setups a TABLE game's ``setup`` names (SetupError for a game without tables)."""
    seats = getattr(engine, "seats_from_setup", None)
    if seating_of(engine) != TABLE or seats is None:
        raise SetupError("this game is played by two players who bring decks, not at a table")
    return list(seats(setup))


def json_and_hash(engine: GameEngine, state: Any) -> tuple[str, str]:
    """The state's JSON text and hash, as a move saves them: in one serialisation where the engine
    offers that (the optional ``json_and_hash``), else by its ``to_json`` and ``state_hash``."""
    both = getattr(engine, "json_and_hash", None)
    if both is not None:
        text, digest = both(state)
        return str(text), str(digest)
    return engine.to_json(state), engine.state_hash(state)


def game_outcome(engine: GameEngine, state: Any) -> str | None:
    """A co-operative game's end, ``"won"`` or ``"lost"`` (the optional ``outcome`` call); None
    for a game with a winning seat, or one still going."""
    outcome = getattr(engine, "outcome", None)
    return None if outcome is None else outcome(state)


def view_words(engine: GameEngine, state: Any, seat: int | None, names: Sequence[str]) -> dict[str, Any]:
    """The prompt, labels and choices of a view (none for an engine that does not describe)."""
    words = getattr(engine, "words", None)
    if words is not None:
        try:
            return dict(words(state, seat, names))
        except Exception:
            log.exception("the words of a view failed")
    return {key: type(value)() for key, value in NO_WORDS.items()}
