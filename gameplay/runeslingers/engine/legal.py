"""Who must decide what, and every legal action for them.

PURE. Decides `pending` (the player and the kind of decision: play, draw, answer, block,
discard, fate, charge, ...) and enumerates `legal_actions`. A play is listed once per distinct
set of declarations with the engine's default placement (``on=`` left out), except boons, whose
placement is part of the decision; `apply` also accepts any valid explicit ``on=``.
"""

from __future__ import annotations

import itertools
from dataclasses import dataclass
from typing import Any

from gameplay.runeslingers.engine import core
from gameplay.runeslingers.engine.actions import Action, new_action
from gameplay.runeslingers.engine.compiled import AILMENTS, CAbility, Kind
from gameplay.runeslingers.engine.effects import order_options
from gameplay.runeslingers.engine.ops_cards import return_choices
from gameplay.runeslingers.engine.rules import DRAW, OVER, PLAY, RULE_SETS
from gameplay.runeslingers.engine.state import (
    C_HANDLE,
    C_TOP,
    C_USED,
    F_CHARGED,
    F_SLUNG,
    F_TURN,
    F_USED,
    State,
    player_target,
    target_player,
)
from gameplay.runeslingers.engine.targets import valid_targets


@dataclass(frozen=True)
class Pending:
    player: int  # 0 or 1
    kind: str  # setup | play | draw | answer | block | discard | fate | targets | order | remove | unique | return
    # | copy | charge

    def to_json(self) -> dict[str, Any]:
        return {"player": f"p{self.player + 1}", "kind": self.kind}


_PENDINGS: dict[tuple[int, str], Pending] = {}


def _pending(player: int, kind: str) -> Pending:
    """Pending values are immutable: one shared instance per (player, kind)."""
    found = _PENDINGS.get((player, kind))
    if found is None:
        found = _PENDINGS[(player, kind)] = Pending(player, kind)
    return found


_ANSWER = (_pending(0, "answer"), _pending(1, "answer"))
_DRAW = (_pending(0, "draw"), _pending(1, "draw"))
_PLAY = (_pending(0, "play"), _pending(1, "play"))


def pending(state: State) -> Pending | None:
    phase = state.phase
    if phase == OVER:
        return None
    decision = state.decision
    if decision is not None:
        return _pending(decision["who"], decision["kind"])
    if state.answer >= 0:
        return _ANSWER[state.answer]
    if phase == DRAW and state.step == 1:
        return _DRAW[state.active]
    if phase == PLAY:
        return _PLAY[state.active]
    return None


_SIMPLE: dict[tuple[str, str | None, tuple[tuple[str, str], ...]], Action] = {}
# Each shared action and its text, by id (the entry keeps the action alive, so the id stays its own).
SIMPLE_TEXT: dict[int, tuple[Action, str]] = {}


# Handles differ from game to game (opaque handles), so the shared actions are emptied at this
# size rather than growing with every game a process hosts; sharing is only a speed-up.
SHARED_ACTIONS_MAX = 20_000


def _forget_shared_actions() -> None:
    _SIMPLE.clear()
    SIMPLE_TEXT.clear()
    for table in _BY_HANDLE.values():
        table.clear()


def simple_action(kind: str, subject: str | None = None, options: tuple[tuple[str, str], ...] = ()) -> Action:
    """An action with no declarations; actions are immutable values, so equal ones are shared."""
    key = (kind, subject, options)
    found = _SIMPLE.get(key)
    if found is None:
        if len(_SIMPLE) >= SHARED_ACTIONS_MAX:
            _forget_shared_actions()
        found = _SIMPLE[key] = new_action(kind, subject, options=options)
        SIMPLE_TEXT[id(found)] = (found, found.to_text())
    return found


_BY_HANDLE: dict[str, dict[int, Action]] = {"set": {}, "light": {}}


