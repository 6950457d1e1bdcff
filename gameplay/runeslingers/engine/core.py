"""Derived values and the basic moves every rule is built from.

PURE. Decides: block value, maximum health and hand size, defense, light costs, damage
modifiers (the golden rules' priority: ailment > stance/ability > card, then the active player);
moving cards between zones (the bottomless deck, fresh handles for hidden zones); losing power
(the health resets only when it reached 0), losing the game; ailment areas (apply, remove, merge,
conceal).
Words: a *source* of a static modifier is a card in play, an equip, or an exposed ailment level.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from itertools import combinations
from typing import Any, SupportsInt, cast

from gameplay.runeslingers.cards.model import Condition, Modifier
from gameplay.runeslingers.engine.compiled import (
    AIL_INDEX,
    CH_AIL,
    CH_ALL,
    CH_CONC,
    CH_FIRED,
    CH_OTHER,
    CH_STATIC,
    CompiledCards,
    Kind,
)
from gameplay.runeslingers.engine.rules import ENGINE_3, Phase, since
from gameplay.runeslingers.engine.state import (
    C_HANDLE,
    C_TOP,
    F_DEFMOD,
    F_REF,
    F_TOKENS,
    F_UNDER,
    F_WHERE,
    WHERE_AIL,
    WHERE_CONC,
    WHERE_UTIL,
    State,
    shuffle,
)

PRIO_CARD, PRIO_EQUIP, PRIO_AILMENT = 0, 1, 2
RUNESPELL_TYPES = frozenset({"spirit", "attack", "utility"})


class Env:
    """The compiled cards the engine runs with (set once by `bind`)."""

    compiled: CompiledCards


def bound_compiled() -> CompiledCards:
    """The compiled cards the engine is bound to (`setup.bind`)."""
    return Env.compiled


def kind_of(state: State, h: int) -> Kind:
    return Env.compiled.kinds[state.cards[h] >> 1]


def card_type(state: State, h: int) -> str:
    return Env.compiled.kinds[state.cards[h] >> 1].ctype


def is_defense(state: State, h: int) -> bool:
    return Env.compiled.kinds[state.cards[h] >> 1].is_defense


# --- static modifiers ------------------------------------------------------------------------


def invalidate(state: State, changed: int = CH_ALL) -> None:
    """Something changed (a mask of CH_* bits): drop the derived values that depend on it.

    Every key of the cache is a tuple ``(tag, deps, ...)``: deps is the mask of the changes the
    value depends on. Static modifiers (`S_KEY`) depend on cards with statics, ailments and tokens
    or modifications; triggers ("T", p) on cards with triggered abilities and ailments;
    declarations ("D"), activations ("A") and plays ("P") on what their target words and
    placements name (see `compiled.word_deps`); the state checks (`CHECKED_KEY`) run again after any
    change."""
    cache = state._cache
    if not cache:
        return
    if changed == CH_ALL:
        state._cache = {}
        return
    p0, p1 = state.players
    hands = (p0.hand, p1.hand)
    # the plays of a card that left the hand are never asked for again: they go too
    state._cache = {k: v for k, v in cache.items() if not k[1] & changed and (k[0] != "P" or k[3] in hands[k[2]])}


# Values that depend on the compiled cards only (cleared by `setup.bind`), such as the declarations of an
# ability whose targets are Runeslingers.
CONSTANT: dict[Any, Any] = {}
S_KEY = ("S", CH_STATIC | CH_AIL | CH_OTHER)
TRIGGER_DEPS = CH_FIRED | CH_AIL
CHECKED_KEY = ("_checked", CH_ALL)
# What else changes when a card takes or frees a place (by F_WHERE): a concentration's exposure,
# an ailment area's exposure.
_PLACE_CHANGES = {WHERE_CONC: CH_CONC, WHERE_UTIL: 0, WHERE_AIL: CH_AIL}


def place_changes(where: int) -> int:
    return _PLACE_CHANGES[where]


def invalidate_concs(state: State) -> None:
    """Only concentrations were added or removed (a count of concentrations is read when used)."""
    invalidate(state, CH_CONC)


def sources(state: State, name: str) -> list[tuple[int, int, int, Modifier]]:
    """(controller, priority, source handle or -1, modifier) of every active static `name` modifier."""
    table = state._cache.get(S_KEY)
    if table is None:
        table = state._cache[S_KEY] = _all_sources(state)
    return table.get(name, _NONE)


_NONE: list[tuple[int, int, int, Modifier]] = []


def _all_sources(state: State) -> dict[str, list[tuple[int, int, int, Modifier]]]:
    t = Env.compiled
    kinds = t.kinds
    threshold = state.ruleset.level_two_threshold
    out: dict[str, list[tuple[int, int, int, Modifier]]] = {}
    for p, pl in enumerate(state.players):
        for h in pl.field:
            for name, found in kinds[state.cards[h] >> 1].statics.items():
                for cond, m in found:
                    if cond is None or check_static(state, h, p, cond):
                        out.setdefault(name, []).append((p, PRIO_CARD, h, m))
        for eid in pl.equips:
            for name, found in t.equip_statics[eid].items():
                out.setdefault(name, []).extend((p, PRIO_EQUIP, -1, m) for _cond, m in found)
        for a in pl.ail:
            if a[0] >= 0 and a[2] < 0:
                for level in (1, 2) if a[1] >= threshold else (1,):
                    for name, found in t.ailment_statics[(a[0], level)].items():
                        out.setdefault(name, []).extend((p, PRIO_AILMENT, -1, m) for _cond, m in found)
    return out


def check_static(state: State, h: int, p: int, cond: Condition) -> bool:
    ok: bool
    if cond.name == "conceals_ailment":
        entry = state.players[p].field[h]
        ok = entry[F_WHERE] == WHERE_AIL and state.players[p].ail[entry[F_REF]][0] >= 0
    elif cond.name == "controller_is_not_owner":
        ok = state.owner(h) != p
    elif cond.name == "tokens_on_this":
        ok = state.players[p].field[h][F_TOKENS] >= param_int(cond.params, "at_least", 1)
    else:
        ok = True
    return ok != cond.negate


def applies(who: object, source_ctl: int, p: int) -> bool:
    if who == "all":
        return True
    if who == "enemies":
        return source_ctl != p
    return source_ctl == p


def _types_match(types: object, ctype: str) -> bool:
    return isinstance(types, tuple) and ("any" in types or ctype in types)


def param_int(params: Mapping[str, object], key: str, default: object) -> int:
    """A count from a card's parameters (``int()`` of it, as the card schema checked it is one)."""
    return int(cast(SupportsInt, params.get(key, default)))


