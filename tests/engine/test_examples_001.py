"""Worked examples of rulebook 001 (The Awakening) and 002 (starter rules), as scenario tests."""

from __future__ import annotations

import pytest

from gameplay.runeslingers.engine import IllegalActionError, apply, scenario
from gameplay.runeslingers.engine.core import block_value, exposed_ailments, max_health
from tests.engine.helpers import EVA, ROMIN, conc, decision, decline_all, handle, ids, legal_texts, position, run


def test_health_loss_past_zero_resets_then_continues() -> None:
    """001 p.16 "health loss cannot be prevented by a Runeslinger reaching 0 health" and 001 p.16 "Health loss
    inherently pierces": Eva at 5 of 20 health loses 10 health: she loses a power, resets to 20, then loses the
    remaining 5, ending at 15."""
    s = scenario(
        {
            "turn": 3,
            "active": "p2",
            "phase": "play",
            "players": [
                {
                    **EVA,
                    "deck": ["spark"] * 10,
                    "health": 5,
                    "ailments": [
                        {"type": "burn", "count": 2},
                        {"type": "curse", "count": 4},
                        {"type": "weaken", "count": 4},
                    ],
                },
                {**ROMIN, "deck": ["spark"] * 10, "hand": ["doom"], "concentrations": ["spark"] * 4},
            ],
        }
    )
    s = run(s, f"play {handle(s, 1, 'doom')} target=p1", "pass")
    assert (s.players[0].power, s.players[0].health) == (4, 15)


def test_glossary_one_health_loses_two() -> None:
    """001 p.20 "If you have 1 health and you lose 2 health": at 1 health (maximum 20) losing 2 health costs a
    power and leaves 19 health (Soul Tax: 2 health for the one ailment type on the target)."""
    s = scenario(
        {
            "turn": 3,
            "active": "p2",
            "phase": "play",
            "players": [
                {**EVA, "deck": ["spark"] * 10, "health": 1, "ailments": [{"type": "curse", "count": 1}]},
                {**ROMIN, "deck": ["spark"] * 10, "hand": ["soul-tax"], "concentrations": ["spark"] * 2},
            ],
        }
    )
    s = run(s, f"play {handle(s, 1, 'soul-tax')} target=p1", "pass")
    assert (s.players[0].power, s.players[0].health) == (4, 19)


def test_pain_cannot_exceed_health() -> None:
    """Pain (a keyword of 000; 001 is silent): you cannot pay health you do not have, under The Awakening too
    (docs/rules.md; the Classic rule is cited in test_classic_rules.py)."""
    s = scenario(
        {
            "turn": 3,
            "active": "p1",
            "phase": "play",
            "players": [
                {**ROMIN, "deck": ["spark"] * 10, "health": 1, "hand": ["reckless-swing"], "concentrations": ["spark"]},
                {**EVA, "deck": ["spark"] * 10},
            ],
        }
    )
    with pytest.raises(IllegalActionError):
        apply(s, f"play {handle(s, 0, 'reckless-swing')} target=p2")


def test_health_loss_pierces_002() -> None:
    """002 "If your Runeslinger has 4 health, and would lose 6 health": it loses a power, resets, then loses the
    remaining 2 (18 health) and gains a determination. Soul Tax: 2 health per unique ailment type (3 types = 6)."""
    s = scenario(
        {
            "turn": 3,
            "active": "p2",
            "phase": "play",
            "players": [
                {
                    **EVA,
                    "deck": ["spark"] * 10,
                    "health": 4,
                    "ailments": [
                        {"type": "curse", "count": 1},
                        {"type": "fragment", "count": 1},
                        {"type": "insanity", "count": 1},
                    ],
                },
                {**ROMIN, "deck": ["spark"] * 10, "hand": ["soul-tax"], "concentrations": ["spark"] * 2},
            ],
        }
    )
    s = run(s, f"play {handle(s, 1, 'soul-tax')} target=p1", "pass")
    assert (s.players[0].power, s.players[0].health, s.players[0].det) == (4, 18, 1)


