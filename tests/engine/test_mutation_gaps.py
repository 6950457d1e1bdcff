"""Rules that surviving mutants of the engine showed no test asserted (docs/mutation.md, "Survivors that are test
gaps"): how long a modification lasts, block barriers that add up or protect a defense card, and damage to defense
cards (what a barrier absorbs, what accumulates, what pierces past). Each scenario checks the whole outcome: both
players' seats (health, power, determinations, light, zones, ailments), the barriers and damage on cards, and whose
decision is pending."""

from __future__ import annotations

from typing import Any

import pytest

from gameplay.runeslingers.engine import State, apply, scenario, view
from gameplay.runeslingers.engine.core import block_value, defense
from gameplay.runeslingers.engine.describe import describe_move
from gameplay.runeslingers.engine.state import F_BARRIER, F_DMG, F_TOKENS, F_USED
from tests.engine.helpers import EVA, FILLER, ROMIN, binding_played_on_a_burn, handle, legal_texts, position, run
from tests.engine.outcome import answered, awaiting, seat

BRANNOC = {"runeslinger": "brannoc", "equips": ["shield-up", "fortify"]}  # block 5
# Handles are a permutation of the numbers of the cards a game gives, keyed by its seed (docs/rules.md): these seeds
# give a card of a test below the handle c0 or c1, which the engine must treat as any other card's.
HANDLE_1_SEED = 754737  # the seed under which the 11th handle a scenario gives is c1 (the Battle Cry below)
HANDLE_0_SEED = 60850  # the seed under which the 12th handle a scenario gives is c0 (the Bastion, the Hex below)


def _position(p1: dict[str, Any], p2: dict[str, Any], seed: int, active: str = "p1", phase: str = "play") -> State:
    """`helpers.position` under a given seed (which decides the cards' handles)."""
    players = [{**EVA, "deck": FILLER, **p1}, {**ROMIN, "deck": FILLER, **p2}]
    return scenario({"turn": 3, "active": active, "phase": phase, "players": players}, seed)


def _no_mods(s: State) -> bool:
    return not s.players[0].mods and not s.players[1].mods


# --- how long a modification lasts -------------------------------------------------------------------------


@pytest.mark.parametrize("turn", [1, 4])
def test_fortify_lasts_through_the_enemys_turn_and_ends_after_it(turn: int) -> None:
    """001 p.11 "Resolved effects that state" a duration, such as "until the end of the next turn", 001 p.11 "only
    end when their condition is fully met": Brannoc (block 5) activates Fortify ("Your block is +3 until the end of
    the next turn. Draw 1 card", 2 determinations) and plays Hold the Line ("Your block is +3 until end of turn. Draw
    1 card"): block 11. When his turn ends, Hold the Line's +3 ends and Fortify's stays: on Romin's turn his block is
    8 (his view says so), and blocking Romin's Fireball with it stops all 8 damage. When Romin's turn (the next turn)
    ends, Fortify's +3 is gone too: back to 5 on Brannoc's following turn. (On turn 1 too, when the next turn is
    turn 2.)"""
    s = position(
        {**BRANNOC, "determination": 2, "hand": ["hold-the-line"], "concentrations": ["spark"]},
        {**ROMIN, "hand": ["fireball"], "concentrations": ["spark"] * 3},
        turn=turn,
    )
    me, them = seat(s, 0), seat(s, 1)
    s = run(s, "activate fortify")
    assert seat(s, 0) == {**me, "det": 0, "hand": ["hold-the-line", "spark"], "deck": 9} and seat(s, 1) == them
    assert block_value(s, 0) == 8 and awaiting(s) == ("play", 0)
    s = answered(run(s, f"play {handle(s, 0, 'hold-the-line')}"))
    assert seat(s, 0) == {**me, "det": 0, "hand": ["spark", "spark"], "deck": 8, "field": ["hold-the-line"], "concs": [
        (True, True)]}  # fmt: skip
    assert block_value(s, 0) == 11 and awaiting(s) == ("play", 0) and seat(s, 1) == them

    s = run(s, "end", "continue")  # Brannoc's turn ends, and Hold the Line's +3; Romin draws 2
    assert (s.turn, s.active, awaiting(s)) == (turn + 1, 1, ("play", 1))
    assert block_value(s, 0) == 8 and view(s, 0)["players"][0]["block"] == 8
    me, them = seat(s, 0), seat(s, 1)
    assert (me["field"], me["discard"]) == ([], ["hold-the-line"])
    s = answered(run(s, f"play {handle(s, 1, 'fireball')} target=p1"))
    assert awaiting(s) == ("block", 0)
    s = run(s, f"block discard={handle(s, 0, 'spark')}")
    assert seat(s, 0) == {**me, "hand": ["spark"], "discard": ["hold-the-line", "spark"]}  # 8 damage, all stopped
    assert s.players[0].barrier == 0 and awaiting(s) == ("play", 1)
    assert seat(s, 1) == {**them, "hand": ["spark", "spark"], "field": ["fireball"], "concs": [
        (True, True), (True, False), (True, False)]}  # fmt: skip

    s = run(s, "end", "continue")  # Romin's turn, the next turn, ends: so does Fortify
    assert (s.turn, s.active, awaiting(s)) == (turn + 2, 0, ("play", 0))
    assert block_value(s, 0) == 5 and view(s, 0)["players"][0]["block"] == 5 and _no_mods(s)


