"""Every worked example of rulebook 003, as a scenario. The book's rune icons were lost, so each
example uses runes that fit the designed cards (docs/runemasters.md)."""

from __future__ import annotations

import pytest

from gameplay.matches.protocol import IllegalMove
from gameplay.runemasters import game
from gameplay.runemasters.data import load
from gameplay.runemasters.rules import monster_movement, new_monster
from tests.runemasters.helpers import QUIET, card_at, play, put, scenario, seat_of, struck


def test_e1_a_new_monster_enters_on_space_3_of_its_colour() -> None:
    """003 "place it on space 3 of the path matching its color" and 003 "you draw a green troll. Place it on space
    3 of the green path"."""
    state = scenario(deck=["green-troll", *QUIET])
    new_monster(state, load())
    assert card_at(state, "green", 3) == "green-troll"


@pytest.mark.parametrize(
    ("full", "lands"),
    [((3,), 4), ((3, 4), 5)],
)
def test_e2_a_new_monster_takes_the_next_free_space(full: tuple[int, ...], lands: int) -> None:
    """003 "If the space is already taken, place the monster on space 4"."""
    state = scenario(deck=["green-troll", *QUIET])
    for space in full:
        put(state, "green", space, "green-wolf" if space == 3 else "green-archer")
    new_monster(state, load())
    assert card_at(state, "green", lands) == "green-troll"


def test_e2_a_monster_with_no_space_injures_the_guardian_of_its_path() -> None:
    """003 "If even space 5 is already occupied, the monster cannot come into play" and 003 "Spaces 3, 4, 5 are
    already occupied, so the green troll cannot come into play": the guardian of the path is injured and the
    card discarded, with no reward."""
    state = scenario(deck=["green-troll", *QUIET])
    for space, card in ((3, "green-wolf"), (4, "green-archer"), (5, "green-shadow")):
        put(state, "green", space, card)
    kulak = seat_of(state, "kulak")
    new_monster(state, load())
    assert state.guardians[kulak]["hp"] == 3
    assert "green-troll" in state.monster_discard
    assert "green-troll" not in [card_at(state, "green", s) for s in range(1, 6)]
    assert state.guardians[kulak]["mp"] == 4  # no reward for a monster that never came


def test_e2_with_no_guardian_on_the_path_the_temple_is_injured() -> None:
    """003 "or to the temple if there is no guardian on this path"."""
    state = scenario(["neltai", "kyreas"], paths=["red", "blue"], deck=["green-troll", *QUIET])
    for space, card in ((3, "green-wolf"), (4, "green-archer"), (5, "green-shadow")):
        put(state, "green", space, card)
    new_monster(state, load())
    assert state.temple_hp == 5


def test_e3_two_matching_dice_block_or_strike_but_not_both() -> None:
    # Ismoros (blue) faces the blue warrior (blue, blue, purple) and rolls two blues.
    """003 "She can either use the two runes to block that path A"."""
    state = scenario(monsters={("blue", 1): "blue-warrior"}, dice=["blue", "blue"], active=1)
    legal = game.legal_actions(state, 1)
    assert {"block 0 1", "strike 0", "strike 1"} <= set(legal)
    blocked = play(state, "block 0 1")
    assert not any(a.startswith("strike") for a in game.legal_actions(blocked, 1))
    struck = play(state, "strike 0")
    assert "block 0 1" not in game.legal_actions(struck, 1)


