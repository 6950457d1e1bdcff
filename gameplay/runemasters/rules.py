"""Runemasters setup and the flow of a game: rounds, turns, new monsters, monster movement,
damage, kills and the end of the game (rulebook 003; decisions in docs/runemasters.md).

PURE. Every function here changes the state it is given; ``apply`` hands them a copy.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from gameplay.runemasters.data import CALM, COLOURS, DIFFICULTIES, RUNES, GameData, load
from gameplay.runemasters.state import ENGINE_VERSION, MAX_HP, MAX_MP, PATH_LENGTH, State

GUARDIANS = ("neltai", "ismoros", "kulak", "kyreas")
#: Monster Movement handles the paths in this order (the rulebook's starting rune was lost).
MOVEMENT_ORDER = ("blue", "yellow", "red", "green")
TEMPLE_HP = {2: 6, 3: 4, 4: 4}
REMOVED = {2: 4, 3: 6, 4: 8}
DAWN = "dawn"
DICE = {"transcendence": 5, "rain-of-arrows": 3}


class SetupProblem(ValueError):
    """The setup cannot start a game; the message says why."""


def _guardians(setup: Mapping[str, Any]) -> list[str]:
    names = list(setup.get("guardians", []))
    if not 2 <= len(names) <= 4:
        raise SetupProblem("Runemasters needs 2 to 4 guardians")
    if len(set(names)) != len(names) or any(n not in GUARDIANS for n in names):
        raise SetupProblem(f"each guardian must be a different one of {', '.join(GUARDIANS)}")
    return names


def _paths(setup: Mapping[str, Any], count: int) -> list[str]:
    in_play = [c for c in COLOURS if count != 3 or c != "yellow"]
    chosen = list(setup.get("paths") or in_play[:count])
    if len(chosen) != count or len(set(chosen)) != count or any(c not in in_play for c in chosen):
        raise SetupProblem(f"each guardian needs a different path among {', '.join(in_play)}")
    return chosen


def _monster_pool(data: GameData, count: int, rnd: Any) -> list[str]:
    cards = list(data.monsters.values())
    if count == 4:
        return [c.id for c in cards]
    if count == 3:
        return [c.id for c in cards if c.colour != "yellow"]
    dragons = sorted(c.id for c in cards if c.type == "dragon")
    return [c.id for c in cards if c.two_player] + [rnd.choice(dragons)]


def _monster_deck(state: State, data: GameData, count: int) -> None:
    rnd = state.chance()
    pool = _monster_pool(data, count, rnd)
    rnd.shuffle(pool)
    state.removed = sorted(pool[: REMOVED[count]])
    deck = pool[REMOVED[count] :]
    bottom = [*deck[-3:], DAWN]
    rnd.shuffle(bottom)
    state.monster_deck = deck[:-3] + bottom


def _event_deck(data: GameData, difficulty: str, rnd: Any) -> list[str]:
    dealt = data.difficulties[difficulty]
    deck: list[str] = []
    for kind in ("positive", "negative"):
        pile = data.kind_of(kind)
        rnd.shuffle(pile)
        deck += pile[: dealt[kind]]
    deck += [CALM] * dealt["neutral"]
    rnd.shuffle(deck)
    return deck


def new_state(
    setup: Mapping[str, Any], seed: int, data: GameData | None = None, version: str = ENGINE_VERSION
) -> State:
    """The game before its first round: guardians placed, decks built, three monsters out; played by
    the rules of ``version`` (an older one for a recorded game)."""
    data = data or load()
    names = _guardians(setup)
    paths = _paths(setup, len(names))
    difficulty = setup.get("difficulty", "initiate")
    if difficulty not in DIFFICULTIES:
        raise SetupProblem(f"the difficulty must be one of {', '.join(DIFFICULTIES)}")
    sage = int(setup.get("sage", 0))
    if not 0 <= sage < len(names):
        raise SetupProblem("the Sage must be one of the guardians")
    start = 2 if setup.get("first_game") else 1
    in_play = [c for c in COLOURS if len(names) != 3 or c != "yellow"]
    state = State(
        version=version,
        data_version=data.version,
        difficulty=difficulty,
        guardians=[_guardian(name, path, start) for name, path in zip(names, paths, strict=True)],
        paths={c: [None] * PATH_LENGTH for c in in_play},
        temple_hp=TEMPLE_HP[len(names)],
        temple_max=TEMPLE_HP[len(names)],
        sage=sage,
        rng=[int(seed), 0],
        monster_deck=[],
        event_deck=[],
    )
    _monster_deck(state, data, len(names))
    state.event_deck = _event_deck(data, difficulty, state.chance())
    for space in range(3):
        card = state.monster_deck.pop(0)
        state.paths[data.monsters[card].colour][space] = {
            "card": card,
            "struck": [False] * len(data.monsters[card].weak_points),
        }
    begin_round(state, data)
    return state


def _guardian(name: str, path: str, ultimate: int) -> dict[str, Any]:
    return {
        "id": name,
        "hp": MAX_HP,
        "mp": MAX_MP,
        "path": path,
        "alive": True,
        "shield": False,
        "poisoned": False,
        "angel": False,
        "ult": ultimate,
        "side": 1,
    }


def end_game(state: State, outcome: str, reason: str) -> None:
    if state.outcome is None:
        state.outcome, state.reason, state.phase = outcome, reason, "over"
        state.dice, state.active = [], None


def over(state: State) -> bool:
    return state.outcome is not None


# --- Rounds and turns ---------------------------------------------------------------------


def begin_round(state: State, data: GameData) -> None:
    """A new round: the Sage reveals an event (All Is Calm for good once the deck is empty)."""
    state.round += 1
    state.order_index = -1
    for guardian in state.guardians:
        guardian["angel"] = False
    if state.event_deck:
        state.event = state.event_deck.pop(0)
        state.event_discard.append(state.event)
    else:
        state.event = CALM
    if state.event == "guardian-angel":
        state.phase, state.active = "angel", None
        return
    next_turn(state, data)


def seat_at(state: State, index: int) -> int:
    return (state.sage + index) % len(state.guardians)


def next_turn(state: State, data: GameData) -> None:
    """The next living guardian's turn this round, or the end of the round."""
    while state.order_index + 1 < len(state.guardians):
        state.order_index += 1
        seat = seat_at(state, state.order_index)
        if state.guardians[seat]["alive"]:
            start_turn(state, data, seat)
            return
    end_round(state)
    if not over(state):
        begin_round(state, data)