def _int(params: Mapping[str, object], key: str, default: int = 0) -> int:
    value = params.get(key, default)
    return value if isinstance(value, int) else default


def temp_mods(state: State, p: int, name: str) -> Iterator[list[Any]]:
    for m in state.players[p].mods:
        if m[0] == name:
            yield m


def block_value(state: State, p: int) -> int:
    """The Runeslinger's base block (Classic: 4 for every Runeslinger, 000 "Blocking"; else the
    card's, 001 p.14) with every block modifier."""
    base = state.ruleset.base_block
    value: int = (
        base
        if base and since(state.engine, ENGINE_3)
        else bound_compiled().catalog.runeslingers[state.players[p].rs].block
    )
    for ctl, _prio, _h, m in sources(state, "block"):
        if applies(m.params.get("who"), ctl, p):
            value += _int(m.params, "amount")
    value += sum(m[1] for m in temp_mods(state, p, "block"))
    return max(0, value)


def cannot_block(state: State, p: int) -> bool:
    return any(applies(m.params.get("who"), ctl, p) for ctl, _prio, _h, m in sources(state, "cannot_block"))


def max_health(state: State, p: int) -> int:
    pl = state.players[p]
    value: int = state.ruleset.max_health or Env.compiled.catalog.runeslingers[pl.rs].health
    mods = sources(state, "max_health")
    if not mods and not pl.mods:
        return value
    for ctl, _prio, h, m in mods:
        if applies(m.params.get("who"), ctl, p):
            value += _int(m.params, "amount")
            per = m.params.get("per")
            if per is not None:
                value += _int(m.params, "each") * quantity(state, str(per), ctl, h, p)
    value += sum(m[1] for m in temp_mods(state, p, "max_health"))
    return value


