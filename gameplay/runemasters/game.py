"""The Runemasters engine's calls, shaped like the match hosting layer's ``GameEngine`` protocol
(``gameplay/matches/protocol.py``): new game from a setup and a seed, pending decision, legal
actions, apply, view per seat, result, JSON, hash and bots. Seats are guardians (0 to 3).

PURE. A setup is ``{"guardians": [names], "difficulty": level, "paths": [colours]?,
"sage": seat?, "first_game": bool?}``.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any

from gameplay.matches.protocol import Decision, IllegalMove, Result, SetupError
from gameplay.runemasters import actions, bots
from gameplay.runemasters import words as wording
from gameplay.runemasters.data import load
from gameplay.runemasters.rules import SetupProblem, new_state
from gameplay.runemasters.state import ENGINE_VERSION, ENGINE_VERSIONS, State, from_json, state_hash, to_json
from gameplay.runemasters.view import public_view

NAME = "runemasters"
KINDS = {"angel": "give the Guardian Angel marker", "actions": "guardian actions", "reward": "choose a reward"}


def version() -> str:
    return f"{ENGINE_VERSION}+{load().version}"


def new_game(setup: Mapping[str, Any], seed: int, version: str | None = None) -> State:
    """The first round's state, ready for the first decision; the same setup and seed give the same game."""
    rules = ENGINE_VERSION if version is None else str(version).split("+", 1)[0]
    if rules not in ENGINE_VERSIONS:
        raise SetupError(f"this engine does not play Runemasters version {version}")
    try:
        return new_state(setup, seed, version=rules)
    except SetupProblem as problem:
        raise SetupError(str(problem)) from problem


def pending(state: State) -> Decision | None:
    seat = actions.acting_seat(state)
    return None if seat is None else Decision(seat=seat, kind=state.phase, windowed=False)


def legal_actions(state: State, seat: int) -> list[str]:
    return actions.legal_actions(state, seat, load())


def _text(action: str | Mapping[str, Any]) -> str:
    if isinstance(action, Mapping):
        action = str(action.get("action", ""))
    return " ".join(str(action).split())


def apply(state: State, action: str | Mapping[str, Any]) -> tuple[State, str]:
    """The state after the pending seat's action and its canonical text; ``state`` is not changed."""
    decision = pending(state)
    if decision is None:
        raise IllegalMove("the game is over")
    text = _text(action)
    if text not in legal_actions(state, decision.seat):
        raise IllegalMove(f"{text or 'an empty action'!r} is not allowed now")
    after = state.copy()
    actions.act(after, decision.seat, text, load())
    return after, text


def window_action(seat: int) -> str:
    """A guardian whose clock ran out ends its turn with what was done."""
    return "end"


def view(state: State, seat: int | None) -> dict[str, Any]:
    shown = public_view(state, load())
    decision = pending(state)
    shown["you"] = None if seat is None else f"p{seat + 1}"
    shown["pending"] = None if decision is None else {"seat": decision.seat, "kind": decision.kind}
    shown["legal"] = [] if seat is None else legal_actions(state, seat)
    return shown


def result(state: State) -> Result | None:
    """How the game ended. Co-operative: every guardian wins or loses together (``winner`` None;
    ``outcome`` says which)."""
    return None if state.outcome is None else Result(winner=None, reason=state.reason)


def outcome(state: State) -> str | None:
    """``"won"`` or ``"lost"`` once the game is over."""
    return state.outcome


def turn(state: State) -> int:
    return state.turns


def describe_move(before: State, action: str, after: State, names: Sequence[str]) -> dict[str, Any]:
    """The public log entry of a move: the guardian, what it did and what followed, in words."""
    return wording.describe_move(before, action, after, names, load())


def words(state: State, seat: int | None, names: Sequence[str]) -> dict[str, Any]:
    """What ``seat`` must do, in words, with a label for each of its actions."""
    legal = [] if seat is None else legal_actions(state, seat)
    return wording.words(state, seat, names, legal, load())


def bot_action(state: State, seat: int, bot: str, seed: int) -> str:
    """The named bot's action (``greedy`` or ``random``) for the pending seat."""
    legal = legal_actions(state, seat)
    if not legal:
        raise IllegalMove("this seat has no decision to make")
    if bot == "random":
        return random.Random(f"{seed}:{state_hash(state)}").choice(legal)
    if bot == "greedy":
        return bots.greedy(state, seat, legal, load())
    raise IllegalMove(f"there is no bot called {bot!r}")


__all__ = [
    "NAME",
    "State",
    "apply",
    "bot_action",
    "describe_move",
    "from_json",
    "legal_actions",
    "new_game",
    "outcome",
    "pending",
    "result",
    "state_hash",
    "to_json",
    "turn",
    "version",
    "view",
    "window_action",
    "words",
]
