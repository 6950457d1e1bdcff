"""The worked examples of rulebook 000 (Runeslingers Classic), as scenario tests under the Classic
rule set. Jim is p1 (Romin, the active player), Emily is p2 (Eva); neither has abilities unless
the example needs them, so every number is the example's own (maximum health 18, block 4)."""

from __future__ import annotations

from typing import Any

from gameplay.runeslingers.engine import State, apply, from_json, new_game, pending, to_json
from gameplay.runeslingers.engine.core import block_value, exposed_ailments, kind_of
from tests.engine.helpers import classic_position, decision, decline_all, handle, ids, legal_texts, run


def jim_and_emily(jim: dict[str, Any], emily: dict[str, Any]) -> State:
    return classic_position({"runeslinger": "romin", **jim}, {"runeslinger": "eva", **emily})


def test_jim_slings_fireball_and_emily_blocks_4_of_its_8() -> None:
    """000 "Jim slings Fireball and targets Emily's Runeslinger" and 000 "When an enemy-controlled damage source
    will deal damage": Emily does not answer, then blocks by discarding a card and prevents 4 of Fireball's 8.
    The example: 000 "Let's look at an example of blocking below. It's Jim's turn"; Emily's block (000 "This is
    your Block. Block denotes how much damage you prevent") in Jim's Play Phase (000 "During ANY Play Phase, you
    may discard a card to block damage"), by discarding from her hand to her pile (000 "Discard: To place from
    either your hand or the field"); Fireball's is normal damage, which can be blocked (000 "Normal Damage is
    non-direct damage. Above, Fireball deals 8" and 000 "Damage (pg. 19) Damage is dealt to a Runeslinger's
    health")."""
    s = jim_and_emily({"hand": ["fireball"], "concentrations": ["hex"]}, {"hand": ["brand"]})
    s = run(s, f"play {handle(s, 0, 'fireball')} target=p2")
    assert decision(s).kind == "answer"
    s = run(s, "pass")
    assert decision(s).kind == "block" and block_value(s, 1) == 4
    s = run(s, f"block discard={handle(s, 1, 'brand')}")
    assert s.players[1].health == 18 - 4
    assert ids(s, s.players[1].discard) == ["brand"]


def test_hex_answered_by_bounce_is_as_if_hex_was_never_played() -> None:
    """000 "Jim's Hex creates an answerable action for Emily" and 000 "When this ladder is complete, Bounce will
    take effect first": Jim slings Hex at Emily, she answers with Bounce, which puts Hex on top of Jim's deck,
    so Hex has no effect, as if it was never played. The example opens 000 "The ladder tracks the order in which
    effects resolve when there is more than one effect to resolve at a time. Let's look"."""
    s = jim_and_emily(
        {"field": [{"card": "hex", "played_turn": 1}]}, {"hand": ["bounce"], "concentrations": ["fireball"]}
    )
    s = run(s, f"sling {handle(s, 0, 'hex', 'field')} target=p2")
    s = run(s, f"play {handle(s, 1, 'bounce')} target={handle(s, 0, 'hex', 'field')}")
    s = decline_all(s)
    assert exposed_ailments(s, 1) == 0
    assert ids(s, s.players[0].deck[-1:]) == ["hex"]
    assert not s.players[0].field


def test_fireball_answered_loses_dragon_breakers_bonus_then_is_blocked() -> None:
    """000 "Effects that deal damage have that damage calculate twice", 000 "You currently have Dragon Breaker in
    play", 000 "Your opponent then answers your Fireball with a runespell that destroys", 000 "When Fireball's
    damage resolves on its target, the damage dealt is 4" and 000 "Any effects that state deal +2 damage":
    Dragon Breaker makes Fireball's effective damage 10 when slung; the opponent answers by removing Dragon
    Breaker, then blocks 4."""
    s = jim_and_emily(
        {"hand": ["fireball"], "concentrations": ["hex"], "field": ["dragon-breaker"]},
        {"hand": ["bounce", "brand"], "concentrations": ["fireball"]},
    )
    s, events = _apply(s, f"play {handle(s, 0, 'fireball')} target=p2")
    assert [e["amounts"] for e in events if e["e"] == "effective_damage"] == [[10]]
    s = run(s, f"play {handle(s, 1, 'bounce')} target={handle(s, 0, 'dragon-breaker', 'field')}", "pass")
    assert (decision(s).player, decision(s).kind) == (1, "answer")  # 000 "Answering": until both pass
    s = run(s, "pass", f"block discard={handle(s, 1, 'brand')}")
    assert s.players[1].health == 18 - 4


def test_head_crushs_weakens_join_the_existing_weaken_and_void_three() -> None:
    """000 "Our target is currently ailed with three Weaken ailments", 000 "Next, each new Weaken ailment is
    applied to its target in order" and 000 "example of how ailments are can be applied": Head Crush's Weakens
    join the existing Weaken card, and the target voids 3 cards, one at a time, from Weaken's level II."""
    s = jim_and_emily(
        {"hand": ["head-crush"], "concentrations": ["hex"]},
        {"ailments": [{"type": "weaken", "count": 3}]},
    )
    s = decline_all(run(s, f"play {handle(s, 0, 'head-crush')} target=p2"))
    assert [a[:2] for a in s.players[1].ail if a[0] >= 0] == [[3, 6]]  # one Weaken card, 6 instances
    assert len(s.players[1].void) == 3
    assert s.players[1].health == 18 - 5