def test_seventeen_ailments_cost_two_power() -> None:
    """002 "If you have 17 exposed ailments, you would remove 16" and 001 p.4 "you must remove any of those 8
    exposed ailments at a time and lose a power": with 17 exposed ailments you remove 16, lose 2 power and keep
    1; which 8 go each time is your choice (001 p.11 "The exposed ailments you remove is your choice"). With 002
    "If you have 8 exposed ailments on your Runeslinger, remove any 8 of them and lose a power"."""
    s = scenario(
        {
            "turn": 3,
            "active": "p2",
            "phase": "discard",
            "players": [
                {
                    **EVA,
                    "deck": ["spark"] * 10,
                    "ailments": [{"type": "curse", "count": 9}, {"type": "fragment", "count": 8}],
                },
                {**ROMIN, "deck": ["spark"] * 10},
            ],
        }
    )
    assert decision(s).kind == "remove" and decision(s).player == 0
    assert "remove " + " ".join(["ailment=fragment"] * 8) in legal_texts(s, 0)
    s = run(s, "remove " + " ".join(["ailment=curse"] * 5 + ["ailment=fragment"] * 3))
    assert s.players[0].power == 4 and decision(s).kind == "remove"  # 4 curse and 5 fragment left
    s = run(s, "remove " + " ".join(["ailment=curse"] * 4 + ["ailment=fragment"] * 4))
    assert decision(s).kind == "draw"
    assert (s.players[0].power, exposed_ailments(s, 0)) == (3, 1)


def test_concealed_ailments_do_not_count_in_the_ailment_phase() -> None:
    """001 p.11 "If you have 10 ailments and 2 of them are concealed by a boon" and 001 p.4 "Ailments under a boon
    are not exposed ailments": remove the 8 exposed ones and lose a power; the concealed 2 stay."""
    s = scenario(
        {
            "turn": 3,
            "active": "p2",
            "phase": "discard",
            "players": [
                {
                    **EVA,
                    "deck": ["spark"] * 10,
                    "ailments": [{"type": "curse", "count": 8}, {"type": "burn", "count": 2, "boon": "binding"}],
                },
                {**ROMIN, "deck": ["spark"] * 10},
            ],
        }
    )
    assert s.players[0].power == 4
    assert exposed_ailments(s, 0) == 0
    assert s.players[0].ail[1][:2] == [0, 2]


def test_power_lost_gives_determination() -> None:
    """001 p.4 "If you are at 1 power, you will have lost 4 power and have gained 4 determinations"."""
    s = scenario(
        {
            "turn": 3,
            "active": "p2",
            "phase": "play",
            "players": [
                {**EVA, "deck": ["spark"] * 10, "power": 2, "health": 5},
                {**ROMIN, "deck": ["spark"] * 10, "hand": ["crushing-blow"], "concentrations": ["spark"] * 4},
            ],
        }
    )
    s = decline_all(run(s, f"play {handle(s, 1, 'crushing-blow')} target=p1"))
    assert (s.players[0].power, s.players[0].det) == (1, 4)


def test_emily_uses_two_concentrations_for_plutonic_spike() -> None:
    """001 p.10 "Emily has Plutonic Spike (below, right) in her hand": Emily uses her 2 ready exposed
    concentrations (+2 light) and plays Plutonic Spike onto an exposed concentration, spending the 2 light."""
    s = position({**ROMIN, "hand": ["plutonic-spike"], "concentrations": ["jab", "jab"]}, {**EVA})
    c1, c2 = conc(s, 0, 0), conc(s, 0, 1)
    s = run(s, f"light {c1}", f"light {c2}")
    assert s.players[0].light == 2
    s = run(s, f"play {handle(s, 0, 'plutonic-spike')} on={c1} target=p2")
    assert s.players[0].light == 0
    assert s.players[0].concs[0][2] >= 0  # the spike conceals the concentration it was played on
    s = decline_all(s)
    assert s.players[1].health == 20 - 7  # 6 damage, +1 from Iron Focus


def test_emily_plays_channel_on_the_concentration_she_used() -> None:
    """002 "Emily has Channel in her hand and wants to play it" and 002 "Next, she plays Channel onto her exposed
    concentration": Emily uses her ready exposed concentration (+1 light) and plays Channel onto it, using the
    light to pay its cost."""
    s = position({**ROMIN, "hand": ["channel"], "concentrations": ["jab"]}, {**EVA})
    c = conc(s, 0)
    s = run(s, f"light {c}", f"play {handle(s, 0, 'channel')} on={c} target=p2")
    assert s.players[0].concs[0][1:] == [1, int(handle(s, 0, "channel", "field")[1:])]
    s = decline_all(s)
    assert s.players[0].light == 1  # Channel: gain 1 light
    assert s.players[1].health == 18