def test_e4_a_troll_killed_over_two_turns_rewards_the_finisher() -> None:
    # Kulak (green) strikes two of the green troll's points; Kyreas swaps in next turn and kills it.
    """003 "Kulak is fighting the troll that weak against the runes", 003 "You don't have to strike all of the
    monster's weak points in a single turn", 003 "the guardian who delivered the fatal blow immediately earns
    the awards" and 003 "Each monster's weak points are depicted as runes on its card"."""
    state = scenario(
        monsters={("green", 1): "green-troll"}, dice=["green", "blue", "red", "red"], active=2, deck=[*QUIET]
    )
    state = play(state, "strike 0", "strike 1", "block 2 3", "end")
    assert state.active == 3 and struck(state, "green", 1) == [True, True, False]  # the injuries stay
    state.dice = [{"rune": rune, "used": False} for rune in ("green", "purple", "red", "red")]
    state.guardians[3]["mp"] = 1
    state = play(state, "move 0 green")
    assert state.guardians[3]["path"] == "green" and state.guardians[2]["path"] == "yellow"
    state = play(state, "strike 1")
    assert card_at(state, "green", 1) is None
    assert state.monster_discard == ["green-troll"]
    assert state.guardians[3]["mp"] == 3  # the troll's reward (2) goes to Kyreas
    assert state.guardians[2]["mp"] == 4


def test_e5_only_the_first_monster_can_be_struck() -> None:
    # Kulak (green): the green archer (green, blue) first, the green warrior (green, red, yellow) behind.
    """003 "You can only strike the first monster on your path", 003 "The weaknesses of the monster behind that one
    immediately become accessible" and 003 "Kulak can strike the nearby archer"."""
    state = scenario(
        monsters={("green", 1): "green-archer", ("green", 2): "green-warrior-1"},
        dice=["red", "blue", "green"],
        active=2,
    )
    legal = game.legal_actions(state, 2)
    assert "strike 0" not in legal  # red only fits the warrior behind
    state = play(state, "strike 1", "strike 2")
    assert card_at(state, "green", 1) is None
    assert "strike 0" in game.legal_actions(state, 2)  # the warrior is now reachable


def test_e6_moving_onto_a_guarded_path_swaps_the_guardians() -> None:
    """003 "If a guardian is already present on this path, you swap places" and 003 "Kyreas moves to the green
    path, swapping places with Ismoros"."""
    state = scenario(dice=["green"], active=3)
    state = play(state, "move 0 green")
    assert state.guardians[3]["path"] == "green" and state.guardians[2]["path"] == "yellow"


def test_e7_a_blocked_path_does_not_move_and_the_marker_goes() -> None:
    """003 "Place a Blocking marker on the blocking area of your path", 003 "Kulak uses the runes to block her
    path" and 003 "If the path is blocked, remove the Blocking marker and do not move the monsters"."""
    state = scenario(
        monsters={("green", 1): "green-wolf", ("green", 3): "green-warrior-1"}, dice=["red", "red"], active=2
    )
    state = play(state, "block 0 1")
    assert state.blocked == ["green"]
    monster_movement(state, load())
    assert state.guardians[2]["hp"] == 4
    assert card_at(state, "green", 3) == "green-warrior-1"
    assert state.blocked == []


def test_e8_each_discarded_die_charges_the_ultimate_one_space() -> None:
    """003 "Discard 1 die to advance your Ultimate Power token 1 space", 003 "Kyreas charges his ultimate power 2
    spaces", 003 "Charge your ultimate power." and 003 "You can perform the same action several times"."""
    state = scenario(dice=["red", "white"], active=3)
    state = play(state, "charge 0", "charge 1")
    assert state.guardians[3]["ult"] == 3


@pytest.mark.parametrize(("event", "left"), [("all-is-calm", 2), ("mana-drain", 1)])
def test_e9_a_reroll_costs_mana_per_die(event: str, left: int) -> None:
    """003 "you can reroll one or more unused dice by spending 1 mana point (MP) per die" and 003 "By spending 1
    MP, Kyreas rerolls the die"."""
    state = scenario(dice=["red"], active=3, event=event)
    state.guardians[3]["mp"] = 3
    state = play(state, "reroll 0")
    assert state.guardians[3]["mp"] == left
    assert state.rng[1] > 0 and not state.dice[0]["used"]


