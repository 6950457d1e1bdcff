"""Rules of rulebook 003 that no other scenario asserted, each with its citation
(docs/rules-coverage.md lists them all)."""

from __future__ import annotations

from collections import Counter

import pytest

from gameplay.matches.protocol import SetupError
from gameplay.runemasters import game, rules
from gameplay.runemasters.data import RUNES, load
from gameplay.runemasters.rules import monster_movement
from tests.runemasters.helpers import QUIET, card_at, play, scenario

DATA = load()


def test_each_guardian_stands_in_front_of_its_own_path() -> None:
    """003 "Each player places their Guardian character on the temple in front of an unguarded path":
    each guardian takes a different path (the setup may name them), and two guardians on one path are refused."""
    state = game.new_game({"guardians": ["neltai", "kulak", "kyreas"], "paths": ["green", "red", "blue"]}, seed=2)
    assert [(g["id"], g["path"]) for g in state.guardians] == [
        ("neltai", "green"),
        ("kulak", "red"),
        ("kyreas", "blue"),
    ]
    default = game.new_game({"guardians": ["neltai", "kulak"]}, seed=2)
    assert len({g["path"] for g in default.guardians}) == 2
    with pytest.raises(SetupError, match="different path"):
        game.new_game({"guardians": ["neltai", "kulak"], "paths": ["red", "red"]}, seed=2)


@pytest.mark.parametrize("seed", range(8))
def test_the_first_three_cards_go_to_spaces_1_2_and_3_of_their_paths(
    seed: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    """003 "Draw the first card from the Monster deck and place it on space 1 of the path of its color":
    before the first round (the round itself is held back here) the board holds exactly three monsters, one on
    space 1, one on space 2 and one on space 3, each on its own colour's path, and they came off the top of the
    deck."""
    monkeypatch.setattr(rules, "begin_round", lambda state, data: None)
    state = rules.new_state({"guardians": ["neltai", "ismoros", "kulak", "kyreas"]}, seed)
    placed = [
        (space + 1, colour, slot["card"])
        for colour, slots in state.paths.items()
        for space, slot in enumerate(slots)
        if slot is not None
    ]
    assert sorted(space for space, _, _ in placed) == [1, 2, 3]
    assert all(DATA.monsters[card].colour == colour for _, colour, card in placed)
    assert len(state.monster_deck) + len(placed) + len(state.removed) == 32 + 1  # and the Dawn
    assert state.round == 0 and state.temple_hp == 4


def test_the_six_runes_are_on_every_die_alike() -> None:
    """003 "There are six different runes represented equally on all dice" and 003 "At the beginning of your
    turn, you will roll 4 dice": over many seeded turns each die shows each of the six runes about one time in
    six."""
    rolled: Counter[str] = Counter()
    for seed in range(300):
        state = game.new_game({"guardians": ["neltai", "kulak"], "difficulty": "legend"}, seed=seed)
        if state.phase == "actions" and state.event not in ("transcendence", "rain-of-arrows"):
            assert len(state.dice) == 4 and not any(d["used"] for d in state.dice)
            rolled.update(d["rune"] for d in state.dice)
    assert set(rolled) == set(RUNES)
    total = sum(rolled.values())
    assert all(abs(n - total / 6) < total / 6 * 0.25 for n in rolled.values()), rolled


def test_dice_are_used_rerolled_and_used_again_in_any_order() -> None:
    """003 "Resolve actions and possible rerolls in any order you wish": charge with one die, reroll the
    other two for 1 MP each, then use one of the new runes; the turn goes on until the guardian ends it."""
    state = scenario(dice=["red", "blue", "green"], deck=[*QUIET])
    state = play(state, "charge 0", "reroll 1 2")
    assert state.guardians[0]["ult"] == 2 and state.guardians[0]["mp"] == 2
    assert [d["used"] for d in state.dice] == [True, False, False]
    state = play(state, "charge 1")
    assert state.guardians[0]["ult"] == 3 and [d["used"] for d in state.dice] == [True, True, False]
    pending = game.pending(state)
    assert pending is not None and (pending.seat, pending.kind) == (0, "actions")
    assert "end" in game.legal_actions(state, 0)


def test_an_archer_on_space_1_fights_like_other_monsters_even_under_cover() -> None:
    """003 "Once in space 1, it engages in direct combat like other monsters" and 003 "their direct combat is
    unaffected": an archer that begins Monster Movement on space 1 hurts the guardian of its path, Cover or not."""
    for event in ("all-is-calm", "cover"):
        state = scenario(monsters={("red", 1): "red-archer"}, event=event)
        monster_movement(state, DATA)
        assert card_at(state, "red", 1) == "red-archer"
        assert [g["hp"] for g in state.guardians] == [3, 4, 4, 4] and state.temple_hp == 4


def test_a_dead_kulak_takes_no_turn_so_she_cannot_resurrect_herself() -> None:
    """003 "She is the only one who can resurrect someone, and she cannot resurrect herself": with Kulak dead and
    her ultimate charged, her seat is skipped and never offered an action, her Second Breath included."""
    state = scenario(active=1, deck=[*QUIET])
    state.guardians[2].update(alive=False, hp=0, path=None, ult=4)
    assert game.legal_actions(state, 2) == []
    state = play(state, "end")
    pending = game.pending(state)
    assert pending is not None and pending.seat == 3 and state.guardians[2]["alive"] is False
    assert not any("revive" in a for a in game.legal_actions(state, 3))