def max_hand_size(state: State, p: int) -> int:
    best: tuple[int, int, int] | None = None  # (priority, active wins, value)
    for ctl, prio, _h, m in sources(state, "max_hand_size"):
        if applies(m.params.get("who"), ctl, p):
            key = (prio, 1 if ctl == state.active else 0, _int(m.params, "value"))
            if best is None or key[:2] >= best[:2]:
                best = key
    return best[2] if best is not None else state.ruleset.max_hand_size


def defense(state: State, h: int, p: int) -> int:
    kind = kind_of(state, h)
    value = int(kind.card.defense or 0)
    ctype = kind.ctype
    for ctl, _prio, _src, m in sources(state, "defense"):
        if applies(m.params.get("who"), ctl, p) and _types_match(m.params.get("card_types"), ctype):
            value += _int(m.params, "amount")
    return value + int(state.players[p].field[h][F_DEFMOD])


def light_cost(state: State, p: int, kind: Any) -> int:
    if not state.ruleset.light:
        return 0  # Classic: no light, so no light cost and no light cost modifier (Curse II)
    value = int(kind.card.cost)
    ctype = kind.ctype
    for ctl, _prio, _h, m in sources(state, "cost"):
        if applies(m.params.get("who"), ctl, p) and _types_match(m.params.get("card_types"), ctype):
            value += _int(m.params, "amount")
    return max(0, value)


def damage_bonus(state: State, p: int, ctype: str) -> int:
    bonus = 0
    for ctl, _prio, _h, m in sources(state, "damage"):
        if applies(m.params.get("who"), ctl, p) and _types_match(m.params.get("card_types"), ctype):
            bonus += _int(m.params, "amount")
    for tm in temp_mods(state, p, "damage"):
        types = str(tm[2]).split(",")
        if ctype in types or "any" in types:
            bonus += tm[1]
    return bonus


def damage_taken_bonus(state: State, p: int) -> int:
    return sum(
        _int(m.params, "amount")
        for ctl, _prio, _h, m in sources(state, "damage_taken")
        if applies(m.params.get("who"), ctl, p)
    )


def quantity(state: State, name: str, ctl: int, src: int, target: int | None) -> int:
    pl = state.players[ctl]
    tp = target if target is not None else ctl
    if name == "tokens_on_this":
        entry = _entry(state, src)
        return int(entry[F_TOKENS]) if entry else 0
    if name == "cards_under_this":
        entry = _entry(state, src)
        return len(entry[F_UNDER]) if entry else 0
    if name == "ailments_on_target":
        return exposed_ailments(state, tp)
    if name == "unique_ailments_on_target":
        return len({a[0] for a in state.players[tp].ail if a[0] >= 0 and a[2] < 0})
    if name == "ailments_on_you":
        return exposed_ailments(state, ctl)
    if name == "cards_in_hand":
        return len(pl.hand)
    if name == "concentrations_you_control":
        return len(pl.concs)
    if name == "defense_cards_you_control":
        return sum(1 for h in pl.field if is_defense(state, h))
    if name == "boons_you_control":
        return sum(1 for h in pl.field if card_type(state, h) == "boon")
    if name == "power_you_lost":
        return state.ruleset.starting_power - pl.power
    if name == "debilitate_on_you":
        return ailment_count(state, ctl, AIL_INDEX["debilitate"])
    raise AssertionError(f"unknown quantity {name}")


def _entry(state: State, h: int) -> list[Any] | None:
    for pl in state.players:
        if h in pl.field:
            return pl.field[h]
    return None


# --- ailments --------------------------------------------------------------------------------


def exposed_ailments(state: State, p: int) -> int:
    return sum(a[1] for a in state.players[p].ail if a[0] >= 0 and a[2] < 0)


