"""The Classic edition (rulebook 000): its data loads apart from The Awakening's, and the linter
keeps out of Classic every card or ability with a part only The Awakening has."""

from __future__ import annotations

import copy
from typing import Any

import pytest

from gameplay.runeslingers.cards.catalog import (
    CLASSIC_DATA_DIR,
    DEFAULT_DATA_DIR,
    Catalog,
    data_files,
    data_version,
    load_classic_catalog,
    read_sections,
)
from gameplay.runeslingers.cards.lint import lint_classic_card, lint_classic_data
from gameplay.runeslingers.cards.model import ClassicCatalog
from gameplay.runeslingers.cards.scriptlint import Problem

NAMED_IN_000 = (
    "Fireball",
    "Head Crush",
    "Burning Ember",
    "Deathmark",
    "Divine Barrier",
    "Firecracker",
    "Hex",
    "Bounce",
    "Iron Wall",
    "Tornado",
    "Blood Rite",
    "Lava Stream",
    "Flaming Fists",
    "Meteor",
    "Dominate",
    "Dragon Breaker",
    "Brand",
)


@pytest.fixture(scope="module")
def classic(catalog: Catalog) -> ClassicCatalog:
    return load_classic_catalog(catalog)


def firecracker() -> dict[str, Any]:
    return {
        "id": "test-trinket",
        "name": "Test Trinket",
        "type": "trinket",
        "subtype": "curio",
        "class": "basic",
        "defense": 2,
        "text": "Activate: deal 2 damage to any target.",
        "script": [{"when": "activate", "do": [{"op": "damage", "target": "any", "amount": 2}]}],
    }


def problems_of(card: dict[str, Any]) -> list[Problem]:
    found: list[Problem] = []
    lint_classic_card(card, "classic card 'test-trinket'", found)
    return found


def test_the_classic_data_does_not_change_the_awakening_data_version(catalog: Catalog) -> None:
    assert CLASSIC_DATA_DIR.parent == DEFAULT_DATA_DIR
    assert catalog.data_version == data_version(data_files(DEFAULT_DATA_DIR))
    assert all(CLASSIC_DATA_DIR not in p.parents for p in data_files(DEFAULT_DATA_DIR))


def test_the_cards_000_names_have_a_classic_edition_with_its_own_text(classic: ClassicCatalog) -> None:
    names = {c.name for c in classic.cards.values()}
    assert set(NAMED_IN_000) <= names
    blood_rite = classic.cards["blood-rite"]
    assert "light" not in blood_rite.text.lower()
    assert [str(k) for k in blood_rite.keywords] == ["Distract", "Pain 5"]
    assert all(card.cost == 0 for card in classic.cards.values())


def test_a_classic_card_keeps_its_lineage_id_and_rarity(catalog: Catalog, classic: ClassicCatalog) -> None:
    for card_id, card in classic.cards.items():
        assert card_id in catalog.cards
        assert card.rarity is catalog.cards[card_id].rarity


def test_classic_trinkets_activate_instead_of_use(classic: ClassicCatalog) -> None:
    ember = classic.cards["burning-ember"]
    assert [a.when.value for a in ember.script] == ["end_of_your_turn", "activate"]
    assert not ember.keywords


def _abilities(classic: ClassicCatalog, runeslinger: str, kind: str) -> list[Any]:
    return [a for a in classic.abilities.values() if a.runeslinger == runeslinger and a.kind == kind]


def test_each_runeslinger_has_a_passive_and_an_activate_ability(catalog: Catalog, classic: ClassicCatalog) -> None:
    """000 "Inner Flame is an Eva Passive ability. Engulf is an Eva Activate ability": each Runeslinger has a
    passive and an activate ability; Engulf costs 2 determinations."""
    for slinger in catalog.runeslingers:
        assert len(_abilities(classic, slinger, "passive")) >= 1
        (activate, *_) = _abilities(classic, slinger, "activate")
        assert activate.determinations
    engulf = classic.abilities["eva-engulf"]
    assert (engulf.name, engulf.determinations) == ("Engulf", 2)  # 000: "Engulf costs 2 determinations"


def test_the_linter_accepts_a_classic_trinket_with_an_activate_ability() -> None:
    assert problems_of(firecracker()) == []


