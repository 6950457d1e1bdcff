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
    """003 "Each guardian starts with 4 health points (HP) and 4 mana points (MP)", 003 "Place your guardian's
    Ultimate Power token on space 1 of this track", 003 "6 HP for 2 guardians and 4 HP for 3/4 guardians", 003
    "Set aside the Dawn card, then create the deck as follows", 003 "For 4 guardians: Shuffle the 32 Monster
    cards, then remove 8", 003 "For 3 guardians: Remove the yellow Monster cards" and 003 "Shuffle the Dawn card
    with the last 3 Monster cards": the temple's HP, the deck's size and the Dawn's place follow the number of
    guardians."""
    state = game.new_game({"guardians": ["neltai", "ismoros", "kulak", "kyreas"][:count]}, seed=5)
    assert (state.temple_hp, len(state.paths)) == (temple, paths)
    placed = [s["card"] for slots in state.paths.values() for s in slots if s]
    # three monsters placed, then the first turn drew one more
    assert len(state.monster_deck) + len(placed) + len(state.monster_discard) == deck
    assert "dawn" in state.monster_deck[-4:]
    assert all(g["hp"] == 4 and g["mp"] == 4 and g["ult"] == 1 and g["side"] == 1 for g in state.guardians)


def test_three_guardians_play_without_the_yellow_path_and_cards() -> None:
    """003 "For 3 guardians: Remove the yellow Monster cards, shuffle the 25 remaining cards": no yellow path and
    no yellow card with three guardians."""
    for seed in range(10):
        state = game.new_game({"guardians": ["neltai", "ismoros", "kulak"]}, seed=seed)
        cards = state.monster_deck + state.removed
        assert "yellow" not in state.paths
        assert not any(c.startswith("yellow") for c in cards)


def test_two_guardians_use_the_marked_cards_and_one_dragon() -> None:
    """003 "For 2 guardians: Use only the 16 cards marked with the 2-player symbol": 4 archers, 4 wolves, 4 trolls,
    4 shadows and 1 dragon, 4 of them removed at random."""
    state = game.new_game({"guardians": ["neltai", "kulak"]}, seed=3)
    cards = [c for c in state.monster_deck if c != "dawn"] + state.removed
    cards += [s["card"] for slots in state.paths.values() for s in slots if s] + state.monster_discard
    types = Counter(DATA.monsters[c].type for c in cards)
    assert types == Counter(archer=4, wolf=4, troll=4, shadow=4, dragon=1)
    assert len(state.removed) == 4


def test_the_first_game_option_starts_the_ultimate_on_space_2() -> None:
    """003 "For your first game, place your Ultimate Power token on space 2"."""
    state = game.new_game({"guardians": ["neltai", "kulak"], "first_game": True}, seed=1)
    assert all(g["ult"] == 2 for g in state.guardians)


@pytest.mark.parametrize("level", ["initiate", "novice", "guardian", "hero", "legend"])
def test_the_event_deck_follows_the_difficulty(level: str) -> None:
    """003 "Then draw 5 cards according to the desired difficulty level" and 003 "Shuffle the negative (red ) event
    cards": the event deck holds the difficulty's counts of positive, negative and neutral cards."""
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
    """003 "Each player chooses one of the guardians" (each guardian once, a known one) and 003 "We do not
    recommend trying to defend the temple with only 1 guardian" (the engine refuses one): a bad setup is refused
    with a reason."""
    with pytest.raises(SetupError, match=r"\w+"):
        game.new_game(setup, seed=1)


# --- Rounds, events and turns -------------------------------------------------------------


def test_the_event_deck_runs_out_into_all_is_calm() -> None:
    """003 "If there are no more cards in the Event deck, find the neutral Event card" and 003 "All Is Calm: This
    event has no effect": the neutral event holds from then on."""
    state = scenario(active=3, deck=["red-wolf"] * 40)
    state.event_deck = []
    state = play(state, "end")
    assert state.round == 2 and state.event == "all-is-calm"


def test_a_dead_sage_still_reveals_the_event_and_is_skipped() -> None:
    """003 "the Sage (even if dead) reveals an Event card" and 003 "If you are dead, skip your turn; however, if
    you are the Sage": the dead Sage's event is revealed and the next living guardian plays."""
    state = scenario(active=3, deck=[*QUIET])
    state.guardians[0].update(alive=False, hp=0, path=None)
    state.event_deck = ["cover"]
    state = play(state, "end")
    assert state.event == "cover" and state.active == 1 and state.round == 2