def handle_action(kind: str, h: int) -> Action:
    """`simple_action(kind, f"c{h}")`, looked up by the handle."""
    table = _BY_HANDLE[kind]
    found = table.get(h)
    if found is None:
        found = table[h] = simple_action(kind, f"c{h}")
    return found


def fate_ability(state: State, decision: dict[str, Any]) -> CAbility:
    """The ability a fate, targets or copy decision is about: the played card's, or the copied one's
    (``"copy": [kind, ability]``, Echo)."""
    copy = decision.get("copy")
    kind = core.Env.compiled.kinds[copy[0]] if copy is not None else core.kind_of(state, decision["source"])
    ab = kind.ability(copy[1] if copy is not None else "play")
    assert ab is not None
    return ab


def fmt_target(t: int) -> str:
    return f"p{target_player(t) + 1}" if t < 0 else f"c{t}"


def legal_actions(state: State, player: int) -> list[Action]:
    cached = state._legal.get(player)
    if cached is None:
        cached = state._legal[player] = _legal(state, player)
    return list(cached)


def is_legal(state: State, player: int, action: Action) -> bool:
    found = state._legal.get(player)
    if found is None:
        found = state._legal[player] = _legal(state, player)
    for a in found:  # usually one of the very objects legal_actions gave out
        if a is action:
            return True
    return action in found


def _legal(state: State, p: int) -> list[Action]:
    pend = pending(state)
    if pend is None or pend.player != p:
        return []
    pl = state.players[p]
    if pend.kind == "block":
        return [simple_action("pass"), *(simple_action("block", options=(("discard", f"c{h}"),)) for h in pl.hand)]
    if pend.kind == "setup":
        return [simple_action("set", f"c{h}") for h in pl.hand]
    if pend.kind == "discard":
        return [simple_action("discard", f"c{h}") for h in pl.hand]
    if pend.kind == "remove":
        choices = core.removal_choices(state, p, state.decision["n"])  # type: ignore[index]
        return [new_action("remove", ailments=tuple(AILMENTS[t] for t in c)) for c in choices]
    if pend.kind == "return":
        d = state.decision
        assert d is not None
        return [
            new_action("choose", targets=tuple(f"c{h}" for h in c))
            for c in return_choices(state, p, tuple(d["types"]), d["n"])
        ]
    if pend.kind == "unique":
        d = state.decision
        assert d is not None
        return [
            new_action("choose", ailments=tuple(AILMENTS[t] for t in c))
            for c in core.unique_choices(state, d["target"], d["n"])
        ]
    if pend.kind == "copy":  # Echo: every declaration of the copied ability
        d = state.decision
        assert d is not None
        ab = fate_ability(state, d)
        return [new_action("choose", None, ts, ails, c) for ts, ails, c in declarations(state, p, ab, d["source"])]
    if pend.kind == "targets":
        d = state.decision
        assert d is not None
        ab = fate_ability(state, d)
        return [new_action("choose", targets=ts) for ts in bullet_targets(state, ab, d["bullet"], p, d["source"])]
    if pend.kind == "order":
        labels = order_options(state)
        return [new_action("choose", str(i + 1)) for i, label in enumerate(labels) if label not in labels[:i]]
    if pend.kind == "fate":
        return [new_action("choose", str(b + 1)) for b in state.decision["valid"]]  # type: ignore[index]
    if pend.kind == "charge":  # Classic: the card with Charge just played is charged or slung
        h = state.decision["card"]  # type: ignore[index]
        return [simple_action("charge", f"c{h}"), *slings(state, p, h, core.kind_of(state, h))]
    if pend.kind == "answer":
        return [
            simple_action("pass"),
            *(a for h in pl.hand if core.kind_of(state, h).has("shout") for a in play_options(state, p, h)),
            *(field_answers(state, p) if state.ruleset.activations_answerable else ()),
        ]
    if pend.kind == "draw":
        return [
            simple_action("continue"),
            simple_action("pass", "draw"),
            *(simple_action("pass", options=(("return", f"c{c[C_HANDLE]}"),)) for c in core.exposed_concs(state, p)),
        ]
    return _play_phase(state, p)


