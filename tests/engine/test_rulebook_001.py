"""Rules of The Awakening (rulebooks 001 and 002) that no other scenario asserted, each with its
citation (docs/rules-coverage.md lists them all). Each scenario checks the whole outcome: both
players' health, power, determinations, light, zones and ailments, and whose decision is pending,
by comparing each seat with what it was before plus what the rule changes."""

from __future__ import annotations

import pytest

from gameplay.runeslingers.engine import IllegalActionError, State, apply, core, new_game, result, scenario, view
from gameplay.runeslingers.engine.state import C_TOP, C_USED, F_DMG, F_USED
from tests.engine.helpers import EVA, ROMIN, conc, decline_all, handle, ids, legal_texts, position, run
from tests.engine.outcome import answered, awaiting, seat

STARTERS = {"players": [{"starter": "eva-starter"}, {"starter": "romin-starter"}], "first": "p1"}


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
    from gameplay.runeslingers.cards.model import Modifier

    s._cache[core.S_KEY] = {"max_hand_size": [(c, prio, -1, Modifier("max_hand_size", prm)) for c, prio, prm in mods]}
    return core.max_hand_size(s, p)


def test_effects_that_contradict_resolve_by_priority_then_the_active_player() -> None:
    """001 p.3 "the active player's (player whose turn it is) effect has the highest priority", 002 "Stances have
    priority over card effects" and 002 "stance takes priority over the card effect": two maximum hand sizes at
    the same level (cards of both players) give the active player's; a stance beats a card, an ailment a stance,
    whoever's turn it is. (No two cards of the catalog contradict each other yet, so the effects are put in play
    directly.)"""
    s = position({}, {})
    mine: dict[str, object] = {"value": 5}
    theirs: dict[str, object] = {"value": 7, "who": "enemies"}
    assert _max_hand_with(s, 0, [(0, core.PRIO_CARD, mine), (1, core.PRIO_CARD, theirs)]) == 5
    s.active = 1
    assert _max_hand_with(s, 0, [(0, core.PRIO_CARD, mine), (1, core.PRIO_CARD, theirs)]) == 7
    assert _max_hand_with(s, 0, [(0, core.PRIO_CARD, mine), (1, core.PRIO_EQUIP, theirs)]) == 7
    s.active = 0
    assert _max_hand_with(s, 0, [(0, core.PRIO_CARD, mine), (1, core.PRIO_EQUIP, theirs)]) == 7
    fragment: dict[str, object] = {"value": 4}
    assert _max_hand_with(s, 0, [(0, core.PRIO_AILMENT, fragment), (1, core.PRIO_EQUIP, theirs)]) == 4
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
    "1: Exposed - There is no card on top of this card" (002 "Concentrations that are not exposed are considered
    concealed"): of three concentrations, one covered by a card and one
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
    """001 p.7 "You have 6 concentration areas", 002 "Concentration Areas - You can control up to 6 concentrations"
    and 001 p.20 "Ailments, Runeslingers, stances and abilities are not cards": with six concentrations no
    seventh can be set; and Bounce ("target card in play") can name a card in play, never a Runeslinger, a
    concentration or an ailment. As 001 p.12 "Note that in game, ailments are not considered cards"."""
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
    s = run(answered(run(s, f"play {handle(s, 0, 'jab')} target=p2")), f"block discard={handle(s, 1, 'spark')}")
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
    """The card play steps of 001 p.10: 001 p.10 "Pay Costs: This card's costs, followed by any other conditional
    cost", 001 p.10 "Play: Place the card onto a valid location on the field", (its keywords are none:
    Binding's Token is in test_token_and_use_binding), 001 p.10 "Declare Choices: If this card has effects that require
    a choice", 001 p.10 "Declare Targets: You must choose and announce the valid target(s)", 001 p.10 "Answerable
    Action: An answerable action is created for the enemy player" and 001 p.10 "Resolve Effects: This card's
    effects resolve in the order they are written"; with 002 "Card Effects are always resolved in the order they
    appear on the card", 001 p.11 "Sling a runespell or play a defense card from your hand by paying its cost" and
    002 "Sling a runespell or play a defense card from your hand by paying its cost": Rainbow Dart (2 light) is
    declared with its two chosen ailments and its target (it has no keyword to resolve); its cost is paid and it is
    in play before p2 may answer, and nothing has happened to p2; then it deals 3 (+1 Iron Focus) and the hit
    applies the two ailments, in the order the active player chooses (001 p.13): Burn, then Curse."""
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
    s = answered(s)
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
    offered = {t for t in legal_texts(s, 0) if t.startswith("play")}
    fire = handle(s, 0, "fireball")
    assert offered == {
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
    s = answered(s)
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
    s = run(
        answered(run(s, f"play {handle(s, 0, 'glancing-arrow')} target=p2")), f"block discard={handle(s, 1, 'spark')}"
    )
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
    """002 "Boons can be played only onto an ailment or existing boon that any player controls", 001 p.14 "You can
    play a boon on either an ailment or existing boon on any player's field", 001 p.6 "Boon defense cards are
    played on an either an ailment or boon on any player's field", 001 p.20 "Exposed: When a card or ailment has
    no card on it, it is exposed", 002 "This card is a defense card, and can be both targeted and destroyed by
    damage. If Binding is dealt 3+ damage", 002 "Because Binding has defense, it is also a defense card", 001
    p.14 "Because boons are defense cards, they can be targeted and destroyed by damage", 002 "Because boons are
    defense cards, they can be targeted and destroyed by damage" and 002 "Boons are defense cards that conceal
    (temporarily remove from play)": with no ailment anywhere Binding cannot be played; with p2's exposed Burn
    and p1's booned Curse it may go on the Burn or on the boon, not under it; on p2's Burn it conceals it; Spark
    (4) destroys it, the Burn is exposed again and Binding goes to its owner's pile. Binding's 3 light are paid
    by using three concentrations (001 p.6 "Binding, you must pay this cost by creating this much")."""
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


# --- blocking ----------------------------------------------------------------------------------------


def test_a_block_barrier_counts_the_blocks_own_triggers_and_is_declared_before_the_damage() -> None:
    """001 p.14 "The amount of damage a block barrier can prevent is equal to your Runeslinger's block value",
    001 p.14 "those effects must resolve before the value of the block barrier you are applying is calculated",
    001 p.14 "Your intent to block must be declared before damage resolves on its target", 002 "Your intent to
    block must be declared before damage resolves on its target", 002 "When you block, until end of turn, prevent
    damage to the target of your block", 002 "The block value of your block is calculated when the damage
    resolves", 002 "Block denotes how much damage you prevent when you block", 002 "this triggers the option for
    you to block that target" and 001 p.14 "You can block even if it's not your turn": on p1's turn p2 (block 4)
    is asked to block Fireball before any damage; Iron Buckler's "when you block: +2" counts, so the barrier is 6
    and p2 takes 2; the blocking card goes to the discard pile."""
    s = position(
        {**ROMIN, "hand": ["fireball"], "concentrations": ["spark"] * 3},
        {**EVA, "hand": ["jab"], "field": [{"card": "iron-buckler", "on": "utility"}]},
    )
    s = answered(run(s, f"play {handle(s, 0, 'fireball')} target=p2"))
    them = seat(s, 1)
    assert awaiting(s) == ("block", 1) and them["health"] == 20
    s = run(s, f"block discard={handle(s, 1, 'jab')}")
    assert seat(s, 1) == {**them, "hand": [], "discard": ["jab"], "health": 18}
    assert (s.players[1].barrier, s.players[1].blocked) == (0, 1) and awaiting(s) == ("play", 0)


def test_a_block_barrier_lasts_the_turn_until_used_up_and_then_damage_goes_through() -> None:
    """001 p.14 "When you block, you apply a block barrier to the object you are blocking", 001 p.14 "When a block
    barrier is depleted (by damage or effects), any remaining unresolved damage is then dealt" and 002 "You can
    block even if it's not your turn, as long as you haven't blocked this turn": p2 blocks the first Jab (2) with
    a barrier of 4, which also stops the second Jab; the third Jab's 2 go through; no second block is offered."""
    s = position({**ROMIN, "equips": ["relentless", "overflow"], "hand": ["jab"] * 3, "concentrations": ["spark"] * 3},
                 {**EVA, "hand": ["spark", "spark"]})  # fmt: skip
    s = run(answered(run(s, f"play {handle(s, 0, 'jab')} target=p2")), f"block discard={handle(s, 1, 'spark')}")
    assert (s.players[1].health, s.players[1].barrier) == (20, 2)
    s = answered(run(s, f"play {handle(s, 0, 'jab')} target=p2"))
    assert (s.players[1].health, s.players[1].barrier) == (20, 0) and awaiting(s) == ("play", 0)
    s = answered(run(s, f"play {handle(s, 0, 'jab')} target=p2"))
    assert seat(s, 1)["health"] == 18 and seat(s, 1)["hand"] == ["spark"] and awaiting(s) == ("play", 0)


def test_a_block_value_has_no_maximum() -> None:
    """001 p.14 "You have no maximum block value", 001 p.14 "Numerous effects can increase or decrease your block
    value" and 001 p.5 "This is your Block value. Block denotes how much damage you prevent when you block. Eva has 4
    block": Eva's 4, +2 Aegis, +1 Ward Sigil, +1 Tower Shield, +1 Champion's Belt = 9, and a Curse takes 1 off."""
    s = position(
        {
            "ailments": [{"type": "burn", "boon": "aegis"}],
            "field": [
                {"card": "ward-sigil", "on": "utility"},
                {"card": "tower-shield", "on": "utility"},
                "champions-belt",
            ],
        },
        {},
    )
    assert core.block_value(s, 0) == 9 and core.block_value(s, 1) == 4
    s.players[0].own_ail()[1][:2] = [1, 1]  # a Curse on another area
    s._cache.clear()
    assert core.block_value(s, 0) == 8


def test_health_loss_cannot_be_blocked_but_pierce_damage_can() -> None:
    """001 p.14 "You cannot block direct damage or health loss from effects such as Burn I" and 002 "Like normal
    (non-direct) damage, damage that pierces can be blocked": Soul Tax (health loss) offers p2 no block; Piercing
    Kick (5 pierce, +1 Iron Focus) does, and the barrier of 3 (4, -1 for the Curse) lets 3 through."""
    s = position(
        {**ROMIN, "hand": ["soul-tax", "piercing-kick"], "concentrations": ["spark"] * 4},
        {**EVA, "hand": ["jab"], "ailments": [{"type": "curse"}]},
    )
    s = answered(run(s, f"play {handle(s, 0, 'soul-tax')} target=p2"))
    assert awaiting(s) == ("play", 0) and s.players[1].health == 18
    s = answered(run(s, f"play {handle(s, 0, 'piercing-kick')} target=p2"))
    assert awaiting(s) == ("block", 1)
    s = run(s, f"block discard={handle(s, 1, 'jab')}")
    assert s.players[1].health == 15 and awaiting(s) == ("play", 0)


def test_no_block_is_offered_when_the_block_value_is_zero(monkeypatch: pytest.MonkeyPatch) -> None:
    """001 p.14 "You cannot block if your Runeslinger's block value is zero" and 002 "You cannot block if your
    Runeslinger's block value is zero": the same Fireball offers p2 a block at block 4 and none at block 0. (No card
    of the catalog brings a block to 0, so the value is set directly.)"""
    s = position({"hand": ["fireball"], "concentrations": ["spark"] * 3}, {**ROMIN, "hand": ["jab"]})
    s = run(s, f"play {handle(s, 0, 'fireball')} target=p2")
    assert awaiting(answered(s)) == ("block", 1)
    monkeypatch.setattr(core, "block_value", lambda state, p: 0)
    s = answered(s)
    assert awaiting(s) == ("play", 0) and s.players[1].health == 12 and ids(s, s.players[1].hand) == ["jab"]


def test_a_defense_card_you_control_can_be_blocked_for() -> None:
    """002 "When an enemy-controlled damage source deals damage to either a defense card that you control or your
    Runeslinger": Spark at p2's Tower Shield (defense 5) offers p2 a block; the barrier of 5 (4 + Tower Shield's 1)
    takes all 4 damage."""
    s = position({**ROMIN, "hand": ["spark"], "concentrations": ["spark"]}, {**EVA, "hand": ["jab"], "field": [
        {"card": "tower-shield", "on": "utility"}]})  # fmt: skip
    shield = handle(s, 1, "tower-shield", "field")
    s = answered(run(s, f"play {handle(s, 0, 'spark')} target={shield}"))
    assert awaiting(s) == ("block", 1)
    s = run(s, f"block discard={handle(s, 1, 'jab')}")
    assert s.players[1].field[int(shield[1:])][F_DMG] == 0 and s.players[1].health == 20


# --- triggers, decks and piles -----------------------------------------------------------------------


def test_when_stone_trap_leaves_the_field_the_card_under_it_returns_to_its_owners_hand() -> None:
    """001 p.16 "When Stone Trap leaves the field:. This condition triggers the effect after its colon", 002
    "Second trigger condition - When Stone Trap leaves the field", 002 "First trigger condition - When you play
    Stone Trap" and 001 p.20 "Concealed ailments and cards are not in play; they have no effects": Stone Trap
    answers Flaming Fists and holds it, so Fists does nothing; then Fireball destroys the trap, and Fists goes back
    to p1's hand, the trap to p2's discard pile."""
    s = position(
        {**ROMIN, "hand": ["flaming-fists", "fireball"], "concentrations": ["spark"] * 5},
        {**EVA, "hand": ["stone-trap"], "concentrations": ["spark"] * 2},
    )
    s = run(s, f"play {handle(s, 0, 'flaming-fists')} target=p2")
    s = decline_all(run(s, f"play {handle(s, 1, 'stone-trap')} target={handle(s, 0, 'flaming-fists', 'field')}"))
    me, them = seat(s, 0), seat(s, 1)
    assert (me["hand"], me["field"], them["field"], them["health"]) == (["fireball"], [], ["stone-trap"], 20)
    s = decline_all(run(s, f"play {handle(s, 0, 'fireball')} target={handle(s, 1, 'stone-trap', 'field')}"))
    assert seat(s, 0) == {**me, "hand": ["flaming-fists"], "field": ["fireball"], "concs": [
        (True, True), (True, False), (True, False), (True, False), (True, False)]}  # fmt: skip
    assert seat(s, 1) == {**them, "field": [], "discard": ["stone-trap"]} and awaiting(s) == ("play", 0)


def test_sear_and_void_take_the_top_cards_of_the_deck() -> None:
    """001 p.20 "Sear: Take this many cards from the top of your deck and place them face-up in your discard pile"
    and 001 p.20 "Void: Take this many cards from the top of your deck and place them face-up in your void pile":
    Searing Gaze makes p2 sear its top 4, Void Touch void the next 3."""
    deck = ["jab", "spark", "fireball", "channel", "bounce", "hex", "guard", "mend"]
    s = position({**ROMIN, "hand": ["searing-gaze", "void-touch"], "concentrations": ["spark"] * 3}, {"deck": deck})
    them = seat(s, 1)
    s = decline_all(run(s, f"play {handle(s, 0, 'searing-gaze')} target=p2"))
    assert seat(s, 1) == {**them, "deck": 4, "discard": sorted(deck[:4])}
    s = decline_all(run(s, f"play {handle(s, 0, 'void-touch')} target=p2"))
    assert seat(s, 1) == {**them, "deck": 1, "discard": sorted(deck[:4]), "void": sorted(deck[4:7])}
    assert ids(s, s.players[1].deck) == ["mend"] and awaiting(s) == ("play", 0)


def test_a_deck_effect_is_resolved_in_full_through_an_empty_deck_and_the_void_stays_apart() -> None:
    """001 p.18 "sear, void, draw, set, place and discard effects are always resolved in full to ensure power is
    lost when a deck is empty", 001 p.7 "Your void pile is never to be shuffled into your discard pile or deck",
    002 "Your void pile is never to be shuffled into your discard pile or deck" and 002 "Determinations are used
    to pay for your Runeslinger's ability when you activate it" (a determination for the power lost): p2 with 1
    card in deck, 4 in the discard pile and 2 voided is made to void 3: it voids the one, loses a power (and
    gains a determination), shuffles the 4 discarded cards in, and voids 2 more; the cards voided before stay in
    the void."""
    s = position(
        {**ROMIN, "hand": ["void-touch"], "concentrations": ["spark"] * 2},
        {"deck": ["jab"], "discard": ["spark"] * 4, "void": ["mend", "mend"]},
    )
    them = seat(s, 1)
    s = decline_all(run(s, f"play {handle(s, 0, 'void-touch')} target=p2"))
    assert seat(s, 1) == {**them, "power": 4, "det": 1, "deck": 2, "discard": [], "void": [
        "jab", "mend", "mend", "spark", "spark"]}  # fmt: skip
    assert awaiting(s) == ("play", 0)


def test_at_random_means_nobody_chooses() -> None:
    """001 p.20 "At Random: An enemy chooses without seeing, the prescribed number of cards": Disrupt makes p2
    discard 1 of 3 cards at random: no one is asked which, and the seed decides (the same position discards the
    same card again)."""
    s = position({**ROMIN, "hand": ["disrupt"], "concentrations": ["spark"]}, {"hand": ["jab", "spark", "mend"]})
    them = seat(s, 1)
    s1 = decline_all(run(s, f"play {handle(s, 0, 'disrupt')} target=p2"))
    gone = seat(s1, 1)["discard"]
    assert len(gone) == 1 and seat(s1, 1) == {**them, "discard": gone, "hand": sorted(set(them["hand"]) - set(gone))}
    assert awaiting(s1) == ("play", 0)
    s2 = decline_all(run(s, f"play {handle(s, 0, 'disrupt')} target=p2"))
    assert seat(s2, 1)["discard"] == gone


def test_a_use_card_is_turned_and_cannot_be_used_again_until_it_is_readied() -> None:
    """001 p.11 "Use the effect of a defense card you control by turning it horizontally", 002 "Use the effect of
    a defense card you control by turning it horizontal", 001 p.11 "Activate the effect of a card you control by
    paying that effect's activation cost" and 001 p.10 "It cannot be turned used again until it is readied": War
    Gauntlet (Quick) is played and used at once (3 damage), and is not offered again this turn."""
    s = position({**ROMIN, "hand": ["war-gauntlet"], "concentrations": ["spark"] * 2}, {**EVA})
    s = run(s, f"play {handle(s, 0, 'war-gauntlet')}")
    gauntlet = handle(s, 0, "war-gauntlet", "field")
    them = seat(s, 1)
    s = decline_all(run(s, f"use {gauntlet} target=p2"))
    assert s.players[0].field[int(gauntlet[1:])][F_USED] == 1
    assert seat(s, 1) == {**them, "health": 17} and awaiting(s) == ("play", 0)
    assert not [t for t in legal_texts(s, 0) if t.startswith("use")]