@pytest.mark.parametrize("seed", [0, HANDLE_1_SEED])
def test_battle_cry_lasts_the_turn_after_its_card_is_destroyed(seed: int) -> None:
    """001 p.11 "only end when their condition is fully met, even after their source leaves play": Romin's Battle
    Cry ("Attack runespells you sling deal +2 damage until end of turn. Draw 1 card") resolves; Eva answers his Jab
    with Silence ("Destroy target utility runespell") on the Battle Cry; the Jab still deals 2 + 1 (Iron Focus) + 2
    = 5. Whatever handle the Battle Cry has: under the second seed it is c1 (a handle like any other, which must not
    stand for "no card")."""
    s = _position(
        {**ROMIN, "hand": ["battle-cry", "jab"], "concentrations": ["spark"] * 2},
        {**EVA, "hand": ["silence"], "concentrations": ["spark"] * 2},
        seed,
    )
    assert seed != HANDLE_1_SEED or handle(s, 0, "battle-cry") == "c1"
    me, them = seat(s, 0), seat(s, 1)
    s = answered(run(s, f"play {handle(s, 0, 'battle-cry')}"))
    assert seat(s, 0) == {**me, "hand": ["jab", "spark"], "deck": 9, "field": ["battle-cry"], "concs": [
        (True, True), (False, False)]}  # fmt: skip
    assert seat(s, 1) == them and awaiting(s) == ("play", 0)
    s = run(s, f"play {handle(s, 0, 'jab')} target=p2")
    assert awaiting(s) == ("answer", 1)
    s = answered(run(s, f"play {handle(s, 1, 'silence')} target={handle(s, 0, 'battle-cry', 'field')}"))
    assert seat(s, 0) == {**me, "hand": ["spark"], "deck": 9, "field": ["jab"], "discard": ["battle-cry"], "concs": [
        (True, False), (False, True)]}  # fmt: skip
    assert seat(s, 1) == {**them, "health": 15, "hand": [], "field": ["silence"], "concs": [
        (True, True), (True, False)]}  # fmt: skip
    assert awaiting(s) == ("play", 0)


# --- block barriers ------------------------------------------------------------------------------------------


def test_a_block_barrier_adds_to_a_barrier_already_there() -> None:
    """001 p.14 "When you block, you apply a block barrier to the object you are blocking" and 001 p.14 "The amount
    of damage a block barrier can prevent is equal to your Runeslinger's block value": Eva answers Romin's Fireball
    (8 damage) with Guard ("Shout. Prevent the next 5 damage to you this turn"), then blocks the Fireball (block 4):
    5 + 4 = 9 prevents all 8, and 1 is left for the rest of the turn."""
    s = position(
        {"hand": ["guard", "spark"], "concentrations": ["spark"]},
        {**ROMIN, "hand": ["fireball"], "concentrations": ["spark"] * 3},
        active="p2",
    )
    me, them = seat(s, 0), seat(s, 1)
    s = run(s, f"play {handle(s, 1, 'fireball')} target=p1")
    s = answered(run(s, f"play {handle(s, 0, 'guard')}"))
    assert (s.players[0].barrier, awaiting(s)) == (5, ("block", 0))
    s = run(s, f"block discard={handle(s, 0, 'spark')}")
    assert seat(s, 0) == {**me, "hand": [], "field": ["guard"], "discard": ["spark"], "concs": [(True, True)]}
    assert seat(s, 1) == {**them, "hand": [], "field": ["fireball"], "concs": [
        (True, True), (True, False), (True, False)]}  # fmt: skip
    assert (s.players[0].barrier, s.players[1].barrier, awaiting(s)) == (1, 0, ("play", 1))


@pytest.mark.parametrize("seed", [0, HANDLE_0_SEED])
def test_a_block_protects_a_defense_card_with_a_barrier_on_the_card(seed: int) -> None:
    """001 p.14 "When an enemy-controlled damage source will deal damage to either a defense card you control or your
    Runeslinger", 001 p.14 "A block barrier prevents damage up to its value from being dealt to the defense card or
    Runeslinger it is applied to" and 001 p.14 "When a block barrier is depleted (by damage or effects), any remaining
    unresolved damage is then dealt": Romin sparks Brannoc's Bastion (defense 8) twice. Brannoc blocks the first
    (block 5): the barrier is on the Bastion, not on Brannoc, and stops the 4; the second Spark uses up the 1 left and
    deals 3 to the Bastion, which stays in play. Whatever handle the Bastion has: under the second seed it is c0."""
    s = _position(
        {**BRANNOC, "hand": ["spark"], "field": [{"card": "bastion", "on": "utility"}]},
        {**ROMIN, "hand": ["spark", "spark"], "concentrations": ["spark"] * 2},
        seed,
        active="p2",
    )
    bastion = handle(s, 0, "bastion", "field")
    assert seed != HANDLE_0_SEED or bastion == "c0"
    entry = lambda st: st.players[0].field[int(bastion[1:])]  # noqa: E731
    me, them = seat(s, 0), seat(s, 1)
    s = answered(run(s, f"play {handle(s, 1, 'spark')} target={bastion}"))
    assert awaiting(s) == ("block", 0)
    s = run(s, f"block discard={handle(s, 0, 'spark')}")
    assert (entry(s)[F_BARRIER], entry(s)[F_DMG], s.players[0].barrier, s.players[1].barrier) == (1, 0, 0, 0)
    assert seat(s, 0) == {**me, "hand": [], "discard": ["spark"]} and awaiting(s) == ("play", 1)
    s = answered(run(s, f"play {handle(s, 1, 'spark')} target={bastion}"))
    assert (entry(s)[F_BARRIER], entry(s)[F_DMG], s.players[0].barrier, s.players[1].barrier) == (0, 3, 0, 0)
    assert seat(s, 0) == {**me, "hand": [], "discard": ["spark"]} and awaiting(s) == ("play", 1)
    assert seat(s, 1) == {**them, "hand": [], "field": ["spark", "spark"], "concs": [(True, True), (True, True)]}


