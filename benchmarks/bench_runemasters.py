"""Runemasters engine speed and bot strength: actions per second in random games on one core, and
the greedy bot's win rate at Initiate against a random guardian's, for 2, 3 and 4 guardians.
Prints figures; asserts nothing.

Run: .venv/bin/python benchmarks/bench_runemasters.py [games]
"""

from __future__ import annotations

import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from benchmarks._baseline import compare
from gameplay.runemasters import game

TEAMS = {2: ["neltai", "kulak"], 3: ["neltai", "ismoros", "kulak"], 4: ["neltai", "ismoros", "kulak", "kyreas"]}


def play(guardians: list[str], bot: str, seed: int) -> tuple[str | None, int]:
    state = game.new_game({"guardians": guardians, "difficulty": "initiate"}, seed)
    actions = 0
    while (decision := game.pending(state)) is not None:
        state, _ = game.apply(state, game.bot_action(state, decision.seat, bot, seed))
        actions += 1
    return game.outcome(state), actions


def speed(games: int) -> float:
    actions = 0
    started = time.process_time()
    for seed in range(games):
        actions += play(TEAMS[4], "random", seed)[1]
    total = time.process_time() - started
    print(f"random games (4 guardians): {games} games, {actions / games:.0f} actions/game")
    print(f"  bot_action + apply: {actions / total:,.0f} actions/s (CPU time, one core)")
    return actions / total


def win_rates(games: int) -> dict[str, float]:
    greedy: dict[str, float] = {}
    for count, team in TEAMS.items():
        rates = []
        for bot in ("greedy", "random"):
            wins = sum(play(team, bot, seed)[0] == "won" for seed in range(games))
            rates.append(f"{bot} {wins}/{games} ({100 * wins / games:.0f}%)")
            if bot == "greedy":
                greedy[f"Initiate, {count} guardians: greedy wins (%)"] = 100 * wins / games
        print(f"Initiate, {count} guardians: " + ", ".join(rates))
    return greedy


if __name__ == "__main__":
    games = int(sys.argv[1]) if len(sys.argv) > 1 else 100
    rate = speed(games)
    compare("bench_runemasters", {"actions/s (bot_action + apply)": rate, **win_rates(games)})
