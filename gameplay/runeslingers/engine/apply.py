"""Applying an action: refuse it (naming why) or copy the state, carry it out, and advance.

PURE. Decides the effect of each player action: paying costs (light from the pool then from
exposed ready concentrations; then Pain, Ail, Sear left to right), placing the card, Token,
Fate, the ladder and answer windows (who answers next), blocks, discards, the draw-phase pass,
activations, Use, Sling and Charge (Classic: chosen as the card is played).
"""

from __future__ import annotations

from typing import Any

from gameplay.runeslingers.engine import core
from gameplay.runeslingers.engine.actions import Action, parse_action
from gameplay.runeslingers.engine.compiled import AIL_INDEX, AILMENTS, CH_OTHER, CAbility
from gameplay.runeslingers.engine.effects import amount, apply_ailments, fire, fire_card, new_ctx, push, push_ability
from gameplay.runeslingers.engine.errors import IllegalActionError
from gameplay.runeslingers.engine.flow import advance
from gameplay.runeslingers.engine.handlers import on_sling
from gameplay.runeslingers.engine.legal import (
    SIMPLE_TEXT,
    fate_ability,
    is_legal,
    legal_actions,
    parse_target,
    pending,
    placements,
    valid_bullets,
)
from gameplay.runeslingers.engine.ops_combat import hurt
from gameplay.runeslingers.engine.rules import DISCARD, ENGINE_3, PASSED, PLAY, since
from gameplay.runeslingers.engine.state import (
    C_HANDLE,
    C_TOP,
    C_USED,
    F_CHARGED,
    F_SLUNG,
    F_TOKENS,
    F_USED,
    F_WHERE,
    WHERE_AIL,
    WHERE_CONC,
    WHERE_UTIL,
    EffectContext,
    State,
)
from gameplay.runeslingers.engine.zones import leave_field

Events = list[dict[str, Any]]


def apply(state: State, action: Action | str | dict[str, Any]) -> tuple[State, Events]:
    """Carry out a legal action for the player who must decide; the given state is never changed."""
    act = parse_action(action)
    pend = pending(state)
    if pend is None:
        raise IllegalActionError("the game is over" if state.over else "no decision is pending")
    _check_legal(state, pend.player, act)
    new = state.successor()
    shared = SIMPLE_TEXT.get(id(act))
    text = shared[1] if shared is not None and shared[0] is act else act.to_text()
    events: Events = [{"e": "action", "p": pend.player, "action": text}]
    HANDLERS[act.kind](new, pend.player, act, events)
    advance(new, events)
    return new, events


def _check_legal(state: State, p: int, act: Action) -> None:
    if is_legal(state, p, act):
        return
    legal = legal_actions(state, p)
    if act.kind == "play" and act.option("on") is not None:
        stripped = Action(
            act.kind, act.subject, act.targets, act.ailments, act.choice, tuple(o for o in act.options if o[0] != "on")
        )
        h = _handle(act.subject)
        if stripped in legal and h in state.cards and act.option("on") in placements(state, p, core.kind_of(state, h)):
            return
    raise IllegalActionError(f"{act.to_text()!r} is not legal for p{p + 1}: {_why(state, p, act)}")


def _why(state: State, p: int, act: Action) -> str:
    pend = pending(state)
    assert pend is not None
    pl = state.players[p]
    if act.kind in ("play", "set", "discard") and _handle(act.subject) not in pl.hand:
        return f"{act.subject} is not in your hand"
    if (
        pend.kind != "play"
        and act.kind
        not in {
            "block": ("block", "pass"),
            "discard": ("discard",),
            "fate": ("choose",),
            "order": ("choose",),
            "remove": ("remove",),
            "unique": ("choose",),
            "return": ("choose",),
            "targets": ("choose",),
            "copy": ("choose",),
            "setup": ("set",),
            "answer": ("pass", "play"),
            "draw": ("continue", "pass"),
            "charge": ("charge", "sling"),
        }[pend.kind]
    ):
        return f"the pending decision is {pend.kind}"
    if act.kind == "play":
        kind = core.kind_of(state, _handle(act.subject))
        from gameplay.runeslingers.engine.legal import light_available

        if light_available(state, p) < core.light_cost(state, p, kind):
            return "not enough light"
        if pend.kind == "answer" and not kind.has("shout"):
            return "only a Shout card can answer"
        if not placements(state, p, kind):
            return "no place to play it"
        return "its targets, choices or costs are not valid"
    if act.kind == "set" and pl.set_done:
        return "you already set a concentration this turn"
    return "not among the legal actions"


