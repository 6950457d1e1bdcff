"""Rules of Runeslingers Classic (rulebook 000) that no other scenario asserted, each played under the
Classic rule set with its citation (docs/rules-coverage.md lists them all). Jim is p1 (Romin, the
active player) and Emily p2 (Eva), with no abilities unless a test gives some: maximum health 18,
block 4. Each scenario checks the whole outcome (tests/engine/outcome.py)."""

from __future__ import annotations

from typing import Any

from gameplay.runeslingers.cards.catalog import load_catalog
from gameplay.runeslingers.engine import State, core, new_game, result, scenario, view
from tests.engine.helpers import classic_position, conc, decline_all, handle, ids, legal_texts, run
from tests.engine.outcome import answered, awaiting, seat

DECK = ["fireball", "meteor", "hex", "bounce", "brand"] * 6


def jim_and_emily(jim: dict[str, Any], emily: dict[str, Any], **extra: Any) -> State:
    return classic_position({"runeslinger": "romin", **jim}, {"runeslinger": "eva", **emily}, **extra)


def emilys_turn_begins(emily: dict[str, Any], jim: dict[str, Any] | None = None) -> State:
    """Jim's turn has just ended: Emily's turn runs from its beginning to its first decision."""
    players = [
        {"runeslinger": "romin", "deck": ["fireball"] * 10, **(jim or {})},
        {"runeslinger": "eva", "deck": ["fireball"] * 10, **emily},
    ]
    return scenario({"rules": "classic", "turn": 3, "active": "p1", "phase": "discard", "players": players})


# --- winning and losing ------------------------------------------------------------------------------


def test_power_starts_at_five_and_the_encounter_is_lost_at_zero() -> None:
    """000 "reduce the enemy Runeslinger's power from five to zero, before the same is done to you", 000 "This is
    your Power Bar. Use a dice to track your power, beginning at 5", 000 "players each take separate turns playing
    cards and using effects to reduce the enemy Runeslinger's power" and 000 "When your power reaches 0, you lose
    the encounter": a Classic game starts at 5 power; Emily at 1 power and 8 health takes Fireball and Jim wins."""
    s = new_game({"rules": "classic", "players": [{"runeslinger": "eva", "deck": DECK}] * 2, "first": "p1"}, 3)
    assert [(p.power, p.health, p.det) for p in s.players] == [(5, 18, 0), (5, 18, 0)]
    s = jim_and_emily({"hand": ["fireball"], "concentrations": ["hex"]}, {"power": 1, "health": 8})
    s = decline_all(run(s, f"play {handle(s, 0, 'fireball')} target=p2"))
    assert s.players[1].power == 0 and result(s) == {"winner": "p1", "draw": False} and awaiting(s) is None


def test_damage_to_zero_health_costs_a_power_and_resets_the_health() -> None:
    """000 "This is your Health. When your health is reduced to zero, you lose a power and reset your health", 000
    "When a Runeslinger's health is reduced to 0, its health resets to its current maximum", 000 "Health (pg. 4):
    Health represents how much damage you" and 000
    "DETERMINATIONS are used to pay for your activate ability": Fireball's 8 at 8 health: a power lost, a
    determination gained, health back to 18."""
    s = jim_and_emily({"hand": ["fireball"], "concentrations": ["hex"]}, {"health": 8})
    emily = seat(s, 1)
    s = decline_all(run(s, f"play {handle(s, 0, 'fireball')} target=p2"))
    assert seat(s, 1) == {**emily, "health": 18, "power": 4, "det": 1} and awaiting(s) == ("play", 0)


def test_an_empty_deck_costs_a_power_and_the_discard_pile_becomes_the_deck() -> None:
    """000 "When you are forced to interact with a card in your deck (draw, sear, void, place, or look at) and your
    deck is empty, you lose a power", 000 "Cards in the void pile are never shuffled back into their owner's deck"
    and 000 "Draw: To take from the top of your deck and place into your hand without revealing": Emily (full
    health) draws 2 from a deck of 1: she draws it, loses a power, shuffles her 3 discarded cards in (not the
    voided one) and draws the second; Jim sees only how many cards she holds."""
    s = emilys_turn_begins({"deck": ["meteor"], "discard": ["hex", "hex", "hex"], "void": ["brand"]})
    assert seat(s, 1) == {
        "health": 18, "power": 4, "det": 1, "light": 0, "hand": ["hex", "meteor"], "deck": 2, "discard": [],
        "void": ["brand"], "field": [], "concs": [], "ailments": [],
    }  # fmt: skip
    assert awaiting(s) == ("draw", 1)
    assert view(s, 0)["players"][1]["hand"] == 2 and view(s, 0)["players"][1]["deck"] == 2


