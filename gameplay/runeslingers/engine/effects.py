"""Resolving effects: the effect stack, targets, triggers, damage, and every op of the vocabulary.

PURE. Decides how one compiled effect changes the state. Words: a *frame* ``[list_id, index,
ctx]`` is a list of effects being resolved; *ctx* holds the controller ``c``, the source ``s``
(a handle or -1), its card type ``ty``, declared targets ``t`` and ailments ``a``, the previous
target ``pv``, the player last hit ``hit``, the event player ``ep`` / card ``ec``, a Choice/Fate
pick ``ch`` and the stage ``st`` of an op that waits (a block decision, a choice of discards).
An op returns True when it is done; False means "call me again" (a decision or pushed frames
come first). Triggered abilities are pushed as frames: they resolve at once, not on the ladder.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from gameplay.runeslingers.cards.model import Condition
from gameplay.runeslingers.engine import core
from gameplay.runeslingers.engine.compiled import AIL_INDEX, AILMENTS, CAbility, CEffect
from gameplay.runeslingers.engine.core import bound_compiled, kind_of
from gameplay.runeslingers.engine.rules import ENGINE_4, LEGACY_ENGINE, since
from gameplay.runeslingers.engine.state import F_UNDER, NO_TARGET, EffectContext, State, player_target, target_player
from gameplay.runeslingers.engine.targets import valid_targets

Events = list[dict[str, Any]]


def new_ctx(
    c: int, s: int = -1, ty: str = "", targets: list[int] | None = None, ailments: list[int] | None = None
) -> EffectContext:
    return {"c": c, "s": s, "ty": ty, "t": targets or [], "a": ailments or [], "pv": None, "hit": -1}


def push(state: State, list_id: int, ctx: EffectContext) -> None:
    state.stack.append([list_id, 0, ctx])


def push_ability(state: State, ab: CAbility, ctx: EffectContext) -> None:
    """Push an ability's effects when its condition (``if``) holds now."""
    if ab.condition is None or check(state, ctx, ab.condition):
        push(state, ab.list_id, ctx)


# --- triggers --------------------------------------------------------------------------------


def collect(state: State, p: int, when: str, ctype: str | None = None) -> list[tuple[CAbility, int, str]]:
    """p's abilities that trigger on `when`: (ability, source handle, source card type)."""
    found = _triggers(state, p).get(when)
    if not found:
        return []
    return [
        (ab, h, ty)
        for ab, h, ty in found
        if _fits(ab, when, ctype) and (ab.condition is None or h < 0 or core.check_static(state, h, p, ab.condition))
    ]


def _triggers(state: State, p: int) -> dict[str, list[tuple[CAbility, int, str]]]:
    key = _T_KEYS[p]
    table: dict[str, list[tuple[CAbility, int, str]]] | None = state._cache.get(key)
    if table is None:
        table = state._cache[key] = _candidates(state, p)
    return table


_T_KEYS = (("T", core.TRIGGER_DEPS, 0), ("T", core.TRIGGER_DEPS, 1))


def _candidates(state: State, p: int) -> dict[str, list[tuple[CAbility, int, str]]]:
    """Every triggered ability p has, by trigger: equips, then exposed ailments, then the field
    (a card's own triggers, `NOT_FIRED`, are left out: `fire_card` reads them from the card)."""
    t = bound_compiled()
    pl = state.players[p]
    out: dict[str, list[tuple[CAbility, int, str]]] = {}
    for eid in pl.equips:
        for when, abs_ in t.equip_when[eid].items():
            out.setdefault(when, []).extend((ab, -1, "") for ab in abs_)
    for a in pl.ail:
        if a[0] >= 0 and a[2] < 0:
            for level in (1, 2) if a[1] >= state.ruleset.level_two_threshold else (1,):
                for when, abs_ in t.ailment_when[(a[0], level)].items():
                    out.setdefault(when, []).extend((ab, -1, "") for ab in abs_)
    kinds = t.kinds
    cards = state.cards
    for h in pl.field:
        kind = kinds[cards[h] >> 1]
        for when, fired in kind.fired:
            out.setdefault(when, []).extend((ab, h, kind.ctype) for ab in fired)
    return out


def _fits(ab: CAbility, when: str, ctype: str | None) -> bool:
    return ab.when == when and (
        ab.card_types is None or ctype is None or ctype in ab.card_types or "any" in ab.card_types
    )


def fire(
    state: State, pairs: list[tuple[int, str]], ctype: str | None = None, extra: EffectContext | None = None
) -> None:
    """Push the triggered abilities of (player, trigger) pairs: the active player's resolve first,
    each player's in the order that player chooses (an "order" decision when they differ)."""
    for p, when in pairs:
        if when in _triggers(state, p):
            break
    else:
        return  # nothing triggers
    groups: list[tuple[int, list[list[Any]]]] = []
    active = state.active
    if len(pairs) > 1:  # the active player's first, keeping the given order otherwise
        pairs = [pw for pw in pairs if pw[0] == active] + [pw for pw in pairs if pw[0] != active]
    for p, when in pairs:
        items = []
        for ab, h, ty in collect(state, p, when, ctype):
            ctx = new_ctx(p, h, ty, auto_targets(state, ab, p))
            if extra:
                ctx.update(extra)
            items.append([ab.list_id, ctx])
        if items:
            groups.append((p, items))
    for p, items in reversed(groups):
        push_ordered(state, p, items)