_END = simple_action("end")


def _play_phase(state: State, p: int) -> list[Action]:
    pl = state.players[p]
    out = [_END]
    if not pl.set_done and len(pl.concs) < RULE_SETS[state.rules].max_concentrations:
        sets = _BY_HANDLE["set"]
        out += [sets.get(h) or handle_action("set", h) for h in pl.hand]
    lights = _BY_HANDLE["light"]
    light = pl.light
    conc_free = False
    makes_light = state.ruleset.light
    for c in pl.concs:
        if c[C_TOP] < 0:
            conc_free = True
            if makes_light and not c[C_USED]:
                h = c[C_HANDLE]
                out.append(lights.get(h) or handle_action("light", h))
                light += 1
    if core.sources(state, "cost"):
        for h in pl.hand:
            out += play_options(state, p, h, light)
    else:  # the same as play_options, with the cost unmodified
        kinds = core.Env.compiled.kinds
        cards = state.cards
        health = pl.health
        cache = state._cache
        util_free = any(x < 0 for x in pl.util)
        for h in pl.hand:
            kind = kinds[cards[h] >> 1]
            if light < kind.base_cost or kind.values.get("pain", 0) > health or _sear_fails(state, pl, kind):
                continue
            if not (conc_free or kind.ctype == "boon" or (util_free and _util_card(kind))):
                continue  # no place to play it
            key = ("P", kind.play_deps, p, h)
            found = cache.get(key)
            if found is None:
                found = cache[key] = _play_options(state, p, h, kind)
            out += found
    out += activations(state, p, light)
    kinds = core.Env.compiled.kinds
    for h, entry in pl.field.items():
        kind = kinds[state.cards[h] >> 1]
        if kind.field_actions:
            out += _card_actions(state, p, h, entry, kind)
    return out


def _card_actions(state: State, p: int, h: int, entry: list[Any], kind: Kind) -> list[Action]:
    """What card h in play lets its controller do in their Play Phase: Use, Activate (Classic),
    Sling, Charge (Classic: not both Sling and Charge in one turn)."""
    out: list[Action] = []
    use = kind.ability("use")
    if use and not entry[F_USED] and (entry[F_TURN] != state.turn or kind.has("quick")):
        out += [new_action("use", f"c{h}", ts, ails) for ts, ails, _ in declarations(state, p, use, h)]
    out += trinket_activations(state, p, h, entry, kind)
    charged_now = entry[F_CHARGED] == state.turn
    either = state.ruleset.sling_after_charge
    if not entry[F_SLUNG] and (either or not charged_now):
        out += slings(state, p, h, kind)
    if kind.has("charge") and not charged_now and (either or not entry[F_SLUNG]):
        out.append(simple_action("charge", f"c{h}"))
    return out


def slings(state: State, p: int, h: int, kind: Kind) -> list[Action]:
    sling = kind.ability("sling")
    if sling is None:
        return []
    return [new_action("sling", f"c{h}", ts, ails) for ts, ails, _ in declarations(state, p, sling, h)]


def trinket_activations(state: State, p: int, h: int, entry: list[Any], kind: Kind) -> list[Action]:
    """Classic: a trinket's Activate ability, once (it is discarded at Cleanup), never on the
    turn the trinket was played (000 "Play Phase")."""
    ab = kind.ability("activate")
    if ab is None or entry[F_USED] or entry[F_TURN] == state.turn:
        return []
    return [new_action("activate", f"c{h}", ts, ails) for ts, ails, _ in declarations(state, p, ab, h)]


def field_answers(state: State, p: int) -> list[Action]:
    """Classic answers besides Shout cards from hand (000 "Answering"): Runeslinger activate
    abilities, trinket activations, and Shout runespells in play that can be slung."""
    out = activations(state, p)
    kinds = core.Env.compiled.kinds
    for h, entry in state.players[p].field.items():
        kind = kinds[state.cards[h] >> 1]
        out += trinket_activations(state, p, h, entry, kind)
        if kind.has("shout") and not entry[F_SLUNG] and entry[F_CHARGED] != state.turn:
            out += slings(state, p, h, kind)
    return out


