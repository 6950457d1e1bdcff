"""Golden replays: recorded games must replay to the same final state hash.

A game is defined by (seed, decks, engine version, card-data version, action log); each replays
under the engine version it was recorded with (games kept from engines 1, 2 and 3 included). When the card
data changes, the recorded games are skipped with a message; record them again explicitly with
``.venv/bin/python -m tests.engine.golden_games`` after checking the change is intended.
"""

from __future__ import annotations

import json

import pytest

from gameplay.runeslingers.engine import ENGINE_VERSION, pending, state_hash
from gameplay.runeslingers.engine.rules import ENGINE_VERSIONS
from tests.engine.golden_games import GOLDEN_DIR, data_version, replay

FILES = sorted(GOLDEN_DIR.glob("*.json"))


def test_there_are_recorded_games() -> None:
    """Games of the current engine, and games kept from engines 1 (their handles and rules), 2
    (its health reset on every power loss, its Classic block, Charge and answers) and 3 (an effect
    on a card that left the field with its rung on the ladder), each named ``NAME.engine-V.json``,
    the current engine's ``NAME.json``."""
    games = {p.name: json.loads(p.read_text()) for p in FILES}
    engines = [g["engine"] for g in games.values()]
    assert engines.count(ENGINE_VERSION) >= 5 and engines.count("3") >= 5 and engines.count("2") >= 5
    assert engines.count("1") >= 3
    for name, game in games.items():
        current = game["engine"] == ENGINE_VERSION
        assert ".engine-" not in name if current else name.endswith(f".engine-{game['engine']}.json"), name
    for engine in (ENGINE_VERSION, "3", "2"):  # Classic (rulebook 000) games
        assert sum(g["setup"].get("rules") == "classic" for g in games.values() if g["engine"] == engine) >= 2


@pytest.mark.parametrize("path", FILES, ids=[p.stem for p in FILES])
def test_a_recorded_game_replays_to_the_same_hash(path) -> None:  # type: ignore[no-untyped-def]
    game = json.loads(path.read_text())
    if game["engine"] not in ENGINE_VERSIONS or game["data_version"] != data_version(game["setup"]):
        pytest.skip(f"{path.name} was recorded with other engine/card data: re-record it")
    state = replay(game)
    assert pending(state) is None
    assert state.winner == game["winner"]
    assert state_hash(state) == game["final_hash"]
    assert state.rules == game["setup"].get("rules", "awakening")
