"""What must hold in every Runemasters state (checked after every action of the random games)."""

from __future__ import annotations

from collections import Counter

from gameplay.runemasters import game
from gameplay.runemasters.data import load
from gameplay.runemasters.state import State


def _cards(state: State) -> list[str]:
    on_paths = [slot["card"] for slots in state.paths.values() for slot in slots if slot]
    revealed = ["dawn"] if state.outcome == "won" else []  # the Dawn, once revealed, ends the game
    return state.monster_deck + state.monster_discard + state.removed + on_paths + revealed


def check(state: State, total_cards: int) -> None:
    data = load()
    cards = _cards(state)
    assert len(cards) == total_cards and max(Counter(cards).values()) == 1, "a card was lost or copied"
    assert state.outcome == "won" or "dawn" in state.monster_deck[-4:]
    assert 0 <= state.temple_hp <= state.temple_max
    paths = [g["path"] for g in state.guardians if g["alive"]]
    assert len(paths) == len(set(paths)) and all(p in state.paths for p in paths)
    for guardian in state.guardians:
        assert 0 <= guardian["mp"] <= 4 and 0 <= guardian["ult"] <= 4 and guardian["side"] in (0, 1, 2)
        assert (0 < guardian["hp"] <= 4) if guardian["alive"] else (guardian["hp"] == 0 and guardian["path"] is None)
    for slots in state.paths.values():
        assert len(slots) == 5
        for slot in slots:
            assert slot is None or len(slot["struck"]) == len(data.monsters[slot["card"]].weak_points)
            assert slot is None or not all(slot["struck"])
    assert len(state.dice) <= 5
    over = state.outcome is not None
    assert (game.pending(state) is None) == over
    assert over or game.legal_actions(state, game.pending(state).seat)  # type: ignore[union-attr]
    assert game.from_json(game.to_json(state)) == state
