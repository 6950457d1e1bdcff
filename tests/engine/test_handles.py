"""Card handles are opaque: their numbers tell nothing about deck order or draw order, they are
the same for the same seed, and the opponent's view names no card of a hidden hand or deck.

Statistics here run over fixed seeds, so every assertion is deterministic; the bounds are far
from what handles numbered by deck position give (a rank correlation of exactly 1).
"""

from __future__ import annotations

import json
import random

import pytest

from gameplay.runeslingers.engine import (
    ENGINE_VERSION,
    apply,
    from_json,
    legal_actions,
    new_game,
    pending,
    state_hash,
    to_json,
    view,
)
from gameplay.runeslingers.engine.errors import ScenarioError
from gameplay.runeslingers.engine.state import HANDLE_SPACE, opaque_handle

SETUP = {"players": [{"starter": "eva-starter"}, {"starter": "romin-starter"}]}
SEEDS = range(120)


def _ranks(values: list[int]) -> list[int]:
    order = sorted(range(len(values)), key=values.__getitem__)
    ranks = [0] * len(values)
    for rank, i in enumerate(order):
        ranks[i] = rank
    return ranks


def _rank_correlation(xs: list[int], ys: list[int]) -> float:
    """Spearman's rank correlation (no ties: handles are distinct, positions are distinct)."""
    n = len(xs)
    rx, ry = _ranks(xs), _ranks(ys)
    d2 = sum((a - b) ** 2 for a, b in zip(rx, ry, strict=True))
    return 1 - 6 * d2 / (n * (n * n - 1))


def _monotonic(values: list[int]) -> bool:
    return values == sorted(values) or values == sorted(values, reverse=True)


def test_a_fixed_game_has_neither_its_deck_nor_its_hand_in_handle_order() -> None:
    state = new_game(SETUP, 7)
    for pl in state.players:
        assert not _monotonic(pl.deck)
        assert not _monotonic(pl.hand)


def test_handle_rank_and_deck_position_are_uncorrelated_across_seeds() -> None:
    """Over 120 games and both decks, the rank correlation of handle number with position in the
    shuffled deck averages about 0 (its spread for ~30 cards is about 0.19 a deck, so the mean of
    240 decks has a spread of about 0.012); sequential handles give exactly 1 every time."""
    corrs = []
    for seed in SEEDS:
        state = new_game(SETUP, seed)
        for pl in state.players:
            corrs.append(_rank_correlation(pl.deck, list(range(len(pl.deck)))))
    mean = sum(corrs) / len(corrs)
    mean_abs = sum(abs(c) for c in corrs) / len(corrs)
    assert abs(mean) < 0.06
    assert mean_abs < 0.3
    assert max(abs(c) for c in corrs) < 0.8


def test_the_order_of_a_hand_s_handles_does_not_give_the_draw_order() -> None:
    """Sorting a hand by handle number gives back the order the cards were drawn in (or its
    reverse) for 2 in 120 random five-card hands; handles numbered by position do it every time.
    The first card drawn is also no more often the lowest handle than any other card."""
    monotonic = 0
    first_is_lowest = 0
    for seed in SEEDS:
        state = new_game(SETUP, seed)
        for pl in state.players:
            monotonic += _monotonic(pl.hand)
            first_is_lowest += pl.hand[0] == min(pl.hand)
    games = 2 * len(SEEDS)
    assert monotonic < games * 0.08
    assert first_is_lowest < games * 0.35  # 1 in 5 by chance


def test_a_card_drawn_keeps_the_handle_it_had_in_the_deck() -> None:
    """Drawing moves a card from one hidden zone to another: it keeps its handle (only a card
    entering a hidden zone from a visible place gets a fresh one)."""
    state = new_game(SETUP, 3)
    rnd = random.Random(3)
    draws = 0
    while (pend := pending(state)) is not None and draws < 20:
        before = [(list(pl.hand), list(pl.deck)) for pl in state.players]
        state, _ = apply(state, rnd.choice(legal_actions(state, pend.player)))
        for (hand, deck), pl in zip(before, state.players, strict=True):
            new = [h for h in pl.hand if h not in hand]
            if len(new) == 1 and len(pl.deck) == len(deck) - 1:
                assert new[0] == deck[-1]
                draws += 1
    assert draws >= 3