def _handle(text: str | None) -> int:
    if text is None or not text.startswith("c") or not text[1:].isdigit():
        return -1
    return int(text[1:])


# --- paying ----------------------------------------------------------------------------------


def pay_light(state: State, p: int, cost: int, prefer: int = -1) -> None:
    pl = state.players[p]
    if pl.light >= cost:
        pl.light -= cost
        return
    ready = sorted((c for c in pl.own_concs() if c[C_TOP] < 0 and not c[C_USED]), key=lambda c: c[C_HANDLE] != prefer)
    for c in ready:
        if pl.light >= cost:
            break
        c[C_USED] = 1
        pl.light += 1
    assert pl.light >= cost
    pl.light -= cost


def _place(state: State, p: int, h: int, spot: str | None, kind: Any) -> list[Any]:
    pl = state.players[p]
    ctype = kind.ctype
    if spot is None:  # the default placement (see `placements`): not a boon, and there is a place
        if ctype in ("trinket", "chant") and not kind.has("distract") and -1 in pl.util:
            spot = f"u{pl.util.index(-1)}"  # a free utility slot first
        else:  # an exposed used concentration, else the first exposed one
            exposed = [c for c in pl.concs if c[C_TOP] < 0]
            spot = f"c{next((c for c in exposed if c[C_USED]), exposed[0])[C_HANDLE]}"
    entry: list[Any] = [0, 0, 0, 0, 0, 0, 0, state.turn, 0, [], -1, 0]
    if spot.startswith("u"):
        entry[0], entry[1] = WHERE_UTIL, int(spot[1:])
        pl.own_util()[int(spot[1:])] = h
    elif ctype == "boon":
        q, idx = _boon_area(state, spot)
        old = state.players[q].ail[idx][2]
        if old >= 0:
            leave_field(state, old, "discard", [], destroyed=True)
        state.players[q].own_ail()[idx][2] = h
        entry[0], entry[1] = WHERE_AIL, idx
        p = q
    else:
        entry[0], entry[1] = WHERE_CONC, int(spot[1:])
        pl.own_concs()
        _conc(pl, int(spot[1:]))[C_TOP] = h
    state.players[p].field[h] = entry
    core.invalidate(state, kind.enters | core.place_changes(entry[F_WHERE]))
    return entry


def _conc(pl: Any, h: int) -> list[int]:
    return next(c for c in pl.concs if c[C_HANDLE] == h)


def _boon_area(state: State, spot: str) -> tuple[int, int]:
    if ":" in spot:
        who, name = spot.split(":")
        q = int(who[1]) - 1
        idx = next(i for i, a in enumerate(state.players[q].ail) if a[0] == AIL_INDEX[name] and a[2] < 0)
        return q, idx
    boon = int(spot[1:])
    for q, pl in enumerate(state.players):
        for i, a in enumerate(pl.ail):
            if a[2] == boon:
                return q, i
    raise IllegalActionError(f"no boon {spot}")


def _ctx_for(state: State, p: int, h: int, ab: CAbility | None, act: Action, ty: str) -> EffectContext:
    ctx = new_ctx(p, h, ty, [parse_target(t) for t in act.targets], [AIL_INDEX[a] for a in act.ailments])
    if act.choice is not None:
        ctx["ch"] = act.choice - 1
    return ctx


# --- handlers --------------------------------------------------------------------------------


