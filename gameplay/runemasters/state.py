"""The Runemasters game state: plain JSON values, a seeded RNG inside, a hash of everything.

PURE. The state holds the decks' order and the RNG; ``view`` (not this module) decides what a
seat may see. ``to_json`` sorts keys, so equal states give equal text and equal hashes.
"""

from __future__ import annotations

import hashlib
import json
import random
from dataclasses import dataclass, field, fields
from typing import Any

#: The rules' version a new game records. Every version a recorded game may carry still plays as
#: it did, so an old game replays hash for hash: "1" ends a lost game with only what was lost
#: ("The temple collapsed"); "2" also names what lost it (the monster and its path, or poison).
ENGINE_VERSION = "2"
ENGINE_VERSIONS = ("1", "2")
PATH_LENGTH = 5
MAX_HP = 4
MAX_MP = 4
ULTIMATE_FULL = 4

Guardian = dict[str, Any]  # id, hp, mp, path, alive, shield, poisoned, angel, ult, side
Slot = dict[str, Any] | None  # a monster on a path space: {"card": id, "struck": [bool]}


@dataclass
class State:
    """Everything about a game. Seats are guardians: seat ``i`` plays ``guardians[i]``."""

    version: str
    data_version: str
    difficulty: str
    guardians: list[Guardian]
    paths: dict[str, list[Slot]]
    temple_hp: int
    temple_max: int
    sage: int
    rng: list[int]  # [seed, draws so far]: every chance event comes from it
    monster_deck: list[str]  # top first; "dawn" is among the last four
    event_deck: list[str]  # top first
    monster_discard: list[str] = field(default_factory=list)
    removed: list[str] = field(default_factory=list)
    event_discard: list[str] = field(default_factory=list)
    event: str | None = None
    blocked: list[str] = field(default_factory=list)
    round: int = 0
    order_index: int = -1  # the place in this round's order (the Sage first) of the active seat
    active: int | None = None
    phase: str = "setup"  # angel, actions, reward, over
    dice: list[dict[str, Any]] = field(default_factory=list)  # {"rune": str, "used": bool}
    petrified: bool = False
    vivacity_used: bool = False
    rewards_due: list[int] = field(default_factory=list)  # kills under Curative Mana, awaiting a choice
    turns: int = 0
    outcome: str | None = None  # "won" or "lost"
    reason: str = ""

    def copy(self) -> State:
        return from_json(to_json(self))

    def chance(self) -> random.Random:
        """A fresh generator for the next chance event (a shuffle, a roll), from the seed."""
        seed, count = self.rng
        self.rng = [seed, count + 1]
        return random.Random(f"runemasters:{seed}:{count}")

    def guardian_on(self, colour: str) -> int | None:
        """The seat of the living guardian in front of the path, if any."""
        for seat, guardian in enumerate(self.guardians):
            if guardian["alive"] and guardian["path"] == colour:
                return seat
        return None

    def in_play(self) -> list[str]:
        return list(self.paths)


FIELDS = tuple(f.name for f in fields(State))


def to_json(state: State) -> str:
    # The fields hold plain JSON values already, so no deep conversion is needed.
    return json.dumps({name: getattr(state, name) for name in FIELDS}, sort_keys=True, separators=(",", ":"))


def from_json(text: str) -> State:
    return State(**json.loads(text))


def state_hash(state: State) -> str:
    return hashlib.sha256(to_json(state).encode()).hexdigest()
