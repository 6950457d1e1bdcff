"""Ops that move cards and change numbers: draw, sear, void, discard, destroy, bounce, tokens,
temporary modifications, light, concentrations, Choice/Fate, conditions and named handlers.

PURE. Decides each op's result; a discard that is the target's choice waits for a "discard"
decision; a Fate pick waits for the enemy's "choose" decision (asked when the card is played).
"""

from __future__ import annotations

from itertools import combinations

from gameplay.runeslingers.cards.model import Condition
from gameplay.runeslingers.engine import core
from gameplay.runeslingers.engine.compiled import CH_OTHER, CEffect
from gameplay.runeslingers.engine.effects import NAMED, Events, OpFn, amount, check, op, push, resolve, until
from gameplay.runeslingers.engine.state import (
    C_TOP,
    F_DEFMOD,
    F_MASTERY,
    F_TOKENS,
    F_UNDER,
    EffectContext,
    State,
    randbelow,
    target_player,
)
from gameplay.runeslingers.engine.zones import leave_field, take_out


def _num(value: object) -> int:
    assert isinstance(value, int)
    return value


def _players(state: State, ctx: EffectContext, e: CEffect) -> list[int]:
    return [target_player(t) for t in resolve(state, ctx, e) if t < 0]


@op("draw")
def op_draw(state: State, ctx: EffectContext, e: CEffect, events: Events) -> bool:
    for p in _players(state, ctx, e):
        core.draw(state, p, amount(state, ctx, e.params["count"]), events)
    return True


@op("sear")
def op_sear(state: State, ctx: EffectContext, e: CEffect, events: Events) -> bool:
    for p in _players(state, ctx, e):
        core.mill(state, p, amount(state, ctx, e.params["count"]), False, events)
    return True


@op("void")
def op_void(state: State, ctx: EffectContext, e: CEffect, events: Events) -> bool:
    for p in _players(state, ctx, e):
        core.mill(state, p, amount(state, ctx, e.params["count"]), True, events)
    return True


@op("discard")
def op_discard(state: State, ctx: EffectContext, e: CEffect, events: Events) -> bool:
    st = ctx.get("st")
    if st is None:
        st = ctx["st"] = {"ps": _players(state, ctx, e), "n": amount(state, ctx, e.params["count"])}
    while st["ps"]:
        p = st["ps"][0]
        pl = state.players[p]
        if e.params.get("random") or len(pl.hand) <= st["n"]:
            for _ in range(min(st["n"], len(pl.hand))):
                pl.discard.append(pl.hand.pop(randbelow(state, len(pl.hand))))
        elif st["n"] > 0:
            state.decision = {"kind": "discard", "who": p, "n": st["n"]}
            return False
        st["ps"].pop(0)
    del ctx["st"]
    return True


@op("destroy")
def op_destroy(state: State, ctx: EffectContext, e: CEffect, events: Events) -> bool:
    for t in resolve(state, ctx, e):
        if t >= 0 and not leave_field(state, t, "discard", events, destroyed=True):
            found = core.find_conc(state, t)
            if found is not None and found[1][C_TOP] < 0:
                core.remove_conc(state, found[0], t, "discard")
    return True


@op("void_card")
def op_void_card(state: State, ctx: EffectContext, e: CEffect, events: Events) -> bool:
    for t in resolve(state, ctx, e):
        if t >= 0:
            leave_field(state, t, "void", events)
    return True


@op("bounce")
def op_bounce(state: State, ctx: EffectContext, e: CEffect, events: Events) -> bool:
    dest = str(e.params["to"])
    for t in resolve(state, ctx, e):
        if t < 0:
            continue
        if not leave_field(state, t, dest, events) and take_out(state, t):
            core.put(state, t, dest)
    return True


@op("place_under")
def op_place_under(state: State, ctx: EffectContext, e: CEffect, events: Events) -> bool:
    host = ctx["s"]
    ctl = state.controller(host) if host >= 0 else -1
    for t in resolve(state, ctx, e):
        if ctl >= 0 and t >= 0 and t != host and leave_field(state, t, "under", events):
            entry = state.players[ctl].field[host]
            entry[F_UNDER] = [*entry[F_UNDER], t]  # never mutated in place: entries are copied shallowly
    return True


def _token_field(e: CEffect) -> int:
    return F_MASTERY if e.params.get("token") == "mastery" else F_TOKENS


@op("add_tokens")
def op_add_tokens(state: State, ctx: EffectContext, e: CEffect, events: Events) -> bool:
    for t in resolve(state, ctx, e):
        entry = core._entry(state, t) if t >= 0 else None
        if entry is not None:
            entry[_token_field(e)] += amount(state, ctx, e.params["count"])
            core.invalidate(state, CH_OTHER)  # a static ability may count tokens
    return True


@op("remove_tokens")
def op_remove_tokens(state: State, ctx: EffectContext, e: CEffect, events: Events) -> bool:
    for t in resolve(state, ctx, e):
        entry = core._entry(state, t) if t >= 0 else None
        if entry is not None:
            key = _token_field(e)
            entry[key] = max(0, entry[key] - amount(state, ctx, e.params["count"]))
            core.invalidate(state, CH_OTHER)
    return True


