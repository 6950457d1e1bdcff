"""Engine speed: actions per second in random playouts on one core, under The Awakening and under
Classic (rulebook 000) side by side, and to_json + from_json time of a mid-game state. Prints
figures; asserts nothing.

Run: .venv/bin/python benchmarks/bench_engine.py [games]
"""

from __future__ import annotations

import random
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from benchmarks._baseline import compare
from gameplay.runeslingers.engine import apply, from_json, legal_actions, new_game, pending, to_json
from gameplay.runeslingers.engine.compiled import default_compiled

SETUP: dict[str, Any] = {"players": [{"starter": "eva-starter"}, {"starter": "romin-starter"}]}
CLASSIC_SETUP: dict[str, Any] = {
    "rules": "classic",
    "players": [{"starter": "eva-classic-starter"}, {"starter": "romin-classic-starter"}],
}


def playouts(games: int, setup: dict[str, Any] = SETUP, label: str = "Awakening") -> float:
    actions = 0
    apply_time = 0.0
    started = time.process_time()
    for seed in range(games):
        rnd = random.Random(seed)
        state = new_game(setup, seed)
        while (pend := pending(state)) is not None:
            action = rnd.choice(legal_actions(state, pend.player))
            t0 = time.process_time()
            state, _ = apply(state, action)
            apply_time += time.process_time() - t0
            actions += 1
    total = time.process_time() - started
    print(f"{label} random playouts: {games} games, {actions} actions, {actions / games:.0f} actions/game")
    print(f"  with legal_actions + apply: {actions / total:,.0f} actions/s (CPU time, one core)")
    print(f"  apply alone:                {actions / apply_time:,.0f} actions/s")
    return actions / total


def mid_game_state() -> object:
    rnd = random.Random(7)
    state = new_game(SETUP, 7)
    for _ in range(100):
        pend = pending(state)
        if pend is None:
            break
        state, _ = apply(state, rnd.choice(legal_actions(state, pend.player)))
    return state


def serialisation(rounds: int = 2000) -> float:
    state = mid_game_state()
    text = to_json(state)  # type: ignore[arg-type]
    started = time.process_time()
    for _ in range(rounds):
        from_json(to_json(state))  # type: ignore[arg-type]
    per = (time.process_time() - started) / rounds * 1000
    print(f"to_json + from_json of a mid-game state ({len(text)} bytes): {per:.3f} ms")
    return per


if __name__ == "__main__":
    default_compiled()
    games = int(sys.argv[1]) if len(sys.argv) > 1 else 200
    compare("bench_engine", {
        "Awakening actions/s (legal_actions + apply)": playouts(games),
        "Classic actions/s (legal_actions + apply)": playouts(games, CLASSIC_SETUP, "Classic"),
        "to_json + from_json (ms)": serialisation(),
    })  # fmt: skip
