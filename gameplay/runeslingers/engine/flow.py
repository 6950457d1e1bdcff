"""The turn machine: phases, state checks, the ladder, and the push-style `advance` loop.

PURE. Decides what happens without a player: the Ready, Ailment and Draw steps, the Discard
Phase clean-up, resolving rungs top-down, state-based checks (destroyed defense cards, maximum
health 0, no cards in deck and discard, the turn cap) — and stops when a player must decide.
"""

from __future__ import annotations

from typing import Any

from gameplay.runeslingers.engine import core
from gameplay.runeslingers.engine.compiled import CH_OTHER
from gameplay.runeslingers.engine.effects import Events, fire, push, step
from gameplay.runeslingers.engine.handlers import redirect
from gameplay.runeslingers.engine.rules import AILMENT, DISCARD, DRAW, OVER, PASSED, PLAY, READY, RULE_SETS
from gameplay.runeslingers.engine.state import (
    C_TOP,
    C_USED,
    F_BARRIER,
    F_DEFMOD,
    F_DMG,
    F_SLUNG,
    F_USED,
    State,
)
from gameplay.runeslingers.engine.zones import leave_field

MAX_STEPS = 100_000


def advance(state: State, events: Events) -> None:
    """Run everything that needs no decision; stop when a player must decide or the game ends."""
    budget = MAX_STEPS
    turn_cap = RULE_SETS[state.rules].turn_cap
    while state.phase != OVER:
        budget -= 1
        if budget < 0:
            raise RuntimeError(f"no decision after {MAX_STEPS} engine steps: a trigger loop in the card data?")
        p0, p1 = state.players
        if (
            core.CHECKED_KEY not in state._cache
            or state.turn > turn_cap
            or (not p0.deck and not p0.discard)
            or (not p1.deck and not p1.discard)
        ):  # otherwise check_state has nothing to do
            check_state(state, events)
            if state.phase == OVER:
                return
        if state.decision is not None:
            return
        if state.stack:
            step(state, events)
            continue
        if state.answer >= 0:
            return
        if state.ladder:
            resolve_rung(state)
            continue
        if not phase_step(state, events):
            return


def check_state(state: State, events: Events) -> None:
    """State-based checks; the costly part runs only after the field or the ailments changed."""
    p0, p1 = state.players
    if not p0.deck and not p0.discard:
        core.end_game(state, 0)
        return
    if not p1.deck and not p1.discard:
        core.end_game(state, 1)
        return
    if state.turn > RULE_SETS[state.rules].turn_cap:
        core.end_game(state, -1)
        return
    if core.CHECKED_KEY in state._cache:
        return
    kinds = core.Env.compiled.kinds
    for p, pl in enumerate(state.players):
        mh = core.max_health(state, p)
        if mh <= 0:
            core.end_game(state, p)
            return
        if pl.health > mh:
            pl.health = mh
        if not pl.field:
            continue
        for h in list(pl.field):
            entry = pl.field.get(h)
            if (
                entry is not None
                and kinds[state.cards[h] >> 1].is_defense
                and entry[F_DMG] >= core.defense(state, h, p)
            ):
                leave_field(state, h, "discard", events, destroyed=True)
    if core.CHECKED_KEY not in state._cache and not state.over:
        state._cache[core.CHECKED_KEY] = True


def resolve_rung(state: State) -> None:
    rung = state.ladder.pop()
    ctx = rung["ctx"]
    if rung["s"] >= 0 and state.controller(rung["s"]) < 0:
        return  # its card left play or was concealed: it has no effect (001 p.15)
    if rung.get("mw"):
        redirect(rung)  # Mirror Ward
    push(state, rung["l"], ctx)