def test_dead_guardians_draw_no_monster() -> None:
    """003 "During a round, each guardian that is still alive takes a turn": a dead guardian's turn, and its New
    Monster, is skipped."""
    state = scenario(active=0, deck=["yellow-wolf", "yellow-troll", "yellow-wizard", "yellow-warrior", "dawn"])
    state.guardians[1].update(alive=False, hp=0, path=None)
    state = play(state, "end")  # seat 1 is skipped: seat 2 draws the first card
    assert state.active == 2 and len(state.monster_deck) == 4


@pytest.mark.parametrize(("event", "count"), [("transcendence", 5), ("rain-of-arrows", 3), ("all-is-calm", 4)])
def test_dice_rolled_per_event(event: str, count: int) -> None:
    """003 "At the beginning of your turn, you will roll 4 dice", 003 "Transcendence: The guardians roll 5 dice"
    and 003 "Rain of Arrows: The guardians roll 3 dice"."""
    state = scenario(active=0, deck=[*QUIET])
    state.event_deck = [event]
    state.order_index = 3
    state.active = 3
    state = play(state, "end")
    assert state.event == event and len(state.dice) == count


def test_the_dawn_wins_even_with_the_temple_on_one_hp() -> None:
    """003 "The game ends immediately in a joint victory as soon as the Dawn card is revealed"."""
    state = scenario(["neltai", "kyreas"], paths=["red", "blue"], deck=["dawn"])
    state.temple_hp = 1
    state = play(state, "end")
    assert game.outcome(state) == "won" and game.pending(state) is None
    assert game.result(state) is not None


def test_the_temple_falling_loses_at_once() -> None:
    """003 "If it loses its last HP, it collapses and you all lose the game" and 003 "if the temple is destroyed by
    losing its last HP"."""
    state = scenario(["neltai", "kyreas"], paths=["red", "blue"], monsters={("green", 1): "green-troll"})
    state.temple_hp = 1
    state = play(state, "end")
    assert game.outcome(state) == "lost" and state.temple_hp == 0


def test_the_last_guardian_falling_loses() -> None:
    """003 "The game ends in joint defeat if the final guardian is killed"."""
    state = scenario(["neltai", "kyreas"], paths=["red", "blue"], monsters={("red", 1): "red-wolf"})
    state.guardians[1].update(alive=False, hp=0, path=None)
    state.guardians[0]["hp"] = 1
    state = play(state, "end")
    assert game.outcome(state) == "lost"


# --- Monsters ------------------------------------------------------------------------------


def test_a_shadow_enters_on_space_2_or_the_next_free_one() -> None:
    """003 "Shadow: It comes directly into play on space 2 of its path"."""
    state = scenario(deck=["red-shadow", "red-shadow"])
    new_monster(state, DATA)
    assert card_at(state, "red", 2) == "red-shadow"
    state.monster_deck = ["red-shadow"]
    new_monster(state, DATA)
    assert card_at(state, "red", 3) == "red-shadow"


def test_an_archer_shoots_as_it_moves_with_nothing_ahead() -> None:
    """003 "Archer: When it moves, if there is no monster in front of it" and 003 "the archer nocks an arrow and
    engages in ranged combat"."""
    state = scenario(monsters={("red", 3): "red-archer"})
    monster_movement(state, DATA)
    assert card_at(state, "red", 2) == "red-archer" and state.guardians[0]["hp"] == 3


def test_an_archer_does_not_shoot_under_cover_nor_on_a_blocked_path() -> None:
    """003 "If there is an archer on a blocked path, it cannot shoot" and 003 "Cover: Ignore the ranged attacks of
    archers"."""
    state = scenario(monsters={("red", 3): "red-archer"}, event="cover")
    monster_movement(state, DATA)
    assert card_at(state, "red", 2) == "red-archer" and state.guardians[0]["hp"] == 4
    blocked = scenario(monsters={("red", 3): "red-archer"})
    blocked.blocked = ["red"]
    monster_movement(blocked, DATA)
    assert card_at(blocked, "red", 3) == "red-archer" and blocked.guardians[0]["hp"] == 4


