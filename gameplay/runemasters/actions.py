"""What a guardian may do now (``legal_actions``) and doing it (``act``), as text actions.

PURE. The actions, by the phase they belong to (die indices count from 0, paths are colours):

- angel phase (the Sage's seat): ``angel SEAT`` gives the Guardian Angel marker.
- actions phase (the active seat): ``strike D``, ``move D PATH``, ``block D D``, ``charge D``,
  ``reroll D [D ...]``, ``release``, ``vivacity PATH``, ``end``, and the guardian's own
  ``ability D ...`` and ``ultimate ...`` (see ``ABILITIES``).
- reward phase (Curative Mana, after a kill): ``reward mana`` or ``reward health``.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from itertools import combinations

from gameplay.runemasters.data import RUNES, GameData
from gameplay.runemasters.rules import (
    finish_turn,
    first_monster,
    kill_monster,
    next_turn,
    strike,
)
from gameplay.runemasters.state import MAX_HP, MAX_MP, ULTIMATE_FULL, State


def acting_seat(state: State) -> int | None:
    """The seat whose decision the game waits on (None once it is over)."""
    if state.phase == "angel":
        return state.sage
    if state.phase in ("actions", "reward"):
        return state.active
    return None


def legal_actions(state: State, seat: int, data: GameData) -> list[str]:
    if acting_seat(state) != seat:
        return []
    if state.phase == "angel":
        return [f"angel {s}" for s, g in enumerate(state.guardians) if g["alive"]]
    if state.phase == "reward":
        return ["reward mana", "reward health"]
    return ["end", *_die_actions(state, seat, data), *_special_actions(state, seat, data)]


def _unused(state: State) -> list[int]:
    return [i for i, die in enumerate(state.dice) if not die["used"]]


def move_targets(state: State, seat: int, rune: str) -> list[str]:
    here = state.guardians[seat]["path"]
    anywhere = rune == "purple" or (rune == "yellow" and "yellow" not in state.paths)
    targets = state.in_play() if anywhere else [rune] if rune in state.paths else []
    return [c for c in targets if c != here]


def _strike_runes(state: State, seat: int, data: GameData) -> set[str]:
    colour = state.guardians[seat]["path"]
    space = first_monster(state, colour)
    if space is None:
        return set()
    slot = state.paths[colour][space]
    assert slot is not None
    points = data.monsters[slot["card"]].weak_points
    return {p for p, struck in zip(points, slot["struck"], strict=True) if not struck}


def _die_actions(state: State, seat: int, data: GameData) -> Iterator[str]:
    unused = _unused(state)
    runes = _strike_runes(state, seat, data)
    guardian = state.guardians[seat]
    for i in unused:
        rune = state.dice[i]["rune"]
        if rune in runes:
            yield f"strike {i}"
        yield from (f"move {i} {c}" for c in move_targets(state, seat, rune))
        if guardian["side"] and guardian["ult"] < ULTIMATE_FULL:
            yield f"charge {i}"
        if rune == "white" and state.event != "hardcore":
            yield from (f"ability {i} {rest}" for rest in ABILITIES[guardian["id"]][0](state, seat, data))
    if _can_block(state, seat, data):
        yield from (
            f"block {i} {j}" for i, j in combinations(unused, 2) if state.dice[i]["rune"] == state.dice[j]["rune"]
        )


def _can_block(state: State, seat: int, data: GameData) -> bool:
    colour = state.guardians[seat]["path"]
    dragons = any(slot and data.types[data.monsters[slot["card"]].type].unblockable for slot in state.paths[colour])
    return colour not in state.blocked and not dragons


def _special_actions(state: State, seat: int, data: GameData) -> Iterator[str]:
    guardian = state.guardians[seat]
    cost = 2 if state.event == "mana-drain" else 1
    unused = _unused(state)
    for size in range(1, min(len(unused), guardian["mp"] // cost) + 1):
        yield from ("reroll " + " ".join(map(str, dice)) for dice in combinations(unused, size))
    slot = state.paths[guardian["path"]][0]
    if guardian["mp"] >= MAX_MP and slot and not data.types[data.monsters[slot["card"]].type].resists_release:
        yield "release"
    if guardian["side"] and guardian["ult"] == ULTIMATE_FULL:
        yield from (f"ultimate {rest}".strip() for rest in ABILITIES[guardian["id"]][2](state, seat, data))
    if state.event == "vivacity" and not state.vivacity_used:
        yield from (f"vivacity {c}" for c in state.in_play() if c != guardian["path"])


# --- The guardians' abilities and ultimates ---------------------------------------------------


def _living(state: State) -> list[int]:
    return [s for s, g in enumerate(state.guardians) if g["alive"]]


def _swap_options(state: State, seat: int, data: GameData) -> Iterator[str]:
    for colour, slots in state.paths.items():
        for space, slot in enumerate(slots):
            if slot is not None:
                yield from (f"swap {colour} {space + 1} {other}" for other in state.paths if other != colour)
    yield from (f"go {c}" for c in state.in_play() if c != state.guardians[seat]["path"])


def _shield_options(state: State, seat: int, data: GameData) -> Iterator[str]:
    yield from (f"shield {s}" for s in _living(state) if not state.guardians[s]["shield"])


def _heal_options(state: State, seat: int, data: GameData) -> Iterator[str]:
    yield from (f"heal {s}" for s in _living(state))


def _whirlwind_options(state: State, seat: int, data: GameData) -> Iterator[str]:
    yield from (f"whirlwind {rune}" for rune in sorted(_strike_runes(state, seat, data)))


def _plain_ultimate(state: State, seat: int, data: GameData) -> Iterator[str]:
    yield ""


def _revive_options(state: State, seat: int, data: GameData) -> Iterator[str]:
    free = [c for c in state.in_play() if state.guardian_on(c) is None]
    for target, guardian in enumerate(state.guardians):
        if not guardian["alive"] and target != seat:
            yield from (f"revive {target} {c}" for c in free)


def _swap(state: State, seat: int, data: GameData, args: list[str]) -> None:
    if args[0] == "go":
        _move(state, seat, args[1])
        return
    colour, space, other = args[1], int(args[2]) - 1, args[3]
    state.paths[colour][space], state.paths[other][space] = state.paths[other][space], state.paths[colour][space]


def _shield(state: State, seat: int, data: GameData, args: list[str]) -> None:
    state.guardians[int(args[1])]["shield"] = True


def _heal(state: State, seat: int, data: GameData, args: list[str]) -> None:
    target = state.guardians[int(args[1])]
    target["hp"] = min(MAX_HP, target["hp"] + 1)


def _whirlwind(state: State, seat: int, data: GameData, args: list[str]) -> None:
    colour = state.guardians[seat]["path"]
    space = first_monster(state, colour)
    assert space is not None
    strike(state, data, seat, colour, space, args[1])


def _tempest(state: State, seat: int, data: GameData, args: list[str]) -> None:
    for colour, slots in state.paths.items():
        if slots[0] is not None:
            strike(state, data, seat, colour, 0, None)


def _petrify(state: State, seat: int, data: GameData, args: list[str]) -> None:
    state.petrified = True


def _revive(state: State, seat: int, data: GameData, args: list[str]) -> None:
    state.guardians[int(args[1])].update(alive=True, hp=MAX_HP, path=args[2])


def _trample(state: State, seat: int, data: GameData, args: list[str]) -> None:
    colour = state.guardians[seat]["path"]
    for space, slot in enumerate(state.paths[colour]):
        if slot is not None:
            strike(state, data, seat, colour, space, None)


Options = Callable[[State, int, GameData], Iterator[str]]
Effect = Callable[[State, int, GameData, list[str]], None]
#: Per guardian: (ability options, ability effect, ultimate options, ultimate effect).
ABILITIES: dict[str, tuple[Options, Effect, Options, Effect]] = {
    "neltai": (_swap_options, _swap, _plain_ultimate, _tempest),
    "ismoros": (_shield_options, _shield, _plain_ultimate, _petrify),
    "kulak": (_heal_options, _heal, _revive_options, _revive),
    "kyreas": (_whirlwind_options, _whirlwind, _plain_ultimate, _trample),
}


# --- Doing an action --------------------------------------------------------------------------


def _move(state: State, seat: int, colour: str) -> None:
    other = state.guardian_on(colour)
    if other is not None:
        state.guardians[other]["path"] = state.guardians[seat]["path"]
    state.guardians[seat]["path"] = colour


def _use(state: State, *dice: str) -> None:
    for die in dice:
        state.dice[int(die)]["used"] = True


def _do_strike(state: State, seat: int, data: GameData, args: list[str]) -> None:
    colour = state.guardians[seat]["path"]
    space = first_monster(state, colour)
    assert space is not None
    _use(state, args[0])
    strike(state, data, seat, colour, space, state.dice[int(args[0])]["rune"])


def _do_move(state: State, seat: int, data: GameData, args: list[str]) -> None:
    _use(state, args[0])
    _move(state, seat, args[1])


def _do_block(state: State, seat: int, data: GameData, args: list[str]) -> None:
    _use(state, *args)
    state.blocked.append(state.guardians[seat]["path"])


def _do_charge(state: State, seat: int, data: GameData, args: list[str]) -> None:
    _use(state, args[0])
    state.guardians[seat]["ult"] += 1


def _do_reroll(state: State, seat: int, data: GameData, args: list[str]) -> None:
    state.guardians[seat]["mp"] -= len(args) * (2 if state.event == "mana-drain" else 1)
    rnd = state.chance()
    for die in args:
        state.dice[int(die)]["rune"] = rnd.choice(RUNES)


def _do_release(state: State, seat: int, data: GameData, args: list[str]) -> None:
    state.guardians[seat]["mp"] -= MAX_MP
    kill_monster(state, data, seat, state.guardians[seat]["path"], 0)


def _do_ability(state: State, seat: int, data: GameData, args: list[str]) -> None:
    _use(state, args[0])
    ABILITIES[state.guardians[seat]["id"]][1](state, seat, data, args[1:])


def _do_ultimate(state: State, seat: int, data: GameData, args: list[str]) -> None:
    guardian = state.guardians[seat]
    guardian["side"], guardian["ult"] = (2 if guardian["side"] == 1 else 0), 0
    ABILITIES[guardian["id"]][3](state, seat, data, args)


def _do_vivacity(state: State, seat: int, data: GameData, args: list[str]) -> None:
    state.vivacity_used = True
    _move(state, seat, args[0])


def _do_end(state: State, seat: int, data: GameData, args: list[str]) -> None:
    finish_turn(state, data)


def _do_angel(state: State, seat: int, data: GameData, args: list[str]) -> None:
    state.guardians[int(args[0])]["angel"] = True
    next_turn(state, data)


def _do_reward(state: State, seat: int, data: GameData, args: list[str]) -> None:
    guardian = state.guardians[seat]
    key, cap = ("mp", MAX_MP) if args[0] == "mana" else ("hp", MAX_HP)
    guardian[key] = min(cap, guardian[key] + state.rewards_due.pop(0))


VERBS: dict[str, Effect] = {
    "strike": _do_strike,
    "move": _do_move,
    "block": _do_block,
    "charge": _do_charge,
    "reroll": _do_reroll,
    "release": _do_release,
    "ability": _do_ability,
    "ultimate": _do_ultimate,
    "vivacity": _do_vivacity,
    "end": _do_end,
    "angel": _do_angel,
    "reward": _do_reward,
}


def act(state: State, seat: int, action: str, data: GameData) -> None:
    """Do a legal action (the caller checked it) on ``state``."""
    verb, *args = action.split()
    VERBS[verb](state, seat, data, args)
    if state.outcome is None and state.phase in ("actions", "reward"):
        state.phase = "reward" if state.rewards_due else "actions"