def do_play(state: State, p: int, act: Action, events: Events) -> None:
    h = _handle(act.subject)
    pl = state.players[p]
    kind = core.kind_of(state, h)
    ctype = kind.ctype
    answering = state.answer == p
    spot = act.option("on")
    pay_light(state, p, core.light_cost(state, p, kind), _handle(spot) if spot else -1)
    cost_types: list[int] = []
    for word, value in kind.keywords:
        if word == "pain":
            hurt(state, p, value, True, events)
        elif word == "ail":
            cost_types += [AIL_INDEX[str(act.option("ail"))]] * value
        elif word == "sear":
            core.mill(state, p, value, False, events)
    pl.hand.remove(h)
    _discard_older_copy(state, p, kind, events)
    entry = _place(state, p, h, spot, kind)
    entry[F_TOKENS] = kind.value("token")
    events.append({"e": "play", "p": p, "card": h, "kind": kind.card.id})
    ab = kind.ability("play")
    ctx = _ctx_for(state, p, h, ab, act, ctype)
    slung = kind.is_runespell and not kind.is_defense  # a defense runespell is slung later (Sling:)
    ladder = slung or (answering and kind.has("shout"))
    if ab is not None and ab.chooser == "enemy":
        ctx["_fate"] = h
    redirected = slung and on_sling(state, p, h, "play")
    if ab is not None:
        if ladder:
            state.ladder.append({"s": h, "c": p, "l": ab.list_id, "ctx": ctx, **({"mw": 1} if redirected else {})})
        else:
            push(state, ab.list_id, ctx)
    state.answer = 1 - p if slung else -1
    if slung:
        events.append({"e": "effective_damage", "card": h, "amounts": effective_damage(state, ctx, ab)})
        fire(state, [(p, "you_sling"), (1 - p, "enemy_slings")], ctype, {"ec": h, "ep": p})
    fire(state, [(p, "you_play"), (1 - p, "enemy_plays")], ctype, {"ec": h, "ep": p})
    apply_ailments(state, p, cost_types, events)
    _ask_charge(state, p, h, kind, slung)
    if ab is not None and ab.chooser == "enemy":
        ref = ["ladder", len(state.ladder) - 1] if ladder else ["ctx", h]
        state.decision = {
            "kind": "fate",
            "who": 1 - p,
            "valid": valid_bullets(state, ab, p, h),
            "ref": ref,
            "source": h,
            "controller": p,
        }


def _ask_charge(state: State, p: int, h: int, kind: Any, slung: bool) -> None:
    """Classic: a card with Charge (not slung by its play) is charged or slung as it is played,
    nothing in between ("When you play this card choose either to sling or charge it", 000
    "Keywords: Charge")."""
    if not slung and kind.has("charge") and state.ruleset.charge_on_play and since(state.engine, ENGINE_3):
        state.decision = {"kind": "charge", "who": p, "card": h}


def _discard_older_copy(state: State, p: int, kind: Any, events: Events) -> None:
    """Classic: a second copy of a trinket discards the older one, not destroyed (000 "Trinkets")."""
    if kind.ctype != "trinket" or not state.ruleset.trinket_copy_replaces:
        return
    older = next((x for x in state.players[p].field if state.kind(x) == kind.index), None)
    if older is not None:
        leave_field(state, older, "discard", events)


def effective_damage(state: State, ctx: EffectContext, ab: CAbility | None) -> list[int]:
    """Damage of the card's damage effects as computed when slung (001 p.16; dealt is computed again)."""
    if ab is None:
        return []
    out = []
    for e in core.bound_compiled().lists[ab.list_id]:
        if e.op == "damage":
            base = amount(state, ctx, e.params["amount"])
            out.append(max(0, base + core.damage_bonus(state, ctx["c"], ctx["ty"])))
    return out


