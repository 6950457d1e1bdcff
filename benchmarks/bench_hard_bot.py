"""Hard (search) against Normal (greedy) over seeded Eva-vs-Romin starter games, seats alternated.

Prints Hard's win rate with a 95% Wilson interval and Hard's process CPU time per decision it
searched (forced moves, which cost nothing, are counted apart): p50, p95 and max.

Run: .venv/bin/python benchmarks/bench_hard_bot.py [--games N] [--workers W]
`make bench` runs a small default (HARD_GAMES=40); the issue's size is
`make bench HARD_GAMES=200` (or `--games 200` here). Games are spread over W processes (default 2).
"""

from __future__ import annotations

import argparse
import math
import multiprocessing
import os
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from benchmarks._baseline import compare
from gameplay.runeslingers.engine import apply, new_game, pending
from gameplay.runeslingers.engine.bots import GreedyAgent
from gameplay.runeslingers.engine.search import SearchAgent

DECKS = [{"starter": "eva-starter"}, {"starter": "romin-starter"}]
MAX_DECISIONS = 2000  # a game longer than this is scored a draw (never seen)


def play(game: int) -> tuple[float, list[float], int, int]:
    """One game: Hard's score (1 win, 0.5 draw, 0 loss), its CPU seconds per searched decision,
    its forced moves and the game's number."""
    state = new_game({"players": DECKS}, 20_000 + game)
    hard_seat = game % 2
    hard = SearchAgent(
        seed=game,
        iterations=int(os.environ.get("HARD_ITER", "144")),
        horizon=int(os.environ.get("HARD_HORIZON", "1")),
        cpu_seconds=float(os.environ.get("HARD_CPU", "0.8")),
        width=int(os.environ.get("HARD_WIDTH", "4")),
    )
    normal = GreedyAgent(seed=game)
    cpu: list[float] = []
    forced = 0
    for _ in range(MAX_DECISIONS):
        pend = pending(state)
        if pend is None:
            break
        if pend.player == hard_seat:
            started = time.process_time()
            action = hard.act(state, pend.player)
            if hard.last_iterations:
                cpu.append(time.process_time() - started)
            else:
                forced += 1
        else:
            action = normal.act(state, pend.player)
        state, _ = apply(state, action)
    if state.winner is None or state.winner < 0:
        return 0.5, cpu, forced, game
    return float(state.winner == hard_seat), cpu, forced, game


def wilson(wins: float, n: int, z: float = 1.96) -> tuple[float, float]:
    if n == 0:
        return 0.0, 0.0
    p = wins / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return max(0.0, centre - half), min(1.0, centre + half)


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))] if ordered else 0.0


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=40)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--progress", action="store_true", help="print each game's result as it ends")
    args = parser.parse_args()
    started = time.perf_counter()
    results = []
    with multiprocessing.Pool(args.workers) as pool:
        for result in pool.imap_unordered(play, range(args.games), chunksize=1):
            results.append(result)
            if args.progress:
                times = ", ".join(f"{c:.3f}" for c in result[1])
                print(f"game {result[3]}: Hard scored {result[0]:g}; cpu [{times}]; forced {result[2]}", flush=True)
    elapsed = time.perf_counter() - started
    score = sum(r[0] for r in results)
    cpu = [c for r in results for c in r[1]]
    forced = sum(r[2] for r in results)
    low, high = wilson(score, args.games)
    print(
        f"Hard vs Normal: {score:g}/{args.games} = {100 * score / args.games:.1f}% "
        f"(95% interval {100 * low:.1f}-{100 * high:.1f}%), {elapsed:.0f} s wall on {args.workers} processes"
    )
    print(
        f"Hard CPU per searched decision ({len(cpu)} decisions, {forced} forced moves not searched): "
        f"p50 {1000 * percentile(cpu, 0.5):.0f} ms, p95 {1000 * percentile(cpu, 0.95):.0f} ms, "
        f"max {1000 * max(cpu, default=0.0):.0f} ms"
    )
    compare("bench_hard_bot", {
        "Hard's score against Normal (%)": 100 * score / args.games,
        "CPU per searched decision p95 (ms)": 1000 * percentile(cpu, 0.95),
    })  # fmt: skip


if __name__ == "__main__":
    main()
