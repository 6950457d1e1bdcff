"""Ops that hurt or heal: damage (with blocking), health loss, health, ailments, barriers.

PURE. Decides the damage rules of 001 p.14-16: a block is offered before enemy damage resolves
on a Runeslinger or a defense card (not direct damage, not with block 0, once per turn, only with
a card in hand), the block triggers resolve, then the barrier is computed; barriers absorb
first; normal damage past 0 health is prevented, pierce carries over to the reset health and
past a destroyed defense card to its controller; a hit (1+ damage to a Runeslinger) then
inflicts ailments, runs on_hit and fires the hit triggers. Health loss always pierces.
"""

from __future__ import annotations

from gameplay.runeslingers.engine import core
from gameplay.runeslingers.engine.compiled import AIL_INDEX, AILMENTS, CEffect
from gameplay.runeslingers.engine.effects import (
    Events,
    amount,
    apply_ailments,
    fire,
    op,
    push,
    resolve,
)
from gameplay.runeslingers.engine.rules import LEGACY_ENGINE
from gameplay.runeslingers.engine.state import F_BARRIER, F_DMG, EffectContext, State, player_target, target_player
from gameplay.runeslingers.engine.zones import leave_field


def owner_of_target(state: State, t: int) -> int:
    return target_player(t) if t < 0 else state.controller(t)


def can_block(state: State, defender: int, source_ctl: int, mode: str) -> bool:
    pl = state.players[defender]
    return (
        defender != source_ctl
        and mode != "direct"
        and pl.blocked < state.ruleset.blocks_per_turn
        and bool(pl.hand)
        and core.block_value(state, defender) > 0
        and not core.cannot_block(state, defender)
    )


@op("damage")
def op_damage(state: State, ctx: EffectContext, e: CEffect, events: Events) -> bool:
    st = ctx.get("st")
    if st is None:
        st = ctx["st"] = {"ts": resolve(state, ctx, e), "i": 0, "ph": 0}
    while st["i"] < len(st["ts"]):
        t = st["ts"][st["i"]]
        if st["ph"] == 0:
            defender = owner_of_target(state, t)
            if defender < 0:
                st["i"] += 1
                continue
            st["ph"] = 1
            if can_block(state, defender, ctx["c"], str(e.params.get("mode", "normal"))):
                state.decision = {"kind": "block", "who": defender, "target": t}
                return False
        blocked = core.block_value(state, owner_of_target(state, t)) if st.get("blk") else 0
        if blocked and state.ruleset.block_barrier:
            _add_barrier(state, t, blocked)
            blocked = 0
        st["ph"], st["blk"] = 0, 0
        st["i"] += 1
        pushed = _deal(state, ctx, e, t, events, blocked)
        if pushed and st["i"] < len(st["ts"]):
            return False
    del ctx["st"]
    return True


def _add_barrier(state: State, t: int, value: int) -> None:
    if t < 0:
        state.players[target_player(t)].barrier += value
    else:
        ctl = state.controller(t)
        if ctl >= 0:
            state.players[ctl].field[t][F_BARRIER] += value


def _deal(state: State, ctx: EffectContext, e: CEffect, t: int, events: Events, blocked: int = 0) -> bool:
    """Deal the damage of one target, less `blocked` (Classic: a block lessens this one damage
    effect, 000 "Blocking"); True when frames were pushed."""
    if t >= 0 and state.controller(t) < 0:
        return False  # the target left play: this part fizzles
    mode = str(e.params.get("mode", "normal"))
    dmg = max(0, amount(state, ctx, e.params["amount"], t) + core.damage_bonus(state, ctx["c"], ctx["ty"]) - blocked)
    if t >= 0:
        ctl = state.controller(t)  # read before the damage: a destroyed card has left play
        over = damage_card(state, t, dmg, mode, events)
        if over <= 0:
            return False
        if state.engine == LEGACY_ENGINE:  # engine 1 gave it to the owner: its games replay as played
            ctl = state.owner(t)
        t, dmg = player_target(ctl), over  # pierce goes to the controlling Runeslinger (001 p.17)
    p = target_player(t)
    dealt = damage_runeslinger(state, p, dmg, mode, events)
    events.append({"e": "damage", "p": p, "amount": dealt})
    if dealt <= 0 or state.over:
        return False
    ctx["hit"] = p
    depth = len(state.stack)
    fire(state, [(p, "you_are_hit"), (ctx["c"], "your_damage_hits")], ctx["ty"] or None, {"ep": ctx["c"], "hit": p})
    on_hit = e.subs.get("on_hit")
    if on_hit is not None:
        child = ctx.copy()
        child["st"], child["hit"] = None, p
        child.pop("st")
        push(state, on_hit, child)
    inflicts = e.params.get("inflict") or ()
    types: list[int] = []
    slot = 0
    for inf in inflicts:  # type: ignore[attr-defined]
        name = inf["ailment"]
        if name == "chosen":
            name = (
                AILMENTS[ctx["a"][e.aslots[slot]]]
                if slot < len(e.aslots) and e.aslots[slot] < len(ctx["a"])
                else "burn"
            )
            slot += 1
        types += [AIL_INDEX[str(name)]] * int(inf.get("count", 1))
    apply_ailments(state, p, types, events)
    return len(state.stack) > depth