def start_turn(state: State, data: GameData, seat: int) -> None:
    state.active, state.turns, state.vivacity_used = seat, state.turns + 1, False
    new_monster(state, data)
    if over(state):
        return
    if not state.guardians[seat]["alive"]:
        finish_turn(state, data)
        return
    state.phase = "actions"
    rnd = state.chance()
    state.dice = [{"rune": rnd.choice(RUNES), "used": False} for _ in range(DICE.get(state.event or "", 4))]


def finish_turn(state: State, data: GameData) -> None:
    """Guardian Actions are over: Monster Movement, dragons heal, the next turn."""
    state.dice = []
    monster_movement(state, data)
    if over(state):
        return
    for slots in state.paths.values():
        for slot in slots:
            if slot and data.types[data.monsters[slot["card"]].type].heals:
                slot["struck"] = [False] * len(slot["struck"])
    next_turn(state, data)


def end_round(state: State) -> None:
    """Poison: each poisoned living guardian loses its marker and 1 HP."""
    for seat, guardian in enumerate(state.guardians):
        if guardian["alive"] and guardian["poisoned"]:
            guardian["poisoned"] = False
            lose_health(state, seat, 1, "poison")


# --- Monsters -------------------------------------------------------------------------------


def new_monster(state: State, data: GameData) -> None:
    card = state.monster_deck.pop(0)
    if card == DAWN:
        end_game(state, "won", "Dawn broke: the monsters are struck down by sunlight")
        return
    monster = data.monsters[card]
    slots = state.paths[monster.colour]
    for space in range(data.types[monster.type].enters - 1, PATH_LENGTH):
        if slots[space] is None:
            slots[space] = {"card": card, "struck": [False] * len(monster.weak_points)}
            return
    state.monster_discard.append(card)
    damage(state, monster.colour, 1, f"a {monster.colour} {monster.type} that found no room on its path")