def do_choose(state: State, p: int, act: Action, events: Events) -> None:
    decision = state.decision
    assert decision is not None
    if decision["kind"] == "return":
        state.stack[-1][2]["st"] = {"pick": [parse_target(t) for t in act.targets]}
        state.decision = None
        return
    if decision["kind"] == "copy":
        state.stack[-1][2]["st"] = {"pick": [list(act.targets), list(act.ailments), act.choice]}
        state.decision = None
        return
    if decision["kind"] == "unique":
        state.stack[-1][2]["st"]["pick"] = [AIL_INDEX[a] for a in act.ailments]
        state.decision = None
        return
    pick = int(act.subject) - 1 if act.subject is not None else -1
    if decision["kind"] == "order":
        item = state.stack[-1][2]["items"].pop(pick)
        state.stack.append([item[0], 0, item[1]])
        state.decision = None
        return
    ctx = _fate_ctx(state, decision["ref"])
    if decision["kind"] == "targets":
        ab = fate_ability(state, decision)
        for slot, text in zip(ab.bullets[decision["bullet"]], act.targets, strict=True):
            ctx["t"][slot] = parse_target(text)
        state.decision = None
        return
    ctx["ch"] = pick
    ab = fate_ability(state, decision)
    if ab.bullets[pick]:
        state.decision = {**decision, "kind": "targets", "who": decision["controller"], "bullet": pick}
    else:
        state.decision = None


def _fate_ctx(state: State, ref: list[Any]) -> EffectContext:
    where, key = ref
    if where == "ladder":
        ctx: EffectContext = state.ladder[key]["ctx"]
        return ctx
    found: EffectContext = next(frame[2] for frame in state.stack if frame[2].get("_fate") == key)
    return found


def do_set(state: State, p: int, act: Action, events: Events) -> None:
    pl = state.players[p]
    h = _handle(act.subject)
    pl.hand.remove(h)
    pl.own_concs().append([h, 0, -1])
    core.invalidate_concs(state)
    if state.decision is not None and state.decision["kind"] == "setup":
        other = 1 - p
        state.decision = None if other == state.first else {"kind": "setup", "who": other}
        return
    pl.set_done = 1


def do_light(state: State, p: int, act: Action, events: Events) -> None:
    pl = state.players[p]
    pl.own_concs()
    _conc(pl, _handle(act.subject))[C_USED] = 1
    pl.light += 1


def do_activate(state: State, p: int, act: Action, events: Events) -> None:
    t = core.bound_compiled()
    pl = state.players[p]
    if act.subject is not None and act.subject.startswith("c") and act.subject[1:].isdigit():
        _activate_trinket(state, p, act)
        return
    if act.subject == "inherent":
        pay_light(state, p, t.catalog.runeslingers[pl.rs].inherent.light_cost)
        abilities = t.runeslingers[pl.rs]
    else:
        assert act.subject is not None
        found = t.equip_activate[act.subject]
        assert found is not None
        pl.det -= found[1]
        abilities = t.equips[act.subject]
    ab = next(a for a in abilities if a.when == "activate")
    ctx = _ctx_for(state, p, -1, ab, act, "")
    if state.ruleset.activations_answerable:  # Classic: an answerable action (000 "Answering")
        _answerable(state, p, {"s": -1, "c": p, "l": ab.list_id, "ctx": ctx})
    else:
        push(state, ab.list_id, ctx)


def _activate_trinket(state: State, p: int, act: Action) -> None:
    """Classic: activate a trinket; it is discarded at Cleanup (000 "Cleanup Phase")."""
    h = _handle(act.subject)
    kind = core.kind_of(state, h)
    state.players[p].field[h][F_USED] = 1
    ab = kind.ability("activate")
    assert ab is not None
    _answerable(state, p, {"s": h, "c": p, "l": ab.list_id, "ctx": _ctx_for(state, p, h, ab, act, kind.ctype)})


def _answerable(state: State, p: int, rung: dict[str, Any]) -> None:
    """The action goes on the ladder and the enemy may answer it."""
    state.ladder.append(rung)
    state.answer = 1 - p


def do_use(state: State, p: int, act: Action, events: Events) -> None:
    h = _handle(act.subject)
    kind = core.kind_of(state, h)
    state.players[p].field[h][F_USED] = 1
    ab = kind.ability("use")
    assert ab is not None
    push_ability(state, ab, _ctx_for(state, p, h, ab, act, kind.ctype))


def _charge_chosen(state: State) -> None:
    """Charging or slinging a card with Charge just played is the choice its play asked for."""
    if state.decision is not None and state.decision["kind"] == "charge":
        state.decision = None


