"""An effect whose target left the field fizzles, also while the target's own rung is still on the ladder (engine 4).

Romin plays a Jab; Eva answers it with Iron Wall ("Destroy target spirit or attack runespell. Its controller draws a
card"), Romin answers with Guard, and Eva answers with a second card on the Jab. The rungs resolve newest first: the
second card removes the Jab while the first one's rung, and the Jab's own, are still on the ladder. Whether an
effect's target is still on the field is decided as its rung begins to resolve; within one effect, "Its controller"
still names the player who controlled the target the first sentence destroyed. Games of engine 3 and older counted a
card as in play while a rung of its own was on the ladder (docs/rules.md "Engine versions and saved games"), and
replay so. Each scenario checks the whole outcome: both players' seats (health, power, determinations, light, zones,
ailments), the barrier Guard gave, the top of the deck a bounced card went to, the ladder and whose decision is
pending."""

from __future__ import annotations

from typing import Any

import pytest

from gameplay.runeslingers.cards.schema import RUNESLINGER_TARGETS
from gameplay.runeslingers.engine import State
from gameplay.runeslingers.engine.compiled import default_compiled
from tests.engine.helpers import classic_position, handle, ids, run
from tests.engine.outcome import answered, awaiting, seat


def _jab_answered_twice(
    first: str, second: str, engine: str | None = None
) -> tuple[State, dict[str, Any], dict[str, Any]]:
    """The Awakening: Romin (p2, active) plays Jab at Eva; Eva answers `first` on the Jab, Romin answers Guard, Eva
    answers `second` on the Jab; then every answer window is passed. Also the seats before the Jab."""
    s = classic_position(
        {"hand": [first, second], "concentrations": ["spark"] * 4},
        {"hand": ["jab", "guard"], "concentrations": ["spark"] * 2, "deck": ["channel"] * 10},
        rules="awakening",
        engine=engine,
        active="p2",
    )
    eva, romin = seat(s, 0), seat(s, 1)
    s = run(s, f"play {handle(s, 1, 'jab')} target=p1")
    jab = handle(s, 1, "jab", "field")
    s = run(s, f"play {handle(s, 0, first)} target={jab}", f"play {handle(s, 1, 'guard')}")
    assert awaiting(s) == ("answer", 0)
    s = run(s, f"play {handle(s, 0, second)} target={jab}")
    assert len(s.ladder) == 4 and awaiting(s) == ("answer", 1)
    return answered(s), eva, romin


def _fireball_answered_twice(
    first: str, second: str, engine: str | None = None
) -> tuple[State, dict[str, Any], dict[str, Any]]:
    """Classic: Jim (p1, Romin) slings Fireball at Emily (p2, Eva); Emily answers `first` on the Fireball, Jim
    passes, Emily answers `second` on the Fireball; then every answer window is passed. Also the seats before."""
    s = classic_position(
        {"runeslinger": "romin", "hand": ["fireball"], "concentrations": ["hex"] * 3, "deck": ["hex"] * 10},
        {"runeslinger": "eva", "hand": [first, second], "concentrations": ["hex"] * 2},
        engine=engine,
    )
    jim, emily = seat(s, 0), seat(s, 1)
    s = run(s, f"play {handle(s, 0, 'fireball')} target=p2")
    fireball = handle(s, 0, "fireball", "field")
    s = run(s, f"play {handle(s, 1, first)} target={fireball}", "pass")
    assert awaiting(s) == ("answer", 1)  # Jim passed over Emily's answer: she may add another
    s = run(s, f"play {handle(s, 1, second)} target={fireball}")
    assert len(s.ladder) == 3 and awaiting(s) == ("answer", 0)
    return answered(s), jim, emily


# --- The Awakening -------------------------------------------------------------------------------------------------