def test_e10_released_mana_destroys_the_monster_in_contact_only() -> None:
    """003 "Spend 4 mana points (MP) to focus all your mana on the monster in contact" and 003 "Ismoros can use 4
    MP to release her mana on the red dragon"."""
    state = scenario(monsters={("blue", 1): "red-dragon", ("blue", 2): "blue-troll"}, active=1)
    assert "release" in game.legal_actions(state, 1)
    state = play(state, "release")
    assert card_at(state, "blue", 1) is None and card_at(state, "blue", 2) == "blue-troll"
    assert state.guardians[1]["mp"] == 3  # 4 spent, the dragon's 3 gained
    assert "release" not in game.legal_actions(state, 1)  # the troll is not in contact, and 3 MP


def test_e10_no_release_below_four_mana_nor_on_a_wizard() -> None:
    """003 "Releasing your mana does not affect wizards"."""
    state = scenario(monsters={("blue", 1): "blue-troll"}, active=1)
    state.guardians[1]["mp"] = 3
    assert "release" not in game.legal_actions(state, 1)
    wizard = scenario(monsters={("blue", 1): "blue-wizard-1"}, active=1)
    assert "release" not in game.legal_actions(wizard, 1)
    with pytest.raises(IllegalMove):
        game.apply(wizard, "release")


def test_e11_the_first_ultimate_flips_the_token_the_second_discards_it() -> None:
    """003 "If this is the first time you are using your ultimate power this game", 003 "She triggers her
    petrification power" and 003 "however, remove the Blocking markers from all the paths"."""
    state = scenario(monsters={("blue", 1): "blue-troll"}, dice=["red"] * 4, active=1)
    state.guardians[1]["ult"] = 4
    state.blocked = ["red"]
    state = play(state, "ultimate")
    assert (state.guardians[1]["ult"], state.guardians[1]["side"], state.petrified) == (0, 2, True)
    monster_movement(state, load())
    assert state.guardians[1]["hp"] == 4 and state.blocked == []
    state = play(state, "charge 0", "charge 1", "charge 2", "charge 3", "ultimate")
    assert state.guardians[1]["side"] == 0
    assert not any(a.startswith(("ultimate", "charge")) for a in game.legal_actions(state, 1))


def test_e12_monsters_on_a_path_move_front_first() -> None:
    """003 "move the monster closest to the temple first" and 003 "the shadow advances first 1, followed by the
    archer 2"."""
    state = scenario(
        ["neltai", "kyreas"],
        paths=["red", "blue"],
        monsters={("green", 2): "green-shadow", ("green", 3): "green-archer", ("green", 4): "green-troll"},
    )
    monster_movement(state, load())
    assert [card_at(state, "green", s) for s in (1, 2, 3, 4)] == [
        "green-shadow",
        "green-archer",
        "green-troll",
        None,
    ]
    assert state.temple_hp == 6  # the archer had the shadow in front of it: no arrow


def test_e13_a_full_monster_movement() -> None:
    # Blue: shadow on 1, archer on 2, Kulak guarding. Green: troll on 1, warrior on 3, nobody.
    """003 "Each monster on a path moves 1 space toward the temple", 003 "There is an empty space in front of it",
    003 "the shadow in space 1 injures Kulak (1)", 003 "If there is a guardian on this path: The guardian loses
    1 health point" and 003 "If there is no guardian on this path: Remove 1 HP from the Temple"."""
    state = scenario(
        ["kulak", "kyreas"],
        paths=["blue", "red"],
        monsters={
            ("blue", 1): "blue-shadow",
            ("blue", 2): "blue-archer",
            ("green", 1): "green-troll",
            ("green", 3): "green-warrior-1",
        },
    )
    monster_movement(state, load())
    assert state.guardians[0]["hp"] == 3
    assert card_at(state, "blue", 2) == "blue-archer"
    assert state.temple_hp == 5
    assert card_at(state, "green", 2) == "green-warrior-1" and card_at(state, "green", 1) == "green-troll"
