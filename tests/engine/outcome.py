"""The whole outcome of a scenario: everything a rule can change about a player, and whose
decision is pending. Tests compare a seat with what it was before plus what the rule changes, so
whatever else changed fails the test too."""

from __future__ import annotations

from typing import Any

from gameplay.runeslingers.engine import State, pending
from gameplay.runeslingers.engine.compiled import AILMENTS
from gameplay.runeslingers.engine.state import C_TOP, C_USED
from tests.engine.helpers import ids


def seat(s: State, p: int) -> dict[str, Any]:
    """Everything a rule can change about one player: health, power, determinations, light, the
    cards in each zone (hand, discard and void by name; the deck by size), the concentrations
    (used, covered) and the ailment areas (type, count, concealed)."""
    pl = s.players[p]
    return {
        "health": pl.health,
        "power": pl.power,
        "det": pl.det,
        "light": pl.light,
        "hand": sorted(ids(s, pl.hand)),
        "deck": len(pl.deck),
        "discard": sorted(ids(s, pl.discard)),
        "void": sorted(ids(s, pl.void)),
        "field": sorted(ids(s, list(pl.field))),
        "concs": [(bool(c[C_USED]), c[C_TOP] >= 0) for c in pl.concs],
        "ailments": sorted((AILMENTS[a[0]], a[1], a[2] >= 0) for a in pl.ail if a[0] >= 0),
    }


def awaiting(s: State) -> tuple[str, int] | None:
    """The decision pending, as (kind, player), or None once the game is over."""
    pend = pending(s)
    return None if pend is None else (pend.kind, pend.player)


def answered(s: State) -> State:
    """Every answer window passed, by whichever player is asked and as often as asked, until the
    ladder has resolved and some other decision (a block, an order, the Play Phase) is pending."""
    from gameplay.runeslingers.engine import apply

    while (pend := pending(s)) is not None and pend.kind == "answer":
        s, _ = apply(s, "pass")
    return s
