"""Power loss and health: only a power lost because health reached 0 resets the health; a power lost to an empty
deck or to 8+ exposed ailments keeps it. Both rule sets state it: 001 p.4 "Your health only resets (returns to) its
current maximum when it reaches 0" and 000 "Your health only resets (returns to) its current maximum" (with "no
other power loss condition causes health to reset"). Each scenario is played under both rule sets, and under engine
2, whose recorded games reset the health on every power loss and must replay as they were played (docs/rules.md,
"Engine versions and saved games")."""

from __future__ import annotations

from collections import Counter

import pytest

from gameplay.runeslingers.engine import State, from_json, pending, to_json
from gameplay.runeslingers.engine.core import exposed_ailments, max_health
from gameplay.runeslingers.engine.state import F_WHERE, WHERE_UTIL
from tests.engine.helpers import classic_position, decision, decline_all, handle, ids, run
from tests.engine.test_classic_playouts import classic_setup
from tests.engine.test_playouts import play_setup

BOTH = ("classic", "awakening")
MAX = {"classic": 18, "awakening": 20}


def at_turn_start(p1: dict[str, object], rules: str, engine: str | None = None) -> State:
    """p2 ends its turn (the Discard Phase runs by itself) and p1's turn runs up to p1's first decision."""
    return classic_position(p1, {"deck": ["hex"] * 10}, rules=rules, engine=engine, active="p2", phase="discard")


def assert_untouched(state: State, p: int) -> None:
    """The other player: full health, all power, no determination, no ailment."""
    pl = state.players[p]
    assert (pl.health, pl.power, pl.det, exposed_ailments(state, p)) == (max_health(state, p), 5, 0, 0)


# --- empty deck -----------------------------------------------------------------------------------


@pytest.mark.parametrize("rules", BOTH)
def test_a_power_lost_to_an_empty_deck_keeps_the_health(rules: str) -> None:
    """001 p.4 "When your deck is empty (has 0 cards in it), pause all actions and lose a
    power"; 001 p.4 "Your health only resets (returns to) its current maximum when it reaches 0".
    000 "no other power loss condition causes health to reset"; 000 "When you are forced to
    interact with a card in your deck". p1 on 10 health draws 2 from an empty deck in the Draw Phase."""
    s = at_turn_start({"health": 10, "deck": [], "discard": ["hex"] * 4}, rules)
    pl = s.players[0]
    assert (pl.health, pl.power, pl.det) == (10, 4, 1)
    assert max_health(s, 0) == MAX[rules]
    assert (len(pl.hand), len(pl.deck), pl.discard) == (2, 2, [])
    assert ids(s, pl.hand) == ["hex", "hex"]
    assert (decision(s).player, decision(s).kind) == (0, "draw")
    assert_untouched(s, 1)


@pytest.mark.parametrize("rules", BOTH)
def test_engine_2_games_reset_the_health_on_an_empty_deck(rules: str) -> None:
    """Replay compatibility: a game recorded under engine 2 reset the health on every power loss
    (docs/rules.md "Engine versions and saved games"); it goes on doing so, also after a JSON
    round trip (a game saved on the site and loaded again)."""
    s = at_turn_start({"health": 10, "deck": [], "discard": ["hex"] * 4}, rules, engine="2")
    pl = s.players[0]
    assert (pl.health, pl.power, pl.det) == (MAX[rules], 4, 1)
    assert (len(pl.hand), len(pl.deck), pl.discard) == (2, 2, [])
    assert (decision(s).player, decision(s).kind) == (0, "draw")
    again = from_json(to_json(s))
    assert again.engine == "2"
    assert to_json(again) == to_json(s)


@pytest.mark.parametrize("rules", BOTH)
def test_a_burn_that_empties_the_deck_keeps_the_health_it_left(rules: str) -> None:
    """A card effect makes the player lose a power: Brand applies 2 Burn, each "lose 2 health and sear 1" (the Burn
    ailment); the first sear finds the deck empty (001 p.4 "Resume all paused actions (such as drawing, searing or
    voiding cards from your deck)"; 000 "continue any actions that were interrupted by this condition"). Romin on 10
    health ends on 6 with one power lost, not on the maximum less 2."""
    s = classic_position(
        {"hand": ["brand"], "concentrations": ["hex"]}, {"health": 10, "deck": [], "discard": ["hex"] * 3}, rules=rules
    )
    s = decline_all(run(s, f"play {handle(s, 0, 'brand')} target=p2"))
    romin = s.players[1]
    assert (romin.health, romin.power, romin.det) == (6, 4, 1)
    assert (len(romin.deck), len(romin.discard), romin.hand) == (1, 2, [])
    assert exposed_ailments(s, 1) == 2 and romin.ail[0][:2] == [0, 2]  # Burn ×2
    assert (decision(s).player, decision(s).kind) == (0, "play")
    eva = s.players[0]
    assert (eva.health, eva.power, eva.det, eva.hand) == (max_health(s, 0), 5, 0, [])


