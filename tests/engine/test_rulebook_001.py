"""Rules of The Awakening (rulebooks 001 and 002) that no other scenario asserted, each with its
citation (docs/rules-coverage.md lists them all). Each scenario checks the whole outcome: both
players' health, power, determinations, light, zones and ailments, and whose decision is pending,
by comparing each seat with what it was before plus what the rule changes."""

from __future__ import annotations

from typing import Any

import pytest

from gameplay.engine import IllegalActionError, State, apply, core, new_game, pending, result, scenario, view
from gameplay.engine.state import C_TOP, C_USED, F_DMG, F_USED
from gameplay.engine.tables import AILMENTS
from tests.engine.helpers import EVA, ROMIN, conc, decline_all, handle, ids, legal_texts, position, run

STARTERS = {"players": [{"starter": "eva-starter"}, {"starter": "romin-starter"}], "first": "p1"}


def seat(s: State, p: int) -> dict[str, Any]:
    """Everything a rule can change about one player."""
    pl = s.players[p]
    return {
        "health": pl.health,
        "power": pl.power,
        "det": pl.det,
        "light": pl.light,
        "hand": sorted(ids(s, pl.hand)),
        "deck": len(pl.deck),
        "discard": sorted(ids(s, pl.discard)),
        "void": sorted(ids(s, pl.void)),
        "field": sorted(ids(s, list(pl.field))),
        "concs": [(bool(c[C_USED]), c[C_TOP] >= 0) for c in pl.concs],
        "ailments": sorted((AILMENTS[a[0]], a[1], a[2] >= 0) for a in pl.ail if a[0] >= 0),
    }


def awaiting(s: State) -> tuple[str, int] | None:
    pend = pending(s)
    return None if pend is None else (pend.kind, pend.player)


# --- power, setup and what each player sees ------------------------------------------------------


def test_a_new_encounter_starts_at_5_power_20_health_and_no_determination() -> None:
    """001 p.8 "Place a D6 die set to 5 on your stance", 002 "Place a power tracker on your Runeslinger's Power
    Bar starting on 5", 001 p.5 "This is your Power. Use a D6 die to track your power, beginning at 5", 002 "This
    is your Power Bar. Use a die or meeple to track your power", 002 "To start, draw five cards from the top of your
    deck" and 002 "Each player must now set one card from their hand as a face-down ready": each player starts with
    5 power, 20 health, no determination, 5 cards, and sets a ready concentration; then the first player's turn
    runs to its Draw Phase (002 "the active player begins their turn in their Ailment Phase")."""
    s = new_game(STARTERS, 11)
    for p in (0, 1):
        assert (s.players[p].power, s.players[p].health, s.players[p].det, len(s.players[p].hand)) == (5, 20, 0, 5)
        assert len(s.players[p].deck) == 25 and s.players[p].concs == []
    assert awaiting(s) == ("setup", 0)
    s = run(s, f"set c{s.players[0].hand[0]}")
    assert awaiting(s) == ("setup", 1)
    s = run(s, f"set c{s.players[1].hand[0]}")
    assert [[(bool(c[C_USED]), c[C_TOP]) for c in p.concs] for p in s.players] == [[(False, -1)], [(False, -1)]]
    assert awaiting(s) == ("draw", 0) and s.turn == 1 and s.active == 0


def test_losing_the_last_power_loses_the_encounter() -> None:
    """001 p.3 "reduce your opponent's power from 5 to 0", 002 "reduce your opponent's power from 5 to 0", 001 p.4
    "Each Runeslinger begins an encounter with 5 Power; when all of your power is lost, you are defeated", 002
    "Power is the source of your strength in battle", 001 p.5 "When your power reaches 0, you lose the encounter",
    002 "When your power reaches 0, you lose the encounter" and 002 "If you are at 1 power and lose it, you lose
    the encounter": p2 at 1 power and 3 health takes Fireball: no power left, p1 wins, no decision is pending."""
    s = position({"hand": ["fireball"], "concentrations": ["spark"] * 3}, {"power": 1, "health": 3})
    s = decline_all(run(s, f"play {handle(s, 0, 'fireball')} target=p2"))
    assert s.players[1].power == 0 and result(s) == {"winner": "p1", "draw": False}
    assert awaiting(s) is None


def test_each_power_lost_gives_a_determination_up_to_four() -> None:
    """002 "In an encounter, you will gain a total of 4 determinations; one for each power lost until 1": Eva at
    2 power, 3 determinations and 3 health loses 4 health to Doom (4 exposed Curses): she loses her fourth power
    and gains her fourth determination; the rest of the health loss is taken from the reset 20."""
    s = position(
        {"power": 2, "determination": 3, "health": 3, "ailments": [{"type": "curse", "count": 4}]},
        {**ROMIN, "hand": ["doom"], "concentrations": ["spark"] * 4},
        active="p2",
    )
    before = seat(s, 0)
    s = decline_all(run(s, f"play {handle(s, 1, 'doom')} target=p1"))
    assert seat(s, 0) == {**before, "power": 1, "det": 4, "health": 19}  # 4 health lost: 3, reset, 1 more
    assert awaiting(s) == ("play", 1)