def damage_card(state: State, h: int, dmg: int, mode: str, events: Events) -> int:
    """Damage a defense card; return the pierce damage left over for its controller."""
    p = state.controller(h)
    entry = state.players[p].field[h]
    if mode != "direct":
        absorbed = min(entry[F_BARRIER], dmg)
        entry[F_BARRIER] -= absorbed
        dmg -= absorbed
    left: int = max(0, core.defense(state, h, p) - entry[F_DMG])
    entry[F_DMG] += dmg
    events.append({"e": "damage_card", "card": h, "amount": dmg})
    if entry[F_DMG] >= core.defense(state, h, p):
        leave_field(state, h, "discard", events, destroyed=True)
        if mode == "pierce":
            return dmg - left
    return 0


def damage_runeslinger(state: State, p: int, dmg: int, mode: str, events: Events) -> int:
    pl = state.players[p]
    dmg = max(0, dmg + core.damage_taken_bonus(state, p))
    if mode != "direct":
        absorbed = min(pl.barrier, dmg)
        pl.barrier -= absorbed
        dmg -= absorbed
    return hurt(state, p, dmg, mode == "pierce", events)


def hurt(state: State, p: int, dmg: int, pierce: bool, events: Events) -> int:
    """Reduce health; at 0 lose a power and reset; carry the rest over only when piercing."""
    pl = state.players[p]
    dealt = 0
    while dmg > 0 and not state.over:
        d = min(dmg, pl.health)
        pl.health -= d
        dmg -= d
        dealt += d
        if pl.health <= 0:
            core.lose_power(state, p, events, health_reached_0=True)
            if not pierce:
                break
    return dealt


@op("lose_health")
def op_lose_health(state: State, ctx: EffectContext, e: CEffect, events: Events) -> bool:
    for t in resolve(state, ctx, e):
        if t < 0:
            lost = hurt(state, target_player(t), amount(state, ctx, e.params["amount"], t), True, events)
            events.append({"e": "lose_health", "p": target_player(t), "amount": lost})
    return True


@op("gain_health")
def op_gain_health(state: State, ctx: EffectContext, e: CEffect, events: Events) -> bool:
    for t in resolve(state, ctx, e):
        if t < 0:
            p = target_player(t)
            pl = state.players[p]
            pl.health = min(core.max_health(state, p), pl.health + amount(state, ctx, e.params["amount"], t))
    return True


@op("apply_ailment")
def op_apply_ailment(state: State, ctx: EffectContext, e: CEffect, events: Events) -> bool:
    name = e.params["ailment"]
    atype = (
        int(ctx["a"][e.aslots[0]]) if name == "chosen" and e.aslots[0] < len(ctx["a"]) else AIL_INDEX.get(str(name), 0)
    )
    for t in resolve(state, ctx, e):
        if t < 0:
            apply_ailments(state, target_player(t), [atype] * amount(state, ctx, e.params["count"], t), events)
    return True


@op("apply_unique_ailments")
def op_apply_unique(state: State, ctx: EffectContext, e: CEffect, events: Events) -> bool:
    """One instance each of N different types, picked by the effect's controller (a "unique"
    decision when there is more than one possible set, 001 p.18 example 1)."""
    st = ctx.get("st")
    if st is None:
        st = ctx["st"] = {"ts": [t for t in resolve(state, ctx, e) if t < 0], "i": 0}
    while st["i"] < len(st["ts"]):
        t = st["ts"][st["i"]]
        p = target_player(t)
        if "pick" in st:
            picked = st.pop("pick")
        else:
            sets = core.unique_choices(state, p, amount(state, ctx, e.params["count"], t))
            if len(sets) > 1:
                state.decision = {"kind": "unique", "who": ctx["c"], "target": p, "n": len(sets[0])}
                return False
            picked = list(sets[0]) if sets else []
        st["i"] += 1
        apply_ailments(state, p, picked, events)
        if st["i"] < len(st["ts"]):
            return False
    del ctx["st"]
    return True


@op("cleanse")
def op_cleanse(state: State, ctx: EffectContext, e: CEffect, events: Events) -> bool:
    """Remove exposed ailments; with "any", the target's controller picks which (a "remove" decision)."""
    name = str(e.params.get("ailment", "any"))
    st = ctx.get("st")
    if st is None:
        st = ctx["st"] = {"ts": [t for t in resolve(state, ctx, e) if t < 0], "i": 0}
    while st["i"] < len(st["ts"]):
        t = st["ts"][st["i"]]
        st["i"] += 1
        p, n = target_player(t), amount(state, ctx, e.params["count"], t)
        if name == "any" and core.removal_needs_choice(state, p, n):
            state.decision = {"kind": "remove", "who": p, "n": n, "why": "cleanse"}
            return False
        core.remove_ailments(state, p, n, None if name == "any" else AIL_INDEX[name])
    del ctx["st"]
    return True


@op("convert_ailment")
def op_convert(state: State, ctx: EffectContext, e: CEffect, events: Events) -> bool:
    src = str(e.params.get("from", "any"))
    to = e.params["to"]
    atype = (
        int(ctx["a"][e.aslots[0]])
        if to == "chosen" and e.aslots and e.aslots[0] < len(ctx["a"])
        else AIL_INDEX.get(str(to), 0)
    )
    for t in resolve(state, ctx, e):
        if t >= 0:
            continue
        p = target_player(t)
        applied: list[int] = []
        for _ in range(amount(state, ctx, e.params["count"], t)):
            if not core.remove_ailments(state, p, 1, None if src == "any" else AIL_INDEX[src]):
                break
            applied.append(atype)
        apply_ailments(state, p, applied, events)
    return True


@op("barrier")
def op_barrier(state: State, ctx: EffectContext, e: CEffect, events: Events) -> bool:
    for t in resolve(state, ctx, e):
        _add_barrier(state, t, amount(state, ctx, e.params["amount"], t))
    return True