def test_eight_unconcealed_ailments_cost_a_power_as_the_turn_begins() -> None:
    """000 "When you begin your turn with 8 or more unconcealed ailments (see Ailments on pg. 11), you lose a
    power", 000 "If you have eight or more unconcealed (not booned) ailments, you choose and cleanse (remove) eight"
    and 000 "Ailments under a boon which are concealed do not count as being on you": Emily with 5 Curse, 4 Weaken
    and 3 Burn under Divine Barrier chooses which 8 to cleanse and loses a power; the concealed Burn stays."""
    s = emilys_turn_begins(
        {
            "ailments": [
                {"type": "curse", "count": 5},
                {"type": "weaken", "count": 4},
                {"type": "burn", "count": 3, "boon": "divine-barrier"},
            ]
        }
    )
    assert awaiting(s) == ("remove", 1) and s.players[1].power == 5
    s = run(s, "remove " + " ".join(["ailment=curse"] * 5 + ["ailment=weaken"] * 3))
    assert seat(s, 1) == {
        "health": 18, "power": 4, "det": 1, "light": 0, "hand": ["fireball", "fireball"], "deck": 8, "discard": [],
        "void": [], "field": ["divine-barrier"], "concs": [], "ailments": [("burn", 3, True), ("weaken", 1, False)],
    }  # fmt: skip
    assert awaiting(s) == ("draw", 1)


def test_zero_maximum_health_or_no_cards_at_all_lose_the_encounter() -> None:
    """000 "If your maximum health is reduced to 0 by effects, you lose the encounter" and 000 "When you have no
    cards in your deck or your discard pile, you lose the encounter" (both empty: docs/rules.md): 18 Debilitate
    bring Emily's maximum to 0; an empty deck and discard pile at a draw lose too."""
    s = jim_and_emily({}, {"ailments": [{"type": "debilitate", "count": 17}], "health": 1})
    assert core.max_health(s, 1) == 1 and result(s) is None
    s = jim_and_emily({}, {"ailments": [{"type": "debilitate", "count": 18}]})
    assert result(s) == {"winner": "p1", "draw": False}
    s = emilys_turn_begins({"deck": ["meteor"]})
    assert result(s) == {"winner": "p1", "draw": False} and awaiting(s) is None


# --- cards and where they go ----------------------------------------------------------------------------


def test_the_classic_runespell_types_as_the_cards_are_printed() -> None:
    """000 "Spirit runespells are always capable of dealing damage and can target any target", 000 "As a result,
    attack runespells can normally only target Runeslingers" and 000 "utility runespells are not capable of dealing
    damage": every Classic spirit runespell deals damage to any target, every attack runespell damages only an enemy
    Runeslinger, and no utility runespell deals damage; in play Fireball may target either Runeslinger or a trinket,
    Head Crush only Emily."""
    classic = load_catalog().classic
    assert classic is not None
    kinds = {"spirit": 0, "attack": 0, "utility": 0}
    for card in classic.cards.values():
        damage = [e for a in card.script for e in a.effects if e.op == "damage"]
        if card.type.value in kinds:
            kinds[card.type.value] += 1
        if card.type.value == "spirit":
            assert damage and all(e.get("target") == "any" for e in damage), card.id
        elif card.type.value == "attack":
            assert damage and all(e.get("target") == "enemy_runeslinger" for e in damage), card.id
        elif card.type.value == "utility":
            assert not damage, card.id
    assert all(kinds.values())
    s = jim_and_emily(
        {"hand": ["fireball", "head-crush"], "concentrations": ["hex", "hex"]}, {"field": ["firecracker"]}
    )
    plays = [t for t in legal_texts(s, 0) if t.startswith("play")]
    cracker = handle(s, 1, "firecracker", "field")
    assert sorted(plays) == sorted(
        [f"play {handle(s, 0, 'fireball')} target={t}" for t in ("p2", "p1", cracker)]
        + [f"play {handle(s, 0, 'head-crush')} target=p2"]
    )


