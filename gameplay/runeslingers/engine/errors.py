"""The engine's errors: every refusal is a `ValueError` subclass with a precise name.

PURE. *Illegal action*: a player asked for something the rules do not allow now (nothing
changed). *Scenario error*: a setup dict that does not describe a legal position.
*Unsupported card*: a card whose script the engine cannot execute (raised at setup, never
mid-game). *Notation error*: action text that does not parse.
"""

from __future__ import annotations


class EngineError(ValueError):
    """Base of every engine refusal."""


class IllegalActionError(EngineError):
    """The action is not legal in this state; the state is unchanged."""


class NotationError(EngineError):
    """The action text or JSON does not parse."""


class ScenarioError(EngineError):
    """The setup dict does not describe a position the engine can start from."""


class UnsupportedCardError(EngineError):
    """A card's script uses something the engine cannot execute."""


class StateFormatError(EngineError):
    """A serialised state is malformed or from another engine version."""
