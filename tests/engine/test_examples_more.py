"""More worked examples and keyword rules: 000 examples that agree with 001, and 001 keywords."""

from __future__ import annotations

from gameplay.runeslingers.engine import scenario
from gameplay.runeslingers.engine.core import exposed_ailments
from tests.engine.helpers import (
    EVA,
    ROMIN,
    binding_played_on_a_burn,
    decision,
    decline_all,
    handle,
    ids,
    legal_texts,
    position,
    run,
)


def test_divine_barrier_destroyed_merges_insanity_000() -> None:
    """001 p.13 "those ailments and their instances combine & merge onto one ailment area", 001 p.13 "When a boon
    you control is destroyed, the ailments under it become" and 002 "both ailments and their instances merge
    onto a single ailment card": Emily has 1 Insanity under Divine Barrier and 2 more exposed; when Divine
    Barrier is destroyed the areas merge into 3 Insanity; merging is not applying, so Insanity I does not make
    her discard."""
    s = position(
        {"hand": ["fireball"], "concentrations": ["spark"] * 3},
        {
            "hand": ["jab"],
            "blocked": True,
            "ailments": [{"type": "insanity", "count": 1, "boon": "divine-barrier"}, {"type": "insanity", "count": 2}],
        },
    )
    barrier = handle(s, 1, "divine-barrier", "field")
    s = decline_all(run(s, f"play {handle(s, 0, 'fireball')} target={barrier}"))
    areas = [a for a in s.players[1].ail if a[0] >= 0]
    assert areas == [[4, 3, -1]] and len(s.players[1].hand) == 1


def test_iron_wall_destroys_a_runespell_and_its_controller_draws_000() -> None:
    """001 p.20 "Cards that are destroyed before their effects can resolve, have no effect": Iron Wall destroys a
    spirit or attack runespell and its controller draws a card; the destroyed Fireball has no effect."""
    s = position(
        {"hand": ["fireball"], "concentrations": ["spark"] * 3},
        {"hand": ["iron-wall"], "concentrations": ["spark"] * 2},
    )
    s = run(s, f"play {handle(s, 0, 'fireball')} target=p2")
    fb = handle(s, 0, "fireball", "field")
    s = run(s, f"play {handle(s, 1, 'iron-wall')} target={fb}", "pass")
    assert s.players[1].health == 20 and len(s.players[0].hand) == 1
    assert "fireball" in ids(s, s.players[0].discard)


def test_tornado_choice_destroys_all_trinkets_000() -> None:
    """001 p.17 "You choose one of this card's bullet effects; only the chosen effect is used" and 002 "You choose
    one of this card's bullet": Tornado destroys all boons or all trinkets, as its controller chooses."""
    s = position(
        {"hand": ["tornado"], "concentrations": ["spark"] * 3, "field": [{"card": "firecracker", "on": "utility"}]},
        {
            "field": [{"card": "tower-shield", "on": "utility"}],
            "ailments": [{"type": "curse", "count": 1, "boon": "aegis"}],
        },
    )
    plays = [t for t in legal_texts(s, 0) if t.startswith("play")]
    assert sorted(plays) == sorted(
        [f"play {handle(s, 0, 'tornado')} choice=1", f"play {handle(s, 0, 'tornado')} choice=2"]
    )
    s = decline_all(run(s, f"play {handle(s, 0, 'tornado')} choice=2"))
    assert [ids(s, list(p.field)) for p in s.players] == [["tornado"], ["aegis"]]


def test_distract_discards_the_concentration_under_it() -> None:
    """001 p.17 "When this card leaves your field, the concentration under it is discarded" and 002 "distract When
    this card leaves the field": Blood Rite: Pain 5, draw 3, gain 2 light; in the Discard Phase both go. Both go
    to the discard pile (002 "All cards that leave the field by discard or distraction are placed into their
    owner's discard pile")."""
    s = position({"hand": ["blood-rite"], "concentrations": ["jab"]}, {})
    s = decline_all(run(s, f"play {handle(s, 0, 'blood-rite')}"))
    assert s.players[0].health == 15 and len(s.players[0].hand) == 3 and s.players[0].light == 2
    s = run(s, "end")
    assert s.players[0].concs == [] and sorted(ids(s, s.players[0].discard)) == ["blood-rite", "jab"]


