"""Whole events, seeded: every round of 100 random Swiss events keeps every rule."""

from __future__ import annotations

import random

import pytest

from tournaments.pairing import (
    MatchRecord,
    PlayerEntry,
    SwissSettings,
    compute_standings,
    pair_swiss_round,
    recommended_rounds,
)

from .support import check_round_invariants, drop_some, opponents_of, record_round, rematch_free_pairing_exists


def run_event(seed: int) -> None:
    rng = random.Random(seed)
    count = rng.randint(5, 40)
    pods = rng.choice((0, 0, 0, 4))
    options = SwissSettings(pod_rounds=2 if pods else 0)
    players = [PlayerEntry(i, (i % pods) if pods else None) for i in range(1, count + 1)]
    history: list[MatchRecord] = []
    for r in range(1, recommended_rounds(count) + 1):
        plan = pair_swiss_round(players, history, r, seed, options)
        check_round_invariants(players, history, plan)
        active = [p.id for p in players if not p.dropped]
        met = opponents_of(history)
        if rematch_free_pairing_exists(active, history):
            assert all(b not in met.get(a, set()) for a, b in plan.matches), (seed, r)
        history.extend(record_round(rng, plan, best_of=rng.choice((1, 3))))
        drop_some(rng, players, 0.25)
    rows = compute_standings(players, history, seed=seed)
    assert [row.rank for row in rows] == list(range(1, count + 1))
    points = [row.points for row in rows]
    assert points == sorted(points, reverse=True)


@pytest.mark.parametrize("block", range(10))
def test_one_hundred_random_events_keep_every_rule(block: int) -> None:
    for seed in range(10 * block, 10 * block + 10):
        run_event(seed)