def phase_step(state: State, events: Events) -> bool:
    """Advance one step of the turn; False when the active player must decide."""
    phase = state.phase
    if phase == READY:
        _ready(state)
    elif phase == AILMENT:
        _ailment_phase(state, events)
    elif phase == DRAW:
        if state.step == 1:
            return False
        n = state.ruleset.draw_per_turn
        if state.turn == 1 or state.extra >= 10:
            n = state.ruleset.first_turn_draw
        core.draw(state, state.active, n, events)
        state.step = 1
    elif phase == PLAY:
        return False
    elif phase == DISCARD:
        _discard_phase(state, events)
    return True


def _ready(state: State) -> None:
    a = state.active
    if state.step == 0:
        for pl in state.players:
            pl.blocked = 0
        state.players[a].set_done = 0
        state.step = 1
        fire(state, [(a, "start_of_your_turn"), (1 - a, "start_of_enemy_turn")])
        return
    pl = state.players[a]
    if any(c[C_USED] and c[C_TOP] < 0 for c in pl.concs):
        for c in pl.own_concs():
            if c[C_TOP] < 0:
                c[C_USED] = 0
    for entry in pl.field.values():
        entry[F_USED] = 0
    core.goto(state, AILMENT)


def _ailment_phase(state: State, events: Events) -> None:
    """8+ exposed ailments: the player removes 8 of their choice and loses a power, until fewer."""
    a = state.active
    threshold = state.ruleset.ailment_power_threshold
    if core.exposed_ailments(state, a) < threshold:
        core.goto(state, DRAW)
    elif core.removal_needs_choice(state, a, threshold):
        state.decision = {"kind": "remove", "who": a, "n": threshold, "why": "phase"}
    else:
        core.remove_ailments(state, a, threshold, None)
        core.lose_power(state, a, events)


def _discard_spent_cards(state: State, events: Events) -> None:
    """Runespells in play (a defense runespell once slung) go to the discard pile, and used
    defense cards where the rule set says so."""
    kinds = core.Env.compiled.kinds
    for pl in state.players:
        if not pl.field:
            continue
        for h, entry in list(pl.field.items()):
            if h not in pl.field:
                continue
            kind = kinds[state.cards[h] >> 1]
            if (kind.is_runespell and (not kind.is_defense or entry[F_SLUNG])) or (
                state.ruleset.discard_used_defense_cards and entry[F_USED]
            ):
                leave_field(state, h, "discard", events)


def _discard_phase(state: State, events: Events) -> None:
    if state.step == 1:
        _next_turn(state)
        return
    passed = state.step == PASSED
    if not passed:
        _discard_spent_cards(state, events)
    expired = False
    for p, pl in enumerate(state.players):
        pl.light = 0
        pl.barrier = 0
        for entry in pl.field.values():
            entry[F_DMG] = 0
            entry[F_BARRIER] = 0
        if pl.mods:
            expired = _expire(state, p) or expired
    if expired:
        # Derived values depend on the field, the ailments and the modifications, not on damage
        # or barriers (less damage destroys nothing): only expired modifications invalidate them.
        core.invalidate(state, CH_OTHER)
    state.step = 1
    if passed:  # Classic: "Passing negates end-of-turn effects"
        return
    a = state.active
    fire(state, [(a, "end_of_your_turn"), (1 - a, "end_of_enemy_turn")])


def _expire(state: State, p: int) -> bool:
    """Drop the modifications that end this turn; True when any did."""
    pl = state.players[p]
    kept: list[list[Any]] = []
    for m in pl.mods:
        if m[3] == state.turn or (m[3] == -2 and m[4] < 0):
            if m[0] == "defense" and int(m[2]) in pl.field:
                pl.field[int(m[2])][F_DEFMOD] -= m[1]
        else:
            kept.append(m)
    if len(kept) == len(pl.mods):
        return False
    pl.mods = kept
    return True


def _next_turn(state: State) -> None:
    """Pass the turn; a pending Time Warp (extra = p) gives p another turn, marked extra = 10 + p."""
    if state.extra in (0, 1):
        state.active = state.extra
        state.extra = 10 + state.extra
    else:
        state.extra = -1
        state.active = 1 - state.active
    state.turn += 1
    core.goto(state, READY)