def test_a_monster_arriving_on_space_1_attacks_only_next_time() -> None:
    """003 "If a monster begins this phase on space 1 of an unblocked path, it engages in direct combat" and 003
    "If it is in space 1, it cannot advance": a wolf reaching space 1 attacks only in the next Monster Movement,
    since 003 "A guardian always stands in the path area of the temple, in front of the path" (a guardian never
    advances to meet it)."""
    state = scenario(monsters={("red", 2): "red-wolf"})
    monster_movement(state, DATA)
    assert card_at(state, "red", 1) == "red-wolf" and state.guardians[0]["hp"] == 4
    monster_movement(state, DATA)
    assert state.guardians[0]["hp"] == 3


def test_a_dragon_heals_after_the_turn_and_its_path_cannot_be_blocked() -> None:
    """003 "Dragons cannot be killed by several guardians, because they heal after each turn" and 003 "It is not
    possible to block a path with a dragon"."""
    state = scenario(monsters={("red", 2): "red-dragon"}, dice=["red", "purple", "blue", "blue"], deck=[*QUIET])
    assert not any(a.startswith("block") for a in game.legal_actions(state, 0))
    state = play(state, "strike 0", "strike 1", "end")
    assert struck(state, "red", 1) == [False] * 4


def test_a_dragon_hits_for_two() -> None:
    state = scenario(monsters={("red", 1): "red-dragon"})
    monster_movement(state, DATA)
    assert state.guardians[0]["hp"] == 2


def test_an_injury_stays_on_a_monster_that_is_not_a_dragon() -> None:
    """003 "The injuries inflicted stay until the monster is killed"."""
    state = scenario(monsters={("red", 2): "red-troll"}, dice=["red"], deck=[*QUIET])
    state = play(state, "strike 0", "end")
    assert struck(state, "red", 1) == [True, False, False]


# --- Actions -------------------------------------------------------------------------------


def test_a_yellow_die_moves_anywhere_with_three_guardians() -> None:
    """003 "3-guardian game: Move to the path of your choice" and 003 "In a 3-guardian game, the rune also has this
    power"."""
    state = scenario(["neltai", "ismoros", "kulak"], dice=["yellow"], monsters={("red", 1): "red-archer"})
    assert {"move 0 blue", "move 0 green", "strike 0"} <= set(game.legal_actions(state, 0))


def test_a_purple_die_moves_anywhere_but_a_colour_only_to_its_path() -> None:
    """003 "Strike this weak point OR move to the path of your choice", 003 "Strike this weak point OR move to this
    path", 003 "The rune allows you to move to any path you wish" and 003 "you must use the rune corresponding
    to the path": a purple die moves anywhere, a coloured die only to its own path."""
    state = scenario(dice=["purple", "blue"])
    legal = game.legal_actions(state, 0)
    assert {"move 0 blue", "move 0 green", "move 0 yellow", "move 1 blue"} <= set(legal)
    assert "move 1 green" not in legal and "move 0 red" not in legal


def test_a_path_cannot_be_blocked_twice() -> None:
    """003 "Use two identical runes allows you to block your path": two identical dice block the path once."""
    state = scenario(dice=["red", "red", "red", "red"])
    state = play(state, "block 0 1")
    assert not any(a.startswith("block") for a in game.legal_actions(state, 0))


def test_mana_and_health_never_pass_four() -> None:
    """003 "These values can never be exceeded during the game": a kill at 4 MP leaves 4 MP."""
    state = scenario(monsters={("red", 1): "red-wolf"}, dice=["red", "blue"])
    state = play(state, "strike 0", "strike 1")
    assert state.guardians[0]["mp"] == 4


def test_an_unused_die_cannot_be_used_twice() -> None:
    """003 "Important: Each die can only be used for a single action"."""
    state = scenario(dice=["red"])
    state = play(state, "charge 0")
    with pytest.raises(IllegalMove):
        game.apply(state, "charge 0")


def test_ending_the_turn_hands_over_to_the_next_seat_with_a_new_roll() -> None:
    """003 "Once you have completed these three phases, pass your hand to your left neighbor" and 003 "Roll the
    dice, and choose the actions you wish to perform": the next seat plays with four fresh dice."""
    state = scenario(dice=["red"], deck=[*QUIET])
    state = play(state, "end")
    assert state.active == 1 and len(state.dice) == 4 and not any(d["used"] for d in state.dice)


# --- Guardians -------------------------------------------------------------------------------


def test_neltai_swaps_monsters_between_paths_with_their_injuries() -> None:
    """003 "Swap: Move a monster to the same-numbered space of another path"."""
    state = scenario(monsters={("red", 2): "red-troll", ("blue", 2): "blue-wolf"}, dice=["white"])
    struck(state, "red", 2)[:] = [True, False, False]
    state = play(state, "ability 0 swap red 2 blue")
    assert card_at(state, "blue", 2) == "red-troll" and card_at(state, "red", 2) == "blue-wolf"
    assert struck(state, "blue", 2) == [True, False, False]


