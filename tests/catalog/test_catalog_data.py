"""The shipped card data: counts, classes, equips, and every card the rulebooks name."""

from __future__ import annotations

import shutil
from collections import Counter
from pathlib import Path
from typing import Any

import pytest

from gameplay.runeslingers.cards.catalog import DEFAULT_DATA_DIR, Catalog, load_catalog
from gameplay.runeslingers.cards.model import Card, Effect
from gameplay.runeslingers.cards.schema import (
    RUNESLINGER_CLASSES,
    AilmentType,
    CardClass,
    CardType,
    EquipKind,
    Keyword,
    Rarity,
    Trigger,
    TrinketSubtype,
)


def play_effects(card: Card, when: Trigger = Trigger.PLAY) -> tuple[Effect, ...]:
    return tuple(e for a in card.script if a.when is when for e in a.effects)


def only_effect(card: Card, when: Trigger = Trigger.PLAY) -> Effect:
    effects = play_effects(card, when)
    assert len(effects) == 1, effects
    return effects[0]


def listed(effect: Effect, name: str) -> tuple[Any, ...]:
    """An effect parameter that holds a list (the catalog keeps lists as tuples)."""
    value = effect.get(name)
    assert isinstance(value, tuple), f"{name} is not a list: {value!r}"
    return value


def test_the_base_set_has_at_least_120_unique_deck_cards(catalog: Catalog) -> None:
    assert len(catalog.cards) >= 120
    assert len({c.name.casefold() for c in catalog.cards.values()}) == len(catalog.cards)


def test_four_classes_each_with_a_runeslinger_stances_and_abilities_costing_1_and_2(catalog: Catalog) -> None:
    assert len(RUNESLINGER_CLASSES) == 4
    for card_class in RUNESLINGER_CLASSES:
        assert any(r.card_class is card_class for r in catalog.runeslingers.values())
        assert catalog.stances(card_class)
        costs = {a.determinations for a in catalog.abilities(card_class)}
        assert {1, 2} <= costs
        assert sum(1 for c in catalog.cards.values() if c.card_class is card_class) >= 15


def test_x_cards_are_the_mythics_and_the_scarcest(catalog: Catalog) -> None:
    rarities = Counter(c.rarity for c in catalog.cards.values())
    assert all(c.x == (c.rarity is Rarity.MYTHIC) for c in catalog.cards.values())
    assert rarities[Rarity.COMMON] > rarities[Rarity.UNCOMMON] > rarities[Rarity.RARE] > rarities[Rarity.MYTHIC] > 0


def test_every_defense_type_card_has_defense_and_trinkets_a_subtype(catalog: Catalog) -> None:
    for card in catalog.cards.values():
        if card.type in (CardType.TRINKET, CardType.BOON, CardType.CHANT):
            assert card.defense is not None and card.defense >= 1, card.id
        assert (card.subtype is not None) == (card.type is CardType.TRINKET), card.id


def test_fireball_is_a_spirit_runespell_dealing_8_normal_damage_to_any_target(catalog: Catalog) -> None:
    card = catalog.card("Fireball")
    assert card.type is CardType.SPIRIT and card.defense is None
    effect = only_effect(card)
    assert (effect.op, effect.get("target"), effect.get("amount"), effect.get("mode")) == ("damage", "any", 8, "normal")


def test_chaos_fire_deals_8_direct_damage_to_any_target(catalog: Catalog) -> None:
    effect = only_effect(catalog.card("Chaos Fire"))
    assert (effect.op, effect.get("target"), effect.get("amount"), effect.get("mode")) == ("damage", "any", 8, "direct")


def test_dominate_deals_10_direct_damage(catalog: Catalog) -> None:
    card = catalog.card("Dominate")
    assert card.type is CardType.ATTACK
    effect = only_effect(card)
    assert (effect.op, effect.get("amount"), effect.get("mode")) == ("damage", 10, "direct")


@pytest.mark.parametrize(
    ("name", "ailment", "count"),
    [
        ("Flaming Fists", "burn", 2),
        ("Head Crush", "weaken", 3),
        ("Glancing Arrow", "weaken", 2),
    ],
)
def test_attacks_that_inflict_ailments_on_a_hit(catalog: Catalog, name: str, ailment: str, count: int) -> None:
    card = catalog.card(name)
    assert card.type is CardType.ATTACK
    effect = only_effect(card)
    assert effect.op == "damage"
    assert [dict(i) for i in listed(effect, "inflict")] == [{"ailment": ailment, "count": count}]


def test_flaming_fists_has_sear_2(catalog: Catalog) -> None:
    assert catalog.card("Flaming Fists").keyword(Keyword.SEAR).value == 2  # type: ignore[union-attr]


def test_brand_applies_burn(catalog: Catalog) -> None:
    effect = only_effect(catalog.card("Brand"))
    assert (effect.op, effect.get("ailment")) == ("apply_ailment", "burn")


