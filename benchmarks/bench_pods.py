"""Print how fast pod pairing and pod standings are. Run: python benchmarks/bench_pods.py

Plays a 1,024-player pod event (pods of 4, random placements with a few ties, 3 drops a
round from round 3) with this package's own pod pairer and standings, and prints each round's
pairing time and repeats; then times pairing round 9 over the 8 rounds of history, and the
standings after 8 rounds. Also prints per-round times for 12 players (searched exhaustively).
Prints figures only; asserts nothing. The target is 1 s a round for 1,024 players.
"""

from __future__ import annotations

import random
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from benchmarks._baseline import compare
from tournaments.pairing import (
    PlayerEntry,
    PodPlan,
    PodResult,
    compute_pod_standings,
    pair_pod_round,
    players_for_pairing,
    seating_cost,
)

SEED = 2024


def placements(rng: random.Random, plan: PodPlan) -> list[PodResult]:
    """Random places; one pod in ten has a tie for 1st."""
    results = []
    for pod in plan.pods:
        order = list(pod.players)
        rng.shuffle(order)
        places = list(range(1, len(order) + 1))
        if rng.random() < 0.1:
            places[1] = 1
        results.append(PodResult.of(plan.round, dict(zip(order, places, strict=True))))
    return results


def event(count: int, rounds: int, drops: int) -> tuple[list[PlayerEntry], list[PodResult], list[str]]:
    rng = random.Random(SEED + count)
    entries = [PlayerEntry(i) for i in range(1, count + 1)]
    results: list[PodResult] = []
    lines = []
    for round_number in range(1, rounds + 1):
        players = players_for_pairing(compute_pod_standings(entries, results, seed=SEED))
        started = time.perf_counter()
        plan = pair_pod_round(players, results, round_number, SEED)
        elapsed = time.perf_counter() - started
        repeats = seating_cost(players, results, plan).repeats
        lines.append(f"r{round_number} {elapsed * 1000:.1f} ms ({len(plan.pods)} pods, {repeats} repeats)")
        results.extend(placements(rng, plan))
        if round_number >= 3:
            for i in rng.sample([i for i, e in enumerate(entries) if not e.dropped], drops):
                entries[i] = PlayerEntry(entries[i].id, dropped=True)
    return entries, results, lines


def timed(runs: int, action: Callable[[], object]) -> tuple[float, float]:
    samples = []
    for _ in range(runs):
        started = time.perf_counter()
        action()
        samples.append(time.perf_counter() - started)
    return min(samples), statistics.median(samples)


def main() -> None:
    print("Playing a 1,024-player pod event, pods of 4, 8 rounds ...")
    entries, results, lines = event(1024, 8, drops=3)
    print("Per-round pairing, 1,024 players: " + "; ".join(lines))
    players = players_for_pairing(compute_pod_standings(entries, results, seed=SEED))
    active = sum(not p.dropped for p in players)
    best, median = timed(5, lambda: pair_pod_round(players, results, 9, SEED))
    figures = f"best {best * 1000:.0f} ms, median {median * 1000:.0f} ms"
    print(f"Pair round 9 ({active} active, 8 rounds of history): {figures}")
    baseline = {"pod round 9 of 1,024, best (ms)": best * 1000}
    best, median = timed(5, lambda: compute_pod_standings(entries, results, seed=SEED))
    print(
        f"Standings, 1,024 players x 8 rounds ({len(results)} pods): "
        f"best {best * 1000:.0f} ms, median {median * 1000:.0f} ms"
    )
    baseline["pod standings 1,024 x 8 rounds, best (ms)"] = best * 1000
    _, _, lines = event(12, 5, drops=0)
    print("Per-round pairing, 12 players (exhaustive search): " + "; ".join(lines))
    compare("bench_pods", baseline)


if __name__ == "__main__":
    main()