def test_neltai_can_move_with_her_ability() -> None:
    """003 "OR Move your guardian to any other path (as with a rune)", 003 "The rune allows you to use your
    guardian's ability" and 003 "Use your guardian's ability." (the white rune)."""
    state = scenario(dice=["white"])
    state = play(state, "ability 0 go green")
    assert state.guardians[0]["path"] == "green" and state.guardians[2]["path"] == "red"


def test_neltai_tempest_strikes_every_monster_in_contact() -> None:
    """003 "Elemental Tempest: Strike any weak point of each monster in space 1 of each path"."""
    state = scenario(monsters={("red", 1): "red-wolf", ("green", 1): "green-troll", ("blue", 2): "blue-wolf"})
    struck(state, "red", 1)[:] = [True, False]
    state.guardians[0].update(ult=4, mp=1)
    state = play(state, "ultimate")
    assert card_at(state, "red", 1) is None and state.guardians[0]["mp"] == 2
    assert struck(state, "green", 1) == [True, False, False]
    assert struck(state, "blue", 2) == [False, False]


def test_ismoros_shield_absorbs_exactly_one_hit() -> None:
    """003 "Shield: Place a Shield marker on a guardian"."""
    state = scenario(dice=["white", "white"], active=1)
    state = play(state, "ability 0 shield 1")
    assert "ability 1 shield 1" not in game.legal_actions(state, 1)
    damage(state, "blue", 1)
    assert state.guardians[1]["hp"] == 4 and not state.guardians[1]["shield"]
    damage(state, "blue", 1)
    assert state.guardians[1]["hp"] == 3


def test_kulak_heals_but_never_past_four() -> None:
    """003 "Healing Prayer: A guardian of her choice regains 1 health point"."""
    state = scenario(dice=["white", "white"], active=2)
    state.guardians[0]["hp"] = 2
    state = play(state, "ability 0 heal 0", "ability 1 heal 2")
    assert state.guardians[0]["hp"] == 3 and state.guardians[2]["hp"] == 4


def test_kulak_second_breath_revives_and_the_revived_plays_this_round() -> None:
    """003 "Second Breath: Bring a guardian back to life, regaining 4 health points" and 003 "If the guardian is
    brought back to life during the game, this will simply restore 4 health points": mana kept, and the revived
    guardian plays this round."""
    state = scenario(active=2, deck=[*QUIET])
    state.guardians[3].update(alive=False, hp=0, path=None, mp=1)
    state.guardians[2]["ult"] = 4
    assert "ultimate revive 3 yellow" in game.legal_actions(state, 2)
    state = play(state, "ultimate revive 3 yellow")
    assert (state.guardians[3]["alive"], state.guardians[3]["hp"], state.guardians[3]["mp"]) == (True, 4, 1)
    state = play(state, "end")
    assert state.active == 3


def test_a_guardian_revived_after_its_turn_waits_for_the_next_round() -> None:
    """003 "That guardian can take its turn this round if their turn has not already passed"."""
    state = scenario(active=2, deck=[*QUIET])
    state.guardians[0].update(alive=False, hp=0, path=None)
    state.guardians[2]["ult"] = 4
    state = play(state, "ultimate revive 0 red", "end")
    assert state.active == 3 and state.round == 1


def test_kyreas_whirlwind_and_trample() -> None:
    """003 "Whirlwind: Strike any weak point of the first monster on your path" and 003 "Trample: Strike any weak
    point of each monster on your path"."""
    state = scenario(monsters={("yellow", 1): "yellow-wolf", ("yellow", 3): "yellow-troll"}, dice=["white"], active=3)
    state = play(state, "ability 0 whirlwind blue")
    assert struck(state, "yellow", 1) == [False, True]
    state.guardians[3]["ult"] = 4
    state = play(state, "ultimate")
    assert card_at(state, "yellow", 1) is None
    assert struck(state, "yellow", 3) == [True, False, False]


# --- Events --------------------------------------------------------------------------------


def test_guardian_angel_keeps_the_last_health_point() -> None:
    """003 "This guardian cannot lose their last health point. Even if damage removes several"."""
    state = scenario(monsters={("red", 1): "red-dragon"})
    state.guardians[0].update(hp=1, angel=True)
    monster_movement(state, DATA)
    assert state.guardians[0]["hp"] == 1 and state.guardians[0]["alive"]