# --- damage to defense cards ----------------------------------------------------------------------------------


def test_direct_damage_ignores_a_defense_cards_block_barrier_and_destroys_it_at_its_defense() -> None:
    """001 p.16 "Direct damage cannot be blocked; it is dealt directly to its target (ignores block barriers)" and 001
    p.6 "When a defense card is dealt damage (Ex. by a spirit runespell like Fireball below) that is equal to or
    greater than its defense value in a single turn, it is destroyed and discarded": Brannoc blocks Romin's Spark on
    his Bastion (defense 8) with a barrier of 5, which keeps 1; Romin's Chaos Fire ("Deal 8 direct damage to any
    target") passes it and deals all 8 to the Bastion: exactly its defense, so it is destroyed at once, and the log
    says so."""
    s = position(
        {**BRANNOC, "hand": ["spark"], "field": [{"card": "bastion", "on": "utility"}]},
        {**ROMIN, "hand": ["spark", "chaos-fire"], "concentrations": ["spark"] * 5},
        active="p2",
    )
    bastion = handle(s, 0, "bastion", "field")
    me, them = seat(s, 0), seat(s, 1)
    s = answered(run(s, f"play {handle(s, 1, 'spark')} target={bastion}"))
    s = run(s, f"block discard={handle(s, 0, 'spark')}")
    assert s.players[0].field[int(bastion[1:])][F_BARRIER] == 1 and awaiting(s) == ("play", 1)
    s = run(s, f"play {handle(s, 1, 'chaos-fire')} target={bastion}")
    assert awaiting(s) == ("answer", 0)
    after, events = apply(s, "pass")
    assert seat(after, 0) == {**me, "hand": [], "field": [], "discard": ["bastion", "spark"]}
    assert seat(after, 1) == {**them, "hand": [], "field": ["chaos-fire", "spark"], "concs": [
        (True, True), (True, True), (True, False), (True, False), (True, False)]}  # fmt: skip
    assert (after.players[0].barrier, after.players[1].barrier, awaiting(after)) == (0, 0, ("play", 1))
    entry = describe_move(s, "pass", events, after, ("Brannoc", "Romin"))
    assert entry["text"] == "Brannoc does not answer: Bastion takes 8 damage; Bastion goes to the discard pile"


def _firecracker_then(card: str) -> tuple[State, State, dict[str, Any], dict[str, Any], str]:
    """Romin's Firecracker ("Use: deal 2 damage to any target") hits Eva's Tower Shield (defense 5), then he plays
    `card` at it: (the position before, the state after, Eva's and Romin's seats before, the shield's handle)."""
    s = position(
        {**ROMIN, "hand": [card], "concentrations": ["spark"] * 3, "field": [{"card": "firecracker", "on": "utility"}]},
        {**EVA, "field": [{"card": "tower-shield", "on": "utility"}]},
    )
    shield = handle(s, 1, "tower-shield", "field")
    them, me = seat(s, 1), seat(s, 0)
    after = answered(run(s, f"use {handle(s, 0, 'firecracker', 'field')} target={shield}"))
    assert after.players[1].field[int(shield[1:])][F_DMG] == 2 and awaiting(after) == ("play", 0)
    after = answered(run(after, f"play {handle(after, 0, card)} target={shield}"))
    return s, after, them, me, shield


def test_damage_to_a_defense_card_adds_up_over_the_turn() -> None:
    """001 p.6 "When a defense card is dealt damage (Ex. by a spirit runespell like Fireball below) that is equal to
    or greater than its defense value in a single turn, it is destroyed and discarded": the Firecracker's 2 and a
    Spark's 4 make 6 on the Tower Shield (defense 5) in one turn: it is destroyed, though neither alone would do it;
    Eva takes no damage."""
    _s, s, them, me, _shield = _firecracker_then("spark")
    assert seat(s, 1) == {**them, "field": [], "discard": ["tower-shield"]}
    assert seat(s, 0) == {**me, "hand": [], "field": ["firecracker", "spark"], "concs": [
        (True, True), (False, False), (False, False)]}  # fmt: skip
    assert awaiting(s) == ("play", 0)


def test_pierce_past_a_damaged_defense_card_counts_only_the_defense_it_had_left() -> None:
    """001 p.16 "If pierce damage is dealt to a defense card, any remaining damage over the target's defense value is
    dealt to that defense card's controlling Runeslinger" and 001 p.6 "equal to or greater than its defense value in
    a single turn": after the Firecracker's 2, the Tower Shield (defense 5) has 3 left; Lightning Bolt's 7 pierce
    destroys it and the 4 over go to Eva (who has no card in hand to block with)."""
    _s, s, them, me, _shield = _firecracker_then("lightning-bolt")
    assert seat(s, 1) == {**them, "health": 16, "field": [], "discard": ["tower-shield"]}
    assert seat(s, 0) == {**me, "hand": [], "field": ["firecracker", "lightning-bolt"], "concs": [
        (True, True), (True, False), (True, False)]}  # fmt: skip
    assert (s.players[1].barrier, awaiting(s)) == (0, ("play", 0))


def test_pierce_one_over_a_defense_cards_defense_hits_its_controller_for_one() -> None:
    """001 p.16 "If pierce damage is dealt to a defense card, any remaining damage over the target's defense value is
    dealt to that defense card's controlling Runeslinger": Lightning Bolt's 7 pierce on Eva's Force Wall (defense 6)
    destroys it, and the 1 over goes to Eva (who has no card in hand to block with)."""
    s = position(
        {**ROMIN, "hand": ["lightning-bolt"], "concentrations": ["spark"] * 3},
        {**EVA, "field": [{"card": "force-wall", "on": "utility"}]},
    )
    me, them = seat(s, 0), seat(s, 1)
    s = answered(run(s, f"play {handle(s, 0, 'lightning-bolt')} target={handle(s, 1, 'force-wall', 'field')}"))
    assert seat(s, 1) == {**them, "health": 19, "field": [], "discard": ["force-wall"]}
    assert seat(s, 0) == {**me, "hand": [], "field": ["lightning-bolt"], "concs": [
        (True, True), (True, False), (True, False)]}  # fmt: skip
    assert awaiting(s) == ("play", 0)


