"""A scenario per rule of rulebook 003 as the engine plays it (docs/runemasters.md)."""

from __future__ import annotations

from collections import Counter

import pytest

from gameplay.matches.protocol import IllegalMove, SetupError
from gameplay.runemasters import game
from gameplay.runemasters.data import load
from gameplay.runemasters.rules import damage, end_round, monster_movement, new_monster
from tests.runemasters.helpers import QUIET, card_at, play, scenario, struck

DATA = load()


# --- Setup -------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("count", "temple", "deck", "paths"),
    [(4, 4, 25, 4), (3, 4, 20, 3), (2, 6, 14, 4)],
)
def test_setup_by_guardian_count(count: int, temple: int, deck: int, paths: int) -> None:
    state = game.new_game({"guardians": ["neltai", "ismoros", "kulak", "kyreas"][:count]}, seed=5)
    assert (state.temple_hp, len(state.paths)) == (temple, paths)
    placed = [s["card"] for slots in state.paths.values() for s in slots if s]
    # three monsters placed, then the first turn drew one more
    assert len(state.monster_deck) + len(placed) + len(state.monster_discard) == deck
    assert "dawn" in state.monster_deck[-4:]
    assert all(g["hp"] == 4 and g["mp"] == 4 and g["ult"] == 1 and g["side"] == 1 for g in state.guardians)


def test_three_guardians_play_without_the_yellow_path_and_cards() -> None:
    for seed in range(10):
        state = game.new_game({"guardians": ["neltai", "ismoros", "kulak"]}, seed=seed)
        cards = state.monster_deck + state.removed
        assert "yellow" not in state.paths
        assert not any(c.startswith("yellow") for c in cards)


def test_two_guardians_use_the_marked_cards_and_one_dragon() -> None:
    state = game.new_game({"guardians": ["neltai", "kulak"]}, seed=3)
    cards = [c for c in state.monster_deck if c != "dawn"] + state.removed
    cards += [s["card"] for slots in state.paths.values() for s in slots if s] + state.monster_discard
    types = Counter(DATA.monsters[c].type for c in cards)
    assert types == Counter(archer=4, wolf=4, troll=4, shadow=4, dragon=1)
    assert len(state.removed) == 4


def test_the_first_game_option_starts_the_ultimate_on_space_2() -> None:
    state = game.new_game({"guardians": ["neltai", "kulak"], "first_game": True}, seed=1)
    assert all(g["ult"] == 2 for g in state.guardians)


@pytest.mark.parametrize("level", ["initiate", "novice", "guardian", "hero", "legend"])
def test_the_event_deck_follows_the_difficulty(level: str) -> None:
    state = game.new_game({"guardians": ["neltai", "kulak"], "difficulty": level}, seed=2)
    dealt = Counter(DATA.events[e].kind for e in state.event_deck + state.event_discard)
    assert dealt == Counter({k: n for k, n in DATA.difficulties[level].items() if n})


@pytest.mark.parametrize(
    "setup",
    [
        {"guardians": ["neltai"]},
        {"guardians": ["neltai", "neltai"]},
        {"guardians": ["neltai", "bob"]},
        {"guardians": ["neltai", "kulak"], "difficulty": "easy"},
        {"guardians": ["neltai", "kulak", "kyreas"], "paths": ["red", "blue", "yellow"]},
        {"guardians": ["neltai", "kulak"], "sage": 2},
    ],
)
def test_a_bad_setup_is_refused_with_a_reason(setup: dict[str, object]) -> None:
    with pytest.raises(SetupError, match=r"\w+"):
        game.new_game(setup, seed=1)


# --- Rounds, events and turns -------------------------------------------------------------


def test_the_event_deck_runs_out_into_all_is_calm() -> None:
    state = scenario(active=3, deck=["red-wolf"] * 40)
    state.event_deck = []
    state = play(state, "end")
    assert state.round == 2 and state.event == "all-is-calm"


def test_a_dead_sage_still_reveals_the_event_and_is_skipped() -> None:
    state = scenario(active=3, deck=[*QUIET])
    state.guardians[0].update(alive=False, hp=0, path=None)
    state.event_deck = ["cover"]
    state = play(state, "end")
    assert state.event == "cover" and state.active == 1 and state.round == 2


def test_dead_guardians_draw_no_monster() -> None:
    state = scenario(active=0, deck=["yellow-wolf", "yellow-troll", "yellow-wizard", "yellow-warrior", "dawn"])
    state.guardians[1].update(alive=False, hp=0, path=None)
    state = play(state, "end")  # seat 1 is skipped: seat 2 draws the first card
    assert state.active == 2 and len(state.monster_deck) == 4