def test_cannot_play_without_enough_light() -> None:
    """002 "To play a card, you must have enough in your light pool to pay its cost"."""
    s = position({**ROMIN, "hand": ["plutonic-spike"], "concentrations": ["jab"]}, {**EVA})
    with pytest.raises(IllegalActionError, match="not enough light"):
        apply(s, f"play {handle(s, 0, 'plutonic-spike')} target=p2")


def test_divine_barrier_gives_block_while_concealing() -> None:
    """001 p.13 "the boon Divine Barrier is concealing your 5 burn ailments granting you +2 block"."""
    s = position({"ailments": [{"type": "burn", "count": 5, "boon": "divine-barrier"}]}, {})
    assert block_value(s, 0) == 6
    assert exposed_ailments(s, 0) == 0


def test_divine_barrier_on_an_enemy_costs_them_nine_health() -> None:
    """001 p.13 "that opponent would lose 9 health" and 002 "that opponent would lose 9 health, since you own
    Divine Barrier": Divine Barrier played on an opponent's ailment and destroyed under their control makes that
    opponent lose 9 health. The barrier goes to its owner's discard pile (001 p.7 "All cards that discarded from
    anywhere are placed into their owner's discard pile"); 001 p.14 "Because boons are defense cards, they can
    be targeted and destroyed by damage" and 002 "Because boons are defense cards, they can be targeted"."""
    s = position(
        {"hand": ["divine-barrier", "fireball"], "concentrations": ["spark"] * 5},
        {"ailments": [{"type": "burn", "count": 1}]},
    )
    s = run(s, f"play {handle(s, 0, 'divine-barrier')} on=p2:burn")
    barrier = handle(s, 1, "divine-barrier", "field")
    assert s.players[1].field and block_value(s, 1) == 6
    s = decline_all(run(s, f"play {handle(s, 0, 'fireball')} target={barrier}"))
    assert s.players[1].health == 11
    assert ids(s, s.players[0].discard).count("divine-barrier") == 1  # back to its owner's pile


def test_own_divine_barrier_destroyed_costs_nothing() -> None:
    """001 p.14 "if that controller does not own that boon": the 9 health is lost only if the controller does not
    own it; and 001 p.13 "When a boon you control is destroyed, the ailments under it become": the Burn under it
    is active again. Also 002 "When a boon you control is destroyed, the ailments under it become active"."""
    s = position(
        {"ailments": [{"type": "burn", "count": 1, "boon": "divine-barrier"}]},
        {"hand": ["fireball"], "concentrations": ["spark"] * 3},
    )
    s.active = 1
    s = run(s, f"play {handle(s, 1, 'fireball')} target={handle(s, 0, 'divine-barrier', 'field')}")
    s = decline_all(s)
    assert s.players[0].health == 20
    assert exposed_ailments(s, 0) == 1  # the burn under it is active again


def test_new_burn_goes_beside_a_boon_not_under_it() -> None:
    """002 "you do not increase the burn ailments under Divine Barrier to 6" and 001 p.13 "Ailments cannot be
    applied under a boon": with 5 Burn under Divine Barrier, a new Burn goes on an available area; the concealed
    Burn stays 5."""
    s = position(
        {
            "hand": ["brand"],
            "concentrations": ["spark"],
            "ailments": [{"type": "burn", "count": 5, "boon": "divine-barrier"}],
        },
        {},
    )
    s = decline_all(run(s, f"play {handle(s, 0, 'brand')} target=p1"))
    areas = [a for a in s.players[0].ail if a[0] == 0]
    assert sorted(a[1] for a in areas) == [2, 5]
    assert s.players[0].health == 20 - 4  # Burn I twice: lose 2 health each


def test_glancing_arrow_hit_applies_two_weaken() -> None:
    """001 p.12 "When Glancing Arrow hits a Runeslinger, the hit applies 2 weaken ailments". A hit (002 "When an
    effect deals at least 1 point of damage to a Runeslinger, that is considered a hit")."""
    s = position({**ROMIN, "hand": ["glancing-arrow"], "concentrations": ["jab"]}, {**EVA})
    s = decline_all(run(s, f"play {handle(s, 0, 'glancing-arrow')} target=p2"))
    assert s.players[1].ail[0][:2] == [3, 2]  # weaken x2
    assert s.players[1].health == 16