def test_direct_damage_to_a_runeslinger_ignores_her_block_barrier() -> None:
    """001 p.16 "Direct damage cannot be blocked; it is dealt directly to its target (ignores block barriers)": Eva
    blocks Romin's Jab (2 + 1 Iron Focus) with a barrier of 4, which keeps 1; his Chaos Fire ("Deal 8 direct damage
    to any target") passes it: she takes all 8 and the 1 is still there."""
    s = position(
        {"hand": ["spark"]},
        {**ROMIN, "hand": ["jab", "chaos-fire"], "concentrations": ["spark"] * 5},
        active="p2",
    )
    me, them = seat(s, 0), seat(s, 1)
    s = answered(run(s, f"play {handle(s, 1, 'jab')} target=p1"))
    s = run(s, f"block discard={handle(s, 0, 'spark')}")
    assert (s.players[0].barrier, s.players[0].health, awaiting(s)) == (1, 20, ("play", 1))
    s = answered(run(s, f"play {handle(s, 1, 'chaos-fire')} target=p1"))
    assert seat(s, 0) == {**me, "health": 12, "hand": [], "discard": ["spark"]}
    assert seat(s, 1) == {**them, "hand": [], "field": ["chaos-fire", "jab"], "concs": [
        (False, True), (True, True), (True, False), (True, False), (True, False)]}  # fmt: skip
    assert (s.players[0].barrier, awaiting(s)) == (1, ("play", 1))


def test_insanity_two_means_no_block() -> None:
    """001 p.12 "Level II is active while you are ailed with 4 or more instances" and 001 p.3 "When an effect
    contradicts the rules, the effect in question supersedes the rules": with 4 Insanity (level II: "You cannot
    block") Eva is not offered a block against Romin's Fireball though she has a card in hand and block 4; she
    takes all 8. With 3 she is offered one."""
    s = position(
        {"hand": ["spark"], "ailments": [{"type": "insanity", "count": 4}]},
        {**ROMIN, "hand": ["fireball"], "concentrations": ["spark"] * 3},
        active="p2",
    )
    me, them = seat(s, 0), seat(s, 1)
    s = answered(run(s, f"play {handle(s, 1, 'fireball')} target=p1"))
    assert seat(s, 0) == {**me, "health": 12} and awaiting(s) == ("play", 1)
    assert seat(s, 1) == {**them, "hand": [], "field": ["fireball"], "concs": [
        (True, True), (True, False), (True, False)]}  # fmt: skip
    s = position(
        {"hand": ["spark"], "ailments": [{"type": "insanity", "count": 3}]},
        {**ROMIN, "hand": ["fireball"], "concentrations": ["spark"] * 3},
        active="p2",
    )
    assert awaiting(answered(run(s, f"play {handle(s, 1, 'fireball')} target=p1"))) == ("block", 0)


# --- turns ----------------------------------------------------------------------------------------------------


def test_the_second_players_time_warp_gives_him_the_next_turn() -> None:
    """001 p.3 "When an effect contradicts the rules, the effect in question supersedes the rules" (over 001 p.11
    "The player to your left becomes the active player"): Romin, the second player, plays Time Warp ("After this
    turn, take another turn. Its Draw Phase draws 1 card"); when his turn ends he takes the next one and draws 1;
    after it, Eva's turn comes with its usual 2 cards."""
    s = position({}, {**ROMIN, "hand": ["time-warp"], "concentrations": ["spark"] * 6}, active="p2")
    me, them = seat(s, 0), seat(s, 1)
    s = answered(run(s, f"play {handle(s, 1, 'time-warp')}"))
    s = run(s, "end")
    assert (s.turn, s.active, awaiting(s)) == (4, 1, ("draw", 1))
    assert seat(s, 1) == {**them, "hand": ["spark"], "deck": 9, "discard": ["time-warp"], "concs": [(False, False)] * 6}
    assert seat(s, 0) == me
    s = run(s, "continue", "end")
    assert (s.turn, s.active, awaiting(s)) == (5, 0, ("draw", 0))
    assert seat(s, 0) == {**me, "hand": ["spark", "spark"], "deck": 8}


def test_a_used_concentration_under_a_card_stays_used_in_the_ready_phase() -> None:
    """001 p.11 "All exposed (has no other card on it) used (horizontal) cards you control are readied": when Eva's
    turn begins, her exposed used concentration is readied and the one under her Hex stays used. Whatever handle the
    Hex has: under this seed it is c0."""
    s = _position(
        {"concentrations": [{"card": "jab", "used": True}], "field": [{"card": "hex"}]},
        {},
        HANDLE_0_SEED,
        active="p2",
        phase="discard",
    )
    assert handle(s, 0, "hex", "field") == "c0"
    assert awaiting(s) == ("draw", 0) and s.active == 0
    assert seat(s, 0)["concs"] == [(False, False), (True, True)]


# --- hits -----------------------------------------------------------------------------------------------------


