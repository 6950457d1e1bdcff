"""Golden games replay to the same state hash after every action."""

from __future__ import annotations

import json

import pytest

from gameplay.runemasters import game
from tests.runemasters.golden_games import GAMES, GOLDEN_DIR, replay


@pytest.mark.parametrize("name", [g[0] for g in GAMES])
def test_a_golden_game_replays_to_the_same_hashes(name: str) -> None:
    recorded = json.loads((GOLDEN_DIR / f"{name}.json").read_text())
    assert recorded["version"] == game.version(), "the rules or data changed: record the golden games again"
    assert replay(recorded) == [h for _, h in recorded["steps"]]
    assert len(recorded["steps"]) > 20 and recorded["outcome"] in ("won", "lost")


def test_a_changed_action_changes_the_hashes() -> None:
    recorded = json.loads((GOLDEN_DIR / f"{GAMES[0][0]}.json").read_text())
    first = next(i for i, (text, _) in enumerate(recorded["steps"]) if text != "end")
    recorded["steps"] = recorded["steps"][: first + 1]
    recorded["steps"][first][0] = "end"
    assert replay(recorded)[first] != recorded["steps"][first][1]