def test_a_sear_cost_paid_from_an_empty_deck_keeps_the_health() -> None:
    """The Awakening's deck is bottomless, so Sear 2 as a cost is paid from an empty deck by losing a power (001 p.3
    "Any time you would draw, void, sear, set, place or discard cards from an empty deck"); Eva keeps her 10 health.
    Flaming Fists then deals 5 to Romin and its hit inflicts 2 Burn (lose 2 health, sear 1 each)."""
    romin = {"runeslinger": "romin", "hand": ["flaming-fists"], "concentrations": ["hex"] * 2}
    s = classic_position(
        {**romin, "health": 10, "deck": [], "discard": ["hex"] * 4}, {"runeslinger": "eva"}, rules="awakening"
    )
    s = decline_all(run(s, f"play {handle(s, 0, 'flaming-fists')} target=p2"))
    p1 = s.players[0]
    assert (p1.health, p1.power, p1.det) == (10, 4, 1)
    assert (len(p1.deck), ids(s, p1.discard)) == (2, ["hex", "hex"])
    p2 = s.players[1]
    assert (p2.health, p2.power, p2.det) == (20 - 5 - 2 - 2, 5, 0)
    assert exposed_ailments(s, 1) == 2 and len(p2.deck) == 8
    assert (decision(s).player, decision(s).kind) == (0, "play")


def test_phoenix_feather_heals_from_the_health_kept() -> None:
    """What triggers on a power loss ("When you lose a power: gain 6 health and draw 2 cards")
    starts from the health kept: 10 + 6 = 16, where a reset would have left 20 (001 p.4)."""
    s = at_turn_start(
        {
            "health": 10,
            "deck": [],
            "discard": ["hex"] * 6,
            "field": [{"card": "phoenix-feather", "on": "utility", "played_turn": 1}],
        },
        "awakening",
    )
    pl = s.players[0]
    assert (pl.health, pl.power, pl.det) == (16, 4, 1)
    assert (len(pl.hand), len(pl.deck), pl.discard) == (4, 2, [])
    feather = int(handle(s, 0, "phoenix-feather", "field")[1:])
    assert pl.field[feather][F_WHERE] == WHERE_UTIL
    assert (decision(s).player, decision(s).kind) == (0, "draw")


def test_the_last_power_lost_to_an_empty_deck_ends_the_game() -> None:
    """001 p.4 "when all of your power is lost, you are defeated"."""
    s = at_turn_start({"health": 10, "power": 1, "deck": [], "discard": ["hex"] * 4}, "awakening")
    assert pending(s) is None and s.winner == 1
    assert (s.players[0].power, s.players[0].det, s.players[0].health) == (0, 5, 10)


# --- the Ailment Phase ----------------------------------------------------------------------------


@pytest.mark.parametrize("rules", BOTH)
def test_a_power_lost_to_eight_ailments_keeps_the_health(rules: str) -> None:
    """001 p.4 "In your Ailment Phase, if you have 8 or more exposed
    ailments"; 000 "When you begin your turn with 8 or more unconcealed ailments" and 000 "no
    other power loss condition causes health to reset". One type: nothing to choose."""
    s = at_turn_start({"health": 10, "ailments": [{"type": "curse", "count": 8}]}, rules)
    pl = s.players[0]
    assert (pl.health, pl.power, pl.det) == (10, 4, 1)
    assert exposed_ailments(s, 0) == 0 and pl.ail[0] == [-1, 0, -1]
    assert (len(pl.hand), len(pl.deck)) == (2, 8)
    assert (decision(s).player, decision(s).kind) == (0, "draw")
    assert_untouched(s, 1)


