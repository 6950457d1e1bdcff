"""Seeded random and bot games with the invariants checked after every action."""

from __future__ import annotations

import random

import pytest

from gameplay.runemasters import game
from gameplay.runemasters.state import State
from tests.runemasters.invariants import check
from tests.speed import fast_first

TEAMS = [
    ["neltai", "ismoros", "kulak", "kyreas"],
    ["kyreas", "kulak", "neltai"],
    ["ismoros", "neltai"],
    ["kulak", "kyreas"],
]
LEVELS = ["initiate", "novice", "guardian", "hero", "legend"]


def total_cards(state: State) -> int:
    on_paths = sum(1 for slots in state.paths.values() for slot in slots if slot)
    return len(state.monster_deck) + len(state.monster_discard) + len(state.removed) + on_paths


def play_checked(seed: int) -> State:
    rnd = random.Random(seed)
    setup = {
        "guardians": TEAMS[seed % 4],
        "difficulty": LEVELS[seed % 5],
        "sage": seed % 2,
        "first_game": seed % 7 == 0,
    }
    state = game.new_game(setup, seed)
    cards = total_cards(state)
    check(state, cards)
    while (decision := game.pending(state)) is not None:
        legal = game.legal_actions(state, decision.seat)
        # mostly the greedy bot, so games reach their late rounds; random moves test the odd corners
        greedy = rnd.random() < (0.9 if seed % 2 else 0.6)
        action = game.bot_action(state, decision.seat, "greedy", seed) if greedy else rnd.choice(legal)
        state, text = game.apply(state, action)
        assert text == action
        check(state, cards)
    assert game.result(state) is not None and state.outcome in ("won", "lost")
    return state


@pytest.mark.parametrize("block", fast_first(10))
def test_200_random_games_keep_every_invariant(block: int) -> None:
    for seed in range(block * 20, block * 20 + 20):
        play_checked(seed)


@pytest.mark.slow
@pytest.mark.parametrize("block", range(10))
def test_1000_random_games_keep_every_invariant(block: int) -> None:
    for seed in range(1000 + block * 100, 1000 + block * 100 + 100):
        play_checked(seed)


def test_the_same_seed_plays_the_same_game() -> None:
    assert game.state_hash(play_checked(7)) == game.state_hash(play_checked(7))