def test_the_opponent_sees_the_runeslinger_and_equips_but_neither_hand_nor_deck() -> None:
    """001 p.8 "Before the first card of the game is drawn, each player turns their Runeslinger and equips
    face-up" and 002 "Place your shuffled deck face-down onto the deck area": the opponent's view names
    the Runeslinger and both equips from the start, and only counts the hand and the deck."""
    s = new_game(STARTERS, 5)
    theirs = view(s, 1)["players"][0]
    assert (theirs["runeslinger"], theirs["equips"]) == ("eva", ["talakas-heart", "flame-of-nim"])
    assert theirs["hand"] == 5 and theirs["deck"] == 25


def test_each_deck_is_shuffled_by_the_games_seed() -> None:
    """001 p.8 "Each player shuffles their 30-card deck" and 002 "Shuffle your deck and pass it to your
    opponent": the deck (and so the opening hand) comes in an order the seed decides, the same for the same
    seed; the cut is a table habit the site does not need."""
    deck = [f"{card}" for card in ("spark", "jab", "fireball", "channel", "bounce", "hex")] * 5
    spec = {"players": [{**EVA, "deck": deck}, {**ROMIN, "deck": deck}], "first": "p1"}

    def order(seed: int) -> list[str]:
        s = new_game(spec, seed)
        return ids(s, s.players[0].hand) + ids(s, s.players[0].deck)

    orders = {tuple(order(seed)) for seed in range(6)}
    assert len(orders) > 1 and all(sorted(o) == sorted(deck) for o in orders)
    assert order(3) == order(3)


# --- golden rules -------------------------------------------------------------------------------


def test_an_effect_that_contradicts_the_rules_wins() -> None:
    """001 p.3 "When an effect contradicts the rules, the effect in question supersedes the rules" and 002 "In
    such cases, the card effect overrides the rules": after setting this turn's concentration, Focus still sets
    the top card of the deck as a (used) concentration."""
    s = position({"hand": ["jab", "focus"], "concentrations": ["spark"]}, {})
    s = run(s, f"set {handle(s, 0, 'jab')}")
    assert not [t for t in legal_texts(s, 0) if t.startswith("set")]
    before, other = seat(s, 0), seat(s, 1)
    s = decline_all(run(s, f"play {handle(s, 0, 'focus')}"))
    after = seat(s, 0)
    assert after["concs"] == [(False, True), (False, False), (True, False)]  # under Focus, the Jab, the new one
    assert {**after, "concs": before["concs"]} == {**before, "hand": [], "deck": 9, "field": ["focus"]}
    assert seat(s, 1) == other and awaiting(s) == ("play", 0)


def _max_hand_with(s: State, p: int, mods: list[tuple[int, int, dict[str, object]]]) -> int:
    """The maximum hand size of p with the given static effects in play: (controller, priority, params)."""
    from gameplay.cards.model import Modifier

    s._cache[core.S_KEY] = {"max_hand_size": [(c, prio, -1, Modifier("max_hand_size", prm)) for c, prio, prm in mods]}
    return core.max_hand_size(s, p)


def test_effects_that_contradict_resolve_by_priority_then_the_active_player() -> None:
    """001 p.3 "the active player's (player whose turn it is) effect has the highest priority", 002 "Stances have
    priority over card effects" and 002 "stance takes priority over the card effect": two maximum hand sizes at
    the same level (cards of both players) give the active player's; a stance beats a card, an ailment a stance,
    whoever's turn it is. (No two cards of the catalog contradict each other yet, so the effects are put in play
    directly.)"""
    s = position({}, {})
    mine, theirs = {"value": 5}, {"value": 7, "who": "enemies"}
    assert _max_hand_with(s, 0, [(0, core.PRIO_CARD, mine), (1, core.PRIO_CARD, theirs)]) == 5
    s.active = 1
    assert _max_hand_with(s, 0, [(0, core.PRIO_CARD, mine), (1, core.PRIO_CARD, theirs)]) == 7
    assert _max_hand_with(s, 0, [(0, core.PRIO_CARD, mine), (1, core.PRIO_EQUIP, theirs)]) == 7
    s.active = 0
    assert _max_hand_with(s, 0, [(0, core.PRIO_CARD, mine), (1, core.PRIO_EQUIP, theirs)]) == 7
    assert _max_hand_with(s, 0, [(0, core.PRIO_AILMENT, {"value": 4}), (1, core.PRIO_EQUIP, theirs)]) == 4
    assert _max_hand_with(s, 0, []) == 8


# --- abilities and stances ------------------------------------------------------------------------