def push_ordered(state: State, who: int, items: list[list[Any]]) -> None:
    """Push frames to resolve in an order `who` chooses; in the given order when there is no choice."""
    if len({_label(i) for i in items}) > 1:
        state.stack.append([ORDER, 0, {"who": who, "items": items}])
    else:
        for list_id, ctx in reversed(items):
            push(state, list_id, ctx)


def _label(item: list[Any]) -> str:
    return f"ailment:{AILMENTS[item[1]['type']]}" if item[0] == AIL else f"effect:{item[0]}"


def order_options(state: State) -> list[str]:
    """What the pending "order" decision chooses among (labels, in item order)."""
    return [_label(i) for i in state.stack[-1][2]["items"]]


def fire_card(state: State, h: int, p: int, when: str, extra: EffectContext | None = None) -> None:
    """Push one card's own trigger (leaves_field, destroyed, charged)."""
    kind = kind_of(state, h)
    if when not in kind.when:
        return
    for ab in reversed(kind.abilities):
        if ab.when == when:
            ctx = new_ctx(p, h, kind.ctype, auto_targets(state, ab, p))
            if extra:
                ctx.update(extra)
            push_ability(state, ab, ctx)


def auto_targets(state: State, ab: CAbility, p: int) -> list[int]:
    """Targets of a triggered ability are picked by the engine: the enemy Runeslinger when valid."""
    out = []
    for word in ab.tslots:
        valid = valid_targets(state, word, p)
        enemy = player_target(1 - p)
        out.append(enemy if enemy in valid else (valid[0] if valid else NO_TARGET))
    return out


def instance_triggers(state: State, p: int, atype: int) -> list[int]:
    """List ids of the instance_applied abilities of one new instance (level II at 4+)."""
    t = bound_compiled()
    ids = [ab.list_id for ab in t.ailments[(atype, 1)] if ab.when == "instance_applied"]
    if core.ailment_count(state, p, atype) >= state.ruleset.level_two_threshold:
        ids += [ab.list_id for ab in t.ailments[(atype, 2)] if ab.when == "instance_applied"]
    return ids


def apply_ailments(state: State, p: int, types: list[int], events: Events) -> None:
    """Apply instances one at a time, each followed by its instance triggers; when they are of
    different types the active player orders them (001 p.13)."""
    if not types:
        return
    items = [[AIL, {"p": p, "type": atype}] for atype in types]
    push_ordered(state, state.active, items)


def _apply_instance(state: State, ctx: dict[str, Any], events: Events) -> None:
    p, atype = ctx["p"], ctx["type"]
    if core.apply_one(state, p, atype):
        events.append({"e": "ailment", "p": p, "type": atype})
        for list_id in reversed(instance_triggers(state, p, atype)):
            push(state, list_id, new_ctx(p))


# --- the stack -------------------------------------------------------------------------------


ORDER, AIL = -2, -3  # synthetic frames: a choice of order, one ailment instance


def step(state: State, events: Events) -> None:
    frame = state.stack[-1]
    if frame[0] == AIL:
        state.stack.pop()
        _apply_instance(state, frame[2], events)
        return
    if frame[0] == ORDER:
        items = frame[2]["items"]
        if len({_label(i) for i in items}) > 1:
            state.decision = {"kind": "order", "who": frame[2]["who"], "n": len(items)}
            return
        state.stack.pop()
        for list_id, ctx in reversed(items):
            push(state, list_id, ctx)
        return
    effects = bound_compiled().lists[frame[0]]
    if frame[1] >= len(effects):
        state.stack.pop()
        return
    effect = effects[frame[1]]
    if OPS[effect.op](state, frame[2], effect, events):
        frame[1] += 1


# --- targets and amounts ---------------------------------------------------------------------


def in_play(state: State, t: int) -> bool:
    """A declared target is still there: a Runeslinger, a card on a field, or a concentration. An effect whose
    target has left the field fizzles (001 p.18). Each chosen target is read once, by the one op that names it;
    the later sentences of the effect ("Its controller draws a card") read `previous` and are not asked again.
    Games of engines 1 to 3 also counted a card whose own rung was on the ladder (`_on_ladder`) and replay so."""
    if t < 0 or state.controller(t) >= 0 or core.find_conc(state, t) is not None:
        return True
    return not since(state.engine, ENGINE_4) and _on_ladder(state, t)


def _on_ladder(state: State, h: int) -> bool:
    return any(r["s"] == h for r in state.ladder)