def test_a_normal_runespell_is_slung_when_played_a_defense_runespell_only_when_its_owner_slings_it() -> None:
    """000 "When you play a runespell that does not have defense (called a normal runespell)", 000 "only normal
    (non-defense) runespells are slung immediately when they are played", 000 "Some, (not all) defense runespells
    have the word Sling in their text", 000 "Answerable Action: If this card is a normal runespell, it is now
    slung", 000 "RuNESPEllS have three types: spirit, attack and utility" and 000 "Play cards from your hand (boons,
    trinkets and runespells)": Hex is played and stays, with no answer window; slung in the same Play Phase it
    applies 2 Curse after Emily may answer; at Cleanup it is discarded, and the concentration under it is empty."""
    s = jim_and_emily({"hand": ["hex"], "concentrations": ["fireball"]}, {})
    jim, emily = seat(s, 0), seat(s, 1)
    s = run(s, f"play {handle(s, 0, 'hex')}")
    assert awaiting(s) == ("play", 0) and seat(s, 0) == {**jim, "hand": [], "field": ["hex"], "concs": [(False, True)]}
    s = run(s, f"sling {handle(s, 0, 'hex', 'field')} target=p2")
    assert awaiting(s) == ("answer", 1)
    s = decline_all(s)
    assert seat(s, 1) == {**emily, "ailments": [("curse", 2, False)]}
    s = run(s, "end")
    assert seat(s, 0) == {**jim, "hand": [], "discard": ["hex"], "concs": [(False, False)]}


def test_a_card_without_a_valid_target_cannot_be_played_and_a_lost_target_prevents_the_effect() -> None:
    """000 "Choose Targets: You must now choose and announce all intended valid target(s)", 000 "If the target of an
    effect is removed from play or becomes untargetable before the effect in question can resolve" and 000
    "Bounce does not destroy its target but removes it from the field": with no runespell in play, Iron Wall cannot
    be played; Jim's Fireball at Emily's Firecracker does nothing once Emily has bounced the Firecracker to the top
    of her deck."""
    s = jim_and_emily({}, {"hand": ["iron-wall"], "concentrations": ["hex"]}, active="p2")
    assert not [t for t in legal_texts(s, 1) if t.startswith("play")]
    s = jim_and_emily({"hand": ["fireball"], "concentrations": ["hex"]}, {"hand": ["bounce"], "concentrations": [
        "hex"], "field": ["firecracker"]})  # fmt: skip
    cracker = handle(s, 1, "firecracker", "field")
    s = run(s, f"play {handle(s, 0, 'fireball')} target={cracker}")
    jim, emily = seat(s, 0), seat(s, 1)
    s = decline_all(run(s, f"play {handle(s, 1, 'bounce')} target={cracker}"))
    assert seat(s, 0) == jim and awaiting(s) == ("play", 0)
    assert seat(s, 1) == {**emily, "hand": [], "field": ["bounce"], "deck": 11, "concs": [(False, True), (True, False)]}
    assert ids(s, s.players[1].deck[-1:]) == ["firecracker"]


def test_flaming_fists_sears_two_as_it_is_played() -> None:
    """000 "You must Sear 2 cards from the top of your deck when you play Flaming Fists" and 000 "DISCARD PIlE (C4)
    All cards that are discarded from your hand and field, and all cards that are seared": the two top cards of
    Jim's deck go to his discard pile as the card is played, before Emily may answer."""
    s = jim_and_emily({"hand": ["flaming-fists"], "concentrations": ["hex"], "deck": ["meteor", "brand", "hex"]}, {})
    jim = seat(s, 0)
    s = run(s, f"play {handle(s, 0, 'flaming-fists')} target=p2")
    assert awaiting(s) == ("answer", 1)
    assert seat(s, 0) == {**jim, "hand": [], "deck": 1, "discard": ["brand", "meteor"], "field": ["flaming-fists"],
                          "concs": [(False, True)]}  # fmt: skip