def test_thornmail_strikes_back_at_the_runeslinger_whose_damage_hit() -> None:
    """001 p.20 "is achieved when a damage effect deals at least 1 point of damage to its target" and 001
    p.16 "When a trigger condition is met, its triggered effect occurs immediately": Romin's Jab (2 + 1 Iron Focus)
    hits Eva, and her Thornmail ("When enemy damage hits you: deal 2 damage to that Runeslinger") deals 2 to Romin.
    Neither has a card in hand to block with."""
    s = position(
        {"field": [{"card": "thornmail", "on": "utility"}]},
        {**ROMIN, "hand": ["jab"], "concentrations": ["spark"]},
        active="p2",
    )
    me, them = seat(s, 0), seat(s, 1)
    s = answered(run(s, f"play {handle(s, 1, 'jab')} target=p1"))
    assert seat(s, 0) == {**me, "health": 17}
    assert seat(s, 1) == {**them, "health": 18, "hand": [], "field": ["jab"], "concs": [(False, True)]}
    assert awaiting(s) == ("play", 1)


def test_relentless_sears_on_a_hit_of_an_attack_runespell_only() -> None:
    """001 p.20 "is achieved when a damage effect deals at least 1 point of damage to its target" and 001
    p.16 "Triggered effects occur when their trigger condition (everything before a colon :) is met": Romin's
    Relentless ("When damage from an attack runespell you control hits: each enemy Runeslinger sears 1") sears 1 from
    Eva's deck when his Jab (an attack runespell) hits her, and nothing when his Spark (a spirit runespell) does."""
    s = position(
        {**ROMIN, "equips": ["relentless", "overflow"], "hand": ["jab", "spark"], "concentrations": ["spark"] * 2},
        {**EVA},
    )
    me, them = seat(s, 0), seat(s, 1)
    s = answered(run(s, f"play {handle(s, 0, 'jab')} target=p2"))
    assert seat(s, 1) == {**them, "health": 18, "deck": 9, "discard": ["spark"]}
    s = answered(run(s, f"play {handle(s, 0, 'spark')} target=p2"))
    assert seat(s, 1) == {**them, "health": 14, "deck": 9, "discard": ["spark"]}
    assert seat(s, 0) == {**me, "hand": [], "field": ["jab", "spark"], "concs": [(False, True), (True, True)]}
    assert awaiting(s) == ("play", 0)


# --- the state checks: losing and drawing the encounter --------------------------------------------------------


@pytest.mark.parametrize("active", ["p1", "p2"])
def test_drawing_the_last_card_with_an_empty_discard_pile_loses_at_once(active: str) -> None:
    """001 p.4 "If you have no cards in both your discard pile and your deck at the same time; you lose the
    encounter": the active player (Eva as p1, or Romin as p2) has one card left in her deck and none in her discard
    pile, and plays Hold the Line ("Your block is +3 until end of turn. Draw 1 card"). The draw takes the last card:
    deck and discard pile are both empty, and she loses there and then, before any other step; the other player wins.
    (Either seat: each has its own check.)"""
    me_spec = {"hand": ["hold-the-line"], "concentrations": ["spark"], "deck": ["spark"]}
    p = 0 if active == "p1" else 1
    s = position(me_spec, {}, active=active) if p == 0 else position({}, me_spec, active=active)
    me, them = seat(s, p), seat(s, 1 - p)
    assert (me["deck"], me["discard"], awaiting(s)) == (1, [], ("play", p))
    s = answered(run(s, f"play {handle(s, p, 'hold-the-line')}"))
    assert seat(s, p) == {**me, "hand": ["spark"], "deck": 0, "field": ["hold-the-line"], "concs": [(True, True)]}
    assert seat(s, 1 - p) == them
    assert (s.over, s.winner, awaiting(s)) == (True, 1 - p, None)


def test_a_game_still_running_after_400_turns_is_a_draw() -> None:
    """The engine's turn cap (docs/rules.md, "Turn cap", a safety stop the rulebooks do not have): when turn 399
    ends, turn 400 is played (Romin is asked how to draw); when turn 400 ends, the game is over as a draw, with no
    winner and no decision left."""
    s = run(position({}, {}, turn=399), "end")
    assert (s.turn, s.active, s.over, awaiting(s)) == (400, 1, False, ("draw", 1))
    s = position({}, {}, turn=400)
    me, them = seat(s, 0), seat(s, 1)
    s = run(s, "end")
    assert (s.turn, s.over, s.winner, awaiting(s)) == (401, True, -1, None)
    assert seat(s, 0) == me and seat(s, 1) == them


@pytest.mark.parametrize("damage", [2, 3])
def test_fragment_destroys_a_defense_card_whose_damage_reaches_its_lowered_defense(damage: int) -> None:
    """001 p.6 "When a defense card is dealt damage" "that is equal to or greater than its defense value in a single
    turn, it is destroyed and discarded", with Fragment I ("Defense cards you control have -1 defense (one reduced
    to 0 is destroyed)"): Romin's Flame Shield (defense 4, "When Flame Shield is destroyed: deal 3 damage to each
    enemy Runeslinger") has taken 3 damage this turn when Eva's Splinter ("Apply 2 Fragment to target Runeslinger")
    lowers its defense to 3: its damage now equals its defense, so it is destroyed and discarded, and its trigger
    deals 3 to Eva. With 2 damage it stays, at defense 3."""
    s = position(
        {"hand": ["splinter"], "concentrations": ["spark"]},
        {**ROMIN, "field": [{"card": "flame-shield", "on": "spark", "damage": damage}]},
    )
    me, them = seat(s, 0), seat(s, 1)
    shield = int(handle(s, 1, "flame-shield", "field")[1:])
    assert defense(s, shield, 1) == 4
    s = run(s, f"play {handle(s, 0, 'splinter')} target=p2")
    assert awaiting(s) == ("answer", 1)
    after, events = apply(s, "pass")
    fragment = [("fragment", 2, False)]
    mine = {**me, "hand": [], "field": ["splinter"], "concs": [(True, True)]}
    if damage == 2:
        assert seat(after, 0) == mine
        assert seat(after, 1) == {**them, "ailments": fragment}
        assert defense(after, shield, 1) == 3 and after.players[1].field[shield][F_DMG] == 2
    else:
        assert seat(after, 0) == {**mine, "health": 17}
        assert seat(after, 1) == {**them, "field": [], "discard": ["flame-shield"], "concs": [(True, False)],
            "ailments": fragment}  # fmt: skip
        entry = describe_move(s, "pass", events, after, ("Eva", "Romin"))
        assert entry["text"] == (
            "Romin does not answer: Romin gets Fragment ×2; Flame Shield goes to the discard pile; Eva takes 3 damage"
        )
    assert awaiting(after) == ("play", 0)