def resolve(state: State, ctx: EffectContext, e: CEffect) -> list[int]:
    word = e.target or "self"
    c = ctx["c"]
    if e.tslot >= 0:
        t = ctx["t"][e.tslot] if e.tslot < len(ctx["t"]) else NO_TARGET
        found = [t] if t != NO_TARGET and t != -200 and (t < 0 or t in state.cards) and in_play(state, t) else []
    elif word == "self":
        found = [player_target(c)]
    elif word == "each_enemy":
        found = [player_target(1 - c)]
    elif word == "each_runeslinger":
        found = [player_target(c), player_target(1 - c)]
    elif word == "hit":
        found = [player_target(ctx["hit"])] if ctx.get("hit", -1) >= 0 else []
    elif word in ("previous_controller", "previous_owner"):
        found = _previous_player(state, ctx, word == "previous_owner")
    elif word == "event_player":
        found = [player_target(ctx["ep"])] if "ep" in ctx else []
    elif word == "this":
        found = [ctx["s"]] if ctx["s"] >= 0 and ctx["s"] in state.cards else []
    elif word == "under_this":
        entry = core._entry(state, ctx["s"])
        found = list(ctx["u"]) if "u" in ctx else list(entry[F_UNDER]) if entry is not None else []
    elif word == "previous":
        pv = ctx.get("pv")
        found = [pv] if pv is not None else []
    elif word == "event_card":
        ec = ctx.get("ec")
        found = [ec] if ec is not None else []
    else:
        found = valid_targets(state, word, c)
    if found:
        pv = ctx["pv"] = found[0]
        ctx.pop("pvc", None)
        if pv >= 0 and state.engine != LEGACY_ENGINE:
            ctl = state.controller(pv)
            if ctl >= 0 and ctl != state.cards[pv] & 1:
                ctx["pvc"] = ctl  # "its controller" once it has left play (kept only when not its owner)
    return found


def _previous_player(state: State, ctx: EffectContext, owner: bool) -> list[int]:
    pv = ctx.get("pv")
    if pv is None:
        return []
    if pv < 0:
        return [pv]
    if pv not in state.cards:
        return []
    if owner:
        return [player_target(state.owner(pv))]
    ctl = state.controller(pv)
    if ctl < 0:  # it left play: the controller it had when it was named, else its owner
        ctl = ctx.get("pvc", state.owner(pv))
    return [player_target(ctl)]


def amount(state: State, ctx: EffectContext, value: object, target: int | None = None) -> int:
    if isinstance(value, int):
        return value
    assert isinstance(value, Mapping)
    tp = target_player(target) if target is not None and target < 0 else None
    q = core.quantity(state, str(value["per"]), ctx["c"], ctx["s"], tp)
    return int(value.get("base", 0)) + int(value.get("each", 1)) * q


def until(state: State, duration: object) -> int:
    return {"end_of_turn": state.turn, "end_of_next_turn": state.turn + 1, "permanent": -1}.get(str(duration), -2)


# --- conditions ------------------------------------------------------------------------------


def check(state: State, ctx: EffectContext, cond: Condition) -> bool:
    name, params = cond.name, cond.params
    c = ctx["c"]
    ok: bool
    if name == "hit":
        ok = ctx.get("hit", -1) >= 0
    elif name in ("tokens_on_this", "conceals_ailment"):
        entry = core._entry(state, ctx["s"])
        ok = entry is not None and core.check_static(state, ctx["s"], state.controller(ctx["s"]), cond) != cond.negate
    elif name == "controller_is_not_owner":
        ok = ctx["s"] in state.cards and state.owner(ctx["s"]) != ctx.get("ctl_left", c)
    elif name == "you_control":
        types = params.get("card_types") or ("any",)
        assert isinstance(types, tuple)
        n = sum(1 for h in state.players[c].field if "any" in types or core.card_type(state, h) in types)
        ok = n >= core.param_int(params, "at_least", 1)
    else:
        ok = _check_player(state, ctx, name, params)
    return ok != cond.negate


def _check_player(state: State, ctx: EffectContext, name: str, params: Mapping[str, object]) -> bool:
    word = str(params.get("target", "self"))
    fake = CEffect("cond", params, word)
    found = resolve(state, ctx.copy(), fake) if word in _UNCHOSEN else [player_target(1 - ctx["c"])]
    if not found or found[0] >= 0:
        return False
    p = target_player(found[0])
    pl = state.players[p]
    if name == "target_has_ailment":
        atype = params.get("ailment", "any")
        have = (
            core.exposed_ailments(state, p) if atype == "any" else core.ailment_count(state, p, AIL_INDEX[str(atype)])
        )
        return have >= core.param_int(params, "at_least", 1)
    limit = core.param_int(params, "amount", params.get("count", 0))
    value = {"health_at_most": pl.health, "power_at_most": pl.power, "hand_size_at_most": len(pl.hand)}[name]
    return value <= limit


_UNCHOSEN = frozenset({"self", "each_enemy", "hit", "previous_controller", "previous_owner", "event_player"})


OpFn = Callable[[State, EffectContext, CEffect, Events], bool]
OPS: dict[str, OpFn] = {}
NAMED: dict[str, OpFn] = {}  # named handlers (`handlers.py`), run by the "handler" op


def op(name: str) -> Callable[[OpFn], OpFn]:
    def register(fn: OpFn) -> OpFn:
        OPS[name] = fn
        return fn

    return register