def test_an_inflicted_ailment_comes_after_the_damage_and_only_with_a_hit() -> None:
    """000 "Attack runespells like Flaming Fists may ail their targets if they deal at least 1 point of damage",
    000 "If Flaming Fists is blocked, for example, it may deal no damage to its target", 000 "Ailments can either
    be applied to or inflicted upon a Runeslinger", 000 "Attack runespells that inflict ailments do so AFTER all of
    their damage is dealt" and 000 "Inflict (pg. 15): An ailment that will ail its target if damage is dealt":
    at 7 health Emily takes Fists' 5, then its two Burns (2 health each: the second costs a power): 16 and a power
    down; blocked with a block of 6 (Divine Barrier), Fists deals nothing and inflicts nothing, while Brand applies
    its Burns with no damage at all."""
    s = jim_and_emily({"hand": ["flaming-fists"], "concentrations": ["hex"]}, {"health": 7})
    emily = seat(s, 1)
    s = decline_all(run(s, f"play {handle(s, 0, 'flaming-fists')} target=p2"))
    assert seat(s, 1) == {**emily, "health": 16, "power": 4, "det": 1, "deck": 8, "discard": ["fireball", "fireball"],
                          "ailments": [("burn", 2, False)]}  # fmt: skip
    s = jim_and_emily(
        {"hand": ["flaming-fists", "brand"], "concentrations": ["hex", "hex"]},
        {"hand": ["meteor"], "ailments": [{"type": "curse", "boon": "divine-barrier"}]},
    )
    emily = seat(s, 1)
    s = run(
        answered(run(s, f"play {handle(s, 0, 'flaming-fists')} target=p2")), f"block discard={handle(s, 1, 'meteor')}"
    )
    assert seat(s, 1) == {**emily, "hand": [], "discard": ["meteor"]} and awaiting(s) == ("play", 0)
    s = decline_all(run(s, f"play {handle(s, 0, 'brand')} target=p2"))
    assert seat(s, 1) == {**emily, "hand": [], "health": 14, "deck": 8, "discard": ["fireball", "fireball", "meteor"],
                          "ailments": [("burn", 2, False), ("curse", 1, True)]}  # fmt: skip


# --- the turn and the setup -----------------------------------------------------------------------------


def test_setup_shuffles_sets_a_concentration_that_does_not_count_and_begins_the_first_turn() -> None:
    """000 "Shuffle your chosen 30-card starter deck and pass it to your opponent", 000 "this first concentration
    is set before the game begins and does not count as being set during your turn", 000 "Proceed to the active
    player's Cleanse Phase", 000 "During your Play Phase you can set a concentration by playing any card from your
    hand", 000 "Set a card (maximum once per turn) from your hand as a face-down concentration" and 000
    "Concentration (pg. 7) Concentration is the resource you use": the seed orders each deck; after both set their
    first concentration, the first player's turn runs to the Draw Phase; in the Play Phase one more concentration
    may be set, and no second."""

    def game(seed: int) -> State:
        deck = ["fireball", "meteor", "hex", "bounce", "brand", "tornado"] * 5
        players = [{"runeslinger": "eva", "deck": deck}, {"runeslinger": "romin", "deck": deck}]
        return new_game({"rules": "classic", "players": players, "first": "p1"}, seed)

    orders = {tuple(ids(game(seed), game(seed).players[0].deck)) for seed in range(5)}
    assert len(orders) > 1 and ids(game(2), game(2).players[0].deck) == ids(game(2), game(2).players[0].deck)
    s = game(2)
    s = run(s, f"set c{s.players[0].hand[0]}", f"set c{s.players[1].hand[0]}")
    assert awaiting(s) == ("draw", 0) and [len(p.concs) for p in s.players] == [1, 1]
    s = run(s, "continue")
    hand = ids(s, s.players[0].hand)
    assert (awaiting(s), len(hand)) == (("play", 0), 6)
    s = run(s, f"set c{s.players[0].hand[0]}")
    assert len(s.players[0].concs) == 2 and not [t for t in legal_texts(s, 0) if t.startswith("set")]