def test_rainbow_dart_applies_ailments_of_the_casters_choice(catalog: Catalog) -> None:
    effect = only_effect(catalog.card("Rainbow Dart"))
    assert {i["ailment"] for i in listed(effect, "inflict")} == {"chosen"}


def test_hex_is_a_defense_runespell_that_can_be_slung(catalog: Catalog) -> None:
    card = catalog.card("Hex")
    assert card.is_runespell and card.is_defense_card
    assert [a.when for a in card.script] == [Trigger.SLING]


def test_lava_stream_is_a_defense_runespell_with_charge(catalog: Catalog) -> None:
    card = catalog.card("Lava Stream")
    assert card.is_runespell and card.is_defense_card and card.has_keyword(Keyword.CHARGE)
    amount = only_effect(card, Trigger.SLING).get("amount")
    assert dict(amount)["per"] == "tokens_on_this"  # type: ignore[call-overload]


def test_bounce_has_shout_and_returns_a_card_to_the_top_of_its_owners_deck(catalog: Catalog) -> None:
    card = catalog.card("Bounce")
    assert card.has_keyword(Keyword.SHOUT)
    effect = only_effect(card)
    assert (effect.op, effect.get("target"), effect.get("to")) == ("bounce", "card", "top_of_deck")


def test_iron_wall_destroys_a_spirit_or_attack_runespell_and_its_controller_draws(catalog: Catalog) -> None:
    destroy, draw = play_effects(catalog.card("Iron Wall"))
    assert (destroy.op, destroy.get("target")) == ("destroy", "spirit_or_attack_runespell")
    assert (draw.op, draw.get("target"), draw.get("count")) == ("draw", "previous_controller", 1)


def test_tornado_chooses_between_destroying_all_boons_or_all_trinkets(catalog: Catalog) -> None:
    card = catalog.card("Tornado")
    assert card.has_keyword(Keyword.CHOICE)
    effect = only_effect(card)
    assert effect.get("chooser") == "you"
    assert [[(e.op, e.get("target")) for e in bullet] for bullet in listed(effect, "options")] == [
        [("destroy", "all_boons")],
        [("destroy", "all_trinkets")],
    ]


def test_supernova_has_fate(catalog: Catalog) -> None:
    card = catalog.card("Supernova")
    assert card.has_keyword(Keyword.FATE)
    assert only_effect(card).get("chooser") == "enemy"


@pytest.mark.parametrize(
    ("name", "keywords"),
    [
        ("Blood Rite", [("distract", None), ("pain", 5)]),
        ("Force Wall", [("ail", 1)]),
        ("Meteor", [("distract", None)]),
        ("Binding", [("token", 1), ("use", None)]),
    ],
)
def test_keywords_named_by_the_rulebooks(catalog: Catalog, name: str, keywords: list) -> None:
    assert [(k.keyword.value, k.value) for k in catalog.card(name).keywords] == keywords


def test_burning_ember_is_a_trinket_with_an_end_of_turn_trigger(catalog: Catalog) -> None:
    card = catalog.card("Burning Ember")
    assert card.type is CardType.TRINKET
    assert Trigger.END_OF_YOUR_TURN in {a.when for a in card.script}


def test_deathmark_has_a_start_of_turn_trigger(catalog: Catalog) -> None:
    assert Trigger.START_OF_YOUR_TURN in {a.when for a in catalog.card("Deathmark").script}


def test_dragon_breaker_is_a_trinket_giving_plus_2_damage(catalog: Catalog) -> None:
    card = catalog.card("Dragon Breaker")
    assert (card.type, card.subtype) == (CardType.TRINKET, TrinketSubtype.WEAPON)
    (modifier,) = card.script[0].modifiers
    assert (modifier.name, modifier.params["amount"]) == ("damage", 2)


def test_divine_barrier(catalog: Catalog) -> None:
    card = catalog.card("Divine Barrier")
    assert (card.type, card.defense) == (CardType.BOON, 3)
    static, destroyed = card.script
    assert static.when is Trigger.STATIC and static.condition.name == "conceals_ailment"  # type: ignore[union-attr]
    assert (static.modifiers[0].name, static.modifiers[0].params["amount"]) == ("block", 2)
    assert destroyed.when is Trigger.DESTROYED
    assert destroyed.condition.name == "controller_is_not_owner"  # type: ignore[union-attr]
    effect = destroyed.effects[0]
    assert (effect.op, effect.get("target"), effect.get("amount")) == ("lose_health", "self", 9)


def test_firecracker_has_defense_2_and_binding_is_a_basic_boon(catalog: Catalog) -> None:
    assert catalog.card("Firecracker").defense == 2
    binding = catalog.card("Binding")
    assert (binding.type, binding.card_class, binding.defense) == (CardType.BOON, CardClass.BASIC, 3)


