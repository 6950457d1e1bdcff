"""The rule set: every number and switch of a Runeslingers rule set in one frozen value.

PURE. The engine reads its constants from a `RuleSet`, never from literals, so the Classic rules
of rulebook 000 can later be a second value of the same type. Words: *power* (lives, 5),
*health* (reset to its maximum when it reaches 0, and only then), *concentration* (a face-down
card that makes light), *utility slot* (where only trinkets and chants may be played), *phase*.
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
# The step of the Discard Phase (Classic: Cleanup) when a Classic player passed: the turn ends
# with no discards and no end-of-turn triggers (000 "Draw Phase").
PASSED = 2


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
    # The knobs of Classic (rulebook 000); docs/rules.md "Classic (rulebook 000): decisions".
    edition: str = "awakening"  # which edition of the cards is played (`CompiledCards.kind_of_card`)
    light: bool = True  # concentrations make light (Classic: a concentration holds one card)
    max_health: int = 0  # every Runeslinger's base maximum health; 0: the Runeslinger card's
    pass_ends_turn: bool = False  # passing skips the rest of the turn and its end-of-turn effects
    block_barrier: bool = True  # a block is a barrier for the turn (Classic: it lessens one damage)
    activations_answerable: bool = False  # trinket and ability activations go on the ladder
    trinket_copy_replaces: bool = False  # a second copy of a trinket discards the older one
    sear_cost_can_fail: bool = False  # Sear X as a cost needs X cards in the deck
    sling_after_charge: bool = True  # a runespell may be slung on the turn it was charged
    # Engine 3 and later (older recorded games keep their rules: `since`):
    base_block: int = 0  # every Runeslinger's base block; 0: the Runeslinger card's
    charge_on_play: bool = False  # a card with Charge is charged or slung as it is played
    answer_until_both_pass: bool = False  # the ladder resolves after two passes in a row


AWAKENING = RuleSet(name="awakening")
CLASSIC = RuleSet(
    name="classic",
    opening_hand=6,
    utility_slots=0,
    light_costs_abilities=False,
    discard_used_defense_cards=True,  # a trinket activated this turn is discarded at Cleanup
    edition="classic",
    light=False,
    max_health=18,
    pass_ends_turn=True,
    block_barrier=False,
    activations_answerable=True,
    trinket_copy_replaces=True,
    sear_cost_can_fail=True,
    sling_after_charge=False,
    base_block=4,
    charge_on_play=True,
    answer_until_both_pass=True,
)
RULE_SETS: dict[str, RuleSet] = {AWAKENING.name: AWAKENING, CLASSIC.name: CLASSIC}
# The engine version a new game is played under. A state keeps the version it was started with
# (`State.engine`) and plays by that version's rules to its end, so its recorded games replay
# exactly (docs/rules.md, "Engine versions and saved games"):
# - engine 1 numbered handles by deck position and sent pierce damage past a destroyed defense
#   card to its owner;
# - engine 2 reset the health on every power loss, and in Classic blocked with the value printed
#   on the Runeslinger card, let a Charge card's choice wait while other actions were taken, and
#   resolved the ladder after one pass over an answer;
# - engine 3 (`ENGINE_3`) resets the health only when it reached 0 (001 p.4, 000 "No Health"),
#   and plays Classic's `base_block`, `charge_on_play` and `answer_until_both_pass`; it counted a
#   card as in play while a rung of its own was on the ladder, so an effect whose target had left
#   the field under such a rung still resolved on it;
# - engine 4 (`ENGINE_4`): that effect fizzles (001 p.18, 000 "Choose Targets"; `effects.in_play`).
ENGINE_VERSION = "4"
LEGACY_ENGINE = "1"
ENGINE_3 = "3"
ENGINE_4 = "4"
ENGINE_VERSIONS = (LEGACY_ENGINE, "2", ENGINE_3, ENGINE_4)  # oldest first
_RANK = {version: rank for rank, version in enumerate(ENGINE_VERSIONS)}


def since(engine: str, version: str) -> bool:
    """A game played under `engine` has the rules `version` brought (each version keeps the last's)."""
    return _RANK[engine] >= _RANK[version]
