"""Scenario building for Runemasters tests: a game set up as a test needs it, then played
through the engine's own calls."""

from __future__ import annotations

from collections.abc import Iterable, Mapping

from gameplay.runemasters import game
from gameplay.runemasters.data import load
from gameplay.runemasters.state import State

ALL = ("neltai", "ismoros", "kulak", "kyreas")


def scenario(
    guardians: Iterable[str] = ALL,
    *,
    monsters: Mapping[tuple[str, int], str] | None = None,
    dice: Iterable[str] = (),
    active: int = 0,
    event: str = "all-is-calm",
    deck: Iterable[str] | None = None,
    paths: Iterable[str] | None = None,
) -> State:
    """A game in ``active``'s Guardian Actions, with only the given monsters (path, space 1-5)."""
    names = list(guardians)
    state = game.new_game({"guardians": names, "paths": list(paths) if paths else None}, seed=0)
    for colour in state.paths:
        state.paths[colour] = [None] * 5
    for (colour, space), card in (monsters or {}).items():
        put(state, colour, space, card)
    state.event, state.active, state.phase = event, active, "actions"
    state.order_index = (active - state.sage) % len(names)
    state.dice = [{"rune": rune, "used": False} for rune in dice]
    state.blocked, state.petrified, state.rewards_due = [], False, []
    if deck is not None:
        state.monster_deck = list(deck)
    return state


def put(state: State, colour: str, space: int, card: str, struck: Iterable[bool] | None = None) -> None:
    points = load().monsters[card].weak_points
    state.paths[colour][space - 1] = {"card": card, "struck": list(struck or [False] * len(points))}


def play(state: State, *moves: str) -> State:
    for move in moves:
        state, _ = game.apply(state, move)
    return state


def struck(state: State, colour: str, space: int) -> list[bool]:
    """The injuries on the monster at a space (which must hold one)."""
    slot = state.paths[colour][space - 1]
    assert slot is not None, f"no monster on {colour} space {space}"
    return slot["struck"]


def card_at(state: State, colour: str, space: int) -> str | None:
    slot = state.paths[colour][space - 1]
    return None if slot is None else slot["card"]


def seat_of(state: State, name: str) -> int:
    return next(i for i, g in enumerate(state.guardians) if g["id"] == name)


#: A harmless deck top for turns a test plays through: far-off yellow cards, the Dawn last.
QUIET = ["yellow-warrior", "yellow-wizard", "yellow-wolf", "yellow-troll", "dawn"]