def test_iron_wall_destroys_fireball_and_its_controller_draws() -> None:
    """000 "Iron Wall destroys either a spirit or attack runespell" and 000 "These effects can destroy their target
    without dealing damage to it": Fireball is destroyed before it resolves and Iron Wall's controller draws a
    card. The two sentences in order: 000 "Effects are always resolved in order from left to right, one sentence
    at a time" (the draw goes to the controller of the runespell just destroyed)."""
    s = jim_and_emily(
        {"hand": ["fireball"], "concentrations": ["hex"]}, {"hand": ["iron-wall"], "concentrations": ["hex"]}
    )
    s = run(s, f"play {handle(s, 0, 'fireball')} target=p2")
    s = decline_all(run(s, f"play {handle(s, 1, 'iron-wall')} target={handle(s, 0, 'fireball', 'field')}"))
    assert s.players[1].health == 18
    assert len(s.players[0].hand) == 1 and "fireball" in ids(s, s.players[0].discard)


def test_tornado_destroys_all_trinkets_on_all_fields() -> None:
    """000 "Tornado either destroys all boons or all trinkets": with the trinkets chosen, every trinket on both
    fields goes, the boon stays. Tornado's Choice: 000 "Choice: You choose one of this card's bullet effects
    when it is played"."""
    s = jim_and_emily(
        {"hand": ["tornado"], "concentrations": ["hex"], "field": ["firecracker"]},
        {"field": ["dragon-breaker"], "ailments": [{"type": "curse", "boon": "divine-barrier"}]},
    )
    s = decline_all(run(s, f"play {handle(s, 0, 'tornado')} choice=2"))
    assert ids(s, list(s.players[0].field)) == ["tornado"]  # slung: discarded at Cleanup
    assert ids(s, list(s.players[1].field)) == ["divine-barrier"]
    assert "firecracker" in ids(s, s.players[0].discard)
    assert ids(s, s.players[1].discard) == ["dragon-breaker"]


def test_divine_barrier_destroyed_merges_the_insanity_without_an_on_ail_effect() -> None:
    """000 "Emily is ailed with one Insanity ailment which is currently concealed", 000 "After Emily played Divine
    Barrier, her opponent applied two more", 000 "Ailments that merge do not count as being applied to you" and
    000 "let's assume Emily's Divine Barrier is destroyed by an effect": when Divine Barrier is destroyed the
    cards merge into one Insanity of 3, with no Insanity I discard."""
    s = jim_and_emily(
        {"hand": ["tornado"], "concentrations": ["hex"]},
        {
            "hand": ["brand", "bounce"],
            "ailments": [{"type": "insanity", "count": 1, "boon": "divine-barrier"}, {"type": "insanity", "count": 2}],
        },
    )
    s = decline_all(run(s, f"play {handle(s, 0, 'tornado')} choice=1"))
    assert [a[:3] for a in s.players[1].ail if a[0] >= 0] == [[4, 3, -1]]
    assert len(s.players[1].hand) == 2
    assert ids(s, s.players[1].discard) == ["divine-barrier"]


def test_divine_barrier_adds_2_block_while_it_conceals() -> None:
    s = jim_and_emily(
        {"hand": ["fireball"], "concentrations": ["hex"]},
        {"hand": ["brand"], "ailments": [{"type": "curse", "boon": "divine-barrier"}]},
    )
    assert block_value(s, 1) == 6
    s = run(s, f"play {handle(s, 0, 'fireball')} target=p2", "pass", f"block discard={handle(s, 1, 'brand')}")
    assert s.players[1].health == 18 - 2


def test_fireball_destroys_firecracker_a_defense_card_of_2() -> None:
    """000 "DEFENSE CARDS have a defense value in their top-right" and 000 "When a defense card is dealt damage
    that is equal to or greater": Firecracker (2 defense) is destroyed by Fireball and discarded to its owner's
    pile."""
    s = jim_and_emily({"hand": ["fireball"], "concentrations": ["hex"]}, {"field": ["firecracker"]})
    cracker = handle(s, 1, "firecracker", "field")
    s = decline_all(run(s, f"play {handle(s, 0, 'fireball')} target={cracker}"))
    assert not s.players[1].field and ids(s, s.players[1].discard) == ["firecracker"]


