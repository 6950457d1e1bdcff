"""The greedy guardian bot plays any seat and wins at Initiate clearly more often than a random one."""

from __future__ import annotations

from gameplay.runemasters import game
from tests.runemasters.helpers import play, scenario, struck


def outcome(bot: str, seed: int) -> str | None:
    state = game.new_game({"guardians": ["neltai", "kulak"], "difficulty": "initiate"}, seed)
    while (decision := game.pending(state)) is not None:
        state, _ = game.apply(state, game.bot_action(state, decision.seat, bot, seed))
    return game.outcome(state)


def test_greedy_wins_at_initiate_clearly_more_often_than_random() -> None:
    greedy = sum(outcome("greedy", seed) == "won" for seed in range(20))
    randomly = sum(outcome("random", seed) == "won" for seed in range(20))
    assert greedy >= 10 and greedy >= randomly + 8, (greedy, randomly)


def test_greedy_prefers_a_strike_that_kills() -> None:
    state = scenario(monsters={("red", 1): "red-wolf"}, dice=["blue", "red"])
    struck(state, "red", 1)[:] = [True, False]
    assert game.bot_action(state, 0, "greedy", 1) == "strike 0"


def test_greedy_guards_and_blocks_when_the_temple_is_threatened() -> None:
    # The temple is on 1 HP and a troll stands in contact on the unguarded green path.
    state = scenario(
        ["neltai", "kyreas"],
        paths=["red", "blue"],
        monsters={("green", 1): "green-troll"},
        dice=["green", "red", "red", "yellow"],
    )
    state.temple_hp = 1
    state.guardians[0]["mp"] = 2  # no mana to release
    chosen = []
    while (action := game.bot_action(state, 0, "greedy", 1)) != "end":
        chosen.append(action)
        state = play(state, action)
    assert chosen[:2] == ["move 0 green", "block 1 2"], chosen
    assert state.blocked == ["green"]


def test_greedy_blocks_the_path_a_monster_would_hit_from() -> None:
    state = scenario(monsters={("red", 1): "red-wolf"}, dice=["green", "green"])
    state.guardians[0]["mp"] = 2  # no mana to release
    assert game.bot_action(state, 0, "greedy", 1) == "block 0 1"
