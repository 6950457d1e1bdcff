"""Recorded Runemasters games (golden replays): the action log and the state hash after every action.

Record again, explicitly, after an intended rule or data change (never from a test)::

    .venv/bin/python -m tests.runemasters.golden_games

A rule change that alters recorded games raises the engine's version (``ENGINE_VERSION``) and keeps
the old rules for games of the old version; the recordings of each older version stay, unchanged,
in a folder of their own (``golden/engine-1/``), and must still replay hash for hash.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from gameplay.runemasters import game

GOLDEN_DIR = Path(__file__).parent / "golden"
#: The same games as recorded under engine 1, kept as they were: a game saved then replays unchanged.
ENGINE_1_DIR = GOLDEN_DIR / "engine-1"
GAMES: list[tuple[str, dict[str, Any], int, str]] = [
    (
        "four-guardians-greedy",
        {"guardians": ["neltai", "ismoros", "kulak", "kyreas"], "difficulty": "initiate"},
        31,
        "greedy",
    ),
    ("two-guardians-random", {"guardians": ["kulak", "kyreas"], "difficulty": "novice"}, 32, "random"),
    ("three-guardians-greedy", {"guardians": ["ismoros", "neltai", "kyreas"], "difficulty": "hero"}, 33, "greedy"),
]


def record(name: str, setup: dict[str, Any], seed: int, bot: str) -> dict[str, Any]:
    state = game.new_game(setup, seed)
    steps: list[list[str]] = []
    while (decision := game.pending(state)) is not None:
        action = game.bot_action(state, decision.seat, bot, seed)
        state, text = game.apply(state, action)
        steps.append([text, game.state_hash(state)])
    return {
        "name": name,
        "setup": setup,
        "seed": seed,
        "version": game.version(),
        "steps": steps,
        "outcome": state.outcome,
    }


def replay(recorded: dict[str, Any]) -> list[str]:
    """The hash after each recorded action, replayed through ``apply`` by the rules of the version
    it was recorded under."""
    state = game.new_game(recorded["setup"], recorded["seed"], recorded["version"])
    hashes = []
    for text, _ in recorded["steps"]:
        state, _ = game.apply(state, text)
        hashes.append(game.state_hash(state))
    return hashes


def main() -> None:
    for name, setup, seed, bot in GAMES:
        path = GOLDEN_DIR / f"{name}.json"
        path.write_text(json.dumps(record(name, setup, seed, bot), indent=1) + "\n")
        print(f"recorded {path.name}")


if __name__ == "__main__":
    main()