def test_only_play_effects_wait_for_a_play_phase_and_a_card_without_shout_cannot_answer() -> None:
    """000 "There are three effect types in Runeslingers; play, answer and trigger", 000 "PlAY effects are any
    effects without Shout or an Activate effect", 000 "ANSWER effects can be used normally during your Play Phase"
    and 000 "SHOUT: This card is played on your turn normally during your Play Phase": in her Draw Phase Emily can
    only pass or go on; in Jim's Play Phase she may answer with Bounce (Shout) but not with Fireball; in her own
    Play Phase she plays Bounce normally."""
    s = emilys_turn_begins({"hand": ["bounce", "fireball"], "concentrations": ["hex", "hex"]})
    assert sorted(legal_texts(s, 1)) == sorted(["continue", "pass draw", f"pass return={conc(s, 1, 0)}",
                                               f"pass return={conc(s, 1, 1)}"])  # fmt: skip
    s = jim_and_emily({"hand": ["meteor"], "concentrations": ["hex"], "field": ["firecracker"]}, {"hand": [
        "bounce", "fireball"], "concentrations": ["hex"]})  # fmt: skip
    s = run(s, f"play {handle(s, 0, 'meteor')} target=p2")
    answers = legal_texts(s, 1)
    assert not [t for t in answers if handle(s, 1, "fireball") in t] and [
        t for t in answers if handle(s, 1, "bounce") in t
    ]
    s = jim_and_emily({}, {"hand": ["bounce"], "concentrations": ["hex"], "field": ["firecracker"]}, active="p2")
    emily = seat(s, 1)
    s = decline_all(run(s, f"play {handle(s, 1, 'bounce')} target={handle(s, 1, 'firecracker', 'field')}"))
    assert seat(s, 1) == {**emily, "hand": [], "field": ["bounce"], "deck": 11, "concs": [(False, True), (True, False)]}


def test_end_of_turn_and_start_of_turn_triggers_happen_outside_the_play_phase_unanswered() -> None:
    """000 "Burning Ember has an effect that triggers at the end of your turn", 000 "Deathmark has an effect that
    triggers at the beginning of your turn", 000 "Turns and phases also each have their own beginning and end", 000
    "TRIggER effects happen instantly when their conditions for triggering are met", 000 "Triggers are the only
    type of effect that can occur outside of a player's Play Phase" and 000 "Triggered effects are not answerable
    and do not create or appear on the ladder": Jim ends his turn: Burning Ember makes Emily sear 1; Emily's turn
    begins: her Deathmark makes her lose 3; nobody is asked to answer either."""
    s = jim_and_emily({"field": ["burning-ember"]}, {"ailments": [{"type": "curse", "boon": "deathmark"}]})
    emily = seat(s, 1)
    s = run(s, "end")
    assert awaiting(s) == ("draw", 1)
    assert seat(s, 1) == {**emily, "health": 15, "deck": 7, "discard": ["fireball"], "hand": ["fireball", "fireball"]}


def test_the_active_players_simultaneous_triggers_resolve_in_the_order_they_choose() -> None:
    """000 "Sometimes multiple effects can trigger at the same time. When this happens, the active player's trigger
    effects resolve first in their choosing" and 000 "Each ailment has two levels. Level I is active while you are
    ailed with one or more": at the beginning of Emily's turn her Deathmark (lose 3) and her Burn II (4 Burns: lose 2)
    trigger together: she orders them, and both resolve."""
    s = emilys_turn_begins({"ailments": [{"type": "burn", "count": 4}, {"type": "curse", "boon": "deathmark"}]})
    assert awaiting(s) == ("order", 1) and legal_texts(s, 1) == ["choose 1", "choose 2"]
    s = run(s, "choose 2")
    assert seat(s, 1)["health"] == 18 - 3 - 2 and awaiting(s) == ("draw", 1)


def test_a_defense_card_is_destroyed_only_by_damage_in_a_single_play_phase() -> None:
    """000 "A defense card can be destroyed if it is dealt damage equal to or greater than its defense value in a
    single play phase", 000 "DEFENSE CARDS have a defense value in their top-right" and 000 "Defense (pg. 11) : A
    card with defense in its top-right is a defense card": Firecracker's 2 leave Emily's Dragon Breaker (3) standing;
    at Cleanup its damage is gone, so another 2 next turn do not destroy it either."""
    s = jim_and_emily({"field": ["firecracker"]}, {"field": ["dragon-breaker"]})
    breaker = handle(s, 1, "dragon-breaker", "field")
    s = decline_all(run(s, f"activate {handle(s, 0, 'firecracker', 'field')} target={breaker}"))
    assert s.players[1].field[int(breaker[1:])][3] == 2 and awaiting(s) == ("play", 0)
    s = run(s, "end")
    assert s.players[1].field[int(breaker[1:])][3] == 0 and ids(s, list(s.players[1].field)) == ["dragon-breaker"]