def monster_movement(state: State, data: GameData) -> None:
    if state.petrified:
        state.petrified = False
        state.blocked = []
        return
    for colour in MOVEMENT_ORDER:
        if colour not in state.paths:
            continue
        if colour in state.blocked:
            state.blocked.remove(colour)
            continue
        _move_path(state, data, colour)
        if over(state):
            return


def _move_path(state: State, data: GameData, colour: str) -> None:
    slots = state.paths[colour]
    for space in range(PATH_LENGTH):
        slot = slots[space]
        if slot is None:
            continue
        kind = data.types[data.monsters[slot["card"]].type]
        monster = data.monsters[slot["card"]]
        name = f"{monster.colour} {monster.type}"  # its own colour: Neltai may have swapped it to another path
        if space == 0:
            damage(state, colour, kind.damage, f"the {name}")
        elif slots[space - 1] is None:
            slots[space - 1], slots[space] = slot, None
            if kind.ranged and state.event != "cover" and all(s is None for s in slots[: space - 1]):
                damage(state, colour, 1, f"an arrow of the {name}")
        if over(state):
            return


def kill_monster(state: State, data: GameData, seat: int, colour: str, space: int) -> None:
    """The monster dies: its card is discarded and the killer earns its reward."""
    slot = state.paths[colour][space]
    assert slot is not None
    state.paths[colour][space] = None
    state.monster_discard.append(slot["card"])
    reward = data.monsters[slot["card"]].reward
    if state.event == "curse":
        return
    if state.event == "curative-mana":
        state.rewards_due.append(reward)
        return
    guardian = state.guardians[seat]
    guardian["mp"] = min(MAX_MP, guardian["mp"] + reward)


def strike(state: State, data: GameData, seat: int, colour: str, space: int, rune: str | None) -> None:
    """One injury on a weak point (of ``rune``, or the first unstruck one); kills when all are struck."""
    slot = state.paths[colour][space]
    assert slot is not None
    points = data.monsters[slot["card"]].weak_points
    index = next(i for i, p in enumerate(points) if not slot["struck"][i] and rune in (None, p))
    slot["struck"][index] = True
    if all(slot["struck"]):
        kill_monster(state, data, seat, colour, space)


def first_monster(state: State, colour: str) -> int | None:
    return next((i for i, slot in enumerate(state.paths[colour]) if slot is not None), None)


# --- Damage ---------------------------------------------------------------------------------


def damage(state: State, colour: str, amount: int, attacker: str = "") -> None:
    """An attack on a path: its guardian is hurt (a shield absorbs it), or else the temple.
    ``attacker`` names what attacks ("the red troll"): a lost game's reason says it, and the path."""
    seat = state.guardian_on(colour)
    if seat is None:
        state.temple_hp = max(0, state.temple_hp - amount)
        if state.temple_hp == 0:
            told = attacker and state.version != "1"  # engine 1 said only what was lost
            how = f": {attacker} struck it from the {colour} path, where no guardian stood" if told else ""
            end_game(state, "lost", "The temple collapsed" + how)
        return
    guardian = state.guardians[seat]
    if guardian["shield"]:
        guardian["shield"] = False
        return
    if state.event == "poison":
        guardian["poisoned"] = True
    lose_health(state, seat, amount, f"{attacker} on the {colour} path" if attacker else "")


def lose_health(state: State, seat: int, amount: int, cause: str = "") -> None:
    """``cause``: what took the health ("poison", or the attacker and its path), for a lost game's reason."""
    guardian = state.guardians[seat]
    floor = 1 if guardian["angel"] else 0
    guardian["hp"] = max(min(floor, guardian["hp"]), guardian["hp"] - amount)
    if guardian["hp"] == 0:
        guardian.update(alive=False, path=None, shield=False, poisoned=False, angel=False)
        if not any(g["alive"] for g in state.guardians):
            name = str(guardian["id"]).capitalize()
            told = cause and state.version != "1"  # engine 1 said only what was lost
            how = (
                ""
                if not told
                else f": {name} died of Poison, this round's event"
                if cause == "poison"
                else f": {name} fell to {cause}"
            )
            end_game(state, "lost", "The last guardian fell" + how)