@pytest.mark.parametrize(("event", "count"), [("transcendence", 5), ("rain-of-arrows", 3), ("all-is-calm", 4)])
def test_dice_rolled_per_event(event: str, count: int) -> None:
    state = scenario(active=0, deck=[*QUIET])
    state.event_deck = [event]
    state.order_index = 3
    state.active = 3
    state = play(state, "end")
    assert state.event == event and len(state.dice) == count


def test_the_dawn_wins_even_with_the_temple_on_one_hp() -> None:
    state = scenario(["neltai", "kyreas"], paths=["red", "blue"], deck=["dawn"])
    state.temple_hp = 1
    state = play(state, "end")
    assert game.outcome(state) == "won" and game.pending(state) is None
    assert game.result(state) is not None


def test_the_temple_falling_loses_at_once() -> None:
    state = scenario(["neltai", "kyreas"], paths=["red", "blue"], monsters={("green", 1): "green-troll"})
    state.temple_hp = 1
    state = play(state, "end")
    assert game.outcome(state) == "lost" and state.temple_hp == 0


def test_the_last_guardian_falling_loses() -> None:
    state = scenario(["neltai", "kyreas"], paths=["red", "blue"], monsters={("red", 1): "red-wolf"})
    state.guardians[1].update(alive=False, hp=0, path=None)
    state.guardians[0]["hp"] = 1
    state = play(state, "end")
    assert game.outcome(state) == "lost"


# --- Monsters ------------------------------------------------------------------------------


def test_a_shadow_enters_on_space_2_or_the_next_free_one() -> None:
    state = scenario(deck=["red-shadow", "red-shadow"])
    new_monster(state, DATA)
    assert card_at(state, "red", 2) == "red-shadow"
    state.monster_deck = ["red-shadow"]
    new_monster(state, DATA)
    assert card_at(state, "red", 3) == "red-shadow"


def test_an_archer_shoots_as_it_moves_with_nothing_ahead() -> None:
    state = scenario(monsters={("red", 3): "red-archer"})
    monster_movement(state, DATA)
    assert card_at(state, "red", 2) == "red-archer" and state.guardians[0]["hp"] == 3


def test_an_archer_does_not_shoot_under_cover_nor_on_a_blocked_path() -> None:
    state = scenario(monsters={("red", 3): "red-archer"}, event="cover")
    monster_movement(state, DATA)
    assert card_at(state, "red", 2) == "red-archer" and state.guardians[0]["hp"] == 4
    blocked = scenario(monsters={("red", 3): "red-archer"})
    blocked.blocked = ["red"]
    monster_movement(blocked, DATA)
    assert card_at(blocked, "red", 3) == "red-archer" and blocked.guardians[0]["hp"] == 4


def test_a_monster_arriving_on_space_1_attacks_only_next_time() -> None:
    state = scenario(monsters={("red", 2): "red-wolf"})
    monster_movement(state, DATA)
    assert card_at(state, "red", 1) == "red-wolf" and state.guardians[0]["hp"] == 4
    monster_movement(state, DATA)
    assert state.guardians[0]["hp"] == 3


def test_a_dragon_heals_after_the_turn_and_its_path_cannot_be_blocked() -> None:
    state = scenario(monsters={("red", 2): "red-dragon"}, dice=["red", "purple", "blue", "blue"], deck=[*QUIET])
    assert not any(a.startswith("block") for a in game.legal_actions(state, 0))
    state = play(state, "strike 0", "strike 1", "end")
    assert struck(state, "red", 1) == [False] * 4


def test_a_dragon_hits_for_two() -> None:
    state = scenario(monsters={("red", 1): "red-dragon"})
    monster_movement(state, DATA)
    assert state.guardians[0]["hp"] == 2


def test_an_injury_stays_on_a_monster_that_is_not_a_dragon() -> None:
    state = scenario(monsters={("red", 2): "red-troll"}, dice=["red"], deck=[*QUIET])
    state = play(state, "strike 0", "end")
    assert struck(state, "red", 1) == [True, False, False]


# --- Actions -------------------------------------------------------------------------------


def test_a_yellow_die_moves_anywhere_with_three_guardians() -> None:
    state = scenario(["neltai", "ismoros", "kulak"], dice=["yellow"], monsters={("red", 1): "red-archer"})
    assert {"move 0 blue", "move 0 green", "strike 0"} <= set(game.legal_actions(state, 0))


def test_a_purple_die_moves_anywhere_but_a_colour_only_to_its_path() -> None:
    state = scenario(dice=["purple", "blue"])
    legal = game.legal_actions(state, 0)
    assert {"move 0 blue", "move 0 green", "move 0 yellow", "move 1 blue"} <= set(legal)
    assert "move 1 green" not in legal and "move 0 red" not in legal