# Eva's seat after her two answers: both on her field, 4 light spent, each placed on a used concentration.
EVA_AFTER = {
    ("iron-wall", "iron-wall"): {
        "field": ["iron-wall", "iron-wall"],
        "concs": [(True, True), (True, True), (True, False), (True, False)],
    },
    ("bounce", "iron-wall"): {
        "field": ["bounce", "iron-wall"],
        "concs": [(True, True), (True, True), (True, False), (False, False)],
    },
    ("iron-wall", "bounce"): {
        "field": ["bounce", "iron-wall"],
        "concs": [(True, True), (True, True), (True, False), (False, False)],
    },
}
# Romin's Guard is on his used concentration; the Jab's concentration is exposed again once the Jab has left.
ROMIN_CONCS = [(False, False), (True, True)]
ORDERS = ["iron-wall-under-iron-wall", "bounce-under-iron-wall", "iron-wall-under-bounce"]


@pytest.mark.parametrize(
    ("first", "second", "romin_after", "deck_top"),
    [
        # The second Iron Wall destroys the Jab and Romin draws a card; the first, its target gone, fizzles: no
        # second card.
        ("iron-wall", "iron-wall", {"hand": ["channel"], "deck": 9, "discard": ["jab"]}, "channel"),
        # Iron Wall destroys the Jab and Romin draws a card; Bounce, its target gone, fizzles: the Jab stays in
        # the discard pile and is not put back on the deck.
        ("bounce", "iron-wall", {"hand": ["channel"], "deck": 9, "discard": ["jab"]}, "channel"),
        # Bounce puts the Jab on top of Romin's deck; Iron Wall, its target gone, fizzles: nobody draws.
        ("iron-wall", "bounce", {"hand": [], "deck": 11, "discard": []}, "jab"),
    ],
    ids=ORDERS,
)
def test_an_effect_whose_target_another_answer_removed_fizzles(
    first: str, second: str, romin_after: dict[str, Any], deck_top: str
) -> None:
    """001 p.18 "If the target of an effect leaves the field before an effect can resolve, the effect does nothing",
    001 p.15 "When no player wishes to add to the ladder by answering" and 001 p.20 "Cards that are destroyed before
    their effects can resolve, have no effect": Romin plays Jab at Eva; Eva answers with `first` on the Jab, Romin
    answers with Guard, Eva answers with `second` on the Jab. The ladder resolves newest first: `second` removes the
    Jab; Guard gives Romin a barrier of 5; `first`, whose target has left the field, does nothing, though the Jab's
    own rung is still below it; the Jab, gone, has no effect: Eva keeps her 20 health."""
    s, eva, romin = _jab_answered_twice(first, second)
    assert seat(s, 0) == {**eva, "hand": [], **EVA_AFTER[(first, second)]}
    assert seat(s, 1) == {**romin, **romin_after, "field": ["guard"], "concs": ROMIN_CONCS}
    assert ids(s, s.players[1].deck[-1:]) == [deck_top] and s.players[1].barrier == 5 and s.players[0].barrier == 0
    assert not s.ladder and awaiting(s) == ("play", 1)


@pytest.mark.parametrize(
    ("first", "second", "romin_after", "deck_top"),
    [
        # The first Iron Wall resolves on the destroyed Jab: Romin draws a second card.
        ("iron-wall", "iron-wall", {"hand": ["channel", "channel"], "deck": 8, "discard": ["jab"]}, "channel"),
        # Bounce resolves on the destroyed Jab: it goes from the discard pile to the top of Romin's deck.
        ("bounce", "iron-wall", {"hand": ["channel"], "deck": 10, "discard": []}, "jab"),
        # A bounced card has a new handle on the deck: Iron Wall's target is gone under engine 3 too.
        ("iron-wall", "bounce", {"hand": [], "deck": 11, "discard": []}, "jab"),
    ],
    ids=ORDERS,
)
def test_engine_3_games_resolve_an_effect_on_a_target_whose_rung_is_on_the_ladder(
    first: str, second: str, romin_after: dict[str, Any], deck_top: str
) -> None:
    """The same answers in a game of engine 3: it counted the Jab as in play while the Jab's rung was on the
    ladder, so the answer under the one that removed it still resolved on it. Games saved under engine 3 replay
    so (docs/rules.md "Engine versions and saved games")."""
    s, eva, romin = _jab_answered_twice(first, second, engine="3")
    assert s.engine == "3"
    assert seat(s, 0) == {**eva, "hand": [], **EVA_AFTER[(first, second)]}
    assert seat(s, 1) == {**romin, **romin_after, "field": ["guard"], "concs": ROMIN_CONCS}
    assert ids(s, s.players[1].deck[-1:]) == [deck_top] and s.players[1].barrier == 5 and s.players[0].barrier == 0
    assert not s.ladder and awaiting(s) == ("play", 1)


