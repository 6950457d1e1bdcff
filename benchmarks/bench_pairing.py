"""Print how fast the pure pairing package is. Run: python benchmarks/bench_pairing.py

Builds a 4,096-player Swiss with this package's own pairer (random results, some draws,
a few drops), then times pairing round 9 (and the exact fallback alone on that round, which
only runs when the fast pass misses the floor) and the standings after 12 rounds. Also prints
per-round pairing times for 64 and 1,000 players. Prints figures only; asserts nothing.
"""

from __future__ import annotations

import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from benchmarks._baseline import compare
from tournaments.pairing import (
    MatchRecord,
    PlayerEntry,
    RoundPlan,
    compute_standings,
    pair_swiss_round,
)
from tournaments.pairing.matching import solve_split
from tournaments.pairing.objective import build_swiss_problem

SEED = 2024


def result(rng: random.Random, round_number: int, a: int, b: int) -> MatchRecord:
    roll = rng.random()
    if roll < 0.06:
        return MatchRecord(round_number, a, b, 1, 1, rng.choice((0, 1)))
    loser = rng.choice((0, 1))
    return MatchRecord(round_number, a, b, 2, loser) if roll < 0.53 else MatchRecord(round_number, a, b, loser, 2)


def play(rng: random.Random, plan: RoundPlan) -> list[MatchRecord]:
    records = [result(rng, plan.round, a, b) for a, b in plan.matches]
    records.extend(MatchRecord.bye(plan.round, p) for p in plan.byes)
    return records


def drop(rng: random.Random, players: list[PlayerEntry], how_many: int) -> None:
    for i in rng.sample(range(len(players)), how_many):
        players[i] = PlayerEntry(players[i].id, players[i].pod, True)


def event(count: int, rounds: int, drops_per_round: int) -> tuple[list[PlayerEntry], list[MatchRecord], list[float]]:
    rng = random.Random(SEED + count)
    players = [PlayerEntry(i) for i in range(1, count + 1)]
    history: list[MatchRecord] = []
    timings = []
    for r in range(1, rounds + 1):
        started = time.perf_counter()
        plan = pair_swiss_round(players, history, r, SEED)
        timings.append(time.perf_counter() - started)
        history.extend(play(rng, plan))
        drop(rng, players, drops_per_round)
    return players, history, timings


def timed(runs: int, action: object) -> tuple[float, float]:
    assert callable(action)
    samples = []
    for _ in range(runs):
        started = time.perf_counter()
        action()
        samples.append(time.perf_counter() - started)
    return min(samples), statistics.median(samples)


def main() -> None:
    print("Building a 4,096-player history of 8 rounds ...")
    players, history, _ = event(4096, 8, drops_per_round=5)
    active = sum(not p.dropped for p in players)
    best, median = timed(5, lambda: pair_swiss_round(players, history, 9, SEED))
    print(f"Pair round 9 of 4,096 players ({active} active): best {best * 1000:.0f} ms, median {median * 1000:.0f} ms")
    figures = {"Swiss round 9 of 4,096, best (ms)": best * 1000}
    problem = build_swiss_problem(players, history, 9, SEED)
    best, median = timed(3, lambda: solve_split(problem, list(problem.ranked)))
    print(f"  exact fallback alone (split banded matching): best {best * 1000:.0f} ms, median {median * 1000:.0f} ms")
    figures["exact fallback alone, best (ms)"] = best * 1000

    players12, history12, _ = event(4096, 12, drops_per_round=5)
    best, median = timed(5, lambda: compute_standings(players12, history12, seed=SEED))
    print(
        f"Standings, 4,096 players x 12 rounds ({len(history12)} results): "
        f"best {best * 1000:.0f} ms, median {median * 1000:.0f} ms"
    )
    figures["standings 4,096 x 12 rounds, best (ms)"] = best * 1000

    for count, rounds in ((64, 6), (1000, 10)):
        _, _, timings = event(count, rounds, drops_per_round=1)
        rounds_ms = ", ".join(f"r{i} {t * 1000:.1f}" for i, t in enumerate(timings, 1))
        print(f"Per-round pairing, {count} players (ms): {rounds_ms}")
    compare("bench_pairing", figures)


if __name__ == "__main__":
    main()