def test_an_equip_ability_costs_determinations_and_is_used_in_your_play_phase() -> None:
    """001 p.5 "Flame Of Nim costs 2 determinations to activate and use in your Play Phase", 001 p.5 "You can
    activate your inherent or equip ability during the Play Phase of your turn", 001 p.11 "Activate your
    Runeslinger ability by paying its (equip and/or main ability) cost", 002 "You can activate your ability during
    the Play Phase of your turn", 002 "Activate your Runeslinger ability by paying its determination cost" and 002
    "Determinations are used to pay for your Runeslinger's ability": with 2 determinations Eva's Flame of Nim (6
    damage, the target sears 2) spends both; with 1 it is not offered; the enemy may not activate on her turn."""
    s = position({"determination": 2}, {"deck": ["jab"] * 10})
    me, them = seat(s, 0), seat(s, 1)
    assert "activate flame-of-nim target=p2 target=p2" in legal_texts(s, 0)
    s = run(s, "activate flame-of-nim target=p2 target=p2")
    assert awaiting(s) == ("play", 0)  # an ability creates no answerable action (docs/rules.md)
    assert seat(s, 0) == {**me, "det": 0}
    assert seat(s, 1) == {**them, "health": 14, "deck": 8, "discard": ["jab", "jab"]}
    assert not any(t.startswith("activate flame") for t in legal_texts(position({"determination": 1}, {}), 0))
    s = position({"hand": ["spark"], "concentrations": ["spark"]}, {"determination": 2, "hand": ["bounce"]})
    s = run(s, f"play {handle(s, 0, 'spark')} target=p2")
    assert awaiting(s) == ("answer", 1) and not any(t.startswith("activate") for t in legal_texts(s, 1))


def test_the_inherent_ability_costs_light() -> None:
    """001 p.5 "Inherent abilities are on your Runeslinger card and cost light to activate": Eva's Breathe Fire
    (2 damage) costs 1 light, paid from a ready concentration."""
    s = position({"concentrations": ["spark"]}, {})
    me, them = seat(s, 0), seat(s, 1)
    s = decline_all(run(s, "activate inherent target=p2"))
    assert seat(s, 0) == {**me, "concs": [(True, False)]}
    assert seat(s, 1) == {**them, "health": 18} and awaiting(s) == ("play", 0)
    assert not any(t.startswith("activate inherent") for t in legal_texts(s, 0))  # no light left


def test_a_stance_is_always_active_and_triggers_when_its_condition_is_met() -> None:
    """001 p.5 "Stances have effects that are always active during play. When you sling a spirit runespell,
    Talaka's Heart triggers", 002 "Stances have effects that are always active", 001 p.16 "Triggered effects occur
    when their trigger condition", 002 "Triggered effects occur when their trigger condition is met" and 001 p.16
    "Triggered effects do not appear on the ladder": Spark makes Talaka's Heart sear 2 from the enemy's deck at
    once, before the answer window, and only Spark is on the ladder; a utility runespell triggers nothing."""
    s = position({"hand": ["spark", "quick-study"], "concentrations": ["spark"] * 2}, {"deck": ["jab"] * 10})
    me, them = seat(s, 0), seat(s, 1)
    s = run(s, f"play {handle(s, 0, 'spark')} target=p2")
    assert awaiting(s) == ("answer", 1) and len(s.ladder) == 1
    assert seat(s, 1) == {**them, "deck": 8, "discard": ["jab", "jab"]}
    s = decline_all(s)
    assert seat(s, 1) == {**them, "deck": 8, "discard": ["jab", "jab"], "health": 16}
    s = decline_all(run(s, f"play {handle(s, 0, 'quick-study')}"))
    assert seat(s, 1)["deck"] == 8
    assert seat(s, 0) == {
        **me,
        "hand": ["spark", "spark"],
        "deck": 8,
        "field": ["quick-study", "spark"],
        "concs": [(True, True), (True, True)],
    }


# --- light, concentrations and where cards go ------------------------------------------------------


def test_light_comes_from_exposed_ready_concentrations_one_each() -> None:
    """002 "Concentrations that are both ready (are in vertical position) and exposed, can be used", 002 "You can
    only use exposed concentration that is ready to create", 002 "Using an exposed ready concentration you control
    adds +1 to your light pool", 002 "You gain +1 when you use an empty ready concentration you control", 002
    "Create 1 by using an exposed ready (vertical) concentration you control", 001 p.11 "Create 1 by using an
    exposed ready concentration you control", 001 p.10 "2: Used - This card is in the horizontal" and 001 p.10
    "1: Exposed - There is no card on top of this card": of three concentrations, one covered by a card and one
    already used, only the third makes light, once."""
    s = position({"concentrations": [{"card": "jab", "used": True}, "spark"], "field": [{"card": "hex"}]}, {})
    used, ready, covered = (conc(s, 0, i) for i in range(3))
    assert s.players[0].concs[2][C_TOP] >= 0  # Hex lies on the third
    lights = [t for t in legal_texts(s, 0) if t.startswith("light")]
    assert lights == [f"light {ready}"]
    me, them = seat(s, 0), seat(s, 1)
    s = run(s, f"light {ready}")
    assert seat(s, 0) == {**me, "light": 1, "concs": [(True, False), (True, False), (True, True)]}
    assert seat(s, 1) == them and awaiting(s) == ("play", 0)
    for spent in (covered, used, ready):
        with pytest.raises(IllegalActionError):
            apply(s, f"light {spent}")


