"""Invariants every reachable state keeps; the playout and property tests call `check_invariants`."""

from __future__ import annotations

import json
import re
from collections import Counter
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

from gameplay.runeslingers.engine import State, core, from_json, legal_actions, to_json, view
from gameplay.runeslingers.engine.rules import ENGINE_3, since
from gameplay.runeslingers.engine.state import F_UNDER

HANDLE = re.compile(r'"c(\d+)"')


def zones(state: State) -> list[int]:
    out: list[int] = []
    for pl in state.players:
        out += pl.hand + pl.deck + pl.discard + pl.void + [c[0] for c in pl.concs] + list(pl.field)
        for entry in pl.field.values():
            out += entry[F_UNDER]
    return out


def check_invariants(state: State, total: int, round_trip: bool = True) -> None:
    found = zones(state)
    assert len(found) == len(set(found)) == total, "a card is in two zones or lost"
    assert set(found) == set(state.cards), "zones and the card table disagree"
    for pl in state.players:
        assert pl.health >= 0 and pl.power >= 0 and pl.det >= 0 and pl.light >= 0 and pl.barrier >= 0
        assert all(a[1] >= 0 for a in pl.ail) and all(e[4] >= 0 and e[5] >= 0 for e in pl.field.values())
        assert len(pl.concs) <= state.ruleset.max_concentrations
    if round_trip:
        text = to_json(state)
        fresh = from_json(text)
        assert to_json(fresh) == text
        for p in (0, 1):  # the state's cached derived values agree with ones computed afresh
            assert legal_actions(state, p) == legal_actions(fresh, p)
    for viewer in (0, 1):
        check_view(state, viewer)


def check_view(state: State, viewer: int) -> None:
    seen = view(state, viewer)
    text = json.dumps(seen)
    other = state.players[1 - viewer]
    hidden = set(other.hand) | set(state.players[0].deck) | set(state.players[1].deck)
    leaked = {int(m) for m in HANDLE.findall(text)} & hidden
    assert not leaked, f"view of p{viewer + 1} shows hidden cards {leaked}"
    theirs = seen["players"][1 - viewer]
    assert isinstance(theirs["hand"], int) and isinstance(theirs["deck"], int)
    assert all("id" not in c for c in theirs["concentrations"])


@contextmanager
def watch_power_losses() -> Iterator[Counter[str]]:
    """Check every power loss made inside the block (`core.lose_power`, which every power loss goes
    through): the health is reset to its maximum when it had reached 0, and left as it was
    otherwise (an empty deck, the Ailment Phase: 001 p.4 "Power Loss Conditions", 000 "No
    Health"); games of engines before 3 reset it on every power loss. Yields the counts of the
    losses seen, by ``"reset"`` / ``"kept"`` (engine 3) and ``"reset before 3"``."""
    seen: Counter[str] = Counter()
    lose_power = core.lose_power

    def checked(state: State, p: int, events: list[dict[str, Any]], health_reached_0: bool = False) -> None:
        pl = state.players[p]
        before = pl.health
        assert health_reached_0 == (before == 0), f"power lost at {before} health: health_reached_0={health_reached_0}"
        lose_power(state, p, events, health_reached_0)
        if state.over:
            return
        if not since(state.engine, ENGINE_3):
            assert pl.health == max(0, core.max_health(state, p)), "engine 2 resets the health on every power loss"
            seen["reset before 3"] += 1
        elif before == 0:
            assert pl.health == max(0, core.max_health(state, p)), "health reaching 0 resets it"
            seen["reset"] += 1
        else:
            assert pl.health == before, f"a power lost at {before} health changed it to {pl.health}"
            seen["kept"] += 1

    core.lose_power = checked
    try:
        yield seen
    finally:
        core.lose_power = lose_power
