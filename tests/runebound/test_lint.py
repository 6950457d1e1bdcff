"""The Runebound linter accepts the shipped data and names each kind of defect precisely."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
import yaml

from gameplay.runebound.catalog import build_runebound, load_runebound
from gameplay.runebound.lint import lint_class_card, lint_published_rules, lint_runebound, lint_talent
from gameplay.runebound.model import RuneboundCatalog
from gameplay.runeslingers.cards.catalog import CatalogDataError
from gameplay.runeslingers.cards.scriptlint import Problem


def spell() -> dict[str, Any]:
    return {
        "id": "test-spell",
        "name": "Test Spell",
        "kind": "spell",
        "side": "friendly",
        "menace": 2,
        "timing": ["battle"],
        "proficiencies": ["wizardry"],
        "text": "Before Combat: inflict 2 wounds on this Challenge.",
    }


def talent() -> dict[str, Any]:
    return {
        "id": "test-talent",
        "name": "Test Talent",
        "level": 2,
        "proficiencies": ["fighting", "survival"],
        "prerequisite": "fighting",
        "text": "Your Hero gets +1 to melee combat rolls.",
    }


def card_problems(raw: dict[str, Any]) -> list[Problem]:
    found: list[Problem] = []
    lint_class_card(raw, "class card 'test-spell' (Test Spell)", found)
    return found


def card_codes(raw: dict[str, Any]) -> set[str]:
    return {p.code for p in card_problems(raw)}


def talent_codes(raw: dict[str, Any]) -> set[str]:
    found: list[Problem] = []
    lint_talent(raw, "talent 'test-talent'", found)
    return {p.code for p in found}


def test_the_shipped_data_has_no_problems(sections: dict[str, Any], runebound: RuneboundCatalog) -> None:
    assert lint_runebound(sections) == []
    assert lint_published_rules(runebound) == []


def test_the_shipped_catalog_has_six_published_decks_of_25_and_5(runebound: RuneboundCatalog) -> None:
    assert len(runebound.decks) >= 6
    assert {"Battlemage", "Blade Dancer"} <= {d.name for d in runebound.decks.values()}
    for deck in runebound.decks.values():
        assert (len(set(deck.class_cards)), len(set(deck.talents))) == (25, 5)


def test_the_sample_cards_are_clean() -> None:
    assert card_problems(spell()) == []
    assert talent_codes(talent()) == set()


def test_a_problem_names_the_card_and_the_field() -> None:
    raw = spell()
    raw["side"] = "neutral"
    (problem,) = card_problems(raw)
    assert str(problem) == "class card 'test-spell' (Test Spell): side: 'neutral' is not one of: friendly, enemy"


@pytest.mark.parametrize(
    ("change", "code"),
    [
        ({"kind": "trap"}, "bad-kind"),
        ({"menace": 11}, "bad-value"),
        ({"menace": "two"}, "bad-type"),
        ({"timing": []}, "missing-timing"),
        ({"timing": ["dawn"]}, "bad-timing"),
        ({"timing": ["battle", "battle"]}, "duplicate-value"),
        ({"epic": "yes"}, "bad-type"),
        ({"proficiencies": ["cooking"]}, "bad-proficiencies"),
        ({"proficiencies": ["wizardry", "divinity", "fighting"]}, "too-many"),
        ({"terrain": ["forest"]}, "bad-terrain"),
        ({"colour": "red"}, "unknown-field"),
        ({"id": "Test Spell"}, "bad-id"),
        ({"text": " "}, "bad-type"),
    ],
)
def test_each_bad_class_card_field_is_named(change: dict[str, Any], code: str) -> None:
    assert card_codes({**spell(), **change}) == {code}


def test_a_missing_field_is_named() -> None:
    raw = spell()
    del raw["menace"]
    assert card_codes(raw) == {"missing-field"}


def test_a_location_needs_terrain_and_no_proficiencies() -> None:
    location = {**spell(), "kind": "location", "timing": ["movement"]}
    assert card_codes(location) == {"missing-terrain", "bad-proficiencies"}
    del location["proficiencies"]
    assert card_codes({**location, "terrain": ["forest", "volcano"]}) == {"bad-terrain"}
    assert card_codes({**location, "terrain": ["forest"]}) == set()


def test_a_challenge_is_an_enemy_card_played_at_the_end_of_movement() -> None:
    challenge = {**spell(), "kind": "challenge", "text": "Life 4. Reward: 2 gold."}
    del challenge["proficiencies"]
    assert card_codes(challenge) == {"bad-side", "bad-timing"}
    assert card_codes({**challenge, "side": "enemy", "timing": ["movement"]}) == set()


def test_a_special_timing_card_says_when_it_is_played() -> None:
    assert card_codes({**spell(), "timing": ["special"]}) == {"special-text"}
    assert card_codes({**spell(), "timing": ["special"], "text": "Play when your Hero is wounded. Heal 1."}) == set()


@pytest.mark.parametrize(
    ("change", "code"),
    [
        ({"level": 0}, "bad-value"),
        ({"level": 6}, "bad-value"),
        ({"proficiencies": []}, "missing-proficiency"),
        ({"proficiencies": ["wizardry", "divinity", "fighting", "survival"]}, "too-many"),
        ({"prerequisite": "luck"}, "bad-prerequisite"),
        ({"level": 1}, "bad-prerequisite"),
    ],
)
def test_each_bad_talent_field_is_named(change: dict[str, Any], code: str) -> None:
    assert talent_codes({**talent(), **change}) == {code}


def test_a_higher_level_talent_needs_a_prerequisite() -> None:
    raw = talent()
    del raw["prerequisite"]
    assert talent_codes(raw) == {"missing-prerequisite"}


def codes_of(sections: dict[str, Any]) -> list[tuple[str, str]]:
    return [(p.code, p.where) for p in lint_runebound(sections)]


def test_ids_and_names_are_unique_across_the_catalog(sections: dict[str, Any]) -> None:
    sections["talents"][0]["name"] = sections["class_cards"][0]["name"].upper()
    sections["class_cards"][1]["id"] = sections["class_cards"][2]["id"]
    codes = {code for code, _ in codes_of(sections)}
    assert {"duplicate-name", "duplicate-id"} <= codes


def test_a_published_deck_has_exactly_25_different_class_cards_and_5_talents(sections: dict[str, Any]) -> None:
    deck = sections["decks"][0]
    deck["class_cards"] = [*deck["class_cards"][:24], deck["class_cards"][0], "no-such-card"]
    deck["talents"] = deck["talents"][:4]
    found = [p for p in lint_runebound(sections) if p.where.startswith("deck ")]
    messages = {(p.code, p.field): p.message for p in found}
    assert messages[("deck-size", "class_cards")] == "a published deck has exactly 25 class cards (got 26)"
    assert messages[("deck-size", "talents")] == "a published deck has exactly 5 talents (got 4)"
    assert "is listed 2 times" in messages[("deck-duplicate", "class_cards")]
    assert messages[("unknown-reference", "class_cards")] == "no class card has the id 'no-such-card'"


def test_every_card_ships_in_exactly_one_published_deck(sections: dict[str, Any]) -> None:
    orphan = sections["decks"][0]["class_cards"].pop()
    sections["decks"][1]["talents"].append(sections["decks"][0]["talents"][0])
    found = {(p.code, p.where.split(" (")[0], p.message) for p in lint_runebound(sections)}
    assert ("deck-membership", f"class card '{orphan}'", "is in no published deck") in found
    talent_id = sections["decks"][0]["talents"][0]
    assert (
        "deck-membership",
        f"talent '{talent_id}'",
        "is in 2 published decks; each card ships in one",
    ) in found


def test_a_published_deck_must_also_pass_the_customised_rules(sections: dict[str, Any]) -> None:
    enemy_ids = {c["id"] for c in sections["class_cards"] if c["side"] == "enemy"}
    deck = sections["decks"][0]
    for raw in sections["class_cards"]:
        if raw["id"] in deck["class_cards"] and raw["id"] in enemy_ids and raw["kind"] != "challenge":
            raw["side"] = "friendly"
    catalog = build_runebound(sections, "test")
    (problem,) = lint_published_rules(catalog)
    assert problem.code == "rule-enemy-cards"
    assert problem.where == f"deck '{deck['id']}' ({deck['name']})"


def test_loading_broken_files_raises_with_every_problem(tmp_path: Path, sections: dict[str, Any]) -> None:
    sections["class_cards"][0]["menace"] = -1
    sections["talents"][0]["level"] = 9
    (tmp_path / "all.yaml").write_text(yaml.safe_dump(sections))
    with pytest.raises(CatalogDataError) as caught:
        load_runebound(tmp_path)
    assert [p.code for p in caught.value.problems] == ["bad-value", "bad-value"]
    assert "menace: must be between 0 and 10 (got -1)" in str(caught.value)


def test_an_unknown_or_missing_section_is_named(tmp_path: Path) -> None:
    (tmp_path / "a.yaml").write_text("class_cards: []\ntalents: []\nspells: []\n")
    with pytest.raises(CatalogDataError) as caught:
        load_runebound(tmp_path)
    assert {(p.code, p.field) for p in caught.value.problems} == {
        ("unknown-section", "spells"),
        ("missing-section", "decks"),
    }
