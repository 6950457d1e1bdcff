"""Rules of Runemasters that surviving mutants of ``gameplay/runemasters`` showed no test asserted (docs/mutation.md,
"Survivors that are test gaps"): what a white die may not do, rerolls under Mana Drain, when the ultimate is offered,
Second Breath's choices and what it restores, Whirlwind's kills, the poison marker, and the reasons a bad setup is
refused with. Each scenario checks the whole outcome: the guardians, the paths, the legal actions."""

from __future__ import annotations

from typing import Any

import pytest

from gameplay.matches.protocol import SetupError
from gameplay.runemasters import game
from gameplay.runemasters.rules import damage, end_round
from gameplay.runemasters.state import State
from tests.runemasters.helpers import QUIET, play, scenario


def _guardian(name: str, path: str | None, **changes: Any) -> dict[str, Any]:
    """A guardian as a fresh game has it (4 HP, 4 MP, no marker, ultimate on space 1 of side 1), changed."""
    fresh = {"id": name, "hp": 4, "mp": 4, "path": path, "alive": True, "shield": False, "poisoned": False}
    return {**fresh, "angel": False, "ult": 1, "side": 1, **changes}


def _ultimates(state: State, seat: int) -> list[str]:
    return [a for a in game.legal_actions(state, seat) if a.startswith("ultimate")]


# --- Dice ----------------------------------------------------------------------------------------------------


def test_a_white_die_uses_the_ability_blocks_or_charges_but_moves_nowhere() -> None:
    """003 "Use your guardian's ability." and 003 "Strike this weak point OR move to this path.": a white die has no
    path of its own, so Ismoros's one white die offers the ability (a shield for any guardian), a charge and a
    reroll, and no move at all; a red die beside it moves only to the red path."""
    state = scenario(dice=["white"], active=1)
    shields = [f"ability 0 shield {s}" for s in range(4)]
    assert game.legal_actions(state, 1) == ["end", "charge 0", *shields, "reroll 0"]
    state.dice.append({"rune": "red", "used": False})
    moves = [a for a in game.legal_actions(state, 1) if a.startswith("move")]
    assert moves == ["move 1 red"]


def test_mana_drain_four_mana_rerolls_two_dice_at_two_each() -> None:
    """003 "Mana Drain: Rerolls cost 2 mana points instead of 1 mana point.": with 4 MP Neltai may reroll both of
    her dice at once (2 MP each), which takes all 4 MP; with 3 MP, only one of them."""
    state = scenario(dice=["red", "blue"], event="mana-drain")
    assert game.legal_actions(state, 0) == ["end", "charge 0", "move 1 blue", "charge 1", "reroll 0", "reroll 1",
                                            "reroll 0 1"]  # fmt: skip
    after = play(state, "reroll 0 1")
    assert after.guardians[0] == _guardian("neltai", "red", mp=0)
    assert [d["used"] for d in after.dice] == [False, False] and after.rng == [state.rng[0], state.rng[1] + 1]
    assert not any(a.startswith("reroll") for a in game.legal_actions(after, 0))
    state.guardians[0]["mp"] = 3
    assert [a for a in game.legal_actions(state, 0) if a.startswith("reroll")] == ["reroll 0", "reroll 1"]


# --- The ultimate power --------------------------------------------------------------------------------------


def test_the_ultimate_is_offered_only_once_its_token_reaches_space_4() -> None:
    """003 "If your Ultimate Power token reaches space 4 of its track, you can use your ultimate power.": on space
    3 Neltai has no ultimate to use; a charge takes the token to space 4 and Tempest is offered; used, the token
    goes back to space 0 on its side 2 and the ultimate is gone until charged again."""
    state = scenario(dice=["red", "blue"])
    state.guardians[0]["ult"] = 3
    assert _ultimates(state, 0) == []
    state = play(state, "charge 0")
    assert state.guardians[0] == _guardian("neltai", "red", ult=4) and _ultimates(state, 0) == ["ultimate"]
    state = play(state, "ultimate")
    assert state.guardians[0] == _guardian("neltai", "red", ult=0, side=2) and _ultimates(state, 0) == []
    assert game.legal_actions(state, 0) == ["end", "move 1 blue", "charge 1", "reroll 1"]


def test_second_breath_revives_only_a_dead_guardian_onto_an_unguarded_path() -> None:
    """003 "Second Breath: Bring a guardian back to life, regaining 4 health points. It's mana points and ultimate
    power don't change. Place that guardian in front of an unguarded path.": Kyreas is dead and only his yellow path
    is unguarded, so Kulak's one Second Breath is to bring him back there; the living (and Kulak herself) are never
    offered. Revived, he stands on the yellow path, and the next attack there hurts him, not the temple."""
    state = scenario(active=2, deck=[*QUIET])
    state.guardians[2]["ult"] = 4
    assert _ultimates(state, 2) == []  # nobody to revive
    state.guardians[3].update(alive=False, hp=0, path=None, mp=1, ult=3)
    assert _ultimates(state, 2) == ["ultimate revive 3 yellow"]
    state = play(state, "ultimate revive 3 yellow")
    assert state.guardians[3] == _guardian("kyreas", "yellow", mp=1, ult=3)
    assert state.guardians[2] == _guardian("kulak", "green", ult=0, side=2)
    damage(state, "yellow", 1)
    assert state.guardians[3]["hp"] == 3 and state.temple_hp == 4


