"""Shared helpers for the pairing tests: simulated events and independent exact checks."""

from __future__ import annotations

import random
from collections.abc import Sequence

import networkx as nx

from tournaments.pairing import (
    MatchRecord,
    PastPod,
    PlayerEntry,
    PodPlayer,
    PodSettings,
    RoundPlan,
    SwissSettings,
    pair_pod_round,
    pair_swiss_round,
)

#: The pod seating before the CP-SAT one: the fast seating and its repairs, no search, no solver.
FAST_ONLY = PodSettings(solver_limit=0, search_steps=0)


def random_result(rng: random.Random, round_number: int, a: int, b: int, best_of: int = 3) -> MatchRecord:
    """A plausible result: mostly decisive, sometimes a draw; best-of-one or best-of-three."""
    roll = rng.random()
    if best_of == 1:
        if roll < 0.1:
            return MatchRecord(round_number, a, b, 0, 0, 1)
        return MatchRecord(round_number, a, b, 1, 0) if roll < 0.55 else MatchRecord(round_number, a, b, 0, 1)
    if roll < 0.08:
        return MatchRecord(round_number, a, b, 1, 1, 1)
    loser_games = rng.choice((0, 1))
    if roll < 0.54:
        return MatchRecord(round_number, a, b, 2, loser_games)
    return MatchRecord(round_number, a, b, loser_games, 2)


def record_round(rng: random.Random, plan: RoundPlan, best_of: int = 3) -> list[MatchRecord]:
    records = [random_result(rng, plan.round, a, b, best_of) for a, b in plan.matches]
    records.extend(MatchRecord.bye(plan.round, player) for player in plan.byes)
    return records


def drop_some(rng: random.Random, players: list[PlayerEntry], chance: float) -> None:
    """Drop one random active player with probability ``chance`` (in place)."""
    active = [i for i, p in enumerate(players) if not p.dropped]
    if len(active) > 2 and rng.random() < chance:
        i = rng.choice(active)
        players[i] = PlayerEntry(players[i].id, players[i].pod, True)


def simulate(
    count: int,
    rounds: int,
    seed: int,
    settings: SwissSettings | None = None,
    drop_chance: float = 0.3,
    pods: int = 0,
) -> tuple[list[PlayerEntry], list[MatchRecord]]:
    """Run ``rounds`` rounds with this package's own pairer and random results."""
    rng = random.Random(seed)
    players = [PlayerEntry(i, (i % pods) if pods else None) for i in range(1, count + 1)]
    history: list[MatchRecord] = []
    for r in range(1, rounds + 1):
        plan = pair_swiss_round(players, history, r, seed, settings)
        history.extend(record_round(rng, plan))
        drop_some(rng, players, drop_chance)
    return players, history


def opponents_of(history: Sequence[MatchRecord]) -> dict[int, set[int]]:
    met: dict[int, set[int]] = {}
    for record in history:
        if record.b is not None:
            met.setdefault(record.a, set()).add(record.b)
            met.setdefault(record.b, set()).add(record.a)
    return met


def byes_of(history: Sequence[MatchRecord]) -> dict[int, int]:
    byes: dict[int, int] = {}
    for record in history:
        if record.b is None:
            byes[record.a] = byes.get(record.a, 0) + 1
    return byes


def rematch_free_pairing_exists(
    active: Sequence[int], history: Sequence[MatchRecord], same_pod: dict[int, int | None] | None = None
) -> bool:
    """Exact: is there a pairing with no rematch and a legal bye (to a player with fewest byes)?

    With ``same_pod`` given, tables must also stay inside pods (players without a pod mix freely).
    """
    met = opponents_of(history)
    byes = byes_of(history)
    graph = nx.Graph()
    graph.add_nodes_from(active)
    for i, a in enumerate(active):
        for b in active[i + 1 :]:
            if b in met.get(a, set()):
                continue
            if same_pod is not None and None not in (same_pod[a], same_pod[b]) and same_pod[a] != same_pod[b]:
                continue
            graph.add_edge(a, b)
    if len(active) % 2:
        fewest = min(byes.get(p, 0) for p in active)
        graph.add_node("BYE")
        graph.add_edges_from(("BYE", p) for p in active if byes.get(p, 0) == fewest)
    matching = nx.max_weight_matching(graph, maxcardinality=True)
    return 2 * len(matching) == graph.number_of_nodes()


def check_round_invariants(players: Sequence[PlayerEntry], history: Sequence[MatchRecord], plan: RoundPlan) -> None:
    """Everyone active exactly once, no dropped player, one bye iff odd, no needless repeat bye."""
    active = [p.id for p in players if not p.dropped]
    seated = [p for pairing in plan.pairings for p in (pairing.a, pairing.b) if p is not None]
    assert sorted(seated) == sorted(active)
    assert len(plan.byes) == len(active) % 2
    byes = byes_of(history)
    if plan.bye is not None:
        assert byes.get(plan.bye, 0) == min(byes.get(p, 0) for p in active)
    tables = [p.table for p in plan.pairings]
    assert tables == list(range(1, len(tables) + 1))


def issue_31_pods() -> tuple[list[PodPlayer], list[PastPod]]:
    """Issue 31 §3's case, before its round 4: 15 players in pods of 4 (seed 0), the first three
    rounds seated by ``FAST_ONLY``, places at random; the players with their points and the history.
    (``benchmarks/bench_pod_seating.py`` prints the same round.)"""
    rng = random.Random(0)
    points = dict.fromkeys(range(1, 16), 0)
    history: list[PastPod] = []
    for round_number in range(1, 4):
        players = [PodPlayer(p, pts) for p, pts in points.items()]
        for pod in pair_pod_round(players, history, round_number, 0, FAST_ONLY).pods:
            history.append(PastPod(round_number, pod.players))
            order = list(pod.players)
            rng.shuffle(order)
            for place, player in enumerate(order):
                points[player] += max(0, 3 - place)
    return [PodPlayer(p, pts) for p, pts in points.items()], history