def test_token_and_use_binding() -> None:
    """001 p.17 "This card enters play with this many basic tokens on it", 002 "This card enters play with this
    many basic tokens" and 001 p.17 "Turn this card horizontal to use this effect": Binding enters with 1 token;
    Use removes it and cleanses 3, the next turn (not the turn it was played); a second use does nothing without
    a token. And 002 "Token 1 means that Binding enters play with 1 token". The token is the keyword resolved as
    the card is played (001 p.10 "Resolve Keywords: Any keywords on this card applicable to its play must be
    resolved")."""
    s = binding_played_on_a_burn()
    b = handle(s, 0, "binding", "field")
    assert s.players[0].field[int(b[1:])][4] == 1
    assert not any(t.startswith("use") for t in legal_texts(s, 0))
    s.players[0].field[int(b[1:])][7] = 1  # as if played last turn
    s._legal.clear()
    s = run(s, f"use {b}")
    assert exposed_ailments(s, 0) == 1 and s.players[0].field[int(b[1:])][4] == 0


def test_charge_once_per_turn_and_sling_lava_stream() -> None:
    """001 p.17 "Once per turn during your Play Phase you may add +1 tokens to this card" and 002 "charge Once per
    turn during your Play Phase": Lava Stream's Sling deals 4 + 3 per token."""
    s = position({"field": [{"card": "lava-stream", "tokens": 1}]}, {})
    lava = handle(s, 0, "lava-stream", "field")
    s = run(s, f"charge {lava}")
    assert f"charge {lava}" not in legal_texts(s, 0)
    s = decline_all(run(s, f"sling {lava} target=p2"))
    assert s.players[1].health == 20 - (4 + 3 * 2)
    s = run(s, "end")
    assert "lava-stream" in ids(s, s.players[0].discard)


def test_convert_to_burn_applies_one_at_a_time() -> None:
    """001 p.20 "Convert Ailment: Remove the prescribed number of ailments", 001 p.13 "the original ailment is
    removed and a new ailment is applied" and 002 "If an ailment is converted from one type to another": each
    new Burn makes its bearer lose 2 health and sear 1 (Ignite converts up to 3 to Burn)."""
    s = position({"hand": ["ignite"], "concentrations": ["spark"] * 2}, {"ailments": [{"type": "curse", "count": 2}]})
    s = decline_all(run(s, f"play {handle(s, 0, 'ignite')} target=p2"))
    assert [a[:2] for a in s.players[1].ail if a[0] >= 0] == [[0, 2]]
    assert s.players[1].health == 16 and len(s.players[1].discard) == 2


def test_pierce_past_a_defense_card_hits_its_controller() -> None:
    """001 p.16 "If pierce damage is dealt to a defense card, any remaining damage", 001 p.17 "damage over the
    target's defense value is dealt to that card's controlling Runeslinger" and 002 "damage over the target's
    defense value is dealt to that card's controlling": Lightning Bolt's 7 pierce on a 2-defense Firecracker
    deals 5 to its controller."""
    s = position(
        {"hand": ["lightning-bolt"], "concentrations": ["spark"] * 3},
        {"field": [{"card": "firecracker", "on": "utility"}]},
    )
    s = decline_all(run(s, f"play {handle(s, 0, 'lightning-bolt')} target={handle(s, 1, 'firecracker', 'field')}"))
    assert not s.players[1].field and s.players[1].health == 15


def test_gain_health_never_above_maximum() -> None:
    """001 p.5 "Health cannot exceed its maximum" and 002 "Health cannot exceed its maximum": healing at 18 of 20
    stops at 20."""
    s = position({**ROMIN, "hand": ["catch-breath"], "concentrations": ["jab"], "health": 18}, {**EVA})
    s = decline_all(run(s, f"play {handle(s, 0, 'catch-breath')}"))
    assert s.players[0].health == 20


def test_time_warp_extra_turn_draws_one() -> None:
    """Time Warp (card text): after this turn, take another turn whose Draw Phase draws 1."""
    s = position({"hand": ["time-warp"], "concentrations": ["spark"] * 6}, {})
    s = decline_all(run(s, f"play {handle(s, 0, 'time-warp')}"))
    s = run(s, "end")
    assert decision(s).player == 0 and decision(s).kind == "draw" and len(s.players[0].hand) == 1
    s = run(s, "continue", "end")
    assert decision(s).player == 1


def test_fragment_two_limits_hand_size_over_a_stance() -> None:
    """001 p.3 "the fragment II ailment effect states" and 001 p.3 "the following priority order resolves these
    conflicts": the Fragment II ailment (maximum hand size 4) beats a stance's effect."""
    s = scenario(
        {
            "turn": 3,
            "active": "p2",
            "phase": "discard",
            "players": [
                {**EVA, "deck": ["spark"] * 10, "hand": ["jab"] * 3, "ailments": [{"type": "fragment", "count": 4}]},
                {"runeslinger": "vesna", "equips": ["cruel-harvest", "evil-eye"], "deck": ["spark"] * 10},
            ],
        }
    )
    assert len(s.players[0].hand) == 4 and ids(s, s.players[0].discard) == ["spark"]


