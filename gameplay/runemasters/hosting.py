"""The Runemasters engine (rulebook 003, co-operative) as a ``GameEngine``
(``gameplay.matches.protocol``).

The one module the hosting layer reaches ``gameplay.runemasters`` through (registered in
``gameplay.matches.engines``); it lives in the game's folder and is pure like the rest of it
(it imports only the protocol, ``gameplay.matches.protocol``). The engine already
speaks the protocol (``gameplay/runemasters/game.py``); this adapter names it, gives a seat setup
(a guardian) and a table setup, maps the site's bot levels onto the engine's bots, and adds the
co-operative call a table reads when it ends (``outcome``; a finished game's score is
``gameplay.runemasters.scores.summary``).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from gameplay import tutorials
from gameplay.matches.protocol import TABLE, Decision, Result, SetupError
from gameplay.runemasters import game
from gameplay.runemasters.data import DIFFICULTIES
from gameplay.runemasters.rules import GUARDIANS
from gameplay.runemasters.state import State

#: The site's bot levels (``PlayMatch.Bot``) as the engine's bots: it has no search bot.
BOTS = {"random": "random", "greedy": "greedy", "hard": "greedy"}


class Runemasters:
    name = game.NAME
    seating = TABLE  # a table of guardians (2 to 4 seats; one person may hold several)
    cooperative = True  # the guardians win or lose together
    guardians = GUARDIANS  # what a table's setup may name, for the pages that make tables
    difficulties = DIFFICULTIES

    def version(self) -> str:
        return game.version()

    def seat_setup(self, deck: Mapping[str, Any]) -> dict[str, Any]:
        """A guardian seat: ``{"guardian": name}``."""
        guardian = str(deck.get("guardian", ""))
        if guardian not in GUARDIANS:
            raise SetupError(f"a guardian is one of {', '.join(g.capitalize() for g in GUARDIANS)}")
        return {"guardian": guardian}

    def check_seat(self, seat_setup: Mapping[str, Any]) -> None:
        self.seat_setup(seat_setup)

    def seats_from_setup(self, setup: Mapping[str, Any]) -> list[dict[str, Any]]:
        """A seat per guardian the setup names, in its order."""
        guardians = setup.get("guardians") if isinstance(setup, Mapping) else None
        if not isinstance(guardians, list) or not guardians:
            raise SetupError("a table's setup names its guardians, one per seat")
        return [self.seat_setup({"guardian": name}) for name in guardians]

    def setup(self, seats: Sequence[Mapping[str, Any]], first: int) -> dict[str, Any]:
        """A game of these guardians at the first difficulty (a table gives its own setup)."""
        return {"guardians": [self.seat_setup(seat)["guardian"] for seat in seats], "difficulty": "initiate"}

    def new_game(self, setup: Mapping[str, Any], seed: int, version: str | None = None) -> State:
        return game.new_game(setup, seed, version)

    def pending(self, state: State) -> Decision | None:
        return game.pending(state)

    def legal_actions(self, state: State, seat: int) -> list[str]:
        return game.legal_actions(state, seat)

    def apply(self, state: State, action: str | Mapping[str, Any]) -> tuple[State, str]:
        return game.apply(state, action)

    def window_action(self, seat: int) -> str:
        return game.window_action(seat)

    def view(self, state: State, seat: int | None) -> dict[str, Any]:
        return game.view(state, seat)

    def result(self, state: State) -> Result | None:
        return game.result(state)

    def outcome(self, state: State) -> str | None:
        """``"won"`` or ``"lost"`` once the game is over (every guardian together)."""
        return game.outcome(state)

    def turn(self, state: State) -> int:
        return game.turn(state)

    def to_json(self, state: State) -> str:
        return game.to_json(state)

    def from_json(self, text: str) -> State:
        return game.from_json(text)

    def state_hash(self, state: State) -> str:
        return game.state_hash(state)

    def bot_action(self, state: State, seat: int, bot: str, seed: int) -> str:
        return game.bot_action(state, seat, BOTS.get(bot, "greedy"), seed)

    def describe_move(self, before: State, action: str, after: State, names: Sequence[str]) -> dict[str, Any]:
        return game.describe_move(before, action, after, names)

    def words(self, state: State, seat: int | None, names: Sequence[str]) -> dict[str, Any]:
        return game.words(state, seat, names)


RUNEMASTERS = Runemasters()


def seat_situation(
    tutorial: tutorials.Tutorial, state: State, held: Sequence[int], done: Sequence[str] = ()
) -> tutorials.Situation:
    """What a Runemasters tutorial sees of its player's moment at the table: the decision of
    whichever of the ``held`` seats is pending (one person may hold every guardian), its legal
    actions and their labels, and the board every seat sees."""
    decision = game.pending(state)
    seat = decision.seat if decision is not None and decision.seat in held else held[0]
    legal = game.legal_actions(state, seat)
    labels = game.words(state, seat, [str(n) for n in range(len(state.guardians))])["labels"] if legal else {}
    return tutorials.situation(
        tutorial, game.view(state, seat), seat, None if decision is None else (decision.seat, decision.kind), legal,
        labels, done, held,
    )  # fmt: skip