def _sear_fails(state: State, pl: Any, kind: Kind) -> bool:
    """Classic: Sear X as a cost cannot be paid with fewer than X cards in the deck (000 "Sear")."""
    return state.ruleset.sear_cost_can_fail and kind.values.get("sear", 0) > len(pl.deck)


def light_available(state: State, p: int) -> int:
    pl = state.players[p]
    return pl.light + sum(1 for c in pl.concs if c[C_TOP] < 0 and not c[C_USED])


def activations(state: State, p: int, light: int | None = None) -> list[Action]:
    t = core.bound_compiled()
    pl = state.players[p]
    out: list[Action] = []
    found = t.inherent_activate[pl.rs] if state.ruleset.light_costs_abilities else None
    if found is not None and (light_available(state, p) if light is None else light) >= found[1]:
        out += _activation_actions(state, p, found[0], "inherent")
    for eid in pl.equips:
        found = t.equip_activate[eid]
        if found is not None and pl.det >= found[1]:
            out += _activation_actions(state, p, found[0], eid)
    return out


def _activation_actions(state: State, p: int, ab: CAbility, subject: str) -> list[Action]:
    """The actions activating one ability (cached with its declarations)."""
    cache = core.CONSTANT if not ab.deps else state._cache  # see `declarations`
    key = ("A", ab.deps, ab.list_id, p, subject)
    found: list[Action] | None = cache.get(key)
    if found is None:
        found = cache[key] = [
            new_action("activate", subject, ts, ails) for ts, ails, _ in declarations(state, p, ab, -1)
        ]
    return found


def placements(state: State, p: int, kind: Kind) -> list[str]:
    """Where the card may go: concentrations cN, utility slots uN, ailments pX:type or boons cN."""
    ctype = kind.ctype
    if ctype == "boon":
        out = []
        for q in (1 - p, p):
            for a in state.players[q].ail:
                if a[0] >= 0 and a[2] < 0:
                    out.append(f"p{q + 1}:{AILMENTS[a[0]]}")
                elif a[2] >= 0:
                    out.append(f"c{a[2]}")
        return out
    out = [f"c{c[C_HANDLE]}" for c in state.players[p].concs if c[C_TOP] < 0]
    if ctype in ("trinket", "chant") and not kind.has("distract"):
        out += [f"u{i}" for i, h in enumerate(state.players[p].util) if h < 0]
    return out


def play_options(state: State, p: int, h: int, light: int | None = None) -> list[Action]:
    """Every way to play card h (cached, like `declarations`, until the field, concentrations or
    ailments change; light and Pain are checked on every call)."""
    kind = core.kind_of(state, h)
    if light is None:
        light = light_available(state, p)
    if light < core.light_cost(state, p, kind):
        return []
    if kind.value("pain") > state.players[p].health or _sear_fails(state, state.players[p], kind):
        return []  # you cannot pay health you do not have (000, Keywords: Pain), nor sear cards
    if kind.ctype != "boon" and not placements(state, p, kind):
        return []
    key = ("P", kind.play_deps, p, h)
    found: list[Action] | None = state._cache.get(key)
    if found is None:
        found = state._cache[key] = _play_options(state, p, h, kind)
    return found


def _util_card(kind: Kind) -> bool:
    """The card may go on a free utility slot (see `placements`)."""
    return kind.ctype in ("trinket", "chant") and not kind.has("distract")