def test_active_player_orders_ailments_of_different_types() -> None:
    """001 p.13 "unless those ailments are ordered in the text of the effect applying them": the active player
    chooses the order in which several ailments are applied (Sap: 1 Debilitate and 1 Weaken on a hit)."""
    s = position({"hand": ["sap"], "concentrations": ["spark"] * 2}, {})
    s = run(s, f"play {handle(s, 0, 'sap')} target=p2", "pass")
    assert decision(s).kind == "order" and decision(s).player == 0
    assert legal_texts(s, 0) == ["choose 1", "choose 2"]
    s = run(s, "choose 2")
    assert [a[0] for a in s.players[1].ail if a[0] >= 0] == [3, 5]  # weaken first, then debilitate


def test_simultaneous_triggers_are_ordered_by_their_controller() -> None:
    """001 p.16 "If multiple effects trigger simultaneously (due to having the same trigger condition)", 001 p.8
    "The active player decides the order in which effects resolve" and 002 "If multiple effects trigger
    simultaneously, the active player resolves": Talaka's Heart and Ember Veil both trigger on a spirit
    runespell."""
    s = position(
        {
            "hand": ["spark"],
            "concentrations": ["jab"],
            "ailments": [{"type": "curse", "count": 1, "boon": "ember-veil"}],
        },
        {"hand": ["jab"]},
    )
    s = run(s, f"play {handle(s, 0, 'spark')} target=p2")
    assert decision(s).kind == "order" and legal_texts(s, 0) == ["choose 1", "choose 2"]
    s = run(s, "choose 1")
    assert decision(s).kind == "answer" and len(s.players[1].discard) == 3


def test_playing_a_defense_card_creates_no_answerable_action() -> None:
    """001 p.15 "Playing a defense card such as a boon or trinket does not create an answerable action" and 002
    "Playing a defense card such as a boon or trinket does not create": a trinket, or a defense runespell that
    is not slung yet."""
    s = position({"hand": ["hex", "firecracker"], "concentrations": ["spark"] * 3}, {"hand": ["bounce"]})
    s = run(s, f"play {handle(s, 0, 'hex')}")
    assert decision(s).kind == "play" and decision(s).player == 0
    s = run(s, f"play {handle(s, 0, 'firecracker')}")
    assert decision(s).kind == "play" and decision(s).player == 0


def test_cleanse_any_is_chosen_by_the_targets_controller() -> None:
    """001 p.13 "When an ailment is removed from your Runeslinger, you take that many ailment instances off":
    Purify cleanses 3 from your Runeslinger with Burn and Curse exposed; which 3 is your choice (docs/rules.md)."""
    s = position(
        {
            "hand": ["purify"],
            "concentrations": ["spark"],
            "ailments": [{"type": "burn", "count": 2}, {"type": "curse", "count": 2}],
        },
        {},
    )
    s = run(s, f"play {handle(s, 0, 'purify')}", "pass")
    assert decision(s).kind == "remove" and legal_texts(s, 0) == [
        "remove ailment=burn ailment=burn ailment=curse",
        "remove ailment=burn ailment=curse ailment=curse",
    ]
    s = run(s, "remove ailment=burn ailment=burn ailment=curse")
    assert [a[:2] for a in s.players[0].ail if a[0] >= 0] == [[1, 1]] and decision(s).kind == "play"


def test_return_from_discard_is_your_choice() -> None:
    """Renewal: return 2 runespells of your choice from your discard pile to your hand (fresh handles)."""
    s = position(
        {"hand": ["renewal"], "concentrations": ["spark"] * 3, "discard": ["jab", "fireball", "fireball", "aegis"]}, {}
    )
    s = run(s, f"play {handle(s, 0, 'renewal')}", "pass")
    assert decision(s).kind == "return"
    assert len(legal_texts(s, 0)) == 2  # by kind: jab + fireball, or both fireballs
    jab, fire = handle(s, 0, "jab", "discard"), handle(s, 0, "fireball", "discard")
    s = run(s, f"choose target={jab} target={fire}")
    assert sorted(ids(s, s.players[0].hand)) == ["fireball", "jab"]
    assert sorted(ids(s, s.players[0].discard)) == ["aegis", "fireball"]
    assert jab not in [f"c{h}" for h in s.players[0].hand]