def test_blocked_to_zero_no_ailments() -> None:
    """001 p.20 "A hit is achieved when a damage effect deals at least 1 point of damage": an attack blocked to 0
    damage does not hit, so Flaming Fists' Burn is not inflicted (as in 000's Flaming Fists example)."""
    s = position(
        {**ROMIN, "hand": ["flaming-fists"], "concentrations": ["jab"] * 2},
        {**EVA, "hand": ["spark"], "ailments": [{"type": "curse", "count": 1, "boon": "aegis"}]},
    )
    s = run(s, f"play {handle(s, 0, 'flaming-fists')} target=p2", "pass", f"block discard={handle(s, 1, 'spark')}")
    assert s.players[1].health == 20  # 5 + 1 (Iron Focus) = 6 damage, block 4 + 2 (Aegis) = 6
    assert exposed_ailments(s, 1) == 0
    assert len(s.players[0].discard) == 2  # Sear 2 paid as a cost


def test_flaming_fists_under_stone_trap_has_no_effect() -> None:
    """The example of answering, 001 p.15 "You sling the attack runespell Flaming Fists", 001 p.15 "Your opponent
    answers by playing the defense card Stone Trap", 001 p.15 "Stone Trap resolves first (rung 2)", 001 p.15
    "When it comes time for Flaming Fists (rung 1)", 001 p.15 "Since no more answerable actions exist, the
    ladder is complete", with 001 p.16 "This condition triggers the effect after its colon: Place target card",
    and 002's version: 002 "You sling Flaming Fists, targeting the enemy Runeslinger", 002 "your opponent
    targets your Flaming Fists with his Stone Trap", 002 "Since Stone Trap is not a runespell", 002 "This
    completes the ladder and effects on the ladder", 002 "Stone Trap resolves first (rung 2), placing Flaming
    Fists under it". Stone Trap answers Flaming Fists and places it under itself; no new answerable action; when
    rung 1 resolves, Flaming Fists is not in play and has no effect. Also 002 "Flaming Fists under Stone Trap."
    and 002 "First trigger condition - When you play Stone Trap"."""
    s = position(
        {**ROMIN, "hand": ["flaming-fists", "spark"], "concentrations": ["jab"] * 2},
        {**EVA, "hand": ["stone-trap"], "concentrations": ["spark"] * 2},
    )
    s = run(s, f"play {handle(s, 0, 'flaming-fists')} target=p2")
    fists = handle(s, 0, "flaming-fists", "field")
    assert decision(s).kind == "answer" and decision(s).player == 1
    s = run(s, f"play {handle(s, 1, 'stone-trap')} target={fists}")
    assert decision(s).kind == "play"  # Stone Trap is not a runespell: no new answerable action
    assert s.players[1].health == 20 and exposed_ailments(s, 1) == 0
    trap = handle(s, 1, "stone-trap", "field")
    assert s.players[1].field[int(trap[1:])][9] == [int(fists[1:])]


def test_hex_bounced_to_the_top_of_the_deck_000() -> None:
    """001 p.15 "When a player answers, a ladder is created" and 001 p.20 "Cards you have in your hand with the
    Shout keyword can be played as an answer": Jim slings Hex at Emily; Emily answers with Bounce, which
    resolves first and puts Hex on top of Jim's deck, so Hex has no effect (000's ladder example, under The
    Awakening)."""
    s = position(
        {"field": [{"card": "hex", "played_turn": 1}], "deck": ["spark"] * 10},
        {"hand": ["bounce"], "concentrations": ["spark"]},
    )
    hexh = handle(s, 0, "hex", "field")
    s = run(s, f"sling {hexh} target=p2")
    s = run(s, f"play {handle(s, 1, 'bounce')} target={hexh}")
    assert decision(s).player == 0 and decision(s).kind == "answer"  # Bounce is a runespell
    s = run(s, "pass")
    assert exposed_ailments(s, 1) == 0
    assert ids(s, s.players[0].deck[-1:]) == ["hex"]


def test_fireball_blocked_by_four_000() -> None:
    """001 p.14 "If you discard a card to block, 4 block barrier is applied" and 001 p.14 "this triggers the option
    for you to block that game object by discarding a card": Jim slings Fireball at Emily; she does not answer,
    blocks by discarding a card with block 4 and takes 4 of the 8 damage (000's blocking example, under The
    Awakening). Emily blocks on Jim's turn (001 p.14 "You can block even if it's not your turn"; 002 "You can
    block even if it's not your turn")."""
    s = position({"hand": ["fireball"], "concentrations": ["spark"] * 3}, {"hand": ["jab", "jab"]})
    s = run(s, f"play {handle(s, 0, 'fireball')} target=p2", "pass")
    assert decision(s).kind == "block"
    s = run(s, f"block discard={handle(s, 1, 'jab')}")
    assert s.players[1].health == 16
    assert s.players[1].blocked == 1 and len(s.players[1].hand) == 1