def ailment_count(state: State, p: int, atype: int) -> int:
    return sum(a[1] for a in state.players[p].ail if a[0] == atype and a[2] < 0)


def can_apply(state: State, p: int, atype: int) -> bool:
    return any((a[0] == atype and a[2] < 0) or (a[0] < 0 and a[2] < 0) for a in state.players[p].ail)


def apply_one(state: State, p: int, atype: int) -> bool:
    invalidate(state, CH_AIL)
    areas = state.players[p].own_ail()
    for a in areas:
        if a[0] == atype and a[2] < 0:
            a[1] += 1
            return True
    for a in areas:
        if a[0] < 0 and a[2] < 0:
            a[0], a[1] = atype, 1
            return True
    return False


def remove_ailments(state: State, p: int, count: int, atype: int | None) -> int:
    """Remove up to count exposed instances (of atype, or largest stacks first); return how many."""
    invalidate(state, CH_AIL)
    removed = 0
    areas = state.players[p].own_ail()
    while removed < count:
        live = [a for a in areas if a[0] >= 0 and a[2] < 0 and (atype is None or a[0] == atype)]
        if not live:
            break
        area = max(live, key=lambda a: (a[1], -a[0]))
        area[1] -= 1
        removed += 1
        if area[1] == 0:
            area[0] = -1
    return removed


def exposed_counts(state: State, p: int) -> dict[int, int]:
    counts: dict[int, int] = {}
    for a in state.players[p].ail:
        if a[0] >= 0 and a[2] < 0:
            counts[a[0]] = counts.get(a[0], 0) + a[1]
    return counts


def removal_needs_choice(state: State, p: int, n: int) -> bool:
    """Removing n exposed ailments is a choice when several types are exposed and not all go."""
    counts = exposed_counts(state, p)
    return len(counts) > 1 and n < sum(counts.values())


def removal_choices(state: State, p: int, n: int) -> list[tuple[int, ...]]:
    """Every multiset of n exposed ailment instances (as sorted type tuples) the player may remove."""
    items = sorted(exposed_counts(state, p).items())
    out: list[tuple[int, ...]] = []

    def pick(i: int, left: int, acc: tuple[int, ...]) -> None:
        if left == 0:
            out.append(acc)
            return
        if i == len(items):
            return
        atype, have = items[i]
        for k in range(min(have, left), -1, -1):
            pick(i + 1, left - k, acc + (atype,) * k)

    pick(0, n, ())
    return out


def unique_choices(state: State, p: int, n: int) -> list[tuple[int, ...]]:
    """The sets of different ailment types ("apply n unique ailments") that can all be applied to p:
    as many types as possible, up to n (001 p.18 example 1)."""
    areas = state.players[p].ail
    exposed = {a[0] for a in areas if a[0] >= 0 and a[2] < 0}
    free = sum(1 for a in areas if a[0] < 0 and a[2] < 0)
    k = min(n, len(exposed) + free, len(AIL_INDEX))
    return [c for c in combinations(range(len(AIL_INDEX)), k) if sum(1 for x in c if x not in exposed) <= free]


def merge_areas(state: State, p: int) -> None:
    """Two exposed areas of one type merge onto one (001 p.13)."""
    invalidate(state, CH_AIL)
    areas = state.players[p].own_ail()
    for i, a in enumerate(areas):
        if a[0] < 0 or a[2] >= 0:
            continue
        for b in areas[i + 1 :]:
            if b[0] == a[0] and b[2] < 0:
                a[1] += b[1]
                b[0], b[1] = -1, 0


# --- the game ends ---------------------------------------------------------------------------


def goto(state: State, phase: str) -> None:
    """Move to the first step of a phase (never out of a finished game)."""
    if not state.over:
        state.phase, state.step = phase, 0


def end_game(state: State, loser: int) -> None:
    if state.over:
        return
    state.phase = Phase.OVER.value
    state.winner = -1 if loser < 0 else 1 - loser
    state.stack.clear()
    state.ladder.clear()
    state.answer = -1
    state.decision = None


