"""Rules that surviving mutants of `core` (the quantities a card counts, the ailments a cleanse may take), `effects`
("its controller") and `apply` (a defense runespell's Sling, where a boon played on an ailment goes) showed no test
asserted (docs/mutation.md, "Survivors that are test gaps"). Each scenario checks the whole outcome: both players'
seats (health, power, determinations, light, zones, ailments) and whose decision is pending; where a card's handle
could be taken for "no card", the test runs it again under a seed that makes that card c0."""

from __future__ import annotations

from typing import Any

import pytest

from gameplay.runeslingers.engine import State, scenario
from gameplay.runeslingers.engine.core import block_value
from tests.engine.helpers import EVA, FILLER, ROMIN, handle, legal_texts, position, run
from tests.engine.outcome import answered, awaiting, seat

HANDLE_0_SEED = 60850  # the 12th handle a scenario gives is c0 under this seed (as in test_mutation_gaps.py)


def _position(p1: dict[str, Any], p2: dict[str, Any], seed: int) -> State:
    """`helpers.position` under a given seed (which decides the cards' handles)."""
    players = [{**EVA, "deck": FILLER, **p1}, {**ROMIN, "deck": FILLER, **p2}]
    return scenario({"turn": 3, "active": "p1", "phase": "play", "players": players}, seed)


# --- what a card counts ---------------------------------------------------------------------------------------


def test_shield_bash_counts_the_defense_cards_its_slinger_controls() -> None:
    """001 p.6 "Trinket, Boon and Chant cards are defense cards" and 001 p.20 "A card on your field (your side of
    the play area) is controlled by you": Eva controls two defense cards, her Dragon Breaker (a trinket) and her
    Aegis (a boon, on her Curse); Romin controls a Dragon Breaker of his own. Her Shield Bash ("Deal 2 damage, +1 for
    each defense card you control, to target enemy Runeslinger") deals 2 + 2 = 4 to Romin (he has no card to block
    with), not counting his trinket."""
    s = position(
        {
            "hand": ["shield-bash"],
            "concentrations": ["spark"] * 2,
            "field": [{"card": "dragon-breaker", "on": "utility"}],
            "ailments": [{"type": "curse", "boon": "aegis"}],
        },
        {"field": [{"card": "dragon-breaker", "on": "utility"}]},
    )
    me, them = seat(s, 0), seat(s, 1)
    s = run(s, f"play {handle(s, 0, 'shield-bash')} target=p2")
    assert awaiting(s) == ("answer", 1)
    s = answered(s)
    assert seat(s, 1) == {**them, "health": 16}
    assert seat(s, 0) == {**me, "hand": [], "field": ["aegis", "dragon-breaker", "shield-bash"], "concs": [
        (True, True), (True, False)]}  # fmt: skip
    assert awaiting(s) == ("play", 0)


# --- which ailments a cleanse may take --------------------------------------------------------------------------


def test_a_cleanse_of_one_offers_one_instance_of_each_exposed_type() -> None:
    """001 p.13 "When an ailment is removed from your Runeslinger, you take that many ailment instances off": Eva,
    at 10 health with a Burn and 2 Curse exposed, plays Mend ("Gain 5 health. Cleanse 1 ailment from your
    Runeslinger"). She chooses the one instance: a Burn or a Curse, nothing more (not both Curses). She removes a
    Curse: 15 health, a Burn and a Curse left."""
    s = position(
        {
            "health": 10,
            "hand": ["mend"],
            "concentrations": ["spark"],
            "ailments": [{"type": "burn"}, {"type": "curse", "count": 2}],
        },
        {},
    )
    me, them = seat(s, 0), seat(s, 1)
    s = run(s, f"play {handle(s, 0, 'mend')}", "pass")
    assert awaiting(s) == ("remove", 0)
    assert legal_texts(s, 0) == ["remove ailment=burn", "remove ailment=curse"]
    s = run(s, "remove ailment=curse")
    assert seat(s, 0) == {**me, "health": 15, "hand": [], "field": ["mend"], "concs": [(True, True)], "ailments": [
        ("burn", 1, False), ("curse", 1, False)]}  # fmt: skip
    assert seat(s, 1) == them and awaiting(s) == ("play", 0)


# --- "its controller" -----------------------------------------------------------------------------------------