def test_only_one_block_per_turn() -> None:
    """001 p.14 "You can only block once per turn" and 002 "You can only block once per turn": the second Spark of
    the turn offers no block (the barrier was used up by the first)."""
    s = position({"hand": ["spark", "spark"], "concentrations": ["spark"] * 2}, {"hand": ["jab", "jab"]})
    s = run(s, f"play {handle(s, 0, 'spark')} target=p2", "pass", f"block discard={handle(s, 1, 'jab')}")
    s = run(s, f"play {handle(s, 0, 'spark')} target=p2", "pass")
    assert decision(s).kind == "play"
    assert s.players[1].health == 16


def test_direct_damage_cannot_be_blocked() -> None:
    """002 "Chaos Fire deals 8 direct damage to any target", 002 "direct damage (Chaos Fire) cannot be blocked",
    002 "You cannot block direct damage or health loss", 001 p.16 "Direct damage cannot be blocked; it is dealt
    directly to its target" and 001 p.20 "Direct Damage: Direct damage cannot be blocked": no block is offered
    and all 8 damage is dealt. And 001 p.16 "The damage modifiers are currently direct and pierce"."""
    s = position({"hand": ["chaos-fire"], "concentrations": ["spark"] * 4}, {"hand": ["jab"]})
    s = run(s, f"play {handle(s, 0, 'chaos-fire')} target=p2", "pass")
    assert decision(s).kind == "play"
    assert s.players[1].health == 12


def test_pierce_carries_over_to_the_reset_health_000() -> None:
    """001 p.16 "If a portion of pierce damage causes the target to lose a power", 001 p.17 "If a portion of this
    damage causes the target to lose a power", 002 "If a portion of this damage causes the target to lose a
    power" and 002 "Damage that pierces is not stopped by its target being destroyed": the enemy has 1 health
    and takes 5 pierce damage: 1 damage, reset, then the remaining 4 (16 of 20)."""
    s = position(
        {**ROMIN, "equips": ["relentless", "overflow"], "hand": ["piercing-kick"], "concentrations": ["jab"] * 2},
        {**EVA, "health": 1},
    )
    s = decline_all(run(s, f"play {handle(s, 0, 'piercing-kick')} target=p2"))
    assert (s.players[1].power, s.players[1].health) == (4, 16)


def test_normal_damage_past_zero_is_prevented() -> None:
    """002 "Any remaining unresolved normal damage is prevented", 001 p.16 "only damage equal to that Runeslinger's
    health is dealt to it" and 001 p.18 "this effect will only deal 5 damage to the target Runeslinger before it
    loses a power": 8 damage at 3 health costs a power and leaves the full 20."""
    s = position({"hand": ["fireball"], "concentrations": ["spark"] * 3}, {"health": 3})
    s = decline_all(run(s, f"play {handle(s, 0, 'fireball')} target=p2"))
    assert (s.players[1].power, s.players[1].health) == (4, 20)


def test_head_crush_weaken_level_two_voids_000() -> None:
    """001 p.13 "You can only have one ailment on you of the same type" and 001 p.13 "each ailment's instance
    effect is triggered in the order it is applied": the target has 3 Weaken; Head Crush's 3 Weaken join the
    same area one at a time, and each new one at level II voids 1 card (000's Head Crush example, under The
    Awakening)."""
    s = position(
        {**ROMIN, "equips": ["relentless", "overflow"], "hand": ["head-crush"], "concentrations": ["jab"] * 3},
        {**EVA, "ailments": [{"type": "weaken", "count": 3}]},
    )
    s = decline_all(run(s, f"play {handle(s, 0, 'head-crush')} target=p2"))
    assert s.players[1].ail[0][:2] == [3, 6]
    assert len(s.players[1].void) == 3


def test_burn_applied_loses_health_and_sears_000() -> None:
    """001 p.13 "you lose 2 health 4 times consecutively" and 001 p.12 "Certain ailments have effects that trigger
    (happen) when each new instance": each new Burn makes Emily lose 2 health and sear 1, one Burn at a time."""
    s = position({"hand": ["brand"], "concentrations": ["spark"]}, {"ailments": [{"type": "curse", "count": 1}]})
    s = decline_all(run(s, f"play {handle(s, 0, 'brand')} target=p2"))
    assert s.players[1].health == 16 and len(s.players[1].discard) == 2


