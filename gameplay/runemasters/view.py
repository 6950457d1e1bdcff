"""What anyone may see of a Runemasters game. Hidden: the order of the monster and event decks,
the removed monster cards, the RNG. Everything else is public (a co-operative game).

PURE.
"""

from __future__ import annotations

from typing import Any

from gameplay.runemasters.data import GameData
from gameplay.runemasters.state import State


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
    }


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
        "guardians": [dict(g) for g in state.guardians],
        "dice": [dict(d) for d in state.dice],
        "petrified": state.petrified,
        "vivacity_used": state.vivacity_used,
        "rewards_due": list(state.rewards_due),
        "outcome": state.outcome,
        "reason": state.reason,
    }
