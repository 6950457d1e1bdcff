"""Valid targets: which Runeslingers and cards a target word may name right now.

PURE. Decides the candidates of every target word of the vocabulary, seen from player p (the
controller of the effect). Players are ``-(p + 1)``, cards their handles; only exposed
objects are in play (cards under other cards are not on any field).
"""

from __future__ import annotations

from gameplay.runeslingers.engine import core
from gameplay.runeslingers.engine.state import C_HANDLE, C_TOP, State, player_target

_TYPED = {
    "spirit_runespell": ("spirit",),
    "attack_runespell": ("attack",),
    "utility_runespell": ("utility",),
    "spirit_or_attack_runespell": ("spirit", "attack"),
    "runespell": ("spirit", "attack", "utility"),
    "trinket": ("trinket",),
    "boon": ("boon",),
    "chant": ("chant",),
    "all_boons": ("boon",),
    "all_trinkets": ("trinket",),
    "all_chants": ("chant",),
}


CONC_WORDS = frozenset({"concentration", "enemy_concentration"})  # the words naming concentrations


def field_cards(state: State, players: tuple[int, ...], exclude: int = -1) -> list[int]:
    return [h for p in players for h in state.players[p].field if h != exclude]


def valid_targets(state: State, word: str, p: int, exclude: int = -1) -> list[int]:
    enemy = 1 - p
    both = (enemy, p)
    if word == "enemy_runeslinger":
        return [player_target(enemy)]
    if word == "runeslinger":
        return [player_target(enemy), player_target(p)]
    if word in ("any", "any_enemy"):
        owners = both if word == "any" else (enemy,)
        people = [player_target(q) for q in owners]
        return people + [h for h in field_cards(state, owners, exclude) if core.is_defense(state, h)]
    if word in ("card", "enemy_card"):
        return field_cards(state, both if word == "card" else (enemy,), exclude)
    if word in (
        "defense_card",
        "all_defense_cards",
        "enemy_defense_card",
        "all_enemy_defense_cards",
        "own_defense_card",
    ):
        owners = (enemy,) if "enemy" in word else (p,) if word == "own_defense_card" else both
        return [h for h in field_cards(state, owners, exclude) if core.is_defense(state, h)]
    if word in _TYPED:
        types = _TYPED[word]
        return [h for h in field_cards(state, both, exclude) if core.card_type(state, h) in types]
    if word in ("concentration", "enemy_concentration"):
        owners = both if word == "concentration" else (enemy,)
        return [c[C_HANDLE] for q in owners for c in state.players[q].concs if c[C_TOP] < 0]
    raise AssertionError(f"no candidates for target word {word!r}")