@pytest.mark.parametrize("seed", [0, HANDLE_0_SEED])
def test_flaming_fists_placed_under_stone_trap_has_no_effect_whatever_its_handle(seed: int) -> None:
    """001 p.15 "Stone Trap resolves first (rung 2)" and 001 p.15 "When it comes time for Flaming Fists (rung 1)":
    Eva answers Romin's Flaming Fists ("Sear 2. Deal 5 damage to target enemy Runeslinger. A hit inflicts 2 Burn")
    with Stone Trap, which places the Flaming Fists under itself; when rung 1 comes, its card is not in play and it
    has no effect: Eva takes no damage and no Burn. Under the second seed the Flaming Fists is c0 (a handle like any
    other)."""
    s = _position(
        {**ROMIN, "hand": ["spark", "flaming-fists"], "concentrations": ["jab"] * 2},
        {**EVA, "hand": ["stone-trap"], "concentrations": ["spark"] * 2},
        seed,
    )
    assert seed != HANDLE_0_SEED or handle(s, 0, "flaming-fists") == "c0"
    me, them = seat(s, 0), seat(s, 1)
    s = run(s, f"play {handle(s, 0, 'flaming-fists')} target=p2")
    fists = handle(s, 0, "flaming-fists", "field")
    assert awaiting(s) == ("answer", 1)
    s = answered(run(s, f"play {handle(s, 1, 'stone-trap')} target={fists}"))
    assert seat(s, 1) == {**them, "hand": [], "field": ["stone-trap"], "concs": [(True, False), (True, False)]}
    assert seat(s, 0) == {**me, "hand": ["spark"], "deck": 8, "discard": ["spark", "spark"], "concs": [
        (True, False), (True, False)]}  # fmt: skip
    trap = int(handle(s, 1, "stone-trap", "field")[1:])
    assert s.players[1].field[trap][9] == [int(fists[1:])] and awaiting(s) == ("play", 0)


# --- health loss past 0 ----------------------------------------------------------------------------------------


def test_health_loss_past_zero_goes_on_after_the_power_loss_and_is_told_whole() -> None:
    """001 p.4 "Next, if there is unresolved pierce damage or health loss that was paused when you lost a power, it
    is now applied to your newly reset health total": Romin, at 1 health with Burn and Curse on him, is the target of
    Eva's Soul Tax ("Target Runeslinger loses 2 health for each unique ailment type on it"): 4 health loss. The first
    point brings him to 0: he loses a power, his health resets to 20, and the 3 left are lost from it (17). The log
    tells the whole 4, then the power it cost and the reset (cause before effect)."""
    s = position(
        {"hand": ["soul-tax"], "concentrations": ["spark"] * 3},
        {"health": 1, "ailments": [{"type": "burn", "count": 1}, {"type": "curse", "count": 1}]},
    )
    me, them = seat(s, 0), seat(s, 1)
    s = run(s, f"play {handle(s, 0, 'soul-tax')} target=p2")
    assert awaiting(s) == ("answer", 1)
    after, events = apply(s, "pass")
    assert seat(after, 1) == {**them, "health": 17, "power": 4, "det": 1}
    assert seat(after, 0) == {**me, "hand": [], "field": ["soul-tax"], "concs": [(True, True), (True, False),
        (False, False)]}  # fmt: skip
    assert awaiting(after) == ("play", 0)
    entry = describe_move(s, "pass", events, after, ("Eva", "Romin"))
    assert entry["text"] == (
        "Romin does not answer: Romin loses 4 health; Romin loses a power (4 left); Romin's health resets to 20"
    )


# --- conditions of card effects -------------------------------------------------------------------------------


def test_binding_cleanses_only_while_it_has_a_token() -> None:
    """001 p.17 "This card enters play with this many basic tokens on it" and 001 p.17 "Turn this card horizontal to
    use this effect": Eva plays Binding ("Token 1. Use: if Binding has a token, remove it and cleanse 3 ailments
    from your Runeslinger") on her Burn; it enters with 1 token. On her next turn she uses it: the token is removed
    and 3 of her 4 Curse are cleansed. On the turn after, Binding is ready again and may be used, but without a token
    its condition fails: it is turned and nothing else happens (her last Curse stays)."""
    s = binding_played_on_a_burn()
    b = handle(s, 0, "binding", "field")
    entry = s.players[0].field[int(b[1:])]
    assert (entry[F_TOKENS], entry[F_USED]) == (1, 0) and awaiting(s) == ("play", 0)
    assert seat(s, 0)["ailments"] == [("burn", 1, True), ("curse", 4, False)]

    s = run(s, "end", "continue", "end", "continue")  # Romin's turn, then Eva's next turn
    assert (s.turn, awaiting(s)) == (5, ("play", 0)) and f"use {b}" in legal_texts(s, 0)
    me, them = seat(s, 0), seat(s, 1)
    s = run(s, f"use {b}")
    assert seat(s, 0) == {**me, "ailments": [("burn", 1, True), ("curse", 1, False)]} and seat(s, 1) == them
    entry = s.players[0].field[int(b[1:])]
    assert (entry[F_TOKENS], entry[F_USED]) == (0, 1) and awaiting(s) == ("play", 0)

    s = run(s, "end", "continue", "end", "continue")  # Eva's turn after: Binding is ready, with no token
    assert (s.turn, awaiting(s)) == (7, ("play", 0)) and f"use {b}" in legal_texts(s, 0)
    me, them = seat(s, 0), seat(s, 1)
    assert me["ailments"] == [("burn", 1, True), ("curse", 1, False)]
    s = run(s, f"use {b}")
    assert seat(s, 0) == me and seat(s, 1) == them  # nothing cleansed
    entry = s.players[0].field[int(b[1:])]
    assert (entry[F_TOKENS], entry[F_USED]) == (0, 1) and awaiting(s) == ("play", 0)