def _play_options(state: State, p: int, h: int, kind: Kind) -> list[Action]:
    """The plays of card h, given that a card that is not a boon has a place (the callers check:
    so the result does not depend on the concentrations unless its targets do)."""
    if (
        kind.ctype == "trinket"
        and not state.ruleset.trinket_copy_replaces
        and any(state.kind(x) == kind.index for x in state.players[p].field)
    ):
        return []
    spots: list[str | None] = [None]
    if kind.ctype == "boon":
        spots = list(placements(state, p, kind))
        if not spots:
            return []
    ail_opts: list[str | None] = [None]
    if kind.value("ail"):
        ail_opts = [a for i, a in enumerate(AILMENTS) if core.can_apply(state, p, i)]
        if not ail_opts:
            return []
    ab = kind.ability("play")
    # A card in hand is on no field, so excluding it changes nothing: share one entry per ability.
    decls = declarations(state, p, ab, -1) if ab is not None else [((), (), None)]
    out = []
    for spot, ail, (ts, ails, choice) in itertools.product(spots, ail_opts, decls):
        opts = tuple(sorted(((("on", spot),) if spot else ()) + ((("ail", ail),) if ail else ())))
        out.append(new_action("play", f"c{h}", ts, ails, choice, opts))
    return out


def declarations(
    state: State, p: int, ab: CAbility, source: int
) -> list[tuple[tuple[str, ...], tuple[str, ...], int | None]]:
    """Every (targets, ailments, choice) a player may declare for an ability (cached until what its
    targets name changes; with Runeslinger targets only, the same in every state)."""
    cache = state._cache if ab.deps else core.CONSTANT
    key = ("D", ab.deps, ab.list_id, p, source if ab.deps else -1)
    found: list[tuple[tuple[str, ...], tuple[str, ...], int | None]] | None = cache.get(key)
    if found is None:
        found = cache[key] = _declarations(state, p, ab, source)
    return found


def _declarations(
    state: State, p: int, ab: CAbility, source: int
) -> list[tuple[tuple[str, ...], tuple[str, ...], int | None]]:
    cands = [[fmt_target(t) for t in valid_targets(state, w, p, source)] for w in ab.tslots]
    in_bullet = {s for b in ab.bullets for s in b}
    if any(not cands[s] for s in range(len(cands)) if s not in in_bullet):
        return []
    ailments = list(itertools.product(AILMENTS, repeat=ab.aslots))
    if not ab.bullets:
        return [(ts, ail, None) for ts in itertools.product(*cands) for ail in ailments]
    valid = [b for b, slots in enumerate(ab.bullets) if all(cands[s] for s in slots)]
    out: list[tuple[tuple[str, ...], tuple[str, ...], int | None]] = []
    if ab.chooser == "enemy":  # Fate: bullet targets are declared after the enemy picks the bullet
        if not valid:
            return []
        slot_cands = [["-"] if s in in_bullet else c for s, c in enumerate(cands)]
        return [(ts, ail, None) for ts in itertools.product(*slot_cands) for ail in ailments]
    for b in valid:
        slot_cands = [c if (s in ab.bullets[b] or s not in in_bullet) else ["-"] for s, c in enumerate(cands)]
        out += [(ts, ail, b + 1) for ts in itertools.product(*slot_cands) for ail in ailments]
    return out


def valid_bullets(state: State, ab: CAbility, p: int, source: int) -> list[int]:
    """Fate: the bullets with a valid target for each of their targeting effects (001 p.17)."""
    return [
        b for b, slots in enumerate(ab.bullets) if all(valid_targets(state, ab.tslots[s], p, source) for s in slots)
    ]


def bullet_targets(state: State, ab: CAbility, bullet: int, p: int, source: int) -> list[tuple[str, ...]]:
    """Every declaration of targets for the slots of one bullet."""
    cands = [[fmt_target(t) for t in valid_targets(state, ab.tslots[s], p, source)] for s in ab.bullets[bullet]]
    return list(itertools.product(*cands))


def parse_target(text: str) -> int:
    if text == "-":
        return -100
    if text in ("p1", "p2"):
        return player_target(int(text[1]) - 1)
    if text.startswith("c") and text[1:].isdigit():
        return int(text[1:])
    raise ValueError(text)