def test_a_path_cannot_be_blocked_twice() -> None:
    state = scenario(dice=["red", "red", "red", "red"])
    state = play(state, "block 0 1")
    assert not any(a.startswith("block") for a in game.legal_actions(state, 0))


def test_mana_and_health_never_pass_four() -> None:
    state = scenario(monsters={("red", 1): "red-wolf"}, dice=["red", "blue"])
    state = play(state, "strike 0", "strike 1")
    assert state.guardians[0]["mp"] == 4


def test_an_unused_die_cannot_be_used_twice() -> None:
    state = scenario(dice=["red"])
    state = play(state, "charge 0")
    with pytest.raises(IllegalMove):
        game.apply(state, "charge 0")


def test_ending_the_turn_hands_over_to_the_next_seat_with_a_new_roll() -> None:
    state = scenario(dice=["red"], deck=[*QUIET])
    state = play(state, "end")
    assert state.active == 1 and len(state.dice) == 4 and not any(d["used"] for d in state.dice)


# --- Guardians -------------------------------------------------------------------------------


def test_neltai_swaps_monsters_between_paths_with_their_injuries() -> None:
    state = scenario(monsters={("red", 2): "red-troll", ("blue", 2): "blue-wolf"}, dice=["white"])
    struck(state, "red", 2)[:] = [True, False, False]
    state = play(state, "ability 0 swap red 2 blue")
    assert card_at(state, "blue", 2) == "red-troll" and card_at(state, "red", 2) == "blue-wolf"
    assert struck(state, "blue", 2) == [True, False, False]


def test_neltai_can_move_with_her_ability() -> None:
    state = scenario(dice=["white"])
    state = play(state, "ability 0 go green")
    assert state.guardians[0]["path"] == "green" and state.guardians[2]["path"] == "red"


def test_neltai_tempest_strikes_every_monster_in_contact() -> None:
    state = scenario(monsters={("red", 1): "red-wolf", ("green", 1): "green-troll", ("blue", 2): "blue-wolf"})
    struck(state, "red", 1)[:] = [True, False]
    state.guardians[0].update(ult=4, mp=1)
    state = play(state, "ultimate")
    assert card_at(state, "red", 1) is None and state.guardians[0]["mp"] == 2
    assert struck(state, "green", 1) == [True, False, False]
    assert struck(state, "blue", 2) == [False, False]


def test_ismoros_shield_absorbs_exactly_one_hit() -> None:
    state = scenario(dice=["white", "white"], active=1)
    state = play(state, "ability 0 shield 1")
    assert "ability 1 shield 1" not in game.legal_actions(state, 1)
    damage(state, "blue", 1)
    assert state.guardians[1]["hp"] == 4 and not state.guardians[1]["shield"]
    damage(state, "blue", 1)
    assert state.guardians[1]["hp"] == 3


def test_kulak_heals_but_never_past_four() -> None:
    state = scenario(dice=["white", "white"], active=2)
    state.guardians[0]["hp"] = 2
    state = play(state, "ability 0 heal 0", "ability 1 heal 2")
    assert state.guardians[0]["hp"] == 3 and state.guardians[2]["hp"] == 4


def test_kulak_second_breath_revives_and_the_revived_plays_this_round() -> None:
    state = scenario(active=2, deck=[*QUIET])
    state.guardians[3].update(alive=False, hp=0, path=None, mp=1)
    state.guardians[2]["ult"] = 4
    assert "ultimate revive 3 yellow" in game.legal_actions(state, 2)
    state = play(state, "ultimate revive 3 yellow")
    assert (state.guardians[3]["alive"], state.guardians[3]["hp"], state.guardians[3]["mp"]) == (True, 4, 1)
    state = play(state, "end")
    assert state.active == 3


def test_a_guardian_revived_after_its_turn_waits_for_the_next_round() -> None:
    state = scenario(active=2, deck=[*QUIET])
    state.guardians[0].update(alive=False, hp=0, path=None)
    state.guardians[2]["ult"] = 4
    state = play(state, "ultimate revive 0 red", "end")
    assert state.active == 3 and state.round == 1


def test_kyreas_whirlwind_and_trample() -> None:
    state = scenario(monsters={("yellow", 1): "yellow-wolf", ("yellow", 3): "yellow-troll"}, dice=["white"], active=3)
    state = play(state, "ability 0 whirlwind blue")
    assert struck(state, "yellow", 1) == [False, True]
    state.guardians[3]["ult"] = 4
    state = play(state, "ultimate")
    assert card_at(state, "yellow", 1) is None
    assert struck(state, "yellow", 3) == [True, False, False]


# --- Events --------------------------------------------------------------------------------


def test_guardian_angel_keeps_the_last_health_point() -> None:
    state = scenario(monsters={("red", 1): "red-dragon"})
    state.guardians[0].update(hp=1, angel=True)
    monster_movement(state, DATA)
    assert state.guardians[0]["hp"] == 1 and state.guardians[0]["alive"]


