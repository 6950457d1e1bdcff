"""The sentence that says why an action is refused (`apply._why`), for every kind of decision the engine waits on,
and the few rules surviving mutants of `apply` showed no test asserted (docs/mutation.md, "Survivors judged
equivalent", `gameplay.engine.apply`). A refused action changes nothing and raises `IllegalActionError` with the
words a player reads over the API and on the play page: "'<action>' is not legal for pN: <why>". Each test asserts
the whole sentence, and that the same decision is still pending."""

from __future__ import annotations

import pytest

from gameplay.runeslingers.engine import IllegalActionError, State, apply, new_game
from tests.engine.helpers import EVA, ROMIN, classic_position, handle, position, run
from tests.engine.outcome import answered, awaiting, seat

NOT_LEGAL = "not among the legal actions"


def refusal(s: State, text: str) -> str:
    """Why `text` is refused in `s` (the words after "is not legal for pN: "), checking the rest of the sentence:
    the action as written and the player who must decide."""
    pend = awaiting(s)
    assert pend is not None
    with pytest.raises(IllegalActionError) as refused:
        apply(s, text)
    head = f"{text!r} is not legal for p{pend[1] + 1}: "
    message = str(refused.value)
    assert message.startswith(head), message
    assert awaiting(s) == pend  # the refused action changed nothing
    return message[len(head) :]


# --- decisions other than the Play Phase: an action of the decision's own kind that is not offered, and another kind


def test_setup_refuses_another_kind_and_a_set_not_offered() -> None:
    """001 p.8 "each player places a card face-down from their hand in a concentration area": at setup Eva sets one
    card of her hand. A set of a card not in her hand, a set with a target, and any other action are refused, each
    with its reason."""
    s = new_game({"players": [{"starter": "eva-starter"}, {"starter": "romin-starter"}], "first": "p1"}, 7)
    assert awaiting(s) == ("setup", 0)
    card = f"c{s.players[0].hand[0]}"
    assert refusal(s, f"set {card} target=p2") == NOT_LEGAL
    assert refusal(s, "set c9999") == "c9999 is not in your hand"
    assert refusal(s, "end") == "the pending decision is setup"
    assert refusal(s, "pass") == "the pending decision is setup"


def test_an_answer_window_and_a_block_refuse_other_kinds_and_a_pass_not_offered() -> None:
    """001 p.15 "You may answer (respond to) your answerable action by playing a card from your hand that has the
    Shout keyword": while Romin may answer Eva's Fireball he may pass or play a Shout card, nothing else (an end, a
    pass with a target); then he may block it or pass (a block discarding a card he does not hold is refused)."""
    s = position({"hand": ["fireball"], "concentrations": ["spark"] * 3}, {"hand": ["jab"]})
    s = run(s, f"play {handle(s, 0, 'fireball')} target=p2")
    assert awaiting(s) == ("answer", 1)
    assert refusal(s, "pass target=p1") == NOT_LEGAL
    assert refusal(s, "end") == "the pending decision is answer"
    s = answered(s)
    assert awaiting(s) == ("block", 1)
    assert refusal(s, "pass target=p1") == NOT_LEGAL
    assert refusal(s, "block discard=c9999") == NOT_LEGAL
    assert refusal(s, "end") == "the pending decision is block"
    assert refusal(s, f"discard {handle(s, 1, 'jab')}") == "the pending decision is block"


def test_the_draw_phase_choice_refuses_other_kinds_and_a_pass_not_offered() -> None:
    """001 p.11 "either draw a 3rd card, or return an exposed concentration you control to your hand": after
    drawing, Eva goes on or passes (drawing a 3rd card or returning an exposed concentration she controls); a
    concentration she does not control cannot be returned, and the Play Phase's actions wait."""
    s = position({"concentrations": ["spark"]}, {}, active="p2", phase="discard")
    assert awaiting(s) == ("draw", 0)
    assert refusal(s, "continue target=p2") == NOT_LEGAL
    assert refusal(s, "pass return=c9999") == NOT_LEGAL
    assert refusal(s, "end") == "the pending decision is draw"
    assert refusal(s, "choose 1") == "the pending decision is draw"


