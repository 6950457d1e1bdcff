"""The Runeslingers rules engine (two players, Awakening rules of rulebooks 001 and 002).

PURE: no Django, Celery, Redis or I/O beyond reading the card data. The API follows
OpenSpiel / python-chess: `new_game`, `scenario`, `pending`, `legal_actions`, `apply`, `view`,
`result`, `to_json` / `from_json`, `state_hash`. Players are 0 and 1 in calls ("p1"/"p2" in
text). See docs/rules.md for the rules as implemented and the decisions taken.
"""

from __future__ import annotations

from gameplay.runeslingers.engine import handlers, ops_cards, ops_combat
from gameplay.runeslingers.engine.actions import Action, parse_action
from gameplay.runeslingers.engine.apply import apply
from gameplay.runeslingers.engine.errors import (
    EngineError,
    IllegalActionError,
    NotationError,
    ScenarioError,
    StateFormatError,
    UnsupportedCardError,
)
from gameplay.runeslingers.engine.legal import Pending, legal_actions, pending
from gameplay.runeslingers.engine.rules import AWAKENING, ENGINE_VERSION, RULE_SETS, Phase, RuleSet
from gameplay.runeslingers.engine.setup import bind, new_game, scenario
from gameplay.runeslingers.engine.state import State, json_and_hash, state_hash, to_json
from gameplay.runeslingers.engine.state import from_json as _state_from_json
from gameplay.runeslingers.engine.view import result, view

_OPS_LOADED = (handlers, ops_cards, ops_combat)


def from_json(text: str) -> State:
    """A state from its JSON; binds the compiled cards first in a process that has none yet."""
    from gameplay.runeslingers.engine import core

    if not hasattr(core.Env, "compiled"):
        bind()
    return _state_from_json(text)


__all__ = [
    "AWAKENING",
    "ENGINE_VERSION",
    "RULE_SETS",
    "Action",
    "EngineError",
    "IllegalActionError",
    "NotationError",
    "Pending",
    "Phase",
    "RuleSet",
    "ScenarioError",
    "State",
    "StateFormatError",
    "UnsupportedCardError",
    "apply",
    "bind",
    "from_json",
    "json_and_hash",
    "legal_actions",
    "new_game",
    "parse_action",
    "pending",
    "result",
    "scenario",
    "state_hash",
    "to_json",
    "view",
]