@pytest.mark.parametrize("death", ["poisoned at the end of the round", "hit while poisoned"])
def test_a_revived_guardian_comes_back_without_the_markers_it_died_with(death: str) -> None:
    """003 "If the guardian is brought back to life during the game, this will simply restore 4 health points."
    and 003 "Poison: If a guardian suffers at least one injury during this round, place a poison marker": a guardian
    that died with a shield (poison takes its last HP past the shield) or a poison marker (an attack under Poison
    took its last HP) comes back with 4 HP and no marker (docs/runemasters.md, "Death"): the next attack hurts it,
    and the end of the round costs it nothing."""
    state = scenario(active=2, deck=[*QUIET], event="poison")
    if death == "poisoned at the end of the round":
        state.guardians[3].update(hp=1, shield=True, poisoned=True)
        end_round(state)
    else:
        state.guardians[3]["hp"] = 1
        damage(state, "yellow", 1)
    assert state.guardians[3] == _guardian("kyreas", None, hp=0, alive=False)
    state.guardians[2]["ult"] = 4
    state = play(state, "ultimate revive 3 yellow")
    assert state.guardians[3] == _guardian("kyreas", "yellow")
    end_round(state)
    assert state.guardians[3] == _guardian("kyreas", "yellow")
    damage(state, "yellow", 1)
    assert state.guardians[3] == _guardian("kyreas", "yellow", hp=3, poisoned=True)


def test_the_poison_marker_is_removed_with_the_hp_at_the_end_of_the_round() -> None:
    """003 "At the end of the round, remove the poison marker and 1 HP (this may kill the guardian).": Neltai, hit
    once under Poison, ends the round with 2 HP and no poison marker."""
    state = scenario(event="poison")
    damage(state, "red", 1)
    assert state.guardians[0] == _guardian("neltai", "red", hp=3, poisoned=True)
    end_round(state)
    assert state.guardians[0] == _guardian("neltai", "red", hp=2)


def test_whirlwind_killing_a_monster_gives_kyreas_its_reward() -> None:
    """003 "Whirlwind: Strike any weak point of the first monster on your path." and 003 "the guardian who delivered
    the fatal blow immediately earns the awards": the troll on Kyreas's path has only its blue weak point left;
    Whirlwind strikes it, the troll dies and is discarded, and Kyreas gains its 2 MP."""
    state = scenario(dice=["white"], active=3, monsters={("yellow", 1): "yellow-troll"})
    state.paths["yellow"][0]["struck"] = [True, True, False]  # type: ignore[index]
    state.guardians[3]["mp"] = 1
    assert [a for a in game.legal_actions(state, 3) if a.startswith("ability")] == ["ability 0 whirlwind blue"]
    state = play(state, "ability 0 whirlwind blue")
    assert state.guardians[3] == _guardian("kyreas", "yellow", mp=3)
    assert state.paths["yellow"] == [None] * 5 and state.monster_discard == ["yellow-troll"]
    assert game.legal_actions(state, 3) == ["end"]


# --- Setup ---------------------------------------------------------------------------------------------------


COUNT = "Runemasters needs 2 to 4 guardians"
DIFFERENT = "each guardian must be a different one of neltai, ismoros, kulak, kyreas"
BAD_SETUPS = [
    ({}, COUNT),
    ({"guardians": ["neltai"]}, COUNT),
    ({"guardians": ["neltai", "ismoros", "kulak", "kyreas", "neltai"]}, COUNT),
    ({"guardians": ["neltai", "neltai"]}, DIFFERENT),
    ({"guardians": ["neltai", "bob"]}, DIFFERENT),
    (
        {"guardians": ["neltai", "kulak", "kyreas"], "paths": ["red", "blue", "yellow"]},
        "each guardian needs a different path among red, blue, green",
    ),
    (
        {"guardians": ["neltai", "kulak"], "difficulty": "easy"},
        "the difficulty must be one of initiate, novice, guardian, hero, legend",
    ),
    ({"guardians": ["neltai", "kulak"], "sage": 2}, "the Sage must be one of the guardians"),
]


@pytest.mark.parametrize(("setup", "reason"), BAD_SETUPS)
def test_a_bad_setup_is_refused_with_the_reason_that_names_the_problem(setup: dict[str, Any], reason: str) -> None:
    """003 "Each player chooses one of the guardians and takes the corresponding Guardian character": a setup that
    cannot start a game (no guardians, one, five, one twice, an unknown one, a path that is not in play, an unknown
    difficulty, a Sage who is not a guardian) is refused with the sentence that says what is wrong and what is
    allowed."""
    with pytest.raises(SetupError) as refused:
        game.new_game(setup, seed=1)
    assert str(refused.value) == reason
