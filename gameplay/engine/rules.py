"""The rule set: every number and switch of a Runeslingers rule set in one frozen value.

PURE. The engine reads its constants from a `RuleSet`, never from literals, so the Classic rules
of rulebook 000 can later be a second value of the same type. Words: *power* (lives, 5),
*health* (reset to its maximum when it reaches 0), *concentration* (a face-down card that makes
light), *utility slot* (where only trinkets and chants may be played), *phase*.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum


class Phase(StrEnum):
    READY = "ready"
    AILMENT = "ailment"
    DRAW = "draw"
    PLAY = "play"
    DISCARD = "discard"
    OVER = "over"


READY, AILMENT, DRAW, PLAY, DISCARD, OVER = (p.value for p in Phase)


@dataclass(frozen=True)
class RuleSet:
    name: str
    starting_power: int = 5
    opening_hand: int = 5
    draw_per_turn: int = 2
    first_turn_draw: int = 1  # 001 p.8, 002 "Roll For Action": the first player draws 1
    pass_extra_draw: int = 1
    max_hand_size: int = 8
    max_concentrations: int = 6
    utility_slots: int = 2  # the rulebooks do not print the number; see docs/rules.md
    ailment_areas: int = 4
    ailment_power_threshold: int = 8  # 8+ exposed ailments in the Ailment Phase cost a power
    level_two_threshold: int = 4
    sets_per_turn: int = 1
    blocks_per_turn: int = 1
    turn_cap: int = 400  # a safety stop: the game is drawn after this many turns
    light_costs_abilities: bool = True  # Awakening: inherent abilities cost light
    discard_used_defense_cards: bool = False  # 002 says so, 001 (Use, Ready Phase) does not: docs/rules.md


AWAKENING = RuleSet(name="awakening")
RULE_SETS: dict[str, RuleSet] = {AWAKENING.name: AWAKENING}
# The engine version a new game is played under. A state keeps the version it was started with
# (`State.engine`): engine 1 numbered handles by deck position and sent pierce damage past a
# destroyed defense card to its owner; its recorded games still replay exactly (docs/rules.md).
ENGINE_VERSION = "2"
LEGACY_ENGINE = "1"
ENGINE_VERSIONS = (LEGACY_ENGINE, ENGINE_VERSION)
