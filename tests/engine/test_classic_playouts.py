"""Random Classic playouts (rulebook 000): 1,000 seeded games under the Classic rule set with the
engine's invariants checked after every action (the JSON round trip in 1 game of 5, and at the
end of every game), as `test_playouts.py` does for The Awakening.

Decks: 30 cards drawn by the seed from two copies of every card of the Classic pool; the four
Runeslingers in rotating pairs, each with its Classic passive and activate ability."""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

import pytest

from gameplay.engine import apply, from_json, legal_actions, new_game, pending, result, to_json
from gameplay.engine.tables import default_tables
from tests.engine.invariants import check_invariants

SLINGERS = [
    ("eva", ["Inner Flame", "Engulf"]),
    ("romin", ["Iron Focus", "Fury"]),
    ("brannoc", ["Stone Vigil", "Unyielding"]),
    ("vesna", ["Whispering Shade", "Malediction"]),
]
GAMES = 1000
CHUNKS = 20
MAX_ACTIONS = 5000


def classic_deck(seed: int) -> list[str]:
    classic = default_tables().classic
    assert classic is not None
    cards = [card_id for card_id in sorted(classic.cards) for _ in range(2)]
    random.Random(seed).shuffle(cards)
    return cards[:30]


def classic_setup(seed: int) -> dict[str, Any]:
    a, b = SLINGERS[seed % 4], SLINGERS[(seed // 4 + seed + 1) % 4]
    return {
        "rules": "classic",
        "players": [
            {"runeslinger": a[0], "equips": a[1], "deck": classic_deck(2 * seed)},
            {"runeslinger": b[0], "equips": b[1], "deck": classic_deck(2 * seed + 1)},
        ],
    }


def play_random_classic(seed: int, full: bool) -> tuple[int, int | None, Counter[str]]:
    rnd = random.Random(seed)
    state = new_game(classic_setup(seed), seed)
    total = len(state.cards)
    kinds: Counter[str] = Counter()
    actions = 0
    while (pend := pending(state)) is not None:
        choices = legal_actions(state, pend.player)
        assert choices, f"seed {seed}: {pend} has no legal action"
        assert not legal_actions(state, 1 - pend.player)
        action = rnd.choice(choices)
        kinds[action.kind] += 1
        before = to_json(state) if full else ""
        after, _ = apply(state, action)
        if full:
            assert to_json(state) == before, f"seed {seed}: apply changed the state it was given"
            assert to_json(apply(from_json(before), action)[0]) == to_json(after), f"seed {seed}: {action}"
        state = after
        actions += 1
        check_invariants(state, total, round_trip=full)
        assert state.rules == "classic"
        assert actions < MAX_ACTIONS, f"seed {seed}: no end after {actions} actions"
    check_invariants(state, total, round_trip=True)
    assert result(state) is not None
    return state.turn, state.winner, kinds


@pytest.mark.parametrize("chunk", range(CHUNKS))
def test_random_classic_games_keep_the_invariants(chunk: int) -> None:
    per = GAMES // CHUNKS
    winners: Counter[int | None] = Counter()
    kinds: Counter[str] = Counter()
    for seed in range(chunk * per, (chunk + 1) * per):
        turns, winner, played = play_random_classic(seed, full=seed % 5 == 0)
        assert turns <= 400
        winners[winner] += 1
        kinds += played
    assert set(winners) <= {0, 1, -1} and winners[0] and winners[1], winners
    assert not kinds["light"] and not kinds["use"]  # Classic has neither
    assert kinds["activate"] and kinds["play"] and kinds["block"], kinds


STARTERS = ["eva-classic-starter", "romin-classic-starter", "brannoc-classic-starter", "vesna-classic-starter"]


@pytest.mark.parametrize("seed", range(8))
def test_the_classic_starter_decks_play_to_an_end(seed: int) -> None:
    """000's Starter mode: each starter deck, against the next, in a random game with the invariants."""
    a, b = STARTERS[seed % 4], STARTERS[(seed + 1) % 4]
    state = new_game({"rules": "classic", "players": [{"starter": a}, {"starter": b}]}, seed)
    assert [len(pl.deck) + len(pl.hand) for pl in state.players] == [30, 30]
    total = len(state.cards)
    rnd = random.Random(seed)
    while (pend := pending(state)) is not None:
        state, _ = apply(state, rnd.choice(legal_actions(state, pend.player)))
        check_invariants(state, total, round_trip=False)
    assert result(state) is not None and state.winner in (0, 1)