def _source(ctx: EffectContext, duration: object) -> int:
    return int(ctx["s"]) if duration == "while_in_play" else -1


def _modify_player(stat: str) -> OpFn:
    """The op of the effects ``modify_damage``, ``modify_block`` and ``modify_max_health``: each adds a
    modifier row ``[stat, amount, card types, until turn, source]`` to players' `mods`. Damage
    modifiers go to the controller and name the card types they apply to; block and maximum health
    go to the players the effect targets (a new maximum health also drops the cached values)."""

    def op_modify(state: State, ctx: EffectContext, e: CEffect, events: Events) -> bool:
        if stat == "damage":
            types = ",".join(str(x) for x in e.params["card_types"])  # type: ignore[attr-defined]
            players = [ctx["c"]]
        else:
            types = ""
            players = _players(state, ctx, e)
        duration = e.params.get("duration")
        for p in players:
            state.players[p].mods.append(
                [stat, _num(e.params["amount"]), types, until(state, duration), _source(ctx, duration)]
            )
            if stat == "max_health":
                core.invalidate(state, CH_OTHER)
        return True

    return op_modify


for _stat in ("damage", "block", "max_health"):
    op(f"modify_{_stat}")(_modify_player(_stat))


@op("modify_defense")
def op_modify_defense(state: State, ctx: EffectContext, e: CEffect, events: Events) -> bool:
    duration = e.params.get("duration")
    change = _num(e.params["amount"])
    for t in resolve(state, ctx, e):
        p = state.controller(t) if t >= 0 else -1
        if p >= 0:
            state.players[p].field[t][F_DEFMOD] += change
            core.invalidate(state, CH_OTHER)
            if duration in ("end_of_turn", "end_of_next_turn"):
                state.players[p].mods.append(["defense", change, str(t), until(state, duration), -1])
    return True


@op("gain_light")
def op_gain_light(state: State, ctx: EffectContext, e: CEffect, events: Events) -> bool:
    state.players[ctx["c"]].light += amount(state, ctx, e.params["amount"])
    return True


@op("add_concentration")
def op_add_concentration(state: State, ctx: EffectContext, e: CEffect, events: Events) -> bool:
    p = ctx["c"]
    pl = state.players[p]
    for _ in range(amount(state, ctx, e.params["count"])):
        if len(pl.concs) >= state.ruleset.max_concentrations:
            break
        h = core.take_top(state, p, events)
        if h is None:
            break
        pl.own_concs().append([h, 0 if e.params.get("ready") else 1, -1])
        core.invalidate_concs(state)
    return True


def returnable(state: State, p: int, types: tuple[str, ...]) -> list[int]:
    """Cards of those types in p's discard pile (p owns everything in it)."""
    return [h for h in state.players[p].discard if "any" in types or core.card_type(state, h) in types]


def return_choices(state: State, p: int, types: tuple[str, ...], n: int) -> list[tuple[int, ...]]:
    """The distinct sets (by card kind) of min(n, available) cards the player may return."""
    cards = returnable(state, p, types)
    seen: dict[tuple[int, ...], tuple[int, ...]] = {}
    for combo in combinations(cards, min(n, len(cards))):
        seen.setdefault(tuple(sorted(state.kind(h) for h in combo)), combo)
    return list(seen.values())


@op("return_from_discard")
def op_return_from_discard(state: State, ctx: EffectContext, e: CEffect, events: Events) -> bool:
    """Return cards of the given types from your discard pile, your choice (a "return" decision)."""
    p = ctx["c"]
    types = e.params["card_types"]
    assert isinstance(types, tuple)
    st = ctx.get("st")
    if st is None:
        choices = return_choices(state, p, tuple(str(x) for x in types), amount(state, ctx, e.params["count"]))
        if len(choices) > 1:
            ctx["st"] = {}
            state.decision = {"kind": "return", "who": p, "types": [str(x) for x in types], "n": len(choices[0])}
            return False
        picked = list(choices[0]) if choices else []
    else:
        picked = st["pick"]
        del ctx["st"]
    for h in picked:
        state.players[p].discard.remove(h)
        core.put(state, h, str(e.params["to"]))
    return True


@op("choose")
def op_choose(state: State, ctx: EffectContext, e: CEffect, events: Events) -> bool:
    pick = int(ctx.get("ch", 0))
    if 0 <= pick < len(e.options):
        push(state, e.options[pick], _child(ctx))
    return True


@op("if")
def op_if(state: State, ctx: EffectContext, e: CEffect, events: Events) -> bool:
    cond = e.params["cond"]
    assert isinstance(cond, Condition)
    branch = e.subs.get("then") if check(state, ctx, cond) else e.subs.get("else")
    if branch is not None:
        push(state, branch, _child(ctx))
    return True


@op("handler")
def op_handler(state: State, ctx: EffectContext, e: CEffect, events: Events) -> bool:
    fn = NAMED.get(str(e.params["name"]))
    if fn is None:
        raise AssertionError(f"handler {e.params['name']!r} reached play: setup should have refused it")
    return fn(state, ctx, e, events)


def _child(ctx: EffectContext) -> EffectContext:
    child = ctx.copy()
    child.pop("st", None)
    return child