def test_light_may_be_made_out_of_turn_to_pay_for_an_answer() -> None:
    """001 p.11 "you may perform this action even if it's not your turn if you are creating to pay a cost" and 002
    "You can use a concentration to create light at any time you have to pay a cost": on p1's turn p2 answers with
    Purify (1 light), paid by using p2's ready concentration."""
    s = position(
        {"hand": ["spark"], "concentrations": ["spark"]},
        {"hand": ["purify"], "concentrations": ["jab"], "ailments": [{"type": "curse", "count": 2}]},
    )
    s = run(s, f"play {handle(s, 0, 'spark')} target=p2")
    them = seat(s, 1)
    s = run(s, f"play {handle(s, 1, 'purify')}")
    assert seat(s, 1) == {**them, "hand": [], "field": ["purify"], "concs": [(True, True)]}
    s = decline_all(s)
    assert seat(s, 1) == {
        **them,
        "hand": [],
        "field": ["purify"],
        "concs": [(True, True)],
        "ailments": [],
        "health": 16,
    }
    assert awaiting(s) == ("play", 0)


def test_cards_go_on_your_own_exposed_concentrations_and_only_trinkets_and_chants_on_utility_slots() -> None:
    """001 p.6 "All runespells are played on an exposed concentration you control", 001 p.6 "All Chants and
    trinkets are played on an exposed concentration you control", 001 p.7 "You can play a chant or trinket on a
    utility slot with no other card on it", 001 p.7 "All cards you play except boons must be played on a exposed
    concentration you control", 001 p.10 "Cards are played from your hand onto a valid area on the field", 002
    "Runespells, trinkets and chants can only be played from your hand onto an exposed", 002 "You can play all cards
    except boons on exposed concentrations you control" and 002 "All card types except boons are played onto
    exposed": Spark goes on p1's exposed concentration, never on a covered one, an enemy's, or a utility slot;
    Firecracker may go on a utility slot."""
    s = position({"hand": ["spark", "firecracker"], "concentrations": ["jab"], "field": [{"card": "hex"}]}, {
        "concentrations": ["jab"]})  # fmt: skip
    exposed, covered = conc(s, 0, 0), conc(s, 0, 1)
    spark, cracker = handle(s, 0, "spark"), handle(s, 0, "firecracker")
    for bad in (f"on={covered}", f"on={conc(s, 1, 0)}", "on=u0"):
        with pytest.raises(IllegalActionError):
            apply(s, f"play {spark} {bad} target=p2")
    me = seat(s, 0)
    s2 = decline_all(run(s, f"play {spark} on={exposed} target=p2"))
    assert s2.players[0].concs[0][C_TOP] == int(handle(s2, 0, "spark", "field")[1:])
    assert seat(s2, 0) == {
        **me,
        "hand": ["firecracker"],
        "field": ["hex", "spark"],
        "concs": [(True, True), (True, True)],
    }
    s3 = run(s, f"play {cracker} on=u1")
    assert s3.players[0].util == [-1, int(handle(s3, 0, "firecracker", "field")[1:])]
    assert seat(s3, 0) == {
        **me,
        "hand": ["spark"],
        "field": ["firecracker", "hex"],
        "concs": [(True, False), (True, True)],
    }
    assert awaiting(s3) == ("play", 0)


def test_six_concentration_areas_and_concentrations_are_not_cards() -> None:
    """001 p.7 "You have 6 concentration areas", 002 "Concentration Areas - You can control up to 6
    concentrations" and 001 p.20 "Ailments, Runeslingers, stances and abilities are not cards": with six
    concentrations no seventh can be set; and Bounce ("target card in play") can name a card in play, never a
    Runeslinger, a concentration or an ailment."""
    s = position({"hand": ["jab", "bounce"], "concentrations": ["spark"] * 6}, {"ailments": [{"type": "burn"}]})
    assert not [t for t in legal_texts(s, 0) if t.startswith("set")]
    s = position(
        {"hand": ["bounce"], "concentrations": ["spark"]},
        {
            "concentrations": ["jab"],
            "field": [{"card": "firecracker", "on": "utility"}],
            "ailments": [{"type": "burn"}],
        },
    )
    plays = [t for t in legal_texts(s, 0) if t.startswith("play")]
    assert plays == [f"play {handle(s, 0, 'bounce')} target={handle(s, 1, 'firecracker', 'field')}"]