def test_fate_targets_and_discard_refuse_other_kinds_and_choices_not_offered() -> None:
    """001 p.17 "Target enemy Runeslinger chooses one of this card's bullet" and 001 p.7 "All cards that discarded
    from anywhere are placed into their owner's discard pile": Romin picks Supernova's bullet (not a 9th one), Eva
    its target (not a card that does not exist), Romin the 3 cards he discards (one at a time, from his hand); each
    other action is refused as not the pending decision. The cards he discards are in his discard pile."""
    s = position({"hand": ["supernova"], "concentrations": ["spark"] * 3}, {"hand": ["jab"] * 4})
    me, them = seat(s, 0), seat(s, 1)
    s = run(s, f"play {handle(s, 0, 'supernova')} target=- target=-")
    assert awaiting(s) == ("fate", 1)
    assert refusal(s, "choose 9") == NOT_LEGAL
    assert refusal(s, "pass") == "the pending decision is fate"
    s = run(s, "choose 2")
    assert awaiting(s) == ("targets", 0)
    assert refusal(s, "choose target=c9999") == NOT_LEGAL
    assert refusal(s, "end") == "the pending decision is targets"
    s = answered(run(s, "choose target=p2"))
    assert awaiting(s) == ("discard", 1)
    jab = handle(s, 1, "jab")
    assert refusal(s, f"discard {jab} target=p1") == NOT_LEGAL
    assert refusal(s, "discard c9999") == "c9999 is not in your hand"
    assert refusal(s, "pass") == "the pending decision is discard"
    for _ in range(3):
        s = run(s, f"discard {handle(s, 1, 'jab')}")
    assert awaiting(s) == ("play", 0)
    assert seat(s, 1) == {**them, "hand": ["jab"], "discard": ["jab", "jab", "jab"]}
    assert seat(s, 0) == {
        **me,
        "hand": [],
        "field": ["supernova"],
        "concs": [(True, True), (True, False), (True, False)],
    }


def test_an_order_refuses_another_kind_and_a_choice_not_offered() -> None:
    """001 p.13 "unless those ailments are ordered in the text of the effect applying them": Eva orders Sap's two
    ailments (choice 1 or 2, not 9); nothing else is accepted meanwhile."""
    s = position({"hand": ["sap"], "concentrations": ["spark"] * 2}, {})
    s = answered(run(s, f"play {handle(s, 0, 'sap')} target=p2"))
    assert awaiting(s) == ("order", 0)
    assert refusal(s, "choose 9") == NOT_LEGAL
    assert refusal(s, "pass") == "the pending decision is order"


def test_the_ailment_phase_removal_refuses_another_kind_and_ailments_not_exposed() -> None:
    """001 p.11 "The exposed ailments you remove is your choice": with 9 Curse and 8 Fragment exposed, Eva removes
    8 of them; a removal of Burn (she has none) is refused, and so is any other action."""
    s = position(
        {"ailments": [{"type": "curse", "count": 9}, {"type": "fragment", "count": 8}]},
        {},
        active="p2",
        phase="discard",
    )
    assert awaiting(s) == ("remove", 0)
    assert refusal(s, "remove ailment=burn") == NOT_LEGAL
    assert refusal(s, "pass") == "the pending decision is remove"


def test_unique_ailments_refuse_another_kind_and_a_choice_not_offered() -> None:
    """001 p.18 "Apply 3 unique ailments to target Runeslinger": Eva chooses Plague's ailment types (a bare
    number is no such choice); any other action is refused."""
    s = position(
        {"hand": ["plague"], "concentrations": ["spark"] * 3},
        {
            "ailments": [
                {"type": "curse", "count": 1, "boon": "aegis"},
                {"type": "fragment", "count": 1, "boon": "sanctuary"},
            ]
        },
    )
    s = answered(run(s, f"play {handle(s, 0, 'plague')} target=p2"))
    assert awaiting(s) == ("unique", 0)
    assert refusal(s, "choose 9") == NOT_LEGAL
    assert refusal(s, "pass") == "the pending decision is unique"


def test_a_return_from_the_discard_pile_refuses_another_kind_and_a_choice_not_offered() -> None:
    """Renewal ("Return 2 runespells from your discard pile to your hand"): Eva chooses 2 of her Jab and two
    Fireballs; a bare number is no such choice, and any other action is refused."""
    s = position({"hand": ["renewal"], "concentrations": ["spark"] * 3, "discard": ["jab", "fireball", "fireball"]}, {})
    s = answered(run(s, f"play {handle(s, 0, 'renewal')}"))
    assert awaiting(s) == ("return", 0)
    assert refusal(s, "choose 9") == NOT_LEGAL
    assert refusal(s, "end") == "the pending decision is return"


def test_an_echo_copy_refuses_another_kind_and_a_declaration_not_offered() -> None:
    """Echo ("Copy the last utility runespell you slung this turn. You may choose new targets for the copy"): Eva
    declares the copy's target; a card that does not exist is no such target, and any other action is refused."""
    s = position({"hand": ["brand", "echo"], "concentrations": ["spark"] * 4}, {})
    s = answered(run(s, f"play {handle(s, 0, 'brand')} target=p2"))
    s = answered(run(s, f"play {handle(s, 0, 'echo')}"))
    assert awaiting(s) == ("copy", 0)
    assert refusal(s, "choose target=c9999") == NOT_LEGAL
    assert refusal(s, "end") == "the pending decision is copy"