def lose_power(state: State, p: int, events: list[dict[str, Any]], health_reached_0: bool = False) -> None:
    """Lose a power and gain a determination (or lose the game at 0 power). The health resets to
    its maximum only when it reached 0 (`health_reached_0`): a power lost to an empty deck or to
    the Ailment Phase keeps it (001 p.4 "Power Loss Conditions", 000 "No Health"). Games of engines
    before 3 reset it on every power loss, and replay so."""
    if state.over:
        return
    pl = state.players[p]
    pl.power -= 1
    pl.det += 1
    events.append({"e": "power_lost", "p": p, "power": pl.power})
    if pl.power <= 0:
        end_game(state, p)
        return
    if health_reached_0 or not since(state.engine, ENGINE_3):
        pl.health = max(0, max_health(state, p))
    from gameplay.runeslingers.engine.effects import fire  # effects builds on this module

    fire(state, [(p, "you_lose_power")])


def take_top(state: State, p: int, events: list[dict[str, Any]]) -> int | None:
    """The top card of the deck, the deck being bottomless (001 p.3): None when the game ended."""
    pl = state.players[p]
    if not pl.deck:
        if not pl.discard:
            end_game(state, p)
            return None
        lose_power(state, p, events)
        if state.over:
            return None
        shuffle(state, pl.discard)
        pl.deck = [state.rehandle(h) for h in pl.discard]  # fresh handles in the shuffled order
        pl.discard = []
        events.append({"e": "reshuffled", "p": p})
    return pl.deck.pop()


def draw(state: State, p: int, n: int, events: list[dict[str, Any]]) -> None:
    pl = state.players[p]
    limit = max_hand_size(state, p)  # taking cards changes no modifier
    for _ in range(n):
        h = take_top(state, p, events)
        if h is None:
            return
        if len(pl.hand) >= limit:
            pl.discard.append(h)
            events.append({"e": "overdraw", "p": p, "card": h})
        else:
            pl.hand.append(h)


def mill(state: State, p: int, n: int, to_void: bool, events: list[dict[str, Any]]) -> None:
    pl = state.players[p]
    for _ in range(n):
        h = take_top(state, p, events)
        if h is None:
            return
        (pl.own_void() if to_void else pl.discard).append(h)


def exposed_concs(state: State, p: int) -> list[list[int]]:
    return [c for c in state.players[p].concs if c[C_TOP] < 0]


def find_conc(state: State, h: int) -> tuple[int, list[int]] | None:
    for p, pl in enumerate(state.players):
        for c in pl.concs:
            if c[C_HANDLE] == h:
                return p, c
    return None


def vacate(state: State, p: int, entry: list[Any], enters: int = CH_ALL) -> None:
    """Free the place a card in play sat on (`enters`: the changes its leaving makes, `Kind.enters`)."""
    pl = state.players[p]
    where, ref = entry[F_WHERE], entry[F_REF]
    invalidate(state, enters | _PLACE_CHANGES[where])
    if where == WHERE_CONC:
        for c in pl.own_concs():
            if c[C_HANDLE] == ref:
                c[C_TOP] = -1
    elif where == WHERE_UTIL:
        pl.own_util()[ref] = -1
    elif where == WHERE_AIL:
        area = pl.own_ail()[ref]
        area[2] = -1
        if area[0] < 0:
            area[1] = 0
        merge_areas(state, p)


def put(state: State, h: int, dest: str) -> None:
    """Put a card that left play (or a concentration) into its owner's zone."""
    owner = state.players[state.owner(h)]
    if dest == "discard":
        owner.discard.append(h)
    elif dest == "void":
        owner.own_void().append(h)
    elif dest == "hand":
        owner.hand.append(state.rehandle(h))
    elif dest == "top_of_deck":
        owner.deck.append(state.rehandle(h))
    else:
        raise AssertionError(dest)


def remove_conc(state: State, p: int, h: int, dest: str) -> None:
    pl = state.players[p]
    pl.concs = [c for c in pl.own_concs() if c[C_HANDLE] != h]
    invalidate_concs(state)
    put(state, h, dest)


def is_runespell(state: State, h: int) -> bool:
    return card_type(state, h) in RUNESPELL_TYPES