def test_your_field_is_yours_and_an_effect_applies_to_its_controller_unless_it_says_otherwise() -> None:
    """001 p.7 "All objects on your field and their corresponding effects are controlled by you and therefore
    apply to you" and 002 "All objects on your field and their corresponding effects are controlled by you": p2's
    Sanctuary (damage dealt to you is -1) lessens damage to p2 only; p1's Withering Aura ("Enemy Runeslingers have
    -2 maximum health") says otherwise and lowers p2's maximum, not p1's (002 "Effects can modify maximum health")."""
    s = position(
        {
            "hand": ["spark", "spark"],
            "concentrations": ["spark"] * 2,
            "field": [{"card": "withering-aura", "on": "utility"}],
        },
        {"blocked": True, "ailments": [{"type": "curse", "boon": "sanctuary"}]},
    )
    assert (core.max_health(s, 0), core.max_health(s, 1)) == (20, 18)
    assert s.players[1].health == 18
    s = decline_all(run(s, f"play {handle(s, 0, 'spark')} target=p2"))
    assert s.players[1].health == 18 - 3
    s = decline_all(run(s, f"play {handle(s, 0, 'spark')} target=p1"))
    assert s.players[0].health == 20 - 4 - 0 and awaiting(s) == ("play", 0)


# --- the turn -------------------------------------------------------------------------------------


def test_a_turn_begins_with_the_ready_phase_which_readies_exposed_used_cards() -> None:
    """001 p.11 "Each turn is divided into 5 phases and each turn has a beginning and an end", 002 "Follow these
    turn phases in order. A phase also has a beginning", 001 p.11 "All exposed (has no other card on it) used
    (horizontal) cards you control are readied", 002 "Exposed (has no card on it) used (horizontal) concentrations
    you control are readied" and 001 p.17 "Used cards ready by being turned vertical in the Ready Phase": when p2's
    turn ends, p1's begins (Mana Font's start-of-turn light), the exposed used concentration and the used
    Firecracker are readied, the concentration under Hex stays used, and p1 is asked in the Draw Phase."""
    s = scenario(
        {
            "turn": 3,
            "active": "p2",
            "phase": "discard",
            "players": [
                {
                    **EVA,
                    "deck": ["spark"] * 10,
                    "concentrations": [{"card": "jab", "used": True}],
                    "field": [
                        {"card": "firecracker", "on": "utility", "used": True},
                        {"card": "mana-font", "on": "utility"},
                        {"card": "hex"},
                    ],
                },
                {**ROMIN, "deck": ["spark"] * 10},
            ],
        }
    )
    assert awaiting(s) == ("draw", 0) and s.active == 0
    assert seat(s, 0)["concs"] == [(False, False), (True, True)]
    assert s.players[0].field[int(handle(s, 0, "firecracker", "field")[1:])][F_USED] == 0
    assert (s.players[0].light, len(s.players[0].hand)) == (1, 2)


def test_the_discard_phase_clears_the_turn_then_the_other_player_begins() -> None:
    """001 p.11 "All runespells in play are discarded (placed into their owner's discard piles)", 001 p.11 "All
    unspent created this turn is removed", 001 p.11 "All defense cards in play recover to their maximum defense
    values", 001 p.11 "All block barriers on all cards are removed", 001 p.11 "You, the active player end your
    turn. The player to your left", 002 "In the Discard Phase of each turn, all runespells slung by all players are
    discarded", 002 "All unspent you created this turn is removed", 002 "All defense cards recover to their maximum
    defense", 002 "You, the active player end your turn" and 001 p.14 "for the duration of the current turn, or
    until it is depleted": p1's Jab is discarded, the unspent light is gone, the Firecracker's damage is healed,
    p2's block barrier is gone, and p2's turn begins (its Draw Phase asks p2)."""
    s = position(
        {
            "hand": ["jab"],
            "concentrations": ["spark"] * 2,
            "field": [{"card": "firecracker", "on": "utility", "damage": 1}],
        },
        {"hand": ["spark", "spark"]},
    )
    s = run(s, f"play {handle(s, 0, 'jab')} target=p2", "pass", f"block discard={handle(s, 1, 'spark')}")
    s = run(s, f"light {conc(s, 0, 1)}")
    assert (s.players[1].health, s.players[1].barrier, s.players[0].light) == (20, 2, 1)
    me, them = seat(s, 0), seat(s, 1)
    s = run(s, "end")
    assert seat(s, 0) == {**me, "light": 0, "field": ["firecracker"], "discard": ["jab"], "concs": [
        (False, False), (True, False)]}  # fmt: skip
    assert s.players[0].field[int(handle(s, 0, "firecracker", "field")[1:])][F_DMG] == 0
    assert s.players[1].barrier == 0 and s.players[1].blocked == 0
    assert seat(s, 1) == {**them, "hand": ["spark", "spark", "spark"], "deck": 8}
    assert awaiting(s) == ("draw", 1) and s.active == 1


