"""Greedy against Random over 200 Eva-vs-Romin starter games (sides alternate); prints the win rate.

Run: .venv/bin/python benchmarks/bench_bots.py [games]
"""

from __future__ import annotations

import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from benchmarks._baseline import compare
from gameplay.runeslingers.engine import apply, new_game, pending
from gameplay.runeslingers.engine.bots import GreedyAgent, RandomAgent


def main(games: int) -> None:
    wins = 0
    started = time.perf_counter()
    for g in range(games):
        state = new_game({"players": [{"starter": "eva-starter"}, {"starter": "romin-starter"}]}, 10_000 + g)
        greedy = g % 2
        agents: dict[int, GreedyAgent | RandomAgent] = {greedy: GreedyAgent(g), 1 - greedy: RandomAgent(g)}
        while (pend := pending(state)) is not None:
            state, _ = apply(state, agents[pend.player].act(state, pend.player))
        wins += state.winner == greedy
    elapsed = time.perf_counter() - started
    print(f"Greedy vs Random: {wins}/{games} wins = {100 * wins / games:.1f}% ({elapsed:.1f} s)")
    compare("bench_bots", {"Greedy's wins against Random (%)": 100 * wins / games, "seconds": elapsed})


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 200)
