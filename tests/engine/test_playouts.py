"""Random playouts: 1,000 seeded games with the invariants checked after every action.

Every game uses the starter decks (Eva, Romin, Brannoc, Vesna in rotating pairs). After every
action of every game: each card in exactly one zone, no negative counts, no hidden card in either
player's view, only the pending player has legal actions; at every power loss, the health reset
to its maximum only when it reached 0 (`invariants.watch_power_losses`). The JSON round-trip is checked after
every action in 1 game of 5 (with the legal actions of the state and of its round-tripped copy,
which has no cached values, compared; the state given to `apply` checked unchanged; and the action
applied to that copy too, with the same result) and at the end of every game, to keep the suite fast.
"""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

import pytest

from gameplay.runeslingers.engine import (
    ENGINE_VERSION,
    State,
    apply,
    from_json,
    legal_actions,
    new_game,
    pending,
    result,
    to_json,
)
from tests.engine.invariants import check_invariants, watch_power_losses
from tests.speed import fast_first

STARTERS = ["eva-starter", "romin-starter", "brannoc-starter", "vesna-starter"]
GAMES = 1000
CHUNKS = 20
MAX_ACTIONS = 5000


def play_random(seed: int, full: bool) -> tuple[int, int | None]:
    a, b = STARTERS[seed % 4], STARTERS[(seed // 4 + seed + 1) % 4]
    state = play_setup({"players": [{"starter": a}, {"starter": b}]}, seed, full)
    return state.turn, state.winner


def play_setup(
    setup: dict[str, Any],
    seed: int,
    full: bool,
    kinds: Counter[str] | None = None,
    engine: str = ENGINE_VERSION,
    losses: Counter[str] | None = None,
) -> State:
    """A random game from `setup` (under `engine`) with the invariants after every action and
    every power loss checked (`watch_power_losses`); `kinds` counts the kinds of action played,
    `losses` the power losses by how the health went."""
    with watch_power_losses() as seen:
        state = _play_setup(setup, seed, full, kinds, engine)
    if losses is not None:
        losses += seen
    return state


def _play_setup(setup: dict[str, Any], seed: int, full: bool, kinds: Counter[str] | None, engine: str) -> State:
    rnd = random.Random(seed)
    state = new_game(setup, seed, engine=engine)
    total = len(state.cards)
    actions = 0
    while (pend := pending(state)) is not None:
        choices = legal_actions(state, pend.player)
        assert choices, f"seed {seed}: {pend} has no legal action"
        assert not legal_actions(state, 1 - pend.player)
        action = rnd.choice(choices)
        if kinds is not None:
            kinds[action.kind] += 1
        before = to_json(state) if full else ""
        after, _ = apply(state, action)
        if full:
            assert to_json(state) == before, f"seed {seed}: apply changed the state it was given"
            # a copy without cached derived values plays the action to the same state
            assert to_json(apply(from_json(before), action)[0]) == to_json(after), f"seed {seed}: {action}"
        state = after
        actions += 1
        check_invariants(state, total, round_trip=full)
        assert actions < MAX_ACTIONS, f"seed {seed}: no end after {actions} actions"
    check_invariants(state, total, round_trip=True)
    assert result(state) is not None
    return state


@pytest.mark.parametrize("chunk", fast_first(CHUNKS))
def test_random_games_keep_the_invariants(chunk: int) -> None:
    per = GAMES // CHUNKS
    for seed in range(chunk * per, (chunk + 1) * per):
        turns, winner = play_random(seed, full=seed % 5 == 0)
        assert turns <= 400
        assert winner in (0, 1), f"seed {seed}: no winner"


RUNESLINGERS = {
    "eva": ["talakas-heart", "flame-of-nim"],
    "romin": ["relentless", "fury"],
    "brannoc": ["keepers-oath", "fortify"],
    "vesna": ["whispering-shade", "malediction"],
}


@pytest.mark.parametrize("chunk", fast_first(5))
def test_random_catalog_decks_keep_the_invariants(chunk: int) -> None:
    """100 more games with 30 random cards from the whole catalog, so every supported card is played."""
    from gameplay.runeslingers.engine.compiled import default_compiled, unsupported_reasons

    cards = [k.card.id for k in default_compiled().kinds if not unsupported_reasons(k)]
    for seed in range(chunk * 20, chunk * 20 + 20):
        rnd = random.Random(seed)
        players = [
            {"runeslinger": r, "equips": RUNESLINGERS[r], "deck": [rnd.choice(cards) for _ in range(30)]}
            for r in rnd.sample(sorted(RUNESLINGERS), 2)
        ]
        state = new_game({"players": players}, seed)
        actions = 0
        with watch_power_losses():
            while (pend := pending(state)) is not None:
                action = rnd.choice(legal_actions(state, pend.player))
                before = to_json(state) if actions % 5 == 4 else ""
                state, _ = apply(state, action)
                actions += 1
                check_invariants(state, 60, round_trip=actions % 5 == 0)
                if before:  # as in play_random: a copy without cached values plays to the same state
                    assert to_json(apply(from_json(before), action)[0]) == to_json(state), f"seed {seed}: {action}"
                assert actions < MAX_ACTIONS
        assert state.winner in (0, 1)