# --- which ailments can be applied -----------------------------------------------------------------------------

FULL_AREAS = [{"type": "burn"}, {"type": "curse"}, {"type": "fragment"}, {"type": "weaken", "boon": "aegis"}]


@pytest.mark.parametrize("seed", [0, HANDLE_0_SEED])
def test_an_ail_cost_offers_only_the_types_that_can_be_applied(seed: int) -> None:
    """001 p.17 "You must apply this many ailments (X) of the same ailment type to your Runeslinger as a cost to
    play this card", 001 p.13 "The maximum number of unique (different) ailment types possible on your Runeslinger
    is four; one on each of your four ailment areas" and 001 p.13 "Ailments cannot be applied under a boon (unless
    the effect states it does)": Eva's four areas hold Burn, Curse and Fragment, and a Weaken under her Aegis. Force
    Wall ("Ail 1. Your block is +1") may be played with a Burn, a Curse or a Fragment only (not a Weaken: it would go
    under the boon; no other type: no area is free); played with a Fragment, she has 2. With the Weaken under the
    Aegis and three free areas, any of the six types may be paid. Whatever the Aegis's handle: under the second seed
    it is c0."""
    deck = ["spark"] * 9  # the Aegis is the 12th handle the scenario gives
    s = _position({"deck": deck, "hand": ["force-wall"], "concentrations": ["spark"], "ailments": FULL_AREAS}, {}, seed)
    assert seed != HANDLE_0_SEED or handle(s, 0, "aegis", "field") == "c0"
    wall = handle(s, 0, "force-wall")
    assert [t for t in legal_texts(s, 0) if t.startswith("play")] == [
        f"play {wall} ail=burn",
        f"play {wall} ail=curse",
        f"play {wall} ail=fragment",
    ]
    me, them = seat(s, 0), seat(s, 1)
    s = answered(run(s, f"play {wall} ail=fragment"))
    assert seat(s, 0) == {**me, "hand": [], "field": ["aegis", "force-wall"], "concs": [(True, False)], "ailments": [
        ("burn", 1, False), ("curse", 1, False), ("fragment", 2, False), ("weaken", 1, True)]}  # fmt: skip
    assert seat(s, 1) == them and awaiting(s) == ("play", 0)

    concealed = [{"type": "weaken", "boon": "aegis"}]
    s = _position({"deck": deck, "hand": ["force-wall"], "concentrations": ["spark"], "ailments": concealed}, {}, seed)
    assert seed != HANDLE_0_SEED or handle(s, 0, "aegis", "field") == "c0"
    assert [t for t in legal_texts(s, 0) if t.startswith("play")] == [
        f"play {wall} ail={a}" for a in ("burn", "curse", "fragment", "weaken", "insanity", "debilitate")
    ]


@pytest.mark.parametrize("seed", [0, HANDLE_0_SEED])
def test_plague_offers_the_sets_of_unique_ailments_that_fit(seed: int) -> None:
    """001 p.18 "In such a case, the controller of the card effect must choose which 2 ailments are being applied"
    (the example of "Apply 3 unique ailments" on a Runeslinger with boons) and 001 p.13 "The maximum number of
    unique (different) ailment types possible on your Runeslinger is four; one on each of your four ailment areas":
    Romin has a Burn and 2 Weaken exposed, a Curse under his Aegis and one free area. Eva's Plague ("Apply 3 unique
    ailments of your choice to target Runeslinger, one of each") can give him 3 types only with a Burn and a Weaken
    (they join their stacks) and one new type in the free area, a Curse included (beside the Aegis, not under it):
    four sets to choose from. She gives Burn, Fragment and Weaken and orders them: the Burn makes him lose 2 health
    and sear 1. Whatever the Aegis's handle: under the second seed it is c0."""
    s = _position(
        {"deck": ["spark"] * 4, "hand": ["plague"], "concentrations": ["spark"] * 3},
        {
            "deck": ["spark"] * 3,
            "ailments": [{"type": "burn"}, {"type": "weaken", "count": 2}, {"type": "curse", "boon": "aegis"}],
        },  # the Aegis is the 12th handle the scenario gives
        seed,
    )
    assert seed != HANDLE_0_SEED or handle(s, 1, "aegis", "field") == "c0"
    me, them = seat(s, 0), seat(s, 1)
    s = run(s, f"play {handle(s, 0, 'plague')} target=p2", "pass")
    assert awaiting(s) == ("unique", 0)
    assert legal_texts(s, 0) == [
        "choose ailment=burn ailment=curse ailment=weaken",
        "choose ailment=burn ailment=fragment ailment=weaken",
        "choose ailment=burn ailment=weaken ailment=insanity",
        "choose ailment=burn ailment=weaken ailment=debilitate",
    ]
    s = run(s, "choose ailment=burn ailment=fragment ailment=weaken")
    assert awaiting(s) == ("order", 0)
    s = run(s, "choose 1", "choose 1")  # Burn first, then Fragment
    assert seat(s, 1) == {**them, "health": 18, "deck": 2, "discard": ["spark"], "ailments": [
        ("burn", 2, False), ("curse", 1, True), ("fragment", 1, False), ("weaken", 3, False)]}  # fmt: skip
    assert seat(s, 0) == {**me, "hand": [], "field": ["plague"], "concs": [(True, True), (True, False), (True, False)]}
    assert awaiting(s) == ("play", 0)