def test_an_abilitys_effect_ends_with_the_turn() -> None:
    """001 p.11 "Effects of all Runeslinger abilities and stances activated or triggered this turn end" and 002
    "Effects of all Runeslinger abilities activated this turn end (unless stated otherwise)": Romin's Overflow (2
    determinations: draw 2, gain 2 light, attack runespells +2 until end of turn) makes Jab deal 2 + 1 (Iron
    Focus) + 2 this turn; next turn Jab deals 3 again. 002 "Overflow costs 2 determinations to activate"."""
    s = position({**ROMIN, "hand": ["jab", "jab"], "determination": 2, "concentrations": ["spark"]}, {**EVA})
    s = run(s, "activate overflow")
    me = seat(s, 0)
    assert (me["det"], me["light"], len(me["hand"]), me["deck"]) == (0, 2, 4, 8)
    s = decline_all(run(s, f"play {handle(s, 0, 'jab')} target=p2"))
    assert s.players[1].health == 15
    s = run(s, "end", "continue", "end", "continue")
    assert awaiting(s) == ("play", 0) and s.players[0].light == 0
    s = decline_all(run(s, f"play {handle(s, 0, 'jab')} target=p2"))
    assert s.players[1].health == 12


# --- playing a card -------------------------------------------------------------------------------


def test_the_card_play_steps_in_their_order() -> None:
    """The card play steps of 001 p.10: "Pay Costs: This card's costs, followed by any other conditional cost",
    "Play: Place the card onto a valid location on the field", "Declare Choices: If this card has effects that
    require a choice", "Declare Targets: You must choose and announce the valid target(s)", "Answerable Action: An
    answerable action is created for the enemy player" and "Resolve Effects: This card's effects resolve in the
    order they are written"; with 002 "Card Effects are always resolved in the order they appear on the card":
    Rainbow Dart (2 light) is declared with its two chosen ailments and its target; its cost is paid and it is in
    play before p2 may answer, and nothing has happened to p2; then it deals 3 (+1 Iron Focus) and the hit applies
    the two ailments, in the order the active player chooses (001 p.13): Burn, then Curse."""
    s = position({**ROMIN, "hand": ["rainbow-dart"], "concentrations": ["jab"] * 3}, {**EVA})
    me, them = seat(s, 0), seat(s, 1)
    s = run(s, f"play {handle(s, 0, 'rainbow-dart')} target=p2 ailment=burn ailment=curse")
    assert awaiting(s) == ("answer", 1)
    assert seat(s, 0) == {
        **me,
        "hand": [],
        "field": ["rainbow-dart"],
        "concs": [(True, True), (True, False), (False, False)],
    }
    assert seat(s, 1) == them
    s = run(s, "pass")
    assert awaiting(s) == ("order", 0) and seat(s, 1) == {**them, "health": 16}
    s = run(s, "choose 1")
    after = seat(s, 1)
    assert after == {**them, "health": 20 - 4 - 2, "deck": 9, "discard": ["spark"], "ailments": [
        ("burn", 1, False), ("curse", 1, False)]}  # fmt: skip
    assert [a[0] for a in s.players[1].ail if a[0] >= 0] == [0, 1]  # Burn's area first: applied first
    assert awaiting(s) == ("play", 0)


def test_a_card_needs_a_valid_target_for_each_targeting_effect() -> None:
    """001 p.6 "a valid target must exist for each of that card's effects that target", 001 p.18 "In order to play
    a card with target in its text, a valid target must exist on the field", 001 p.20 "you must be able to assign a
    valid target for each effect on this card that targets", 002 "If an effect targets in its text, a matching
    valid target must be announced" and 002 "Fireball deals 8 damage to any target that can be dealt damage":
    Shatter (destroy target trinket) and Dispel (destroy target boon) cannot be played with none in play; Fireball
    may target either Runeslinger or a defense card."""
    s = position({"hand": ["shatter", "dispel", "fireball"], "concentrations": ["spark"] * 3}, {})
    plays = [t for t in legal_texts(s, 0) if t.startswith("play")]
    assert plays == [f"play {handle(s, 0, 'fireball')} target=p2", f"play {handle(s, 0, 'fireball')} target=p1"]
    s = position(
        {"hand": ["shatter", "dispel", "fireball"], "concentrations": ["spark"] * 3},
        {"field": [{"card": "firecracker", "on": "utility"}], "ailments": [{"type": "burn", "boon": "aegis"}]},
    )
    cracker, aegis = handle(s, 1, "firecracker", "field"), handle(s, 1, "aegis", "field")
    plays = {t for t in legal_texts(s, 0) if t.startswith("play")}
    fire = handle(s, 0, "fireball")
    assert plays == {
        f"play {handle(s, 0, 'shatter')} target={cracker}",
        f"play {handle(s, 0, 'dispel')} target={aegis}",
        *(f"play {fire} target={t}" for t in ("p2", "p1", cracker, aegis)),
    }