def test_unique_ailments_limited_by_boons() -> None:
    """001 p.18 "Apply 3 unique ailments to target Runeslinger" (example 1): a Runeslinger with boons on two areas
    gets only 2 different ailments, which the controller of the effect chooses; the active player orders them."""
    s = position(
        {**EVA, "hand": ["plague"], "concentrations": ["spark"] * 3},
        {
            "ailments": [
                {"type": "curse", "count": 1, "boon": "aegis"},
                {"type": "fragment", "count": 1, "boon": "sanctuary"},
            ]
        },
    )
    s = run(s, f"play {handle(s, 0, 'plague')} target=p2", "pass")
    assert decision(s).kind == "unique" and decision(s).player == 0
    choices = legal_texts(s, 0)
    assert len(choices) == 15 and all(c.count("ailment=") == 2 for c in choices)
    s = run(s, "choose ailment=burn ailment=weaken", "choose 2")
    assert [a[:2] for a in s.players[1].ail if a[2] < 0] == [[3, 1], [0, 1]]  # weaken, then burn
    assert s.players[1].health == 18


def test_fate_bullet_with_no_effect_example_2() -> None:
    """001 p.18 "Sam controls 3 boons on his field" and 001 p.18 "In this case, Sam chooses the first bullet
    effect" (example 2), with 001 p.17 "Target enemy Runeslinger chooses one of this card's bullet": Sam picks
    Supernova's Burn bullet; you target him but no Burn is applied. As 001 p.18 "effects may only do as much as
    is possible" and 002 "Target enemy Runeslinger chooses one of this card's bullet"."""
    s = position(
        {"hand": ["supernova"], "concentrations": ["spark"] * 3},
        {
            "hand": ["jab"] * 3,
            "ailments": [
                {"type": "curse", "count": 1, "boon": "aegis"},
                {"type": "fragment", "count": 1, "boon": "sanctuary"},
                {"type": "insanity", "count": 1, "boon": "mending-light"},
                {"type": "curse", "count": 3},
            ],
        },
    )
    s = run(s, f"play {handle(s, 0, 'supernova')} target=- target=-")
    assert decision(s).kind == "fate" and decision(s).player == 1
    assert legal_texts(s, 1) == ["choose 1", "choose 2"]
    s = run(s, "choose 1")
    assert decision(s).kind == "targets" and decision(s).player == 0  # targets after the bullet (001 p.10)
    assert legal_texts(s, 0) == ["choose target=p2", "choose target=p1"]
    s = decline_all(run(s, "choose target=p2"))
    assert exposed_ailments(s, 1) == 3 and len(s.players[1].hand) == 3 and s.players[1].health == 20


def test_fate_discard_three_with_one_card_example_3() -> None:
    """001 p.18 "Sam has 1 card in his hand and you sling (play) Supernova" and 001 p.18 "Sam chooses the second
    bullet effect" (example 3): he discards only the one card he has. As 001 p.18 "effects may only do as much
    as is possible"."""
    s = position({"hand": ["supernova"], "concentrations": ["spark"] * 3}, {"hand": ["jab"]})
    s = run(s, f"play {handle(s, 0, 'supernova')} target=- target=-", "choose 2", "choose target=p2")
    s = decline_all(s)
    assert s.players[1].hand == [] and ids(s, s.players[1].discard) == ["jab"]


def test_overdraw_is_discarded() -> None:
    """002 "If you have 8 cards in hand and would draw a 9th card", 001 p.8 "if your hand is full (at its maximum)
    and you would draw an additional card" and 001 p.11 "if you would draw a card that exceeds your maximum hand
    size": the card drawn over 8 is discarded instead."""
    s = scenario(
        {
            "turn": 3,
            "active": "p2",
            "phase": "discard",
            "players": [{**EVA, "deck": ["spark"] * 10, "hand": ["jab"] * 8}, {**ROMIN, "deck": ["spark"] * 10}],
        }
    )
    assert decision(s).kind == "draw" and decision(s).player == 0
    assert len(s.players[0].hand) == 8 and ids(s, s.players[0].discard) == ["spark", "spark"]