# --- a target that left play -------------------------------------------------------------------------------------


def test_a_second_silence_on_a_battle_cry_already_destroyed_does_nothing() -> None:
    """001 p.18 "If the target of an effect leaves the field before an effect can resolve, the effect does nothing":
    Romin's Battle Cry resolved; he plays a Jab on Eva. Eva answers with Silence ("Destroy target utility
    runespell") on the Battle Cry; Romin answers with Guard; Eva answers with her second Silence on the Battle Cry.
    The ladder resolves from the top: the second Silence destroys the Battle Cry (to Romin's discard pile), Guard
    resolves, then the first Silence finds its target gone and does nothing (the Battle Cry is in the discard pile
    once); the Jab deals 2 + 1 + 2 = 5 to Eva."""
    s = _position(
        {**ROMIN, "hand": ["battle-cry", "jab", "guard"], "concentrations": ["spark"] * 4},
        {**EVA, "hand": ["silence", "silence"], "concentrations": ["spark"] * 4},
        0,
    )
    s = answered(run(s, f"play {handle(s, 0, 'battle-cry')}"))
    cry = handle(s, 0, "battle-cry", "field")
    me, them = seat(s, 0), seat(s, 1)
    s = run(s, f"play {handle(s, 0, 'jab')} target=p2", f"play {handle(s, 1, 'silence')} target={cry}")
    s = run(s, f"play {handle(s, 0, 'guard')}", f"play {handle(s, 1, 'silence')} target={cry}")
    assert awaiting(s) == ("answer", 0)
    s = answered(s)
    assert seat(s, 0) == {**me, "hand": ["spark"], "discard": ["battle-cry"], "field": ["guard", "jab"], "concs": [
        (True, False), (False, True), (True, True), (False, False)]}  # fmt: skip
    assert seat(s, 1) == {**them, "health": 15, "hand": [], "field": ["silence", "silence"], "concs": [
        (True, True), (True, True), (True, False), (True, False)]}  # fmt: skip
    assert awaiting(s) == ("play", 0)


MERGE_LAYOUTS = {
    # the Aegis first, then a Burn exposed, then the Sanctuary: the exposed Burns merge beside the Aegis
    "aegis first": (
        [
            {"type": "burn", "count": 2, "boon": "aegis"},
            {"type": "burn", "count": 1},
            {"type": "burn", "count": 1, "boon": "sanctuary"},
        ],
        [("burn", 2, False), ("burn", 2, True)],
        [[0, 2], [0, 2], [-1, 0], [-1, 0]],
    ),
    # the Sanctuary first, then the Aegis, then a Burn exposed: the exposed Burns merge onto the Sanctuary's area
    "sanctuary first": (
        [
            {"type": "burn", "count": 1, "boon": "sanctuary"},
            {"type": "burn", "count": 2, "boon": "aegis"},
            {"type": "burn", "count": 1},
        ],
        [("burn", 2, False), ("burn", 2, True)],
        [[0, 2], [0, 2], [-1, 0], [-1, 0]],
    ),
}


@pytest.mark.parametrize("layout", list(MERGE_LAYOUTS))
@pytest.mark.parametrize("seed", [0, HANDLE_0_SEED])
def test_ailments_exposed_by_a_destroyed_boon_merge_with_the_exposed_ones_only(layout: str, seed: int) -> None:
    """001 p.13 "if at any time there are two ailments of the same type on you, those ailments and their instances
    combine & merge onto one ailment area", 001 p.13 "When a boon you control is destroyed, the ailments under it
    become" active, and 001 p.13 "Concealed ailments have no effect on you and are not counted as being on you":
    Romin has 2 Burn under his Aegis, 1 Burn exposed and 1 Burn under his Sanctuary, on his areas in either order.
    Eva's Fireball (8 damage; her Talaka's Heart makes him sear 2 as she slings it) destroys the Sanctuary (defense
    4): its Burn is exposed and merges with the exposed one (2 on one area); the 2 under the Aegis stay concealed,
    on their own area, whatever the Aegis's handle: under the second seed it is c0."""
    areas, ailments, rows = MERGE_LAYOUTS[layout]
    romin_deck = 6 if layout == "aegis first" else 5  # the Aegis is the 12th handle the scenario gives
    s = _position(
        {"deck": ["spark"], "hand": ["fireball"], "concentrations": ["spark"] * 3},
        {"deck": ["spark"] * romin_deck, "blocked": True, "ailments": areas},
        seed,
    )
    assert seed != HANDLE_0_SEED or handle(s, 1, "aegis", "field") == "c0"
    me, them = seat(s, 0), seat(s, 1)
    s = answered(run(s, f"play {handle(s, 0, 'fireball')} target={handle(s, 1, 'sanctuary', 'field')}"))
    assert seat(s, 1) == {**them, "deck": romin_deck - 2, "field": ["aegis"], "discard": ["sanctuary", "spark",
        "spark"], "ailments": ailments}  # fmt: skip
    assert [a[:2] for a in s.players[1].ail] == rows
    assert seat(s, 0) == {**me, "hand": [], "field": ["fireball"], "concs": [(True, True), (True, False), (True,
        False)]}  # fmt: skip
    assert awaiting(s) == ("play", 0)
