"""A greedy guardian bot: it tries each action one step ahead and keeps the best-scoring one.

PURE. It never looks at hidden information: rerolls (a chance event) and ``end`` (which draws the
next monster) are never applied to judge them; when no action improves the score, it rerolls
every unused die if it has the mana, and otherwise ends the turn. The score prefers kills, keeps the temple and the
guardians whole and counts the hits the next Monster Movement would deal (so it blocks when a hit
is coming, above all on the temple).
"""

from __future__ import annotations

from gameplay.runemasters import actions
from gameplay.runemasters.data import GameData
from gameplay.runemasters.rules import MOVEMENT_ORDER, first_monster
from gameplay.runemasters.state import Guardian, State


def _incoming(state: State, data: GameData, colour: str) -> int:
    """Hits the path takes at the next Monster Movement, if nothing changes."""
    if state.petrified or colour in state.blocked:
        return 0
    slots = state.paths[colour]
    hits = 0
    if slots[0] is not None:
        hits += data.types[data.monsters[slots[0]["card"]].type].damage
    for space in range(1, len(slots)):
        slot = slots[space]
        if slot and slots[space - 1] is None and all(s is None for s in slots[: space - 1]):
            hits += data.types[data.monsters[slot["card"]].type].ranged and state.event != "cover"
    return hits


def _guardian_score(guardian: Guardian) -> float:
    if not guardian["alive"]:
        return -30.0
    charge = 0.8 * guardian["ult"] if guardian["side"] else 0.0
    return float(6.0 * guardian["hp"] + 1.2 * guardian["mp"] + charge + 3.0 * guardian["shield"])


def score(state: State, data: GameData) -> float:
    if state.outcome is not None:
        return 10_000.0 if state.outcome == "won" else -10_000.0
    total = 25.0 * state.temple_hp + sum(_guardian_score(g) for g in state.guardians)
    for colour in MOVEMENT_ORDER:
        if colour not in state.paths:
            continue
        guarded = state.guardian_on(colour) is not None
        total -= _incoming(state, data, colour) * (7 if guarded else 30 if state.temple_hp > 1 else 500)
        for space, slot in enumerate(state.paths[colour]):
            if slot is not None:
                total -= (2.5 + 0.5 * (5 - space)) * (1 + slot["struck"].count(False))
    return total + 2.0 * _usable_dice(state, data)


def _usable_dice(state: State, data: GameData) -> int:
    """Unused dice of the active guardian that can strike the first monster on its path."""
    if state.active is None or not state.dice:
        return 0
    colour = state.guardians[state.active]["path"]
    space = first_monster(state, colour) if colour else None
    if space is None:
        return 0
    slot = state.paths[colour][space]
    assert slot is not None
    open_points = [p for p, hit in zip(data.monsters[slot["card"]].weak_points, slot["struck"], strict=True) if not hit]
    runes = [d["rune"] for d in state.dice if not d["used"]]
    return sum(min(open_points.count(r), runes.count(r)) for r in set(runes))


def greedy(state: State, seat: int, legal: list[str], data: GameData) -> str:
    if state.phase == "angel":
        living = [s for s in range(len(state.guardians)) if f"angel {s}" in legal]
        return f"angel {min(living, key=lambda s: state.guardians[s]['hp'])}"
    if state.phase == "reward":
        return "reward health" if state.guardians[seat]["hp"] < 3 else "reward mana"
    best, best_score = "end", score(state, data)
    for action in legal:
        if action == "end" or action.startswith("reroll"):
            continue
        after = state.copy()
        actions.act(after, seat, action, data)
        value = score(after, data)
        if value > best_score + 1e-9:
            best, best_score = action, value
    return _reroll_instead(state, seat, legal) if best == "end" else best


def _reroll_instead(state: State, seat: int, legal: list[str]) -> str:
    """With nothing worth doing, spend the mana it has on rerolling every unused die (all or none)."""
    unused = [str(i) for i, die in enumerate(state.dice) if not die["used"]]
    wanted = f"reroll {' '.join(unused)}"
    cost = len(unused) * (2 if state.event == "mana-drain" else 1)
    if unused and wanted in legal and state.guardians[seat]["mp"] >= cost:
        return wanted
    return "end"
