"""Cards leaving play: destroy, void, bounce, place under; the Distract keyword; leave triggers.

PURE. Decides where a card in play goes and what that sets off. Words: *leave* (the card is
no longer on a field), *under* (a card placed under another is concealed: out of play, kept in
the upper card's entry), *distract* (the concentration under a Distract card is discarded when
the card leaves).
"""

from __future__ import annotations

from typing import Any

from gameplay.runeslingers.engine import core
from gameplay.runeslingers.engine.effects import fire_card
from gameplay.runeslingers.engine.state import F_REF, F_UNDER, F_WHERE, WHERE_CONC, EffectContext, State


def leave_field(state: State, h: int, dest: str, events: list[dict[str, Any]], destroyed: bool = False) -> bool:
    """Move a card in play to its owner's `dest`; False when it was not in play."""
    p = state.controller(h)
    if p < 0:
        return False
    pl = state.players[p]
    entry = pl.field.pop(h)
    kind = core.kind_of(state, h)
    core.vacate(state, p, entry, kind.enters)
    for other in state.players:  # its "while in play" modifications end
        if other.mods:
            other.mods = [m for m in other.mods if m[4] != h]
    if kind.has("distract") and entry[F_WHERE] == WHERE_CONC:
        core.remove_conc(state, p, entry[F_REF], "discard")
    under = list(entry[F_UNDER])
    for u in under:
        core.put(state, u, "discard")
    events.append({"e": "leaves", "card": h, "kind": kind.card.id, "to": dest})
    extra: EffectContext = {"ctl_left": p, "u": under}
    fire_card(state, h, p, "leaves_field", extra)
    if destroyed:
        fire_card(state, h, p, "destroyed", extra)
    if dest == "under":
        return True
    core.put(state, h, dest)
    return True


def take_out(state: State, h: int) -> bool:
    """Remove a card from a public pile (discard or void) so an effect can move it on."""
    for pl in state.players:
        if h in pl.discard:
            pl.discard.remove(h)
            return True
        if h in pl.void:
            pl.own_void().remove(h)
            return True
    return False