@pytest.mark.parametrize("rules", BOTH)
def test_a_power_lost_to_chosen_ailments_keeps_the_health(rules: str) -> None:
    """The same through the player's choice of the 8 (a `remove` decision; 001 p.11 "The exposed ailments you remove
    is your choice"; 000 "you choose and cleanse (remove) eight of them and lose a power")."""
    s = at_turn_start(
        {"health": 10, "ailments": [{"type": "curse", "count": 5}, {"type": "fragment", "count": 4}]}, rules
    )
    assert (decision(s).player, decision(s).kind) == (0, "remove")
    assert (s.players[0].health, s.players[0].power) == (10, 5)
    s = run(s, "remove " + " ".join(["ailment=curse"] * 5 + ["ailment=fragment"] * 3))
    pl = s.players[0]
    assert (pl.health, pl.power, pl.det) == (10, 4, 1)
    assert exposed_ailments(s, 0) == 1 and pl.ail[1][:2] == [2, 1]  # one Fragment left
    assert (len(pl.hand), len(pl.deck)) == (2, 8)
    assert (decision(s).player, decision(s).kind) == (0, "draw")
    assert_untouched(s, 1)


@pytest.mark.parametrize("rules", BOTH)
def test_engine_2_games_reset_the_health_in_the_ailment_phase(rules: str) -> None:
    """Replay compatibility: the same position under engine 2 resets the health, as its recorded
    games did."""
    s = at_turn_start({"health": 10, "ailments": [{"type": "curse", "count": 8}]}, rules, engine="2")
    pl = s.players[0]
    assert (pl.health, pl.power, pl.det) == (MAX[rules], 4, 1)
    assert exposed_ailments(s, 0) == 0 and (len(pl.hand), len(pl.deck)) == (2, 8)
    assert (decision(s).player, decision(s).kind) == (0, "draw")


# --- 0 health still resets ----------------------------------------------------------------------


@pytest.mark.parametrize("rules", BOTH)
def test_health_reaching_0_resets_it_to_the_maximum(rules: str) -> None:
    """001 p.4 "If your Health reaches 0, you lose a power and reset your health to its current maximum"; 000 "When
    your health reaches 0, you lose a power". Blood Rite's Pain 5 at 5 health (000 "Pain: To play this card, you
    must pay this much health"): the cost brings health to 0, then the card draws 3."""
    s = classic_position({"hand": ["blood-rite"], "concentrations": ["hex"], "health": 5}, {}, rules=rules)
    s = decline_all(run(s, f"play {handle(s, 0, 'blood-rite')}"))
    pl = s.players[0]
    assert (pl.health, pl.power, pl.det) == (MAX[rules], 4, 1)
    assert (len(pl.hand), len(pl.deck)) == (3, 7)
    assert (decision(s).player, decision(s).kind) == (0, "play")
    assert_untouched(s, 1)


@pytest.mark.parametrize("rules", BOTH)
def test_health_loss_paused_by_the_reset_goes_on_from_the_new_total(rules: str) -> None:
    """001 p.4 "if there is unresolved pierce damage or health loss that was paused when you lost a power, it is now
    applied to your newly reset health total"; 000 "Health loss always pierces, reducing your health by its total
    amount". Brand's first Burn costs Romin (1 health) a power and 1 more health from the maximum, the second Burn 2
    more."""
    s = classic_position({"hand": ["brand"], "concentrations": ["hex"]}, {"health": 1}, rules=rules)
    s = decline_all(run(s, f"play {handle(s, 0, 'brand')} target=p2"))
    romin = s.players[1]
    assert (romin.health, romin.power, romin.det) == (MAX[rules] - 1 - 2, 4, 1)
    assert exposed_ailments(s, 1) == 2 and (len(romin.deck), len(romin.discard)) == (8, 2)
    assert (decision(s).player, decision(s).kind) == (0, "play")


# --- random games ---------------------------------------------------------------------------------


@pytest.mark.parametrize(("engine", "kinds"), [("3", {"reset", "kept"}), ("2", {"reset before 3"})])
@pytest.mark.parametrize("rules", BOTH)
def test_random_games_reset_the_health_only_when_it_reached_0(rules: str, engine: str, kinds: set[str]) -> None:
    """Every power loss of 30 random games (`invariants.watch_power_losses`): under engine 3 the health resets when
    it reached 0 and is kept otherwise (001 p.4 "Your health only resets (returns to) its current maximum", 000 "no
    other power loss condition causes health to reset"), both seen; under engine 2 it reset every time, as its
    recorded games did."""
    losses: Counter[str] = Counter()
    for seed in range(30):
        if rules == "classic":
            setup = classic_setup(seed)
        else:
            setup = {"players": [{"starter": "eva-starter"}, {"starter": "vesna-starter"}]}
        play_setup(setup, seed, full=False, engine=engine, losses=losses)
    assert set(losses) == kinds, losses
