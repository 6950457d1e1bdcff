"""Named handlers: the card effects written in Python (`{op: handler, name: ...}` in the card data).

PURE. Decides Time Warp, Echo and Mirror Ward (see docs/rules.md for the rule decisions).
Words: a *record* is a turn-long entry among a player's modifications (``Player.mods``, expired
in the Discard Phase like every ``end_of_turn`` modification):
``["slung_utility", kind, ability, turn, -1]`` is the last utility runespell the player slung this
turn (kept only when the player owns a card that copies it), ``["mirror_ward", 0, "", turn, -1]``
on a player makes the next spirit runespell that player slings this turn target its controller.
A *redirected* rung (``"mw": 1``) resolves with every declared target replaced by its controller.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from gameplay.runeslingers.engine import core
from gameplay.runeslingers.engine.compiled import AIL_INDEX, CAbility, CEffect
from gameplay.runeslingers.engine.effects import NAMED, Events, OpFn, new_ctx, push
from gameplay.runeslingers.engine.legal import declarations, parse_target, valid_bullets
from gameplay.runeslingers.engine.state import NO_TARGET, EffectContext, State, player_target

SLUNG_UTILITY = "slung_utility"
MIRROR_WARD = "mirror_ward"


def handler(name: str) -> Callable[[OpFn], OpFn]:
    def register(fn: OpFn) -> OpFn:
        NAMED[name] = fn
        return fn

    return register


@handler("time_warp")
def time_warp(state: State, ctx: EffectContext, e: CEffect, events: Events) -> bool:
    state.extra = ctx["c"]
    return True


# --- Echo -------------------------------------------------------------------------------------


def on_sling(state: State, p: int, h: int, ability: str) -> bool:
    """Player p slings the runespell h (its `ability`: "play", or "sling" for a defense runespell):
    record it for Echo, and consume the Mirror Wards waiting for it; True when the spell is
    redirected (Mirror Ward)."""
    kind = core.kind_of(state, h)
    pl = state.players[p]
    if kind.ctype == "utility" and not kind.copier and _owns_copier(state, p):  # Echo is never copied
        pl.mods = [m for m in pl.mods if m[0] != SLUNG_UTILITY]
        pl.mods.append([SLUNG_UTILITY, kind.index, ability, state.turn, -1])
    if kind.ctype == "spirit" and pl.mods and any(m[0] == MIRROR_WARD and m[3] == state.turn for m in pl.mods):
        pl.mods = [m for m in pl.mods if m[0] != MIRROR_WARD]
        return True
    return False


def _owns_copier(state: State, p: int) -> bool:
    """p owns an Echo (in any zone): the same all game, so cached with no dependency."""
    key = _COPIER_KEYS[p]
    found: bool | None = state._cache.get(key)
    if found is None:
        kinds = core.Env.compiled.kinds
        found = state._cache[key] = any(v & 1 == p and kinds[v >> 1].copier for v in state.cards.values())
    return found


_COPIER_KEYS = (("copier", 0, 0), ("copier", 0, 1))


def last_utility(state: State, p: int) -> tuple[Any, CAbility] | None:
    """The kind and ability of the last utility runespell p slung this turn, if any."""
    for m in reversed(state.players[p].mods):
        if m[0] == SLUNG_UTILITY and m[3] == state.turn:
            kind = core.Env.compiled.kinds[m[1]]
            ab = kind.ability(m[2])
            return (kind, ab) if ab is not None else None
    return None


@handler("echo")
def echo(state: State, ctx: EffectContext, e: CEffect, events: Events) -> bool:
    """Copy the last utility runespell you slung this turn, declaring new targets and choices for
    the copy (a "copy" decision when there is more than one way); the copy resolves at once as an
    effect of Echo: it is not slung (no answer window, no sling or play triggers, no costs)."""
    p, echo_h = ctx["c"], ctx["s"]
    st = ctx.get("st")
    found = last_utility(state, p)
    if found is None:
        events.append({"e": "copy", "p": p, "kind": None})
        return True
    kind, ab = found
    if st is None:
        decls = declarations(state, p, ab, echo_h)
        if not decls:  # no valid target for the copy: it does nothing
            events.append({"e": "copy", "p": p, "kind": kind.card.id, "fizzled": True})
            return True
        if len(decls) > 1:
            ctx["st"] = {}
            state.decision = {"kind": "copy", "who": p, "copy": [kind.index, ab.when], "source": echo_h}
            return False
        ts, ails, choice = decls[0]
        pick: list[Any] = [list(ts), list(ails), choice]
    else:
        pick = st["pick"]
        del ctx["st"]
    ts, ails, choice = pick
    copy = new_ctx(p, echo_h, kind.ctype, [parse_target(t) for t in ts], [AIL_INDEX[a] for a in ails])
    if choice is not None:
        copy["ch"] = int(choice) - 1
    events.append({"e": "copy", "p": p, "kind": kind.card.id})
    if ab.chooser == "enemy":  # Fate: the enemy picks the bullet of the copy, then p its targets
        key = f"copy:{echo_h}"
        copy["_fate"] = key
        push(state, ab.list_id, copy)
        state.decision = {
            "kind": "fate",
            "who": 1 - p,
            "valid": valid_bullets(state, ab, p, echo_h),
            "ref": ["ctx", key],
            "source": echo_h,
            "controller": p,
            "copy": [kind.index, ab.when],
        }
        return True
    push(state, ab.list_id, copy)
    return True


# --- Mirror Ward ------------------------------------------------------------------------------


@handler("mirror_ward")
def mirror_ward(state: State, ctx: EffectContext, e: CEffect, events: Events) -> bool:
    """The next spirit runespell an enemy slings this turn targets its own controller instead:
    the unresolved enemy spirit runespell nearest below on the ladder (the one it answers), else
    the next one the enemy slings this turn."""
    enemy = 1 - ctx["c"]
    for rung in reversed(state.ladder):
        h = rung["s"]
        if rung["c"] == enemy and h >= 0 and state.controller(h) >= 0 and core.card_type(state, h) == "spirit":
            rung["mw"] = 1
            events.append({"e": "redirected", "card": h})
            return True
    state.players[enemy].mods.append([MIRROR_WARD, 0, "", state.turn, -1])
    return True


def redirect(rung: dict[str, Any]) -> None:
    """A redirected rung about to resolve: every declared target becomes its controller."""
    me = player_target(rung["c"])
    ctx = rung["ctx"]
    ctx["t"] = [t if t == NO_TARGET else me for t in ctx["t"]]
