"""Who must decide what, and every legal action for them.

PURE. Decides `pending` (the player and the kind of decision: play, draw, answer, block,
discard, fate) and enumerates `legal_actions`. A play is listed once per distinct set of
declarations with the engine's default placement (``on=`` left out), except boons, whose
placement is part of the decision; `apply` also accepts any valid explicit ``on=``.
"""

from __future__ import annotations

import itertools
from dataclasses import dataclass
from typing import Any

from gameplay.engine import core
from gameplay.engine.actions import Action
from gameplay.engine.effects import order_options
from gameplay.engine.ops_cards import return_choices
from gameplay.engine.rules import DRAW, PLAY
from gameplay.engine.state import (
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
from gameplay.engine.tables import AILMENTS, CAbility, Kind
from gameplay.engine.targets import valid_targets


@dataclass(frozen=True)
class Pending:
    player: int  # 0 or 1
    kind: str  # setup | play | draw | answer | block | discard | fate | targets | order | remove | unique | return

    def to_json(self) -> dict[str, Any]:
        return {"player": f"p{self.player + 1}", "kind": self.kind}


def pending(state: State) -> Pending | None:
    if state.over:
        return None
    if state.decision is not None:
        return Pending(state.decision["who"], state.decision["kind"])
    if state.answer >= 0:
        return Pending(state.answer, "answer")
    if state.phase == DRAW and state.step == 1:
        return Pending(state.active, "draw")
    if state.phase == PLAY:
        return Pending(state.active, "play")
    return None


def fate_ability(state: State, decision: dict[str, Any]) -> CAbility:
    kind = core.kind_of(state, decision["source"])
    ab = kind.ability("play")
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
    return action in found


def _legal(state: State, p: int) -> list[Action]:
    pend = pending(state)
    if pend is None or pend.player != p:
        return []
    pl = state.players[p]
    if pend.kind == "block":
        return [Action("pass"), *(Action("block", options=(("discard", f"c{h}"),)) for h in pl.hand)]
    if pend.kind == "setup":
        return [Action("set", f"c{h}") for h in pl.hand]
    if pend.kind == "discard":
        return [Action("discard", f"c{h}") for h in pl.hand]
    if pend.kind == "remove":
        choices = core.removal_choices(state, p, state.decision["n"])  # type: ignore[index]
        return [Action("remove", ailments=tuple(AILMENTS[t] for t in c)) for c in choices]
    if pend.kind == "return":
        d = state.decision
        assert d is not None
        return [
            Action("choose", targets=tuple(f"c{h}" for h in c))
            for c in return_choices(state, p, tuple(d["types"]), d["n"])
        ]
    if pend.kind == "unique":
        d = state.decision
        assert d is not None
        return [
            Action("choose", ailments=tuple(AILMENTS[t] for t in c))
            for c in core.unique_choices(state, d["target"], d["n"])
        ]
    if pend.kind == "targets":
        d = state.decision
        assert d is not None
        ab = fate_ability(state, d)
        return [Action("choose", targets=ts) for ts in bullet_targets(state, ab, d["bullet"], p, d["source"])]
    if pend.kind == "order":
        labels = order_options(state)
        return [Action("choose", str(i + 1)) for i, label in enumerate(labels) if label not in labels[:i]]
    if pend.kind == "fate":
        return [Action("choose", str(b + 1)) for b in state.decision["valid"]]  # type: ignore[index]
    if pend.kind == "answer":
        return [
            Action("pass"),
            *(a for h in pl.hand if core.kind_of(state, h).has("shout") for a in play_options(state, p, h)),
        ]
    if pend.kind == "draw":
        return [
            Action("continue"),
            Action("pass", "draw"),
            *(Action("pass", options=(("return", f"c{c[C_HANDLE]}"),)) for c in core.exposed_concs(state, p)),
        ]
    return _play_phase(state, p)


def _play_phase(state: State, p: int) -> list[Action]:
    pl = state.players[p]
    out = [Action("end")]
    if not pl.set_done and len(pl.concs) < state.ruleset.max_concentrations:
        out += [Action("set", f"c{h}") for h in pl.hand]
    out += [Action("light", f"c{c[C_HANDLE]}") for c in pl.concs if c[C_TOP] < 0 and not c[C_USED]]
    light = light_available(state, p)
    for h in pl.hand:
        out += play_options(state, p, h, light)
    out += activations(state, p)
    for h, entry in pl.field.items():
        kind = core.kind_of(state, h)
        use = kind.ability("use")
        if use and not entry[F_USED] and (entry[F_TURN] != state.turn or kind.has("quick")):
            out += [Action("use", f"c{h}", ts, ails) for ts, ails, _ in declarations(state, p, use, h)]
        sling = kind.ability("sling")
        if sling and not entry[F_SLUNG]:
            out += [Action("sling", f"c{h}", ts, ails) for ts, ails, _ in declarations(state, p, sling, h)]
        if kind.has("charge") and entry[F_CHARGED] != state.turn:
            out.append(Action("charge", f"c{h}"))
    return out


def light_available(state: State, p: int) -> int:
    pl = state.players[p]
    return pl.light + sum(1 for c in pl.concs if c[C_TOP] < 0 and not c[C_USED])


def activations(state: State, p: int) -> list[Action]:
    t = core.T()
    pl = state.players[p]
    out: list[Action] = []
    inherent = t.catalog.runeslingers[pl.rs].inherent
    ab = next((a for a in t.runeslingers[pl.rs] if a.when == "activate"), None)
    if ab is not None and light_available(state, p) >= inherent.light_cost:
        out += [Action("activate", "inherent", ts, ails) for ts, ails, _ in declarations(state, p, ab, -1)]
    for eid in pl.equips:
        equip = t.catalog.equips[eid]
        ab = next((a for a in t.equips[eid] if a.when == "activate"), None)
        if ab is not None and equip.determinations is not None and pl.det >= equip.determinations:
            out += [Action("activate", eid, ts, ails) for ts, ails, _ in declarations(state, p, ab, -1)]
    return out


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
    kind = core.kind_of(state, h)
    if (light_available(state, p) if light is None else light) < core.light_cost(state, p, kind):
        return []
    if kind.value("pain") > state.players[p].health:
        return []  # you cannot pay health you do not have (000, Keywords: Pain)
    if kind.ctype == "trinket" and any(state.kind(x) == kind.index for x in state.players[p].field):
        return []
    places = placements(state, p, kind)
    if not places:
        return []
    ail_opts: list[str | None] = [None]
    if kind.value("ail"):
        ail_opts = [a for i, a in enumerate(AILMENTS) if core.can_apply(state, p, i)]
        if not ail_opts:
            return []
    ab = kind.ability("play")
    decls = declarations(state, p, ab, h) if ab is not None else [((), (), None)]
    spots: list[str | None] = list(places) if kind.ctype == "boon" else [None]
    out = []
    for spot, ail, (ts, ails, choice) in itertools.product(spots, ail_opts, decls):
        opts = tuple(sorted(((("on", spot),) if spot else ()) + ((("ail", ail),) if ail else ())))
        out.append(Action("play", f"c{h}", ts, ails, choice, opts))
    return out


def declarations(
    state: State, p: int, ab: CAbility, source: int
) -> list[tuple[tuple[str, ...], tuple[str, ...], int | None]]:
    """Every (targets, ailments, choice) a player may declare for an ability (cached until the field changes)."""
    key = ("D", ab.list_id, p, source)
    found: list[tuple[tuple[str, ...], tuple[str, ...], int | None]] | None = state._cache.get(key)
    if found is None:
        found = state._cache[key] = _declarations(state, p, ab, source)
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