@pytest.mark.parametrize("engine", [None, "3"])
def test_a_single_iron_wall_destroys_the_jab_and_its_controller_draws(engine: str | None) -> None:
    """001 p.20 "Cards that are destroyed before their effects can resolve, have no effect" and 001 p.18 "If the
    target of an effect leaves the field before an effect can resolve, the effect does nothing": Romin plays Jab at
    Eva, Eva answers with Iron Wall on it. Iron Wall's target is on the field as its rung begins to resolve: it
    destroys the Jab, and "Its controller draws a card" still names Romin, though the Jab has left the field by
    then. The Jab has no effect. The same under engine 3."""
    s = classic_position(
        {"hand": ["iron-wall"], "concentrations": ["spark"] * 2},
        {"hand": ["jab"], "concentrations": ["spark"], "deck": ["channel"] * 10},
        rules="awakening",
        engine=engine,
        active="p2",
    )
    eva, romin = seat(s, 0), seat(s, 1)
    s = run(s, f"play {handle(s, 1, 'jab')} target=p1")
    s = answered(run(s, f"play {handle(s, 0, 'iron-wall')} target={handle(s, 1, 'jab', 'field')}"))
    assert seat(s, 0) == {**eva, "hand": [], "field": ["iron-wall"], "concs": [(True, True), (True, False)]}
    assert seat(s, 1) == {**romin, "hand": ["channel"], "deck": 9, "discard": ["jab"]}
    assert s.players[0].barrier == 0 and s.players[1].barrier == 0
    assert not s.ladder and awaiting(s) == ("play", 1)


# --- Classic (rulebook 000) ----------------------------------------------------------------------------------------

# Emily's seat after her two answers: both on her field, each on a concentration (Classic: no light).
EMILY_AFTER = {
    ("iron-wall", "iron-wall"): {
        "hand": [],
        "field": ["iron-wall", "iron-wall"],
        "concs": [(False, True), (False, True)],
    },
    ("bounce", "iron-wall"): {"hand": [], "field": ["bounce", "iron-wall"], "concs": [(False, True), (False, True)]},
}


@pytest.mark.parametrize(
    ("first", "second", "jim_after", "deck_top"),
    [
        # The second Iron Wall destroys Fireball and Jim draws a card; the first, its target gone, fizzles.
        ("iron-wall", "iron-wall", {"hand": ["hex"], "deck": 9, "discard": ["fireball"]}, "hex"),
        # Iron Wall destroys Fireball and Jim draws a card; Bounce, its target gone, fizzles.
        ("bounce", "iron-wall", {"hand": ["hex"], "deck": 9, "discard": ["fireball"]}, "hex"),
    ],
    ids=ORDERS[:2],
)
def test_classic_an_effect_whose_target_another_answer_removed_is_prevented(
    first: str, second: str, jim_after: dict[str, Any], deck_top: str
) -> None:
    """000 "Choose Targets: You must now choose and announce all intended valid target(s)" ("If the valid target of
    an effect (if applicable) is lost before that effect can resolve (happen), then the targetless effect is
    prevented instead of resolving"), 000 "Players can each take turns adding answers to the ladder until no one can
    add to it further" and 000 "Because Hex is no longer in play, it has no effect": Jim slings Fireball at Emily;
    Emily answers with `first` on it, Jim passes, Emily answers with `second` on it. `second` removes Fireball;
    `first`, its target lost, is prevented, though Fireball's own rung is still below it; Fireball has no effect."""
    s, jim, emily = _fireball_answered_twice(first, second)
    assert seat(s, 0) == {**jim, **jim_after}
    assert seat(s, 1) == {**emily, **EMILY_AFTER[(first, second)]}
    assert ids(s, s.players[0].deck[-1:]) == [deck_top] and s.players[0].barrier == 0 and s.players[1].barrier == 0
    assert not s.ladder and awaiting(s) == ("play", 0)


