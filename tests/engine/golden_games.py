"""Recorded games (golden replays): play, record and replay them.

Record again, explicitly, after an intended rule or card-data change (never from a test)::

    .venv/bin/python -m tests.engine.golden_games

Each file holds the setup, seed, engine and card-data versions, the action log (text notation)
and the final state hash; `replay` plays the log through `apply` under the recorded engine
version and returns the final state. Recording writes ``NAME.json`` at the current engine
version; games kept from an older version are named ``NAME.engine-V.json`` and still replay (when
the engine version changes, rename the ``NAME.json`` files to ``NAME.engine-V.json`` of the
version they were recorded under before recording again).
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from gameplay.runeslingers.engine import ENGINE_VERSION, State, apply, new_game, pending, state_hash
from gameplay.runeslingers.engine.bots import GreedyAgent, RandomAgent
from gameplay.runeslingers.engine.compiled import default_compiled
from gameplay.runeslingers.engine.rules import RULE_SETS

GOLDEN_DIR = Path(__file__).parent / "golden"
GAMES = [
    ("eva-vs-romin-greedy", "eva-starter", "romin-starter", 11),
    ("romin-vs-brannoc-random", "romin-starter", "brannoc-starter", 12),
    ("vesna-vs-eva-mixed", "vesna-starter", "eva-starter", 13),
]
# Classic (rulebook 000) games: their setup names the rule set (an Awakening setup names none).
CLASSIC_GAMES = [
    ("classic-eva-vs-romin-greedy", "eva-classic-starter", "romin-classic-starter", 21),
    ("classic-brannoc-vs-vesna-random", "brannoc-classic-starter", "vesna-classic-starter", 22),
    ("classic-eva-vs-brannoc-greedy", "eva-classic-starter", "brannoc-classic-starter", 24),  # engine 3 on: Charge
]


def data_version(setup: dict[str, Any]) -> str:
    """The card-data version a game of this setup records (Classic games: both editions')."""
    return default_compiled().version_for(RULE_SETS[setup.get("rules", "awakening")].edition)


def record(name: str, first: str, second: str, seed: int, rules: str = "awakening") -> dict[str, Any]:
    setup: dict[str, Any] = {"players": [{"starter": first}, {"starter": second}]}
    if rules != "awakening":
        setup = {"rules": rules, **setup}
    state = new_game(setup, seed)
    agents: dict[int, GreedyAgent | RandomAgent] = (
        {0: GreedyAgent(seed), 1: RandomAgent(seed)}
        if "random" not in name
        else {0: RandomAgent(seed), 1: RandomAgent(seed + 1)}
    )
    log: list[str] = []
    while (pend := pending(state)) is not None:
        action = agents[pend.player].act(state, pend.player)
        log.append(action.to_text())
        state, _ = apply(state, action)
    return {
        "name": name,
        "setup": setup,
        "seed": seed,
        "engine": ENGINE_VERSION,
        "data_version": data_version(setup),
        "actions": log,
        "turns": state.turn,
        "winner": state.winner,
        "final_hash": state_hash(state),
    }


def replay(game: dict[str, Any]) -> State:
    """The recorded game played again under the engine version it was recorded with."""
    state = new_game(game["setup"], game["seed"], engine=game["engine"])
    for text in game["actions"]:
        state, _ = apply(state, text)
    return state


def main() -> None:
    GOLDEN_DIR.mkdir(exist_ok=True)
    games = [(*g, "awakening") for g in GAMES] + [(*g, "classic") for g in CLASSIC_GAMES]
    for name, first, second, seed, rules in games:
        game = record(name, first, second, seed, rules)
        (GOLDEN_DIR / f"{name}.json").write_text(json.dumps(game, indent=1) + "\n")
        print(f"{name}: {len(game['actions'])} actions, {game['turns']} turns, hash {game['final_hash'][:12]}")


if __name__ == "__main__":
    main()
