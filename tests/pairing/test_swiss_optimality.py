"""The pairer is as good as an exact maximum-weight matching on the documented objective.

The objective is recomputed here from the raw history, independently of the package:
(repeat byes, rematches, cross-pod tables, bye rank, sum of squared point gaps), compared
lexicographically; networkx finds the exact optimum over every possible table.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

import networkx as nx
import pytest

from tournaments.pairing import (
    MatchRecord,
    PlayerEntry,
    RoundPlan,
    SwissSettings,
    compute_standings,
    pair_swiss_round,
    pairing_cost,
)

from .support import byes_of, opponents_of, simulate

Cost = tuple[int, int, int, int, int]


class Objective:
    """The objective of one round, rebuilt from the raw inputs."""

    def __init__(self, players: Sequence[PlayerEntry], history: Sequence[MatchRecord], seed: int, pods_on: bool):
        rows = compute_standings(players, history, seed=seed)
        self.ranked = [row.player for row in rows if not row.dropped]
        self.points = {row.player: row.points for row in rows}
        self.met = opponents_of(history)
        self.byes = byes_of(history)
        self.pods = {p.id: p.pod for p in players}
        self.pods_on = pods_on

    def table(self, a: int, b: int | None) -> Cost:
        if b is None:
            return (self.byes.get(a, 0), 0, 0, len(self.ranked) - 1 - self.ranked.index(a), 0)
        pod_a, pod_b = self.pods[a], self.pods[b]
        crossing = self.pods_on and None not in (pod_a, pod_b) and pod_a != pod_b
        return (0, int(b in self.met.get(a, set())), int(crossing), 0, (self.points[a] - self.points[b]) ** 2)

    def total(self, tables: Sequence[tuple[int, int | None]]) -> Cost:
        parts = [self.table(a, b) for a, b in tables]
        return tuple(sum(p[i] for p in parts) for i in range(5))  # type: ignore[return-value]

    def exact_optimum(self) -> Cost:
        nodes: list[int | None] = list(self.ranked)
        if len(nodes) % 2:
            nodes.append(None)
        base = 10 * len(nodes) * (max(self.points.values()) + 1) ** 2 + len(nodes) ** 2
        graph = nx.Graph()
        for i, a in enumerate(nodes):
            for b in nodes[i + 1 :]:
                assert a is not None
                cost = self.table(a, b)
                value = 0
                for part in cost:
                    value = value * base + part
                graph.add_edge(i, nodes.index(b), weight=base**6 - value)
        matching = nx.max_weight_matching(graph, maxcardinality=True)
        return self.total([self._table(nodes[i], nodes[j]) for i, j in matching])

    @staticmethod
    def _table(x: int | None, y: int | None) -> tuple[int, int | None]:
        if x is None:
            assert y is not None
            return (y, None)
        return (x, y)


def plan_tables(plan: RoundPlan) -> list[tuple[int, int | None]]:
    return [(p.a, p.b) for p in plan.pairings]


def next_round(players: list[PlayerEntry], history: list[MatchRecord]) -> int:
    return max((r.round for r in history), default=0) + 1


@pytest.mark.parametrize(
    ("count", "rounds", "seed", "pods"),
    [
        (8, 2, 1, 0),
        (9, 3, 2, 0),
        (12, 4, 3, 0),
        (15, 5, 4, 0),
        (20, 3, 5, 0),
        (24, 5, 6, 0),
        (31, 4, 7, 0),
        (33, 6, 8, 0),
        (40, 5, 9, 0),
        (47, 6, 10, 0),
        (55, 5, 11, 0),
        (64, 6, 12, 0),
        (16, 1, 13, 2),
        (27, 2, 14, 3),
        (40, 1, 15, 5),
    ],
)
def test_the_pairing_matches_the_exact_optimum(count: int, rounds: int, seed: int, pods: int) -> None:
    options = SwissSettings(pod_rounds=rounds + 1 if pods else 0)
    players, history = simulate(count, rounds, seed, options, pods=pods)
    round_number = next_round(players, history)
    plan = pair_swiss_round(players, history, round_number, seed, options)
    objective = Objective(players, history, seed, pods_on=bool(pods))
    mine = objective.total(plan_tables(plan))
    assert mine == objective.exact_optimum()
    assert mine == pairing_cost(players, history, plan, seed, options).as_tuple()


@pytest.mark.parametrize("seed", range(8))
def test_random_late_rounds_match_the_exact_optimum(seed: int) -> None:
    """Harder histories: many rounds for few players, so rematches and pair-downs bite."""
    rng = random.Random(seed)
    count = rng.randint(8, 64)
    rounds = rng.randint(3, min(count - 2, 9))
    players, history = simulate(count, rounds, 100 + seed, drop_chance=0.5)
    plan = pair_swiss_round(players, history, rounds + 1, seed)
    objective = Objective(players, history, seed, pods_on=False)
    assert objective.total(plan_tables(plan)) == objective.exact_optimum()
