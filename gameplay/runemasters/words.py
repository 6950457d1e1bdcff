"""The game in words: a label for each action, the log sentence of a move and the prompt of a view
(the hosting protocol's optional ``describe_move`` and ``words``).

PURE. Words name guardians, runes, paths and monsters, never the hidden decks.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from gameplay.runemasters.actions import acting_seat
from gameplay.runemasters.data import GameData
from gameplay.runemasters.rules import first_monster
from gameplay.runemasters.state import State

ULTIMATES = {"neltai": "Elemental Tempest", "ismoros": "Petrification", "kulak": "Second Breath", "kyreas": "Trample"}
#: Each guardian's title and ability, as its board names them (rulebook 003, "The guardians").
GUARDIANS = {
    "neltai": ("the Tornado", "Swap"),
    "ismoros": ("Rock Girl", "Shield"),
    "kulak": ("Protector of Life", "Healing Prayer"),
    "kyreas": ("the Crusher", "Whirlwind"),
}
#: What each event card does while it is in force, as the board tells it.
EVENT_TEXTS = {
    "guardian-angel": "The guardian with the Guardian Angel marker cannot lose their last HP this round.",
    "cover": "Archers do not shoot as they move; they still fight on space 1.",
    "transcendence": "Each guardian rolls 5 dice instead of 4.",
    "curative-mana": "After a kill, take its reward as health instead of mana if you like.",
    "vivacity": "Each guardian may move once for free in their turn.",
    "mana-drain": "A reroll costs 2 MP a die instead of 1.",
    "hardcore": "No guardian may use their ability (ultimates still work).",
    "poison": "A guardian injured this round loses 1 more HP at the end of the round.",
    "rain-of-arrows": "Each guardian rolls 3 dice instead of 4.",
    "curse": "Killing a monster earns no mana.",
    "all-is-calm": "Nothing happens this round.",
}


def guardian_name(state: State, seat: int | str) -> str:
    return str(state.guardians[int(seat)]["id"]).capitalize()


def type_rule(kind: str, data: GameData) -> str:
    """What a monster type does, in words, from its data (``data/monsters.yaml``, ``types``)."""
    rules = data.types[kind]
    said = [f"Enters on space {rules.enters}." if rules.enters != 3 else ""]
    said.append("Shoots 1 damage as it moves with no monster in front of it." if rules.ranged else "")
    said.append(f"Hits for {rules.damage} HP." if rules.damage != 1 else "")
    said.append("Heals its injuries at the end of every turn." if rules.heals else "")
    said.append("Its path cannot be blocked." if rules.unblockable else "")
    said.append("Released mana does not harm it." if rules.resists_release else "")
    return " ".join(s for s in said if s) or "No special rule."


def monster_name(state: State, data: GameData, colour: str, space: int) -> str:
    slot = state.paths[colour][space]
    if slot is None:
        return "nothing"
    card = data.monsters[slot["card"]]
    return f"the {card.colour} {card.type}"


def _die(state: State, index: str) -> str:
    return str(state.dice[int(index)]["rune"])


def _strike(state: State, data: GameData, seat: int, args: list[str]) -> str:
    colour = state.guardians[seat]["path"]
    space = first_monster(state, colour)
    target = "nothing" if space is None else monster_name(state, data, colour, space)
    return f"strike {target}'s {_die(state, args[0])} weak point"


def _ability(state: State, data: GameData, seat: int, args: list[str]) -> str:
    kind, rest = args[1], args[2:]
    if kind == "swap":
        moved = monster_name(state, data, rest[0], int(rest[1]) - 1)
        return f"swap: move {moved} to space {rest[1]} of the {rest[2]} path"
    if kind == "go":
        return f"swap: move to the {rest[0]} path"
    if kind == "whirlwind":
        return f"whirlwind: strike the {rest[0]} weak point"
    verb = "shield" if kind == "shield" else "heal"
    return f"{verb} {guardian_name(state, rest[0])}"


def _ultimate(state: State, data: GameData, seat: int, args: list[str]) -> str:
    name = ULTIMATES[state.guardians[seat]["id"]]
    if args:
        return f"{name}: revive {guardian_name(state, args[1])} on the {args[2]} path"
    return name


def _reroll(state: State, data: GameData, seat: int, args: list[str]) -> str:
    cost = len(args) * (2 if state.event == "mana-drain" else 1)
    return f"reroll {', '.join(_die(state, d) for d in args)} ({cost} MP)"


def _release(state: State, data: GameData, seat: int, args: list[str]) -> str:
    return f"release mana on {monster_name(state, data, state.guardians[seat]['path'], 0)}"


LABELS: dict[str, Callable[[State, GameData, int, list[str]], str]] = {
    "strike": _strike,
    "move": lambda s, d, seat, a: f"move to the {a[1]} path ({_die(s, a[0])} die)",
    "block": lambda s, d, seat, a: f"block the {s.guardians[seat]['path']} path (two {_die(s, a[0])} dice)",
    "charge": lambda s, d, seat, a: f"charge the ultimate ({_die(s, a[0])} die)",
    "reroll": _reroll,
    "release": _release,
    "ability": _ability,
    "ultimate": _ultimate,
    "vivacity": lambda s, d, seat, a: f"move to the {a[0]} path for free",
    "end": lambda s, d, seat, a: "end the turn",
    "angel": lambda s, d, seat, a: f"give {guardian_name(s, a[0])} the Guardian Angel",
    "reward": lambda s, d, seat, a: f"take the reward as {a[0]}",
}


def label(state: State, data: GameData, seat: int, action: str) -> str:
    verb, *args = action.split()
    return LABELS[verb](state, data, seat, args)


def _aftermath(before: State, after: State, data: GameData) -> list[str]:
    said = []
    killed = after.monster_discard[len(before.monster_discard) :]
    said += [f"The {data.monsters[c].colour} {data.monsters[c].type} is gone." for c in killed]
    fallen = [g for g, was in zip(after.guardians, before.guardians, strict=True) if was["alive"] and not g["alive"]]
    said += [f"{str(g['id']).capitalize()} falls." for g in fallen]
    if after.temple_hp < before.temple_hp:
        said.append(f"The temple has {after.temple_hp} HP left.")
    if after.outcome is not None:
        said.append(after.reason + ".")
    return said


def describe_move(before: State, action: str, after: State, names: Sequence[str], data: GameData) -> dict[str, Any]:
    seat = acting_seat(before)
    assert seat is not None
    who = guardian_name(before, seat)
    text = " ".join([f"{who}: {label(before, data, seat, action)}.", *_aftermath(before, after, data)])
    return {"seat": f"p{seat + 1}", "text": text, "cards": []}


PROMPTS = {
    "angel": "give the Guardian Angel marker to a guardian",
    "actions": "use the dice, then end the turn",
    "reward": "take the kill's reward as mana or as health",
}


def words(state: State, seat: int | None, names: Sequence[str], legal: list[str], data: GameData) -> dict[str, Any]:
    acting = acting_seat(state)
    if acting is None:
        return {"prompt": state.reason, "labels": {}, "choices": []}
    if seat != acting:
        return {"prompt": f"Waiting for {guardian_name(state, acting)}", "labels": {}, "choices": []}
    labels = {action: label(state, data, acting, action) for action in legal}
    choices = [
        {"action": a, "subject": a.split()[0], "targets": a.split()[1:], "group": a.split()[0], "label": text}
        for a, text in labels.items()
    ]
    prompt = f"{guardian_name(state, acting)}: {PROMPTS[state.phase]}"
    return {"prompt": prompt, "labels": labels, "choices": choices}
