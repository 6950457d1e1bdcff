"""What one player may see: a JSON-able dict with no hidden card of the other player.

PURE. The viewer sees their own hand and concentrations; of the opponent only counts of hand
and deck and the backs of concentrations (their handles); both decks are counts. Public piles,
cards in play, ailments, the ladder and the result are open.
"""

from __future__ import annotations

from typing import Any

from gameplay.runeslingers.engine import core
from gameplay.runeslingers.engine.compiled import AILMENTS
from gameplay.runeslingers.engine.effects import order_options
from gameplay.runeslingers.engine.legal import fmt_target, legal_actions, pending
from gameplay.runeslingers.engine.state import (
    C_HANDLE,
    C_TOP,
    C_USED,
    F_DMG,
    F_MASTERY,
    F_TOKENS,
    F_UNDER,
    F_USED,
    State,
)

_OWNERS = ("p1", "p2")


def _card(state: State, h: int) -> dict[str, Any]:
    value = state.cards[h]
    return {"card": f"c{h}", "id": core.Env.compiled.kinds[value >> 1].card.id, "owner": _OWNERS[value & 1]}


def _field(state: State, p: int) -> list[dict[str, Any]]:
    field = []
    for h, e in state.players[p].field.items():
        item = _card(state, h)
        item.update(
            used=bool(e[F_USED]),
            damage=e[F_DMG],
            tokens=e[F_TOKENS],
            mastery=e[F_MASTERY],
            under=[_card(state, u) for u in e[F_UNDER]],
        )
        if core.is_defense(state, h):
            item["defense"] = core.defense(state, h, p)
        field.append(item)
    return field


def _concentrations(state: State, p: int, mine: bool) -> list[dict[str, Any]]:
    concs = []
    for c in state.players[p].concs:
        item = {
            "card": f"c{c[C_HANDLE]}",
            "used": bool(c[C_USED]),
            "covered_by": f"c{c[C_TOP]}" if c[C_TOP] >= 0 else None,
        }
        if mine:
            item["id"] = core.kind_of(state, c[C_HANDLE]).card.id
        concs.append(item)
    return concs


def _player(state: State, p: int, viewer: int) -> dict[str, Any]:
    pl = state.players[p]
    mine = p == viewer
    return {
        "player": f"p{p + 1}",
        "runeslinger": pl.rs,
        "equips": list(pl.equips),
        "health": pl.health,
        "max_health": core.max_health(state, p),
        "power": pl.power,
        "determination": pl.det,
        "light": pl.light,
        "block": core.block_value(state, p),
        "barrier": pl.barrier,
        "blocked": bool(pl.blocked),
        "hand": [_card(state, h) for h in pl.hand] if mine else len(pl.hand),
        "hand_count": len(pl.hand),
        "deck": len(pl.deck),
        "discard": [_card(state, h) for h in pl.discard],
        "void": [_card(state, h) for h in pl.void],
        "concentrations": _concentrations(state, p, mine),
        "utility": [f"c{h}" if h >= 0 else None for h in pl.util],
        "ailments": [
            {"type": AILMENTS[a[0]] if a[0] >= 0 else None, "count": a[1], "boon": f"c{a[2]}" if a[2] >= 0 else None}
            for a in pl.ail
            if a[0] >= 0 or a[2] >= 0
        ],
        "field": _field(state, p),
    }


def view(state: State, player: int) -> dict[str, Any]:
    pend = pending(state)
    options: list[str] = []
    if pend is not None and pend.kind == "order":
        options = order_options(state)
    return {
        "options": options,
        "decision": _decision(state),
        "you": f"p{player + 1}",
        "rules": state.rules,  # the rule set: "classic" boards show no light (Classic has none)
        "turn": state.turn,
        "active": f"p{state.active + 1}",
        "phase": state.phase,
        "pending": pend.to_json() if pend else None,
        "players": [_player(state, p, player) for p in (0, 1)],
        "ladder": [
            {
                # a card taken back to a hand or deck has a new handle: its rung only waits to fizzle
                "card": fmt_target(r["s"]) if r["s"] in state.cards else None,
                "id": core.kind_of(state, r["s"]).card.id if r["s"] in state.cards else None,  # public: being played
                "controller": f"p{r['c'] + 1}",
                "targets": [fmt_target(t) if t != -100 else "-" for t in r["ctx"]["t"]],
                **({"redirected": True} if r.get("mw") else {}),  # Mirror Ward
            }
            for r in state.ladder
        ],
        "legal": [a.to_text() for a in legal_actions(state, player)],
        "result": result(state),
    }


def _decision(state: State) -> dict[str, Any] | None:
    """The public details of an interrupting decision (what a block protects, how many to discard)."""
    d = state.decision
    if d is None:
        return None
    if d["kind"] == "block":
        return {"kind": "block", "target": fmt_target(d["target"])}
    if d["kind"] == "discard":
        return {"kind": "discard", "count": d["n"]}
    if d["kind"] == "remove":
        return {"kind": "remove", "count": d["n"], "why": d["why"]}
    if d["kind"] == "return":
        return {"kind": "return", "count": d["n"], "card_types": d["types"]}
    if d["kind"] == "unique":
        return {"kind": "unique", "count": d["n"], "target": f"p{d['target'] + 1}"}
    if d["kind"] == "targets":
        return {"kind": "targets", "bullet": d["bullet"] + 1}
    if d["kind"] == "copy":
        return {"kind": "copy", "card": core.Env.compiled.kinds[d["copy"][0]].card.id}
    if d["kind"] == "fate":
        return {"kind": "fate", "bullets": [b + 1 for b in d["valid"]]}
    card = d.get("card")  # charge: the card just played, to charge or sling
    return {"kind": d["kind"]} if card is None else {"kind": d["kind"], "card": fmt_target(card)}


def result(state: State) -> dict[str, Any] | None:
    if not state.over:
        return None
    if state.winner is None or state.winner < 0:
        return {"winner": None, "draw": True}
    return {"winner": f"p{state.winner + 1}", "draw": False}