# --- ailments, boons, ownership ---------------------------------------------------------------------------


def test_a_boon_played_on_the_enemy_is_theirs_to_control_and_yours_to_own() -> None:
    """000 "You can play a boon on either an ailment or boon that is in play on either player's field", 000
    "Boons that you play on an opponent's field are controlled by and affect that opponent", 000 "In certain cases,
    you may control a card that you do not own", 000 "Boon (pg. 16): A type of card played onto either an existing
    boon", 000 "Cards that you control such as boons, affect you, even if they are owned by another player", 000
    "Own: A card you own is one that began the encounter in your deck", 000 "Boons conceal ailments they are played
    on, removing their effects", 000 "Conceal: A boon in play is concealing all ailments under it" and 000 "Destroy
    (pg. 16): Destroy means to negate the effect": Jim's Divine Barrier on Emily's Curse conceals it and gives Emily
    (not Jim) +2 block; Jim's second boon on it destroys it to Jim's discard pile and conceals the Curse in turn."""
    s = jim_and_emily({"hand": ["divine-barrier", "deathmark"]}, {"ailments": [{"type": "curse"}]})
    jim, emily = seat(s, 0), seat(s, 1)
    s = run(s, f"play {handle(s, 0, 'divine-barrier')} on=p2:curse")
    barrier = handle(s, 1, "divine-barrier", "field")
    assert (s.owner(int(barrier[1:])), s.controller(int(barrier[1:]))) == (0, 1)
    assert (core.block_value(s, 0), core.block_value(s, 1)) == (4, 6)
    assert seat(s, 1) == {**emily, "field": ["divine-barrier"], "ailments": [("curse", 1, True)]}
    s = run(s, f"play {handle(s, 0, 'deathmark')} on={barrier}")
    assert seat(s, 0) == {**jim, "hand": [], "discard": ["divine-barrier"]}
    assert seat(s, 1) == {**emily, "field": ["deathmark"], "ailments": [("curse", 1, True)]}
    assert core.block_value(s, 1) == 4 and awaiting(s) == ("play", 0)


def test_four_ailment_areas_and_none_under_a_boon() -> None:
    """000 "AIlMENT AREA (C3) While you are affected by an ailment, a matching ailment card is placed", 000 "The
    maximum number of unique ailment types you can have on you is four", 000 "Ailment Area (pg. 7): You have four
    ailment areas on your field", 000 "Ailment Type: The unique, specific ailment named", 000 "If all of your ailment
    areas are occupied with concealed (booned) ailments, then you cannot be ailed", 000 "Ailments are never added
    under a boon unless specified", 000 "Ailments are negative effects that can ail (be put on) your Runeslinger" and
    000 "Ailment (pg. 14): A negative status effect": Brand's Burn finds no fifth area on Emily; Hex's Curse does not
    join the Curse under Divine Barrier but takes a free area; with all four areas booned, Emily cannot be ailed."""
    four = [{"type": t} for t in ("curse", "weaken", "insanity", "fragment")]
    s = jim_and_emily({"hand": ["brand"], "concentrations": ["meteor"]}, {"ailments": four})
    emily = seat(s, 1)
    s = decline_all(run(s, f"play {handle(s, 0, 'brand')} target=p2"))
    assert seat(s, 1) == emily and awaiting(s) == ("play", 0)
    s = jim_and_emily({"field": [{"card": "hex", "played_turn": 1}]}, {"ailments": [
        {"type": "curse", "boon": "divine-barrier"}]})  # fmt: skip
    emily = seat(s, 1)
    s = decline_all(run(s, f"sling {handle(s, 0, 'hex', 'field')} target=p2"))
    assert seat(s, 1) == {**emily, "ailments": [("curse", 1, True), ("curse", 2, False)]}
    booned = [{"type": t, "boon": "divine-barrier"} for t in ("curse", "weaken", "insanity", "fragment")]
    s = jim_and_emily({"hand": ["brand"], "concentrations": ["meteor"]}, {"ailments": booned})
    emily = seat(s, 1)
    s = decline_all(run(s, f"play {handle(s, 0, 'brand')} target=p2"))
    assert seat(s, 1) == emily