def test_an_effect_whose_target_left_the_field_does_nothing() -> None:
    """001 p.18 "If the target of an effect leaves the field before an effect can resolve, the effect does
    nothing", 001 p.20 "if a target of this card's effect leaves the field, the effect in question has no effect"
    and 002 "If the announced target is removed from play or is invalid when the effect in question resolves": p1
    slings Fireball at p2's Firecracker; p2 answers with Bounce on it; Fireball then deals nothing to anyone."""
    s = position(
        {"hand": ["fireball"], "concentrations": ["spark"] * 3},
        {"hand": ["bounce"], "concentrations": ["spark"], "field": [{"card": "firecracker", "on": "utility"}]},
    )
    cracker = handle(s, 1, "firecracker", "field")
    s = run(s, f"play {handle(s, 0, 'fireball')} target={cracker}")
    me, them = seat(s, 0), seat(s, 1)
    s = decline_all(run(s, f"play {handle(s, 1, 'bounce')} target={cracker}"))
    assert seat(s, 0) == me
    assert seat(s, 1) == {**them, "hand": [], "field": ["bounce"], "deck": them["deck"] + 1, "concs": [(True, True)]}
    assert ids(s, s.players[1].deck[-1:]) == ["firecracker"] and awaiting(s) == ("play", 0)


def test_a_shout_card_is_played_normally_in_your_own_play_phase_too() -> None:
    """001 p.17 "This card can be played normally during your Play Phase or during any Play Phase as an answer",
    002 "This card can be played normally during your Play Phase or during any Play Phase as an answer", 001 p.15
    "An answerable action is created for you when the opponent to your left plays a card", 001 p.20 "When an enemy
    plays a card an answerable action is created for you" and 001 p.15 "When you choose not to answer your
    answerable action, it disappears": Purify (Shout) is played in p1's own Play Phase; it is answerable, and when
    p2 passes it resolves and p2 is asked nothing more."""
    s = position({"hand": ["purify"], "concentrations": ["spark"], "ailments": [{"type": "burn", "count": 2}]}, {})
    me, them = seat(s, 0), seat(s, 1)
    s = run(s, f"play {handle(s, 0, 'purify')}")
    assert awaiting(s) == ("answer", 1)
    s = run(s, "pass")
    assert awaiting(s) == ("play", 0) and seat(s, 1) == them
    assert seat(s, 0) == {**me, "hand": [], "field": ["purify"], "concs": [(True, True)], "ailments": []}


# --- ailments and boons ------------------------------------------------------------------------------


def test_four_ailment_areas_hold_four_types_and_a_type_has_no_limit() -> None:
    """001 p.7 "Your ailments & boons are played here; you have 4 ailment areas", 001 p.13 "The maximum number of
    unique (different) ailment types possible on your Runeslinger is four", 002 "The maximum number of unique
    ailments possible on your Runeslinger is four", 002 "You cannot have more than four different ailments and boons
    on you at once", 002 "On your field, you have four ailment areas to the left of your Runeslinger", 001 p.13
    "There is no maximum number of ailment instances", 002 "There is no maximum number of instances an ailment can
    have", 001 p.12 "Multiple instances on you stack" and 002 "Multiple instances of the same ailment on you
    stack": with Burn, Curse and a booned Weaken, Maddening Whisper's Insanity takes the fourth area; once four are
    taken, Splinter's Fragment has nowhere to go; Hex's Curse joins the 30 already there."""
    s = position(
        {"hand": ["maddening-whisper", "splinter"], "concentrations": ["spark"] * 3, "field": [{"card": "hex"}]},
        {"ailments": [{"type": "burn"}, {"type": "curse", "count": 30}, {"type": "weaken", "boon": "aegis"}]},
    )
    them = seat(s, 1)
    s = decline_all(run(s, f"play {handle(s, 0, 'maddening-whisper')} target=p2"))
    four = [("burn", 1, False), ("curse", 30, False), ("insanity", 2, False), ("weaken", 1, True)]
    assert seat(s, 1) == {**them, "ailments": four}
    before = seat(s, 1)
    s = decline_all(run(s, f"play {handle(s, 0, 'splinter')} target=p2"))
    assert seat(s, 1) == before
    s = decline_all(run(s, f"sling {handle(s, 0, 'hex', 'field')} target=p2"))
    assert seat(s, 1) == {**before, "ailments": [four[0], ("curse", 32, False), *four[2:]]}
    assert awaiting(s) == ("play", 0)


