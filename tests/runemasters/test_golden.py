"""Golden games replay to the same state hash after every action."""

from __future__ import annotations

import json

import pytest

from gameplay.runemasters import game
from tests.runemasters.golden_games import ENGINE_1_DIR, GAMES, GOLDEN_DIR, replay


@pytest.mark.parametrize("name", [g[0] for g in GAMES])
def test_a_golden_game_replays_to_the_same_hashes(name: str) -> None:
    recorded = json.loads((GOLDEN_DIR / f"{name}.json").read_text())
    assert recorded["version"] == game.version(), "the rules or data changed: record the golden games again"
    assert replay(recorded) == [h for _, h in recorded["steps"]]
    assert len(recorded["steps"]) > 20 and recorded["outcome"] in ("won", "lost")


@pytest.mark.parametrize("name", [g[0] for g in GAMES])
def test_a_game_recorded_under_engine_1_replays_unchanged(name: str) -> None:
    """Engine 2 names what lost a game in its end; a game saved under engine 1 keeps engine 1's words,
    so every hash it recorded, the last one included, comes out the same."""
    recorded = json.loads((ENGINE_1_DIR / f"{name}.json").read_text())
    assert recorded["version"].startswith("1+")
    assert replay(recorded) == [h for _, h in recorded["steps"]]


def test_engine_2_ends_a_lost_game_with_its_cause_and_engine_1_without() -> None:
    """The two lost recordings, played by the rules of each version: the same game (outcome, turns,
    health), but only engine 2's reason says what lost it."""
    for name in ("two-guardians-random", "three-guardians-greedy"):
        recorded = json.loads((ENGINE_1_DIR / f"{name}.json").read_text())
        ends = {}
        for version in ("1", "2"):
            state = game.new_game(recorded["setup"], recorded["seed"], version)
            for text, _ in recorded["steps"]:
                state, _ = game.apply(state, text)
            ends[version] = state
        old, new = ends["1"], ends["2"]
        assert old.outcome == new.outcome == "lost" and old.guardians == new.guardians, name
        assert old.reason in ("The temple collapsed", "The last guardian fell"), name
        assert new.reason.startswith(old.reason + ": ") and len(new.reason) > len(old.reason) + 10, name


def test_a_changed_action_changes_the_hashes() -> None:
    recorded = json.loads((GOLDEN_DIR / f"{GAMES[0][0]}.json").read_text())
    first = next(i for i, (text, _) in enumerate(recorded["steps"]) if text != "end")
    recorded["steps"] = recorded["steps"][: first + 1]
    recorded["steps"][first][0] = "end"
    assert replay(recorded)[first] != recorded["steps"][first][1]