def test_cleansing_removes_ailments_of_the_targets_choice() -> None:
    """000 "Cleansing an ailment means removing that ailment from the target" and 000 "Cleanse three means to
    remove three ailments of your choice": Brannoc's Unyielding (2 determinations) gains 8 health and cleanses 2
    ailments, chosen by Brannoc among his Burn and Curse."""
    s = classic_position(
        {
            "runeslinger": "brannoc",
            "equips": ["Stone Vigil", "Unyielding"],
            "power": 3,
            "health": 5,
            "ailments": [{"type": "burn", "count": 2}, {"type": "curse", "count": 2}],
        },
        {"runeslinger": "eva"},
    )
    me = seat(s, 0)
    s = decline_all(run(s, "activate brannoc-unyielding"))
    assert seat(s, 0) == {**me, "det": 0, "health": 13}
    assert awaiting(s) == ("remove", 0)
    s = run(s, "remove ailment=burn ailment=curse")
    assert seat(s, 0) == {**me, "det": 0, "health": 13, "ailments": [("burn", 1, False), ("curse", 1, False)]}
    assert awaiting(s) == ("play", 0)


def test_health_loss_is_not_damage_cannot_be_blocked_and_pierces() -> None:
    """000 "Health loss results in your Runeslinger's health being lowered by this total amount. Health loss is not
    considered damage, and therefore cannot be blocked": at 2 health Emily's Deathmark makes her lose 3: she loses a
    power and the last 1 comes off the reset 18, leaving 17, with no block asked."""
    s = emilys_turn_begins({"hand": ["meteor"], "health": 2, "ailments": [{"type": "curse", "boon": "deathmark"}]})
    assert seat(s, 1) == {
        "health": 17, "power": 4, "det": 1, "light": 0, "hand": ["fireball", "fireball", "meteor"], "deck": 8,
        "discard": [], "void": [], "field": ["deathmark"], "concs": [], "ailments": [("curse", 1, True)],
    }  # fmt: skip
    assert awaiting(s) == ("draw", 1)


def test_a_damage_bonus_counts_for_direct_damage_too() -> None:
    """000 "Dominate deals +2 when it is slung. In this example, Dominate will deal 12 direct damage": with
    Romin's Iron Focus (attack runespells +1) Dominate deals 11 direct damage, unblockable."""
    s = jim_and_emily({"equips": ["Iron Focus", "Fury"], "hand": ["dominate"], "concentrations": ["hex"]}, {"hand": [
        "meteor"]})  # fmt: skip
    emily = seat(s, 1)
    s = answered(run(s, f"play {handle(s, 0, 'dominate')} target=p2"))
    assert seat(s, 1) == {**emily, "health": 18 - 11} and awaiting(s) == ("play", 0)


def test_insanity_makes_its_bearer_discard_at_random_chosen_by_nobody() -> None:
    """000 "Random: An enemy chooses without seeing, the prescribed number of cards": Vesna's Malediction gives
    Emily Insanity (with Burn and Curse); Insanity I discards one of her two cards at random: nobody is asked
    which."""
    s = jim_and_emily(
        {"runeslinger": "vesna", "equips": ["Whispering Shade", "Malediction"], "power": 3},
        {"hand": ["meteor", "hex"]},
    )
    s = run(s, "activate vesna-malediction target=p2")
    s = decline_all(s)
    assert awaiting(s) == ("unique", 0)
    s = run(s, "choose ailment=burn ailment=curse ailment=insanity")
    while awaiting(s) == ("order", 0):
        s = run(s, "choose 1")
    emily = seat(s, 1)
    assert len(emily["hand"]) == 1 and set(emily["hand"]) | set(emily["discard"]) >= {"meteor", "hex"}
    assert [a[0] for a in emily["ailments"]] == ["burn", "curse", "insanity"] and awaiting(s) == ("play", 0)


def test_a_charge_runespell_is_charged_at_most_once_a_turn() -> None:
    """000 "Charge runespells you control that have Charge (a runespell with Charge can only be charged once per
    turn)": Lava Stream, in play since an earlier turn, takes one token this turn and is not offered a second."""
    s = jim_and_emily({"field": [{"card": "lava-stream", "played_turn": 1, "tokens": 1}]}, {})
    lava = handle(s, 0, "lava-stream", "field")
    assert f"charge {lava}" in legal_texts(s, 0)
    s = run(s, f"charge {lava}")
    assert s.players[0].field[int(lava[1:])][4] == 2 and f"charge {lava}" not in legal_texts(s, 0)