def test_first_player_draws_one_on_turn_one() -> None:
    """001 p.8 "Only on the first turn of the encounter, the player who goes first draws 1", 002 "Only on the first
    turn of the encounter, the player who goes first draws one card", 001 p.8 "Each player draws 5 cards from
    their shuffled face-down decks" and 001 p.9 "each player controls 1 concentration and has 4 cards": after
    setup each player holds 4 cards and 1 concentration; the first player draws 1, the second 2. And 002 "To
    start, draw five cards from the top of your deck"."""
    from gameplay.runeslingers.engine import new_game

    s = new_game({"players": [{"starter": "eva-starter"}, {"starter": "romin-starter"}], "first": "p1"}, 7)
    assert decision(s).kind == "setup"
    s = run(s, f"set c{s.players[0].hand[0]}", f"set c{s.players[1].hand[0]}")
    assert decision(s).kind == "draw"
    assert (len(s.players[0].hand), len(s.players[1].hand)) == (5, 4)
    s = run(s, "continue", "end")
    assert decision(s).kind == "draw" and len(s.players[1].hand) == 6


def test_pass_draws_a_third_card_or_returns_a_concentration() -> None:
    """001 p.11 "You may now pass; if you do, skip your Play Phase" and 002 "You may now pass; if you do, skip your
    Play Phase": after drawing 2 you may pass: skip the Play Phase and draw a 3rd card or return an exposed
    concentration you control to your hand."""
    s = scenario(
        {
            "turn": 3,
            "active": "p2",
            "phase": "discard",
            "players": [{**EVA, "deck": ["spark"] * 10, "concentrations": ["jab"]}, {**ROMIN, "deck": ["spark"] * 10}],
        }
    )
    assert "pass draw" in legal_texts(s, 0)
    s2 = run(s, "pass draw")
    assert len(s2.players[0].hand) == 3 and s2.active == 1
    s3 = run(s, f"pass return={conc(s, 0)}")
    assert len(s3.players[0].hand) == 3 and s3.players[0].concs == []


def test_empty_deck_costs_a_power_and_reshuffles() -> None:
    """001 p.4 "When your deck is empty (has 0 cards in it), pause all actions", 001 p.3 "Your deck is bottomless",
    002 "When your deck has no cards in it, pause all actions and lose a power" and 002 "Next, shuffle your
    discard pile and place it face-down": when you would draw from an empty deck, lose a power, shuffle your
    discard pile in as your new deck, and go on drawing."""
    s = scenario(
        {
            "turn": 3,
            "active": "p2",
            "phase": "discard",
            "players": [{**EVA, "deck": ["jab"], "discard": ["spark"] * 4}, {**ROMIN, "deck": ["spark"] * 10}],
        }
    )
    assert s.players[0].power == 4 and len(s.players[0].hand) == 2 and len(s.players[0].deck) == 3


def test_no_cards_in_deck_and_discard_loses() -> None:
    """001 p.4 "If you have no cards in both your discard pile and your deck" and 002 "If you have no cards in both
    your discard pile and your deck, you lose the encounter"."""
    s = scenario(
        {
            "turn": 3,
            "active": "p2",
            "phase": "discard",
            "players": [{**EVA, "deck": ["jab"]}, {**ROMIN, "deck": ["spark"] * 10}],
        }
    )
    assert s.winner == 1


def test_debilitate_twenty_loses() -> None:
    """001 p.4 "If your maximum total health is 0 due to effects": maximum health 0 (20 Debilitate) loses the
    encounter."""
    s = position({}, {"ailments": [{"type": "debilitate", "count": 19}], "health": 1})
    assert max_health(s, 1) == 1
    s = position({}, {"ailments": [{"type": "debilitate", "count": 20}]})
    assert s.winner == 0


def test_set_one_concentration_per_turn() -> None:
    """001 p.11 "Once per turn - Set 1 card from your hand face-down" and 002 "Once per turn - Set 1 card from your
    hand"."""
    s = position({"hand": ["jab", "jab"]}, {})
    s = run(s, f"set {handle(s, 0, 'jab')}")
    assert not any(t.startswith("set") for t in legal_texts(s, 0))
    with pytest.raises(IllegalActionError, match="already set"):
        apply(s, f"set {handle(s, 0, 'jab')}")


def test_one_copy_of_a_trinket() -> None:
    """001 p.6 "You can only control 1 copy of the same Trinket" and 002 "You can only ever control 1 copy of the
    same Trinket"."""
    s = position(
        {"hand": ["firecracker"], "concentrations": ["spark"] * 2, "field": [{"card": "firecracker", "on": "utility"}]},
        {},
    )
    assert not any(t.startswith("play") for t in legal_texts(s, 0))