@pytest.mark.parametrize(
    ("first", "second", "jim_after", "deck_top"),
    [
        ("iron-wall", "iron-wall", {"hand": ["hex", "hex"], "deck": 8, "discard": ["fireball"]}, "hex"),
        ("bounce", "iron-wall", {"hand": ["hex"], "deck": 10, "discard": []}, "fireball"),
    ],
    ids=ORDERS[:2],
)
def test_classic_engine_3_games_resolve_an_effect_on_a_target_whose_rung_is_on_the_ladder(
    first: str, second: str, jim_after: dict[str, Any], deck_top: str
) -> None:
    """The same answers in a Classic game of engine 3: the first answer still resolved on the Fireball the second
    had destroyed (a second card for Jim; the Fireball from his discard pile to the top of his deck), and games
    saved under engine 3 replay so."""
    s, jim, emily = _fireball_answered_twice(first, second, engine="3")
    assert s.engine == "3"
    assert seat(s, 0) == {**jim, **jim_after}
    assert seat(s, 1) == {**emily, **EMILY_AFTER[(first, second)]}
    assert ids(s, s.players[0].deck[-1:]) == [deck_top] and s.players[0].barrier == 0 and s.players[1].barrier == 0
    assert not s.ladder and awaiting(s) == ("play", 0)


@pytest.mark.parametrize("engine", [None, "3"])
def test_classic_a_single_iron_wall_destroys_fireball_and_its_controller_draws(engine: str | None) -> None:
    """000 "Because Hex is no longer in play, it has no effect": Jim slings Fireball at Emily; Emily answers with
    Iron Wall ("Destroy target spirit or attack runespell. Its controller draws a card") on it. Iron Wall destroys
    Fireball and Jim, its controller, draws a card; Fireball has no effect. The same under engine 3."""
    s = classic_position(
        {"runeslinger": "romin", "hand": ["fireball"], "concentrations": ["hex"] * 3, "deck": ["hex"] * 10},
        {"runeslinger": "eva", "hand": ["iron-wall"], "concentrations": ["hex"]},
        engine=engine,
    )
    jim, emily = seat(s, 0), seat(s, 1)
    s = run(s, f"play {handle(s, 0, 'fireball')} target=p2")
    s = answered(run(s, f"play {handle(s, 1, 'iron-wall')} target={handle(s, 0, 'fireball', 'field')}"))
    assert seat(s, 0) == {**jim, "hand": ["hex"], "deck": 9, "discard": ["fireball"]}
    assert seat(s, 1) == {**emily, "hand": [], "field": ["iron-wall"], "concs": [(False, True)]}
    assert s.players[0].barrier == 0 and s.players[1].barrier == 0
    assert not s.ladder and awaiting(s) == ("play", 0)


# --- the card data ---------------------------------------------------------------------------------------------------


def test_no_effect_names_a_second_chosen_target_that_can_be_a_card() -> None:
    """Whether an effect's target is still on the field is decided as the effect begins to resolve, while the engine
    reads each chosen target at the one op that names it: the same only while no effect names, after a first target,
    another chosen target that a card could be (a first op could remove it before the second reads it). Every card,
    equip, Runeslinger and ailment of both editions: the second chosen targets are Runeslingers (Cinder's and Flame
    of Nim's "Target enemy Runeslinger", the second bullet of Supernova's Fate). A card that breaks this needs the
    rule decided (docs/rules.md "Damage to a card that left play")."""
    compiled = default_compiled()
    abilities = [(kind.card.id, ab) for kind in compiled.kinds for ab in kind.abilities]
    for group in (compiled.equips, compiled.runeslingers, compiled.ailments):
        abilities += [(str(key), ab) for key, abs_ in group.items() for ab in abs_]
    seconds = {(name, word) for name, ab in abilities for word in ab.tslots[1:]}
    assert {(name, word) for name, word in seconds if word not in RUNESLINGER_TARGETS} == set()
    assert {name for name, _ in seconds} == {"cinder", "flame-of-nim", "supernova"}