def test_emily_is_ailed_with_two_burns_one_at_a_time() -> None:
    """000 "Emily is currently ailed with one Curse ailment", 000 "Emily places one Burn ailment card onto an empty
    ailment area" and 000 "Emily now uses a dice to track": each Burn's on-ail effect makes her lose two health
    and sear one. The example: 000 "Let's look at an example of applying ailments. Jim slings Brand"."""
    s = jim_and_emily(
        {"hand": ["brand"], "concentrations": ["hex"]},
        {"ailments": [{"type": "curse"}], "deck": ["fireball"] * 5},
    )
    s = decline_all(run(s, f"play {handle(s, 0, 'brand')} target=p2"))
    assert s.players[1].health == 18 - 4 and len(s.players[1].deck) == 3
    assert [a[:2] for a in s.players[1].ail if a[0] >= 0] == [[1, 1], [0, 2]]


def test_one_health_losing_two_loses_a_power_and_ends_at_17() -> None:
    """000 "If you have 1 health and you lose 2 health, you lose one power, and set your new health total to 17"
    (one Burn from Burning Ember's Activate)."""
    s = jim_and_emily({"field": [{"card": "burning-ember", "played_turn": 1}]}, {"health": 1})
    s = decline_all(run(s, f"activate {handle(s, 0, 'burning-ember', 'field')} target=p2"))
    assert (s.players[1].power, s.players[1].health, s.players[1].det) == (4, 17, 1)


def test_pierce_carries_over_the_reset() -> None:
    """000 "Pierce Damage is dealt in its entirety to its target" and 000 "If only a portion of this damage downs a
    Runeslinger": the target with 1 health takes 1, resets, then takes the rest (Romin's Fury deals 6 pierce: 1,
    then 5 of 18)."""
    s = jim_and_emily({"equips": ["Iron Focus", "Fury"], "power": 3}, {"health": 1})
    s = decline_all(run(s, "activate romin-fury target=p2"))
    assert (s.players[1].power, s.players[1].health) == (4, 13)


def test_direct_damage_cannot_be_blocked() -> None:
    """000 "Below, Dominate deals 10 direct damage to its target" and 000 "Direct Damage (pg. 19): Direct damage
    cannot be blocked": no block is offered and all 10 damage is dealt."""
    s = jim_and_emily({"hand": ["dominate"], "concentrations": ["hex"]}, {"hand": ["brand"]})
    s = run(s, f"play {handle(s, 0, 'dominate')} target=p2", "pass")
    assert pending(s) is not None and decision(s).kind == "play"
    assert s.players[1].health == 18 - 10


def test_the_first_turn_tutorial() -> None:
    """The first-turn tutorial: 000 "Let's assume you are the active player", 000 "In your Draw Phase, you draw one
    card from the top of your deck instead of two", 000 "You are now in your Play Phase. You currently control
    one set concentration", 000 "You set Meteor face-down on an empty concentration area", 000 "Now that you
    have set your concentration for the turn", 000 "Since you do not have any more empty concentrations" and 000
    "Your opponent now begins their turn in their Cleanse Phase": the first player has six cards after drawing
    one, sets Meteor as a second concentration, plays Lava Stream charged and Burning Ember, and can neither
    sling Lava Stream nor activate Burning Ember; the opponent then starts their turn. The Play Phase's actions
    in the order the player likes: 000 "You may do any of the following any number of times in any order, if
    able"."""
    deck = ["meteor", "lava-stream", "burning-ember", "fireball", "hex", "brand"] * 5
    players = [{"runeslinger": "eva", "deck": deck}, {"runeslinger": "romin", "deck": deck}]
    s = new_game({"rules": "classic", "players": players, "first": "p1"}, 3)
    s = run(s, f"set c{s.players[0].hand[0]}", f"set c{s.players[1].hand[0]}")
    s = run(s, "continue") if decision(s).kind == "draw" else s
    assert len(s.players[0].hand) == 6 and len(s.players[0].concs) == 1
    s = _give(s, ["meteor", "lava-stream", "burning-ember"])
    s = run(s, f"set {handle(s, 0, 'meteor')}")
    s = run(s, f"play {handle(s, 0, 'lava-stream')}")
    lava = handle(s, 0, "lava-stream", "field")
    s = run(s, f"charge {lava}", f"play {handle(s, 0, 'burning-ember')}")
    ember = handle(s, 0, "burning-ember", "field")
    texts = legal_texts(s, 0)
    assert not [t for t in texts if t.startswith((f"sling {lava}", f"activate {ember}", "play"))]
    s = decline_all(run(s, "end"))
    assert s.active == 1 and len(s.players[1].deck) == 30 - 6 - 2 - 1  # Burning Ember seared 1


def _give(s: State, cards: list[str]) -> State:
    """Swap the named cards into p1's hand from their deck (the tutorial's hand)."""
    pl = s.players[0]
    for card in cards:
        if card in ids(s, pl.hand):
            continue
        h = next(h for h in pl.deck if kind_of(s, h).card.id == card)
        out = next(x for x in pl.hand if kind_of(s, x).card.id not in cards)
        pl.deck[pl.deck.index(h)], pl.hand[pl.hand.index(out)] = out, h
    return from_json(to_json(s))  # a fresh state: nothing cached from before the swap


def _apply(s: State, text: str) -> tuple[State, list[dict[str, Any]]]:
    return apply(s, text)