def test_guardian_angel_is_given_by_the_sage_when_revealed() -> None:
    """003 "Guardian Angel: Choose a guardian and give them the Guardian Angel marker"."""
    state = scenario(active=3, deck=[*QUIET])
    state.event_deck = ["guardian-angel"]
    state = play(state, "end")
    assert game.pending(state) is not None and game.pending(state).kind == "angel"  # type: ignore[union-attr]
    state = play(state, "angel 2")
    assert state.guardians[2]["angel"] and state.phase == "actions" and state.active == 0


def test_poison_costs_one_more_health_point_at_the_end_of_the_round() -> None:
    """003 "Poison: If a guardian suffers at least one injury during this round"."""
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
    """003 "Curse: Monsters that are killed do not earn you any mana"."""
    state = scenario(monsters={("red", 1): "red-wolf"}, dice=["red", "blue"], event="curse")
    state.guardians[0]["mp"] = 1
    state = play(state, "strike 0", "strike 1")
    assert state.guardians[0]["mp"] == 1


def test_curative_mana_lets_the_killer_take_health_instead() -> None:
    """003 "Curative Mana: You can choose to gain health points instead of mana points"."""
    state = scenario(monsters={("red", 1): "red-wolf"}, dice=["red", "blue"], event="curative-mana")
    state.guardians[0].update(hp=2, mp=1)
    state = play(state, "strike 0", "strike 1")
    assert game.legal_actions(state, 0) == ["reward mana", "reward health"]
    state = play(state, "reward health")
    assert (state.guardians[0]["hp"], state.guardians[0]["mp"]) == (3, 1)


def test_hardcore_forbids_abilities_but_not_the_ultimate() -> None:
    """003 "Hardcore: You cannot use your guardian's ability; however, you can still use"."""
    state = scenario(dice=["white"], event="hardcore")
    state.guardians[0]["ult"] = 4
    legal = game.legal_actions(state, 0)
    assert not any(a.startswith("ability") for a in legal) and "ultimate" in legal


def test_vivacity_gives_one_free_move() -> None:
    """003 "Vivacity: Each guardian can move once for free during their turn"."""
    state = scenario(event="vivacity")
    state = play(state, "vivacity green")
    assert state.guardians[0]["path"] == "green"
    assert not any(a.startswith("vivacity") for a in game.legal_actions(state, 0))


def test_petrification_skips_the_movement_and_the_turn_still_ends() -> None:
    """003 "Petrification: Ignore the next Monster Movement phase for all paths"."""
    state = scenario(monsters={("red", 1): "red-wolf"}, active=1, deck=[*QUIET])
    state.petrified = True
    state = play(state, "end")
    assert state.guardians[0]["hp"] == 4 and not state.petrified


def test_a_guardian_killed_by_its_own_new_monster_skips_its_actions_but_monsters_move() -> None:
    # Ismoros (seat 1, blue) is on 1 HP with blue spaces 3-5 full; the next card is blue and cannot enter.
    """003 "If it loses its final HP this way, it is killed, and can no longer play" and 003 "Inflict an injury to
    the guardian of this path": the guardian killed by its own New Monster takes no actions; Monster Movement
    still happens."""
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
    """003 "Mana Drain: Rerolls cost 2 mana points instead of 1" and 003 "as long as you have the necessary
    resources available"."""
    state = scenario(dice=["red", "blue"], event="mana-drain")
    state.guardians[0]["mp"] = 3
    rerolls = [a for a in game.legal_actions(state, 0) if a.startswith("reroll")]
    assert rerolls == ["reroll 0", "reroll 1"]
    state.guardians[0]["mp"] = 1
    assert not any(a.startswith("reroll") for a in game.legal_actions(state, 0))


def test_the_ultimate_cannot_be_charged_past_four() -> None:
    """003 "If your marker reaches space 4, your ultimate power is charged": no charge past space 4."""
    state = scenario(dice=["red"])
    state.guardians[0]["ult"] = 4
    assert "charge 0" not in game.legal_actions(state, 0)


def test_mana_can_be_released_on_a_blocked_path() -> None:
    state = scenario(monsters={("red", 1): "red-troll"}, dice=["blue", "blue"])
    state = play(state, "block 0 1", "release")
    assert card_at(state, "red", 1) is None and state.blocked == ["red"]
