"""Helpers for the engine tests: positions from scenario dicts, handles by card id, short action runs."""

from __future__ import annotations

from typing import Any

from gameplay.runeslingers.engine import Pending, State, apply, legal_actions, pending, scenario
from gameplay.runeslingers.engine.core import kind_of

EVA = {"runeslinger": "eva", "equips": ["talakas-heart", "flame-of-nim"]}
ROMIN = {"runeslinger": "romin", "equips": ["iron-focus", "overflow"]}
FILLER = ["spark"] * 10


def decision(state: State) -> Pending:
    """The decision the game waits on; fails the test when the game is already over."""
    pend = pending(state)
    assert pend is not None, "the game is over: no decision is pending"
    return pend


def position(p1: dict[str, Any], p2: dict[str, Any], **extra: Any) -> State:
    """A Play Phase position of p1 (by default) with 10-card decks unless given."""
    players = []
    for base, spec in ((EVA, p1), (ROMIN, p2)):
        players.append({**base, "deck": FILLER, **spec})
    return scenario({"turn": 3, "active": "p1", "phase": "play", "players": players, **extra})


def handle(state: State, p: int, card_id: str, zone: str = "hand") -> str:
    pl = state.players[p]
    cards = list(pl.field) if zone == "field" else getattr(pl, zone)
    for h in cards:
        if kind_of(state, h).card.id == card_id:
            return f"c{h}"
    raise AssertionError(f"no {card_id} in p{p + 1}'s {zone}")


def conc(state: State, p: int, index: int = 0) -> str:
    return f"c{state.players[p].concs[index][0]}"


def run(state: State, *texts: str) -> State:
    for text in texts:
        state, _ = apply(state, text)
    return state


def decline_all(state: State) -> State:
    """Pass every answer window and block (and take the first order offered) until no such decision is left."""
    while (pend := pending(state)) is not None and pend.kind in ("answer", "block", "order"):
        state, _ = apply(state, "choose 1" if pend.kind == "order" else "pass")
    return state


def ids(state: State, handles: list[int]) -> list[str]:
    return [kind_of(state, h).card.id for h in handles]


def legal_texts(state: State, p: int) -> list[str]:
    return [a.to_text() for a in legal_actions(state, p)]


# Classic (rulebook 000): Runeslingers without abilities unless a test gives some, 18 health.
CLASSIC_FILLER = ["fireball"] * 10


def classic_position(
    p1: dict[str, Any], p2: dict[str, Any], rules: str = "classic", engine: str | None = None, **extra: Any
) -> State:
    """A Play Phase position of p1 (by default) under `rules` (Classic unless told), Eva against
    Romin with no equips, 10-card decks unless given. The same dict under "awakening" plays the
    cards' Awakening editions (filler: spark). `engine`: the engine version the position is played
    under (the current one unless told; an older one plays as its recorded games did)."""
    filler = CLASSIC_FILLER if rules == "classic" else FILLER
    players = []
    for rs, spec in (("eva", p1), ("romin", p2)):
        players.append({"runeslinger": rs, "deck": filler, **spec})
    spec = {"rules": rules, "turn": 3, "active": "p1", "phase": "play", "players": players, **extra}
    return scenario(spec) if engine is None else scenario(spec, engine=engine)


def binding_played_on_a_burn() -> State:
    """Eva (three Sparks, a Burn and 4 Curse on her) has just played Binding on her Burn, in her Play Phase."""
    s = position(
        {
            "hand": ["binding"],
            "concentrations": ["spark"] * 3,
            "ailments": [{"type": "burn", "count": 1}, {"type": "curse", "count": 4}],
        },
        {},
    )
    return run(s, f"play {handle(s, 0, 'binding')} on=p1:burn")