@pytest.mark.parametrize(
    ("change", "code", "field"),
    [
        ({"type": "chant", "subtype": None}, "not-classic", "type"),
        ({"keywords": ["use"]}, "not-classic", "keywords"),
        ({"keywords": [{"token": 2}]}, "not-classic", "keywords"),
        ({"keywords": ["quick"]}, "not-classic", "keywords"),
        ({"keywords": ["charge"]}, "not-classic", "keywords"),
        ({"script": [{"when": "use", "do": [{"op": "draw", "target": "self", "count": 1}]}]}, "not-classic", "script"),
        ({"script": [{"when": "activate", "do": [{"op": "gain_light", "amount": 1}]}]}, "not-classic", "script"),
        (
            {"script": [{"when": "static", "modifiers": [{"mod": "cost", "amount": -1, "card_types": ["spirit"]}]}]},
            "not-classic",
            "script",
        ),
        ({"text": None}, "missing-field", "text"),
        ({"script": None}, "missing-field", "script"),
        ({"cost": 2}, "unknown-field", "cost"),
    ],
)
def test_the_linter_keeps_awakening_only_parts_out_of_classic(change: dict[str, Any], code: str, field: str) -> None:
    card = firecracker()
    for key, value in change.items():
        if value is None:
            card.pop(key, None)
        else:
            card[key] = value
    assert any(p.code == code and p.field == field for p in problems_of(card)), problems_of(card)


def test_only_a_trinket_has_an_activate_ability() -> None:
    card = firecracker() | {"type": "boon", "subtype": None}
    del card["subtype"]
    assert any(p.code == "bad-trigger" for p in problems_of(card))


def test_an_invalid_classic_script_is_refused() -> None:
    card = firecracker()
    card["script"] = [{"when": "activate", "do": [{"op": "damage", "target": "nowhere", "amount": 2}]}]
    assert problems_of(card)


def test_abilities_name_a_known_runeslinger_and_come_in_pairs(catalog: Catalog) -> None:
    sections = {"cards": [], "abilities": [_ability("x-passive", "passive", "nobody")], "starter_decks": []}
    codes = {p.code for p in lint_classic_data(sections, catalog.runeslingers, catalog.equips)}
    assert {"unknown-runeslinger", "missing-ability"} <= codes


def test_an_activate_ability_needs_determinations_and_a_new_id(catalog: Catalog) -> None:
    ability = _ability("engulf", "activate", "eva")
    del ability["determinations"]
    sections = {"cards": [], "abilities": [ability, _ability("eva-x", "passive", "eva")], "starter_decks": []}
    problems = lint_classic_data(sections, catalog.runeslingers, catalog.equips)
    assert {(p.code, p.field) for p in problems} == {("missing-field", "determinations"), ("duplicate-id", "id")}


def _ability(ability_id: str, kind: str, runeslinger: str) -> dict[str, Any]:
    script = (
        [{"when": "activate", "do": [{"op": "draw", "target": "self", "count": 1}]}]
        if kind == "activate"
        else [{"when": "static", "modifiers": [{"mod": "block", "amount": 1}]}]
    )
    raw: dict[str, Any] = {
        "id": ability_id,
        "name": ability_id.title(),
        "runeslinger": runeslinger,
        "kind": kind,
        "text": "Some text.",
        "script": copy.deepcopy(script),
    }
    if kind == "activate":
        raw["determinations"] = 2
    return raw


def test_four_classic_starter_decks_of_30_with_their_runeslingers_abilities(
    catalog: Catalog, classic: ClassicCatalog
) -> None:
    """000 "Four 30-card pre-assembled Runeslinger starter decks": one a Runeslinger, 30 cards, no more than 2
    copies of a card, with a passive and an activate ability of its Runeslinger. Each deck matches its
    Runeslinger (000 "Next, select the starter deck matching your chosen Runeslinger")."""
    assert sorted(s.runeslinger for s in classic.starter_decks.values()) == sorted(catalog.runeslingers)
    for deck in classic.starter_decks.values():
        assert deck.size == 30 and max(deck.cards.values()) <= 2
        assert set(deck.cards) <= set(classic.cards)
        kinds = sorted(classic.abilities[a].kind for a in deck.equips)
        assert kinds == ["activate", "passive"]
        assert all(classic.abilities[a].runeslinger == deck.runeslinger for a in deck.equips)


@pytest.mark.parametrize(
    ("change", "code"),
    [
        ({"cards": {"fireball": 3, "hex": 27}}, "bad-value"),
        ({"cards": {"fireball": 2}}, "bad-size"),
        ({"cards": {"force-wall": 2, "fireball": 28}}, "unknown-card"),
        ({"abilities": ["romin-fury", "eva-inner-flame"]}, "unknown-ability"),
        ({"abilities": ["eva-engulf"]}, "bad-abilities"),
    ],
)
def test_the_linter_checks_classic_starter_decks(catalog: Catalog, change: dict[str, Any], code: str) -> None:
    sections = read_sections(data_files(CLASSIC_DATA_DIR))
    starter = copy.deepcopy(sections["starter_decks"][0]) | change  # type: ignore[index]
    sections["starter_decks"] = [starter]
    codes = {p.code for p in lint_classic_data(sections, catalog.runeslingers, catalog.equips)}
    assert code in codes
