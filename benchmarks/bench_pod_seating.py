"""Print how well and how fast the CP-SAT pod seating seats events of 13 to 64 players.
Run: python benchmarks/bench_pod_seating.py [--quick]

Plays seeded pod events (pods of 4, random places, SEEDS seeds each, ROUNDS rounds) at each
size in SIZES, seated by the CP-SAT seating (``pod_exact``); each round is also seated by the
method before it (the fast seating, the bounded search and the repairs: ``solver_limit=0``) on
the same history. Prints per size: rounds seated, rounds proven optimal in repeats, the repeats
of each method summed, and the slowest round of each. Then issue 31's own round (15 players,
round 4). Prints figures only; asserts nothing. The target is 1 s a round.
"""

from __future__ import annotations

import os
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from benchmarks._baseline import compare
from tournaments.pairing import PastPod, PodCost, PodPlayer, PodSettings, pair_pod_round, pod_sizes, seating_cost
from tournaments.pairing import pod_seating as seating

SIZES = (13, 14, 15, 16, 18, 20, 24, 28, 32, 40, 48, 56, 64)
SEEDS = (1, 2, 3)
ROUNDS = 5
NEW = PodSettings()
OLD = PodSettings(solver_limit=0)


def seat(
    players: list[PodPlayer], history: list[PastPod], round_number: int, seed: int, settings: PodSettings
) -> tuple[list[list[int]], bool, PodCost, float]:
    """The round's pods, whether the repeats are proven fewest, its cost and its time."""
    started = time.perf_counter()
    problem = seating._problem(players, history, round_number, random.Random(f"fett-pods:{seed}:{round_number}"))
    pods, proven = seating._seat(problem, pod_sizes(len(problem.ranked), settings), settings)
    elapsed = time.perf_counter() - started
    return pods, proven, problem.cost(pods), elapsed


def main() -> None:
    quick = "--quick" in sys.argv
    sizes = SIZES[::4] if quick else SIZES
    print(f"load average before: {os.getloadavg()[0]:.1f} (1 min) on {os.cpu_count()} cores")
    print(
        "players  rounds  proven  repeats (cp-sat / before)  spread (cp-sat / before)  slowest round (cp-sat / before)"
    )
    slowest_all, unproven_all = 0.0, 0
    for count in sizes:
        rounds = proven_rounds = 0
        repeats, spread, slowest = [0, 0], [0, 0], [0.0, 0.0]
        for seed in SEEDS:
            rng = random.Random(seed * 1000 + count)
            points = dict.fromkeys(range(1, count + 1), 0)
            history: list[PastPod] = []
            for round_number in range(1, ROUNDS + 1):
                players = [PodPlayer(p, pts) for p, pts in points.items()]
                pods, proven, cost, elapsed = seat(players, history, round_number, seed, NEW)
                _, _, old_cost, old_elapsed = seat(players, history, round_number, seed, OLD)
                rounds += 1
                proven_rounds += proven
                repeats = [repeats[0] + cost.repeats, repeats[1] + old_cost.repeats]
                spread = [spread[0] + cost.spread, spread[1] + old_cost.spread]
                slowest = [max(slowest[0], elapsed), max(slowest[1], old_elapsed)]
                for pod in pods:
                    history.append(PastPod(round_number, tuple(pod)))
                    order = list(pod)
                    rng.shuffle(order)
                    for place, player in enumerate(order):
                        points[player] += max(0, 3 - place)
        slowest_all = max(slowest_all, slowest[0])
        unproven_all += rounds - proven_rounds
        print(
            f"{count:>7}  {rounds:>6}  {proven_rounds:>6}  {repeats[0]:>13} / {repeats[1]:<9}"
            f"  {spread[0]:>12} / {spread[1]:<9}  {slowest[0]:>14.2f} s / {slowest[1]:.2f} s",
            flush=True,
        )
    print(f"load average after: {os.getloadavg()[0]:.1f} (1 min)")
    before, after = issue_round()
    print(f"Issue 31's round (15 players, pods of 4, round 4, seed 0): {before} repeats before, {after} now")
    compare(
        "bench_pod_seating",
        {"slowest CP-SAT round, 13-64 players (s)": slowest_all, "rounds not proven": float(unproven_all)},
    )


def issue_round() -> tuple[int, int]:
    """Issue 31's case (the round ``tests/pairing/test_pods.py`` checks): its repeats seated as
    before and now."""
    from tests.pairing.support import FAST_ONLY, issue_31_pods

    players, history = issue_31_pods()
    before = seating_cost(players, history, pair_pod_round(players, history, 4, 0, FAST_ONLY)).repeats
    return before, seating_cost(players, history, pair_pod_round(players, history, 4, 0)).repeats


if __name__ == "__main__":
    main()