def test_pierce_past_a_boon_placed_on_an_enemy_goes_to_its_controller_not_its_owner() -> None:
    """001 p.14 "Boons you play on an opponent's field are played facing you", 002 "Boons you play on an opponent's
    field are played facing you", 001 p.20 "Cards that began the encounter in your own deck are owned by you"
    and 001 p.20 "A card on your field (your side of the play area) is controlled by you": p1's Binding sits on
    p2's burn, so p2 controls it; p1's Lightning Bolt (7 pierce) on it (defense 3) deals the 4 left over to p2,
    not to p1 (001 p.17's pierce)."""
    s = position(
        {"hand": ["lightning-bolt"], "concentrations": ["spark"] * 3},
        {"blocked": True, "ailments": [{"type": "burn", "count": 2, "boon": "binding", "boon_owner": "p1"}]},
    )
    binding = handle(s, 1, "binding", "field")
    assert s.owner(int(binding[1:])) == 0 and s.controller(int(binding[1:])) == 1
    s = decline_all(run(s, f"play {handle(s, 0, 'lightning-bolt')} target={binding}"))
    assert not s.players[1].field
    assert "binding" in ids(s, s.players[0].discard)  # the destroyed boon goes to its owner's pile
    assert s.players[1].health == 16 and s.players[0].health == 20


def test_pierce_past_an_enemy_owned_boon_you_control_hits_you() -> None:
    """The mirror case: p2's Binding on p1's weaken is controlled by p1; p2's own Lightning Bolt
    on it pierces into p1 (its controller), not into p2 (its owner, who cast the bolt)."""
    s = position(
        {"blocked": True, "ailments": [{"type": "weaken", "count": 1, "boon": "binding", "boon_owner": "p2"}]},
        {"hand": ["lightning-bolt"], "concentrations": ["spark"] * 3},
        active="p2",
    )
    binding = handle(s, 0, "binding", "field")
    s = decline_all(run(s, f"play {handle(s, 1, 'lightning-bolt')} target={binding}"))
    assert not s.players[0].field
    assert s.players[0].health == 16 and s.players[1].health == 20


def test_pierce_past_a_divine_barrier_you_do_not_own_and_its_health_loss_both_hit_the_controller() -> None:
    """001 p.13: Divine Barrier (defense 3) played by p1 on p2's ailment, destroyed while p2
    controls it: p2 loses 9 health (its "destroyed" trigger) and also takes the 4 pierce damage
    over its defense (001 p.17); p1, its owner, takes nothing."""
    s = position(
        {"hand": ["lightning-bolt"], "concentrations": ["spark"] * 3},
        {"blocked": True, "ailments": [{"type": "burn", "count": 1, "boon": "divine-barrier", "boon_owner": "p1"}]},
    )
    barrier = handle(s, 1, "divine-barrier", "field")
    s = decline_all(run(s, f"play {handle(s, 0, 'lightning-bolt')} target={barrier}"))
    assert not s.players[1].field
    assert s.players[1].health == 20 - 4 - 9 and s.players[0].health == 20


def test_its_controller_is_the_controller_it_had_before_it_left_play() -> None:
    """The words "its controller" (the `previous_controller` target, as in Iron Wall's "Destroy target ...
    Its controller draws a card") names the player who controlled the card when it was chosen,
    even once the card has left play: p1's Binding on p2's burn is controlled by p2, so after it
    is destroyed "its controller" is still p2, not p1 who owns it. (No card of the catalog can
    destroy a card controlled by a non-owner and then name its controller yet; this drives the
    target resolution itself.)"""
    from gameplay.runeslingers.engine.compiled import CEffect
    from gameplay.runeslingers.engine.effects import new_ctx, resolve
    from gameplay.runeslingers.engine.zones import leave_field

    s = position({}, {"ailments": [{"type": "burn", "count": 2, "boon": "binding", "boon_owner": "p1"}]})
    binding = int(handle(s, 1, "binding", "field")[1:])
    ctx = new_ctx(0, -1, "", [binding])
    assert resolve(s, ctx, CEffect("destroy", {}, "any", tslot=0)) == [binding]
    assert leave_field(s, binding, "discard", [], destroyed=True)
    assert s.controller(binding) < 0 and s.owner(binding) == 0
    assert resolve(s, ctx.copy(), CEffect("draw", {}, "previous_controller")) == [-2]  # p2
    assert resolve(s, ctx.copy(), CEffect("draw", {}, "previous_owner")) == [-1]  # p1


def test_a_game_of_engine_1_keeps_its_pierce_as_it_was_played() -> None:
    """Games recorded under engine 1 replay exactly as they were played (docs/rules.md): there the
    pierce left over past a boon went to its owner. New games follow 001 p.17 (tests above)."""
    spec = {
        "turn": 3,
        "players": [
            {**EVA, "deck": ["spark"] * 10, "hand": ["lightning-bolt"], "concentrations": ["spark"] * 3},
            {
                **ROMIN,
                "deck": ["spark"] * 10,
                "blocked": True,
                "ailments": [{"type": "burn", "count": 2, "boon": "binding", "boon_owner": "p1"}],
            },
        ],
    }
    s = scenario(spec, engine="1")
    s = decline_all(run(s, f"play {handle(s, 0, 'lightning-bolt')} target={handle(s, 1, 'binding', 'field')}"))
    assert s.players[0].health == 16 and s.players[1].health == 20