def test_channel_and_plutonic_spike_costs(catalog: Catalog) -> None:
    channel = catalog.card("Channel")
    assert (channel.card_class, channel.type, channel.cost) == (CardClass.STRIKER, CardType.SPIRIT, 1)
    assert catalog.card("Plutonic Spike").cost == 2


def test_stone_trap_places_a_card_under_it_and_returns_it_when_it_leaves(catalog: Catalog) -> None:
    card = catalog.card("Stone Trap")
    assert card.has_keyword(Keyword.SHOUT)
    play, leaves = card.script
    assert (play.when, play.effects[0].op, play.effects[0].get("target")) == (Trigger.PLAY, "place_under", "card")
    effect = leaves.effects[0]
    assert (leaves.when, effect.op, effect.get("target"), effect.get("to")) == (
        Trigger.LEAVES_FIELD,
        "bounce",
        "under_this",
        "hand",
    )


def test_eva(catalog: Catalog) -> None:
    """001 p.5 "Eva has 4 block", 001 p.5 "Eva has the Runeseer class", 001 p.5 "Talaka's Heart is a Stance and
    Flame Of Nim is an Ability", 001 p.5 "This is your activated ability's Determination cost" and 001 p.5 "Talaka's
    Heart triggers, allowing you to target an enemy Runeslinger": Eva's card, her inherent ability (1 light) and
    her equips as printed."""
    eva = catalog.find_runeslinger("Eva")
    assert eva is not None
    assert (eva.card_class, eva.health, eva.block) == (CardClass.RUNESEER, 20, 4)
    assert (eva.inherent.name, eva.inherent.light_cost) == ("Breathe Fire", 1)
    heart = catalog.find_equip("Talaka's Heart")
    assert heart is not None and heart.kind is EquipKind.STANCE
    ability = heart.script[0]
    assert (ability.when, dict(ability.filter)) == (Trigger.YOU_SLING, {"card_types": ("spirit",)})
    assert (ability.effects[0].op, ability.effects[0].get("count")) == ("sear", 2)
    nim = catalog.find_equip("Flame of Nim")
    assert nim is not None and (nim.kind, nim.determinations) == (EquipKind.ABILITY, 2)


def test_romin_is_a_striker_and_overflow_costs_2(catalog: Catalog) -> None:
    romin = catalog.find_runeslinger("Romin")
    assert romin is not None and romin.card_class is CardClass.STRIKER
    overflow = catalog.find_equip("Overflow")
    assert overflow is not None and (overflow.kind, overflow.determinations) == (EquipKind.ABILITY, 2)


def test_six_ailments_with_the_rulebook_effects(catalog: Catalog) -> None:
    """001 p.8 "The ailments are: Burn, Debilitate, Curse, Fragment, Weaken and Insanity" and 001 p.12 "Burn has
    two effects; level I happens each time a new Burn ailment is applied": the six ailments and their effects."""
    assert set(catalog.ailments) == set(AilmentType)
    burn_1 = catalog.ailments[AilmentType.BURN].level_1.script[0]
    assert burn_1.when is Trigger.INSTANCE_APPLIED
    assert [(e.op, e.get("amount", e.get("count"))) for e in burn_1.effects] == [("lose_health", 2), ("sear", 1)]
    weaken_2 = catalog.ailments[AilmentType.WEAKEN].level_2.script[0]
    assert (weaken_2.when, weaken_2.effects[0].op) == (Trigger.INSTANCE_APPLIED, "void")
    fragment_2 = catalog.ailments[AilmentType.FRAGMENT].level_2.script[0].modifiers[0]
    assert (fragment_2.name, fragment_2.params["value"]) == ("max_hand_size", 4)
    debilitate_1 = catalog.ailments[AilmentType.DEBILITATE].level_1.script[0].modifiers[0]
    assert (debilitate_1.name, debilitate_1.params["per"], debilitate_1.params["each"]) == (
        "max_health",
        "debilitate_on_you",
        -1,
    )


def test_lookup_by_id_and_case_insensitive_name(catalog: Catalog) -> None:
    assert catalog.card("fireball") is catalog.card("  FIREBALL ") is catalog.cards_by_name["fireball"]
    assert catalog.find_card("Firebal") is None


def test_the_data_version_is_stable_across_loads(catalog: Catalog) -> None:
    assert len(catalog.data_version) == 64
    assert load_catalog().data_version == catalog.data_version


def test_the_data_version_changes_when_a_file_changes(tmp_path: Path, catalog: Catalog) -> None:
    copy = tmp_path / "data"
    shutil.copytree(DEFAULT_DATA_DIR, copy)
    assert load_catalog(copy).data_version == catalog.data_version
    basic = copy / "basic.yaml"
    basic.write_text(
        basic.read_text(encoding="utf-8").replace("Deal 8 damage to any target.", "Deal 8 damage to any target!"),
        encoding="utf-8",
    )
    changed = load_catalog(copy)
    assert changed.data_version != catalog.data_version
    assert changed.card("fireball").text.endswith("!")