def test_ailments_come_directly_or_with_a_hit() -> None:
    """001 p.12 "Ailments can be applied directly to a Runeslinger, or by a damage effect that applies ailments if
    it hits", 002 "When an effect deals at least 1 point of damage to a Runeslinger, that is considered a hit",
    001 p.5 "Health is reduced when you are dealt damage by or lose health from effects" and 002 "Health is reduced
    when you are dealt damage by or lose health from effects": p2 blocks Glancing Arrow to 0 damage, so its Weaken
    does not come; Brand's Burn is applied with no damage at all (each new Burn: lose 2 health, sear 1)."""
    s = position(
        {
            **ROMIN,
            "equips": ["relentless", "overflow"],
            "hand": ["glancing-arrow", "brand"],
            "concentrations": ["jab"] * 2,
        },
        {**EVA, "hand": ["spark"], "deck": ["jab"] * 10},
    )
    them = seat(s, 1)
    s = run(s, f"play {handle(s, 0, 'glancing-arrow')} target=p2", "pass", f"block discard={handle(s, 1, 'spark')}")
    assert seat(s, 1) == {**them, "hand": [], "discard": ["spark"]} and awaiting(s) == ("play", 0)
    s = decline_all(run(s, f"play {handle(s, 0, 'brand')} target=p2"))
    assert seat(s, 1) == {**them, "hand": [], "discard": ["jab", "jab", "spark"], "deck": 8, "health": 16, "ailments": [
        ("burn", 2, False)]}  # fmt: skip


def test_burn_two_costs_health_at_the_start_of_each_of_your_turns() -> None:
    """002 "Burn has two effects; effect I happens each time a new Burn ailment is applied to you. Effect II is
    active while you are ailed with 4 or more" and 001 p.12 "Level II is active while you are ailed with 4 or more
    instances of Burn": p1 with 4 Burn loses 2 health as the turn begins; with 3 Burn, nothing."""
    for count, health in ((4, 18), (3, 20)):
        s = scenario(
            {
                "turn": 3,
                "active": "p2",
                "phase": "discard",
                "players": [
                    {**EVA, "deck": ["spark"] * 10, "ailments": [{"type": "burn", "count": count}]},
                    {**ROMIN, "deck": ["spark"] * 10},
                ],
            }
        )
        assert seat(s, 0) == {
            "health": health, "power": 5, "det": 0, "light": 0, "hand": ["spark", "spark"], "deck": 8,
            "discard": [], "void": [], "field": [], "concs": [], "ailments": [("burn", count, False)],
        }  # fmt: skip
        assert awaiting(s) == ("draw", 0)


def test_a_boon_goes_on_an_ailment_or_a_boon_of_either_player_and_damage_can_destroy_it() -> None:
    """002 "Boons can be played only onto an ailment or existing boon that any player controls", 001 p.14 "You
    can play a boon on either an ailment or existing boon on any player's field", 001 p.6 "Boon defense cards are
    played on an either an ailment or boon on any player's field", 001 p.20 "Exposed: When a card or ailment has no
    card on it, it is exposed", 002 "This card is a defense card, and can be both targeted and destroyed by
    damage. If Binding is dealt 3+ damage", 002 "Because Binding has defense, it is also a defense card", 001 p.14
    "Because boons are defense cards, they can be targeted and destroyed by damage", 002 "Because boons are defense
    cards, they can be targeted and destroyed by damage" and 002 "Boons are defense cards that conceal
    (temporarily remove from play)": with no ailment anywhere Binding cannot be played; with p2's exposed Burn and
    p1's booned Curse it may go on the Burn or on the boon, not under it; on p2's Burn it conceals it; Spark (4)
    destroys it, the Burn is exposed again and Binding goes to its owner's pile."""
    s = position({"hand": ["binding"], "concentrations": ["spark"] * 3}, {})
    assert not [t for t in legal_texts(s, 0) if t.startswith("play")]
    s = position(
        {
            **ROMIN,
            "hand": ["binding", "spark"],
            "concentrations": ["spark"] * 4,
            "ailments": [{"type": "curse", "boon": "aegis"}],
        },
        {**EVA, "ailments": [{"type": "burn"}], "blocked": True},
    )
    binding, aegis = handle(s, 0, "binding"), handle(s, 0, "aegis", "field")
    assert sorted(t for t in legal_texts(s, 0) if t.startswith(f"play {binding}")) == sorted(
        [f"play {binding} on=p2:burn", f"play {binding} on={aegis}"]
    )
    me, them = seat(s, 0), seat(s, 1)
    s = run(s, f"play {binding} on=p2:burn")
    assert seat(s, 1) == {**them, "field": ["binding"], "ailments": [("burn", 1, True)]}
    s = decline_all(run(s, f"play {handle(s, 0, 'spark')} target={handle(s, 1, 'binding', 'field')}"))
    assert seat(s, 1) == them
    assert seat(s, 0) == {**me, "hand": [], "field": ["aegis", "spark"], "discard": ["binding"], "concs": [
        (True, True), (True, False), (True, False), (True, False)]}  # fmt: skip
    assert awaiting(s) == ("play", 0)
