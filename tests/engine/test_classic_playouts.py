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

from gameplay.runeslingers.engine import new_game
from gameplay.runeslingers.engine.compiled import default_compiled
from tests.engine.test_playouts import play_setup
from tests.speed import fast_first

SLINGERS = [
    ("eva", ["Inner Flame", "Engulf"]),
    ("romin", ["Iron Focus", "Fury"]),
    ("brannoc", ["Stone Vigil", "Unyielding"]),
    ("vesna", ["Whispering Shade", "Malediction"]),
]
GAMES = 1000
CHUNKS = 20


def classic_deck(seed: int) -> list[str]:
    classic = default_compiled().classic
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
    kinds: Counter[str] = Counter()
    state = play_setup(classic_setup(seed), seed, full, kinds)
    assert state.rules == "classic"
    return state.turn, state.winner, kinds


@pytest.mark.parametrize("chunk", fast_first(CHUNKS))
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
    setup = {"rules": "classic", "players": [{"starter": a}, {"starter": b}]}
    start = new_game(setup, seed)
    assert [len(pl.deck) + len(pl.hand) for pl in start.players] == [30, 30]
    assert play_setup(setup, seed, full=False).winner in (0, 1)