def do_sling(state: State, p: int, act: Action, events: Events) -> None:
    _charge_chosen(state)
    h = _handle(act.subject)
    kind = core.kind_of(state, h)
    ctype = kind.ctype
    state.players[p].field[h][F_SLUNG] = 1
    ab = kind.ability("sling")
    assert ab is not None
    rung = {"s": h, "c": p, "l": ab.list_id, "ctx": _ctx_for(state, p, h, ab, act, ctype)}
    if on_sling(state, p, h, "sling"):
        rung["mw"] = 1
    state.ladder.append(rung)
    state.answer = 1 - p
    fire(state, [(p, "you_sling"), (1 - p, "enemy_slings")], ctype, {"ec": h, "ep": p})


def do_charge(state: State, p: int, act: Action, events: Events) -> None:
    _charge_chosen(state)
    h = _handle(act.subject)
    entry = state.players[p].field[h]
    entry[F_TOKENS] += 1
    entry[F_CHARGED] = state.turn
    core.invalidate(state, CH_OTHER)
    fire_card(state, h, p, "charged")


def do_end(state: State, p: int, act: Action, events: Events) -> None:
    core.goto(state, DISCARD)


def do_continue(state: State, p: int, act: Action, events: Events) -> None:
    core.goto(state, PLAY)


def do_pass(state: State, p: int, act: Action, events: Events) -> None:
    pend = pending(state)
    assert pend is not None
    if pend.kind == "answer":
        state.answer = _next_answer(state, p)
    elif pend.kind == "block":
        state.decision = None
    elif pend.kind == "draw":
        ret = act.option("return")
        if ret is not None:
            core.remove_conc(state, p, _handle(ret), "hand")
        else:
            core.draw(state, p, state.ruleset.pass_extra_draw, events)
        core.goto(state, DISCARD)
        if state.ruleset.pass_ends_turn:  # Classic: no Play or Cleanup Phase, no end-of-turn effects
            state.step = PASSED


def _next_answer(state: State, p: int) -> int:
    """Who may answer after p passes, or -1: the ladder is complete.

    The Awakening: an answerable action is one player's, answered or declined once ("When you
    choose not to answer your answerable action, it disappears", 001 p.15), so a pass completes
    the ladder. Classic: players "take turns adding answers to the ladder until no one can add to
    it further" (000 "Answering"): after a pass the other player is asked again while the ladder
    holds an action of p's they may answer, and two passes in a row complete it (the top rung
    marks the first pass, ``"ps"``)."""
    ladder = state.ladder
    if not (ladder and state.ruleset.answer_until_both_pass and since(state.engine, ENGINE_3)):
        return -1
    top = ladder[-1]
    if top.get("ps") or not any(rung["c"] == p for rung in ladder):
        return -1
    top["ps"] = 1
    return 1 - p


def do_block(state: State, p: int, act: Action, events: Events) -> None:
    pl = state.players[p]
    h = _handle(act.option("discard"))
    pl.hand.remove(h)
    pl.discard.append(h)
    pl.blocked += 1
    state.stack[-1][2]["st"]["blk"] = 1
    state.decision = None
    events.append({"e": "block", "p": p})
    fire(state, [(p, "you_block")])


def do_discard(state: State, p: int, act: Action, events: Events) -> None:
    pl = state.players[p]
    h = _handle(act.subject)
    pl.hand.remove(h)
    pl.discard.append(h)
    state.stack[-1][2]["st"]["n"] -= 1
    state.decision = None


def do_remove(state: State, p: int, act: Action, events: Events) -> None:
    decision = state.decision
    assert decision is not None
    for name in act.ailments:
        core.remove_ailments(state, p, 1, AIL_INDEX[name])
    state.decision = None
    if decision["why"] == "phase":
        core.lose_power(state, p, events)


HANDLERS = {
    "remove": do_remove,
    "play": do_play,
    "choose": do_choose,
    "set": do_set,
    "light": do_light,
    "activate": do_activate,
    "use": do_use,
    "sling": do_sling,
    "charge": do_charge,
    "end": do_end,
    "continue": do_continue,
    "pass": do_pass,
    "block": do_block,
    "discard": do_discard,
}
_ = (AILMENTS,)
