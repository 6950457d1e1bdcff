"""The state's JSON is canonical, byte for byte: every recorded game's hashes were made from
``json.dumps`` with sorted keys and no spaces, so the faster writer (orjson) must give the same
text for every state, and the same hash."""

from __future__ import annotations

import hashlib
import json
import random
from typing import Any

import pytest

from gameplay.runeslingers.engine import (
    apply,
    from_json,
    json_and_hash,
    legal_actions,
    new_game,
    pending,
    state_hash,
    to_json,
)

SETUPS: dict[str, dict[str, Any]] = {
    "awakening": {"players": [{"starter": "eva-starter"}, {"starter": "romin-starter"}]},
    "classic": {
        "rules": "classic",
        "players": [{"starter": "eva-classic-starter"}, {"starter": "romin-classic-starter"}],
    },
}


def canonical(state: Any) -> str:
    return json.dumps(state.to_dict(), separators=(",", ":"), sort_keys=True)


@pytest.mark.parametrize("rules", sorted(SETUPS))
def test_every_state_of_random_games_is_written_as_json_dumps_writes_it(rules: str) -> None:
    checked = 0
    for seed in range(4):
        rnd = random.Random(seed)
        state = new_game(SETUPS[rules], seed)
        while (decision := pending(state)) is not None:
            state, _ = apply(state, rnd.choice(legal_actions(state, decision.player)))
            text, digest = json_and_hash(state)
            assert text == to_json(state) == canonical(state)
            assert digest == state_hash(state) == hashlib.sha256(canonical(state).encode()).hexdigest()
            checked += 1
    assert checked > 100


def test_a_state_with_text_beyond_ascii_is_escaped_as_before() -> None:
    state = new_game(SETUPS["awakening"], 7)
    state.decision = {"note": "Zoë’s table — 東"}  # no state holds such text today; one could
    text = to_json(state)
    assert text == canonical(state) and text.isascii()
    assert "\\u00eb" in text
    assert from_json(text).decision == state.decision


def test_bad_json_is_refused_as_a_malformed_state() -> None:
    from gameplay.runeslingers.engine import StateFormatError

    with pytest.raises(StateFormatError):
        from_json('{"engine": ')