def test_handles_are_a_bijection_into_their_space_for_a_game_key() -> None:
    for seed in (0, 1, 2**55 + 17):
        handles = [opaque_handle(seed, n) for n in range(5000)]
        assert len(set(handles)) == len(handles)
        assert all(0 <= h < HANDLE_SPACE for h in handles)
    assert [opaque_handle(1, n) for n in range(40)] != [opaque_handle(2, n) for n in range(40)]


def test_the_same_seed_gives_the_same_handles_and_the_same_hashes() -> None:
    a, b = new_game(SETUP, 99), new_game(SETUP, 99)
    assert state_hash(a) == state_hash(b)
    rnd = random.Random(5)
    while (pend := pending(a)) is not None and a.turn < 6:
        action = rnd.choice(legal_actions(a, pend.player))
        a, _ = apply(a, action)
        b, _ = apply(b, action.to_text())
        assert state_hash(a) == state_hash(b)
    again = from_json(to_json(a))
    assert state_hash(again) == state_hash(a)


def test_games_of_engine_1_keep_handles_numbered_by_deck_position() -> None:
    """A game recorded under engine 1 replays with the handles it was played with (its action log
    names them); a new game gets opaque ones."""
    old = new_game(SETUP, 11, engine="1")
    assert old.engine == "1" and json.loads(to_json(old))["engine"] == "1"
    for pl in old.players:
        assert pl.deck == sorted(pl.deck)
    assert new_game(SETUP, 11).engine == ENGINE_VERSION != "1"
    assert from_json(to_json(old)).engine == "1"
    with pytest.raises(ScenarioError, match="engine"):
        new_game(SETUP, 11, engine="0")


def _hidden_handles(state, p: int) -> set[str]:  # type: ignore[no-untyped-def]
    pl = state.players[p]
    return {f'"c{h}"' for h in (*pl.hand, *pl.deck)}


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_the_opponent_s_view_names_no_card_of_a_hidden_hand_or_deck(seed: int) -> None:
    """At every step of random games, neither player's view contains the handle of a card in the
    other player's hand or deck (as a quoted handle anywhere in the view's JSON)."""
    for engine in ("1", ENGINE_VERSION):
        state = new_game(SETUP, seed, engine=engine)
        rnd = random.Random(seed)
        steps = 0
        while (pend := pending(state)) is not None and steps < 400:
            for viewer in (0, 1):
                text = json.dumps(view(state, viewer))
                leaked = [h for h in _hidden_handles(state, 1 - viewer) if h in text]
                assert not leaked, f"p{viewer + 1}'s view names hidden cards {leaked} at step {steps}"
            state, _ = apply(state, rnd.choice(legal_actions(state, pend.player)))
            steps += 1


def test_the_shared_actions_stay_bounded_when_every_game_has_its_own_handles() -> None:
    """`legal` shares equal simple actions ("set cN", "play cN", ...) across states and games.
    Handles of engine 1 were the same small numbers in every game, so that table stayed small;
    opaque handles differ per game, so in a server hosting game after game it must not grow
    without end: it is emptied when it reaches its bound (sharing is only a speed-up)."""
    from gameplay.runeslingers.engine import legal

    for h in range(legal.SHARED_ACTIONS_MAX + 500):
        action = legal.handle_action("set", h)
        assert action.to_text() == f"set c{h}"
        legal.simple_action("play", f"c{h}")
    assert len(legal._SIMPLE) <= legal.SHARED_ACTIONS_MAX
    assert len(legal.SIMPLE_TEXT) <= legal.SHARED_ACTIONS_MAX
    assert sum(len(t) for t in legal._BY_HANDLE.values()) <= legal.SHARED_ACTIONS_MAX