@pytest.mark.parametrize("seed", [0, HANDLE_0_SEED])
def test_iron_wall_makes_the_controller_of_the_runespell_it_destroyed_draw(seed: int) -> None:
    """001 p.15 "When a player answers, a ladder is created" and 001 p.20 "A card on your field (your side of the
    play area) is controlled by you": Eva slings a Jab at Romin; Romin answers with Iron Wall ("Destroy target spirit
    or attack runespell. Its controller draws a card") on the Jab. Iron Wall resolves first: the Jab goes to Eva's
    discard pile and Eva, who controlled it, draws a card; the Jab then has no effect. Whatever the Jab's handle:
    under the second seed it is c0."""
    s = _position(
        {"deck": ["spark"] * 11, "hand": ["jab"], "concentrations": ["spark"] * 2},  # the Jab is the 12th handle
        {"deck": ["spark"] * 3, "hand": ["iron-wall"], "concentrations": ["spark"] * 2},
        seed,
    )
    jab = handle(s, 0, "jab")
    assert seed != HANDLE_0_SEED or jab == "c0"
    me, them = seat(s, 0), seat(s, 1)
    s = run(s, f"play {jab} target=p2", f"play {handle(s, 1, 'iron-wall')} target={jab}")
    assert awaiting(s) == ("answer", 0)
    s = answered(s)
    assert seat(s, 0) == {**me, "hand": ["spark"], "deck": 10, "discard": ["jab"]}
    assert seat(s, 1) == {**them, "hand": [], "field": ["iron-wall"], "concs": [(True, True), (True, False)]}
    assert awaiting(s) == ("play", 0)


# --- a defense runespell's Sling ------------------------------------------------------------------------------


def test_a_slung_lava_stream_is_a_spirit_runespell_slung() -> None:
    """001 p.16 "Triggered effects occur when their trigger condition (everything before a colon :) is met": Eva's
    Lava Stream (a spirit defense runespell: "Sling: deal 4 damage, +3 for each token on Lava Stream, to any
    target"), on her field with one token, is slung at Romin. It is a spirit runespell she slings: her Talaka's Heart
    ("When you sling a spirit runespell: target enemy Runeslinger sears 2") makes Romin sear 2, and her Dragon
    Breaker ("Spirit runespells you sling deal +2 damage") adds 2: 4 + 3 + 2 = 9 damage (he has no card to block
    with)."""
    lava = {"card": "lava-stream", "played_turn": 1, "tokens": 1}
    s = position({"field": [lava, {"card": "dragon-breaker", "on": "utility"}]}, {})
    me, them = seat(s, 0), seat(s, 1)
    s = run(s, f"sling {handle(s, 0, 'lava-stream', 'field')} target=p2")
    assert awaiting(s) == ("answer", 1)
    s = answered(s)
    assert seat(s, 1) == {**them, "health": 11, "deck": 8, "discard": ["spark", "spark"]}
    assert seat(s, 0) == me and awaiting(s) == ("play", 0)


# --- where a boon goes ----------------------------------------------------------------------------------------


@pytest.mark.parametrize("seed", [0, HANDLE_0_SEED])
def test_a_boon_played_on_a_burn_goes_on_the_exposed_burn_not_on_a_boon(seed: int) -> None:
    """001 p.14 "You can play a boon on either an ailment or existing boon on any player's field" and 001 p.13
    "Boons can be played only on either ailments or other boons": Eva has 2 Burn under her Aegis and 1 Burn exposed,
    on two areas. She may play Divine Barrier on her Aegis or on her Burn; played on the Burn, it goes on the exposed
    Burn, and the Aegis stays (a boon played on a boon would destroy it). Both conceal a Burn: her block is 4, +2
    (Aegis), +2 (Divine Barrier: "While Divine Barrier conceals an ailment, you have +2 block"). Whatever the Aegis's
    handle: under the second seed it is c0."""
    s = _position(
        {
            "deck": ["spark"] * 8,  # the Aegis is the 12th handle the scenario gives
            "hand": ["divine-barrier"],
            "concentrations": ["spark"] * 2,
            "ailments": [{"type": "burn", "count": 2, "boon": "aegis"}, {"type": "burn"}],
        },
        {},
        seed,
    )
    aegis, barrier = handle(s, 0, "aegis", "field"), handle(s, 0, "divine-barrier")
    assert seed != HANDLE_0_SEED or aegis == "c0"
    assert block_value(s, 0) == 6
    assert [t for t in legal_texts(s, 0) if t.startswith("play")] == [
        f"play {barrier} on={aegis}",
        f"play {barrier} on=p1:burn",
    ]
    me, them = seat(s, 0), seat(s, 1)
    s = run(s, f"play {barrier} on=p1:burn")
    assert seat(s, 0) == {**me, "hand": [], "field": ["aegis", "divine-barrier"], "concs": [(True, False), (True,
        False)], "ailments": [("burn", 1, True), ("burn", 2, True)]}  # fmt: skip
    assert [a[:2] for a in s.players[0].ail] == [[0, 2], [0, 1], [-1, 0], [-1, 0]]
    assert s.players[0].ail[0][2] == int(aegis[1:])
    assert block_value(s, 0) == 8
    assert seat(s, 1) == them and awaiting(s) == ("play", 0)