def test_use_not_on_the_turn_played_unless_quick() -> None:
    """001 p.17 "You cannot use a card on the turn it is played", 001 p.17 "This card can be used (turned
    horizontal) on the turn it is played" (Quick) and 002 "You cannot use a card on the turn it is played"."""
    s = position({**ROMIN, "hand": ["hunters-bow", "war-gauntlet"], "concentrations": ["jab"] * 4}, {**EVA})
    s = run(s, f"play {handle(s, 0, 'hunters-bow')}", f"play {handle(s, 0, 'war-gauntlet')}")
    uses = [t for t in legal_texts(s, 0) if t.startswith("use")]
    assert uses == [f"use {handle(s, 0, 'war-gauntlet', 'field')} target=p2"]


def test_ail_cost_cannot_be_paid_when_you_cannot_be_ailed() -> None:
    """001 p.17 "You must apply this many ailments (X) of the same ailment type": you cannot play an Ail card when
    you cannot be ailed."""
    full = [{"type": t, "count": 1, "boon": "aegis"} for t in ("burn", "curse", "fragment", "weaken")]
    s = position({"hand": ["force-wall"], "concentrations": ["spark"], "ailments": full}, {})
    assert not any(t.startswith("play") for t in legal_texts(s, 0))


def test_boon_on_a_boon_destroys_it_and_keeps_ailments_concealed() -> None:
    """001 p.14 "When a new boon is played on an existing boon, the existing boon is destroyed", 001 p.14 "When a
    boon is replaced by a new boon, the concealed ailments are never exposed" and 002 "When a new boon is played
    on an existing boon, the existing boon is destroyed and placed into its owner's discard pile". A boon on a
    boon: 001 p.14 "You can play a boon on either an ailment or existing boon on any player's field"."""
    s = position(
        {
            "hand": ["aegis"],
            "concentrations": ["spark"] * 3,
            "ailments": [{"type": "burn", "count": 3, "boon": "sanctuary"}],
        },
        {},
    )
    s = run(s, f"play {handle(s, 0, 'aegis')} on={handle(s, 0, 'sanctuary', 'field')}")
    assert ids(s, s.players[0].discard) == ["sanctuary"]
    assert exposed_ailments(s, 0) == 0 and s.players[0].health == 20


def test_answer_requires_shout() -> None:
    """001 p.15 "You may answer (respond to) your answerable action by playing a card from your hand that has the
    Shout keyword" and 002 "by playing a card from your hand that has the shout keyword": only a card with Shout
    can answer an answerable action. The play is answerable (001 p.15 "An answerable action is created for you
    when the opponent to your left plays a card"; 001 p.20 "When an enemy plays a card an answerable action is
    created for you")."""
    s = position(
        {"hand": ["spark"], "concentrations": ["spark"]}, {"hand": ["jab", "guard"], "concentrations": ["spark"]}
    )
    s = run(s, f"play {handle(s, 0, 'spark')} target=p2")
    assert legal_texts(s, 1) == ["pass", f"play {handle(s, 1, 'guard')}"]
    with pytest.raises(IllegalActionError, match="Shout"):
        apply(s, f"play {handle(s, 1, 'jab')} target=p1")


def test_defense_card_destroyed_by_damage_in_one_turn() -> None:
    """002 "When a defense card takes damage equal to or greater than its defense value in a single turn" and 001
    p.6 "When a defense card is dealt damage (Ex. by a spirit runespell": a defense card dealt damage >= its
    defense in a single turn is destroyed. And 001 p.6 "Defense cards can be targeted and destroyed by damage"."""
    s = position(
        {"hand": ["spark"], "concentrations": ["spark"]}, {"field": [{"card": "tower-shield", "on": "utility"}]}
    )
    s = decline_all(run(s, f"play {handle(s, 0, 'spark')} target={handle(s, 1, 'tower-shield', 'field')}"))
    assert s.players[1].field  # 4 damage < 5 defense
    s = scenario(
        {
            "turn": 3,
            "active": "p1",
            "phase": "play",
            "players": [
                {**EVA, "deck": ["spark"] * 10, "hand": ["fireball"], "concentrations": ["spark"] * 3},
                {**ROMIN, "deck": ["spark"] * 10, "field": [{"card": "tower-shield", "on": "utility"}]},
            ],
        }
    )
    s = decline_all(run(s, f"play {handle(s, 0, 'fireball')} target={handle(s, 1, 'tower-shield', 'field')}"))
    assert not s.players[1].field and "tower-shield" in ids(s, s.players[1].discard)