def test_classic_charge_or_sling_refuses_another_kind_and_another_card() -> None:
    """000 "When you play this card choose either to sling or charge it": after playing Lava Stream Eva charges or
    slings it, that card only (not one that does not exist); an end is refused until she has chosen."""
    s = classic_position({"hand": ["lava-stream", "fireball"], "concentrations": ["hex"] * 2}, {})
    s = run(s, f"play {handle(s, 0, 'lava-stream')}")
    assert awaiting(s) == ("charge", 0)
    assert refusal(s, "charge c9999") == NOT_LEGAL
    assert refusal(s, "sling c9999 target=p2") == NOT_LEGAL
    assert refusal(s, "end") == "the pending decision is charge"


# --- the Play Phase and answers: why a card cannot be played or set


def test_a_card_not_in_hand_and_a_concentration_not_controlled_are_refused_with_their_reason() -> None:
    """001 p.11 "Once per turn - Set 1 card from your hand face-down": a card must be in your hand to be played or
    set; a concentration you do not control gives no light."""
    s = position({"hand": ["jab"], "concentrations": ["spark"]}, {})
    assert refusal(s, "play c9999 target=p2") == "c9999 is not in your hand"
    assert refusal(s, "set c9999") == "c9999 is not in your hand"
    assert refusal(s, "light c9999") == NOT_LEGAL


def test_a_second_set_in_a_turn_is_refused_and_a_first_one_with_a_target_is_not_legal() -> None:
    """001 p.11 "Once per turn - Set 1 card from your hand face-down" and 002 "Once per turn - Set 1 card from your
    hand": a set with a target is no set at all; after a set, a second one is refused for that reason."""
    s = position({"hand": ["jab", "jab"]}, {})
    jab = handle(s, 0, "jab")
    assert refusal(s, f"set {jab} target=p2") == NOT_LEGAL
    s = run(s, f"set {jab}")
    assert refusal(s, f"set {handle(s, 0, 'jab')}") == "you already set a concentration this turn"
    assert refusal(s, "light c9999") == NOT_LEGAL


def test_not_enough_light_counts_the_curse_two_cost() -> None:
    """002 "To play a card, you must have enough in your light pool to pay its cost" and Curse's level II
    ("Runespells you play cost 1 more light"), active with 4 Curse (001 p.12 "Level II is active while you are ailed
    with 4 or more instances"): Eva's one ready concentration makes 1 light, and Spark costs her 2."""
    s = position({"hand": ["spark"], "concentrations": ["spark"], "ailments": [{"type": "curse", "count": 4}]}, {})
    assert refusal(s, f"play {handle(s, 0, 'spark')} target=p2") == "not enough light"


def test_a_card_with_no_exposed_concentration_has_no_place() -> None:
    """001 p.7 "All cards you play except boons must be played on a exposed concentration you control": Jab costs 0,
    but Eva's only concentration is covered by her Firecracker (and an attack runespell cannot go on a utility
    slot): no place to play it, in her Play Phase."""
    s = position({"hand": ["jab"], "field": ["firecracker"]}, {})
    assert refusal(s, f"play {handle(s, 0, 'jab')} target=p2") == "no place to play it"


def test_an_answer_needs_a_shout_card_and_valid_targets() -> None:
    """001 p.15 "You may answer (respond to) your answerable action by playing a card from your hand that has the
    Shout keyword": Romin (1 light, from his one concentration) may answer Eva's Spark with Guard (Shout, cost 1),
    not with Jab; and Guard, which targets nothing, is refused with a target."""
    s = position(
        {"hand": ["spark"], "concentrations": ["spark"]}, {"hand": ["jab", "guard"], "concentrations": ["spark"]}
    )
    s = run(s, f"play {handle(s, 0, 'spark')} target=p2")
    assert awaiting(s) == ("answer", 1)
    assert refusal(s, f"play {handle(s, 1, 'jab')} target=p1") == "only a Shout card can answer"
    assert refusal(s, f"play {handle(s, 1, 'guard')} target=p1") == "its targets, choices or costs are not valid"


# --- Use


def test_a_trinkets_use_damage_is_not_an_attack_runespells() -> None:
    """Relentless ("When damage from an attack runespell you control hits: each enemy Runeslinger sears 1") and War
    Gauntlet ("Use: deal 3 damage to target enemy Runeslinger"), played last turn: the Gauntlet's damage is a
    trinket's, not an attack runespell's, so Romin's Use hits Eva for 3 and she sears nothing."""
    s = position(
        {**ROMIN, "equips": ["relentless", "overflow"], "field": [{"card": "war-gauntlet", "played_turn": 1}]}, {**EVA}
    )
    me, them = seat(s, 0), seat(s, 1)
    s = answered(run(s, f"use {handle(s, 0, 'war-gauntlet', 'field')} target=p2"))
    assert awaiting(s) == ("play", 0)
    assert seat(s, 1) == {**them, "health": them["health"] - 3}
    assert seat(s, 0) == me
