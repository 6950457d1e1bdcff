"""What anyone may see of a Runemasters game. Hidden: the order of the monster and event decks,
the removed monster cards, the RNG. Everything else is public (a co-operative game).

PURE.
"""

from __future__ import annotations

from typing import Any

from gameplay.runemasters.data import GameData
from gameplay.runemasters.state import State
from gameplay.runemasters.words import EVENT_TEXTS, GUARDIANS, ULTIMATES, type_rule


def _monster(slot: dict[str, Any] | None, data: GameData) -> dict[str, Any] | None:
    if slot is None:
        return None
    card = data.monsters[slot["card"]]
    return {
        "card": card.id,
        "colour": card.colour,
        "type": card.type,
        "weak_points": list(card.weak_points),
        "struck": list(slot["struck"]),
        "reward": card.reward,
        "name": f"{card.colour.capitalize()} {card.type}",
        "rule": type_rule(card.type, data),
    }


def _guardian(guardian: dict[str, Any]) -> dict[str, Any]:
    """A guardian as its board shows it: the state's fields and its names in words."""
    title, ability = GUARDIANS[guardian["id"]]
    name = str(guardian["id"]).capitalize()
    return dict(guardian, name=name, title=title, ability=ability, ultimate=ULTIMATES[guardian["id"]])


def _event(state: State, data: GameData) -> dict[str, Any] | None:
    """The event in force: its name, kind and what it does (None before the first round)."""
    if state.event is None:
        return None
    card = data.events[state.event]
    return {"name": card.name, "kind": card.kind, "text": EVENT_TEXTS[card.id]}


def public_view(state: State, data: GameData) -> dict[str, Any]:
    return {
        "game": "runemasters",
        "difficulty": state.difficulty,
        "round": state.round,
        "turns": state.turns,
        "phase": state.phase,
        "active": state.active,
        "sage": state.sage,
        "event": state.event,
        "event_card": _event(state, data),
        "event_deck": len(state.event_deck),
        "event_discard": list(state.event_discard),
        "monster_deck": len(state.monster_deck),
        "monster_discard": list(state.monster_discard),
        "removed": len(state.removed),
        "temple": {"hp": state.temple_hp, "max": state.temple_max},
        "paths": {
            colour: {"spaces": [_monster(s, data) for s in slots], "blocked": colour in state.blocked}
            for colour, slots in state.paths.items()
        },
        "guardians": [_guardian(g) for g in state.guardians],
        "dice": [dict(d) for d in state.dice],
        "petrified": state.petrified,
        "vivacity_used": state.vivacity_used,
        "rewards_due": list(state.rewards_due),
        "outcome": state.outcome,
        "reason": state.reason,
    }