def test_guardian_angel_is_given_by_the_sage_when_revealed() -> None:
    state = scenario(active=3, deck=[*QUIET])
    state.event_deck = ["guardian-angel"]
    state = play(state, "end")
    assert game.pending(state) is not None and game.pending(state).kind == "angel"  # type: ignore[union-attr]
    state = play(state, "angel 2")
    assert state.guardians[2]["angel"] and state.phase == "actions" and state.active == 0


def test_poison_costs_one_more_health_point_at_the_end_of_the_round() -> None:
    state = scenario(monsters={("red", 1): "red-wolf"}, event="poison")
    monster_movement(state, DATA)
    assert state.guardians[0]["hp"] == 3 and state.guardians[0]["poisoned"]
    end_round(state)
    assert state.guardians[0]["hp"] == 2 and not state.guardians[0]["poisoned"]


def test_a_shielded_hit_does_not_poison() -> None:
    state = scenario(monsters={("red", 1): "red-wolf"}, event="poison")
    state.guardians[0]["shield"] = True
    monster_movement(state, DATA)
    assert not state.guardians[0]["poisoned"]


def test_curse_gives_no_mana_for_a_kill() -> None:
    state = scenario(monsters={("red", 1): "red-wolf"}, dice=["red", "blue"], event="curse")
    state.guardians[0]["mp"] = 1
    state = play(state, "strike 0", "strike 1")
    assert state.guardians[0]["mp"] == 1


def test_curative_mana_lets_the_killer_take_health_instead() -> None:
    state = scenario(monsters={("red", 1): "red-wolf"}, dice=["red", "blue"], event="curative-mana")
    state.guardians[0].update(hp=2, mp=1)
    state = play(state, "strike 0", "strike 1")
    assert game.legal_actions(state, 0) == ["reward mana", "reward health"]
    state = play(state, "reward health")
    assert (state.guardians[0]["hp"], state.guardians[0]["mp"]) == (3, 1)


def test_hardcore_forbids_abilities_but_not_the_ultimate() -> None:
    state = scenario(dice=["white"], event="hardcore")
    state.guardians[0]["ult"] = 4
    legal = game.legal_actions(state, 0)
    assert not any(a.startswith("ability") for a in legal) and "ultimate" in legal


def test_vivacity_gives_one_free_move() -> None:
    state = scenario(event="vivacity")
    state = play(state, "vivacity green")
    assert state.guardians[0]["path"] == "green"
    assert not any(a.startswith("vivacity") for a in game.legal_actions(state, 0))


def test_petrification_skips_the_movement_and_the_turn_still_ends() -> None:
    state = scenario(monsters={("red", 1): "red-wolf"}, active=1, deck=[*QUIET])
    state.petrified = True
    state = play(state, "end")
    assert state.guardians[0]["hp"] == 4 and not state.petrified


def test_a_guardian_killed_by_its_own_new_monster_skips_its_actions_but_monsters_move() -> None:
    # Ismoros (seat 1, blue) is on 1 HP with blue spaces 3-5 full; the next card is blue and cannot enter.
    state = scenario(
        monsters={("blue", 3): "blue-wolf", ("blue", 4): "blue-troll", ("blue", 5): "blue-archer"},
        deck=["blue-warrior", *QUIET],
    )
    state.guardians[1]["hp"] = 1
    state.blocked = ["blue"]  # so nothing on blue moves at the end of Neltai's turn
    state = play(state, "end")
    assert not state.guardians[1]["alive"] and "blue-warrior" in state.monster_discard
    assert card_at(state, "blue", 2) == "blue-wolf"  # Monster Movement still happened on her turn
    assert state.active == 2


def test_a_reroll_needs_the_mana_for_every_die() -> None:
    state = scenario(dice=["red", "blue"], event="mana-drain")
    state.guardians[0]["mp"] = 3
    rerolls = [a for a in game.legal_actions(state, 0) if a.startswith("reroll")]
    assert rerolls == ["reroll 0", "reroll 1"]
    state.guardians[0]["mp"] = 1
    assert not any(a.startswith("reroll") for a in game.legal_actions(state, 0))


def test_the_ultimate_cannot_be_charged_past_four() -> None:
    state = scenario(dice=["red"])
    state.guardians[0]["ult"] = 4
    assert "charge 0" not in game.legal_actions(state, 0)


def test_mana_can_be_released_on_a_blocked_path() -> None:
    state = scenario(monsters={("red", 1): "red-troll"}, dice=["blue", "blue"])
    state = play(state, "block 0 1", "release")
    assert card_at(state, "red", 1) is None and state.blocked == ["red"]
