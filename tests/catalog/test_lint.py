"""The linter accepts the shipped data and rejects each kind of defect with a precise problem."""

from __future__ import annotations

import copy
from pathlib import Path
from typing import Any

import pytest

from gameplay.runeslingers.cards.catalog import (
    DEFAULT_DATA_DIR,
    CatalogDataError,
    data_files,
    load_catalog,
    read_sections,
)
from gameplay.runeslingers.cards.lint import lint_card, lint_data, lint_equip
from gameplay.runeslingers.cards.scriptlint import Problem


def fireball() -> dict[str, Any]:
    return {
        "id": "test-card",
        "name": "Test Card",
        "type": "spirit",
        "class": "basic",
        "cost": 2,
        "rarity": "common",
        "text": "Deal 8 damage to any target.",
        "script": [{"when": "play", "do": [{"op": "damage", "target": "any", "amount": 8}]}],
    }


def trinket() -> dict[str, Any]:
    return {
        "id": "test-trinket",
        "name": "Test Trinket",
        "type": "trinket",
        "subtype": "curio",
        "class": "basic",
        "cost": 1,
        "defense": 2,
        "rarity": "common",
        "keywords": ["use"],
        "text": "Use: draw 1 card.",
        "script": [{"when": "use", "do": [{"op": "draw", "target": "self", "count": 1}]}],
    }


def problems_of(card: dict[str, Any]) -> list[Problem]:
    found: list[Problem] = []
    lint_card(card, "card 'test-card' (Test Card)", found)
    return found


def codes(card: dict[str, Any]) -> set[str]:
    return {p.code for p in problems_of(card)}


def shipped_sections() -> dict[str, Any]:
    return read_sections(data_files(DEFAULT_DATA_DIR))


def test_the_shipped_data_has_no_problems() -> None:
    assert lint_data(shipped_sections()) == []


def test_the_sample_cards_are_clean() -> None:
    assert problems_of(fireball()) == []
    assert problems_of(trinket()) == []


def test_a_problem_names_the_card_and_the_field() -> None:
    card = fireball()
    card["keywords"] = ["sparkle"]
    (problem,) = problems_of(card)
    assert (problem.code, problem.field) == ("unknown-keyword", "keywords[0]")
    assert str(problem) == "card 'test-card' (Test Card): keywords[0]: unknown keyword 'sparkle'"


def test_unknown_keyword() -> None:
    card = fireball()
    card["keywords"] = ["flying"]
    assert codes(card) == {"unknown-keyword"}


def test_a_valued_keyword_needs_a_number_and_a_bare_one_takes_none() -> None:
    card = fireball()
    card["keywords"] = ["pain", {"shout": 2}]
    assert codes(card) == {"bad-keyword-value"}
    assert len(problems_of(card)) == 2


def test_more_than_three_printed_keywords() -> None:
    """001 p.17 "Each card can have up to 3 unique keywords written on it": a card printing four is refused."""
    card = fireball()
    card["keywords"] = ["distract", "shout", {"pain": 1}, {"sear": 1}]
    assert codes(card) == {"too-many-keywords"}


def test_missing_defense_on_a_defense_card() -> None:
    card = trinket()
    del card["defense"]
    assert codes(card) == {"missing-defense"}


def test_a_trinket_needs_a_subtype_and_others_have_none() -> None:
    card = trinket()
    del card["subtype"]
    assert codes(card) == {"missing-subtype"}
    spell = fireball()
    spell["subtype"] = "weapon"
    assert codes(spell) == {"bad-subtype"}


def test_missing_required_field() -> None:
    card = fireball()
    del card["rarity"]
    assert codes(card) == {"missing-field"}


def test_unknown_field() -> None:
    card = fireball()
    card["colour"] = "red"
    assert codes(card) == {"unknown-field"}


@pytest.mark.parametrize(
    ("field", "value", "code"),
    [
        ("cost", "two", "bad-type"),
        ("cost", -1, "bad-value"),
        ("cost", True, "bad-type"),
        ("type", "sorcery", "bad-type"),
        ("class", "wizard", "bad-class"),
        ("rarity", "legendary", "bad-rarity"),
        ("id", "Fire Ball", "bad-id"),
        ("name", "", "bad-type"),
        ("x", "yes", "bad-type"),
    ],
)
def test_wrong_value_types(field: str, value: object, code: str) -> None:
    card = fireball()
    card[field] = value
    assert code in codes(card)


def test_x_cards_are_mythic_and_mythics_are_x() -> None:
    card = fireball()
    card["x"] = True
    assert codes(card) == {"bad-rarity"}
    card = fireball()
    card["rarity"] = "mythic"
    assert codes(card) == {"bad-rarity"}


def test_effect_words_outside_the_vocabulary() -> None:
    card = fireball()
    card["type"] = "utility"
    card["script"][0]["do"][0]["op"] = "explode"
    assert codes(card) == {"unknown-op"}


def test_unknown_and_missing_effect_parameters() -> None:
    card = fireball()
    card["script"][0]["do"][0]["colour"] = "red"
    del card["script"][0]["do"][0]["amount"]
    assert codes(card) == {"unknown-param", "missing-param"}


def test_unknown_target() -> None:
    card = fireball()
    card["script"][0]["do"][0]["target"] = "everyone"
    assert codes(card) == {"unknown-target"}


def test_a_target_that_does_not_fit_the_op() -> None:
    card = fireball()
    card["script"][0]["do"] = [{"op": "draw", "target": "trinket", "count": 1}]
    card["type"] = "utility"
    assert codes(card) == {"bad-target"}


def test_context_bound_targets() -> None:
    card = fireball()
    card["type"] = "utility"
    card["script"][0]["do"] = [{"op": "discard", "target": "hit", "count": 1}]
    assert codes(card) == {"bad-target"}
    card["script"][0]["do"] = [{"op": "draw", "target": "previous_controller", "count": 1}]
    assert codes(card) == {"bad-target"}
    card["script"][0]["do"] = [{"op": "draw", "target": "event_player", "count": 1}]
    assert codes(card) == {"bad-target"}


def test_bad_trigger() -> None:
    card = trinket()
    card["script"][0]["when"] = "on_tuesday"
    assert "bad-trigger" in codes(card)


def test_a_normal_runespell_only_has_play_abilities() -> None:
    card = fireball()
    card["script"][0]["when"] = "end_of_your_turn"
    assert codes(card) == {"bad-trigger"}


def test_only_defense_runespells_sling() -> None:
    card = trinket()
    card["keywords"] = []
    card["script"][0]["when"] = "sling"
    assert codes(card) == {"bad-trigger"}


def test_bad_parameter_values() -> None:
    card = fireball()
    card["script"][0]["do"][0]["mode"] = "sideways"
    card["script"][0]["do"][0]["amount"] = {"base": 1, "per": "moons", "each": 0}
    assert codes(card) == {"bad-value"}
    assert len(problems_of(card)) == 3


def test_unknown_ailment() -> None:
    card = fireball()
    card["script"][0]["do"][0]["inflict"] = [{"ailment": "sneezing", "count": 1}]
    assert codes(card) == {"bad-ailment"}


def test_unknown_condition_and_handler() -> None:
    card = fireball()
    card["type"] = "utility"
    card["script"][0]["do"] = [{"op": "if", "cond": {"cond": "raining"}, "then": [{"op": "handler", "name": "x"}]}]
    assert codes(card) == {"unknown-condition", "unknown-handler"}


def test_unknown_modifier() -> None:
    card = trinket()
    card["script"].append({"when": "static", "modifiers": [{"mod": "luck", "amount": 1}]})
    assert codes(card) == {"unknown-modifier"}


def test_choose_needs_two_bullets() -> None:
    card = fireball()
    card["type"] = "utility"
    card["keywords"] = ["choice"]
    draw = [{"op": "draw", "target": "self", "count": 1}]
    card["script"][0]["do"] = [{"op": "choose", "chooser": "you", "options": [{"do": draw}]}]
    assert codes(card) == {"bad-options"}


@pytest.mark.parametrize(
    ("keywords", "mutate"),
    [
        (["fate"], None),
        (["choice"], None),
        (["pierce"], None),
        ([], "pierce"),
        (["quick"], None),
        (["charge"], None),
    ],
)
def test_keyword_and_script_must_agree(keywords: list, mutate: str | None) -> None:
    card = fireball()
    card["keywords"] = keywords
    if mutate == "pierce":
        card["script"][0]["do"][0]["mode"] = "pierce"
    assert codes(card) == {"keyword-mismatch"}


def test_use_keyword_needs_a_use_ability() -> None:
    card = trinket()
    card["keywords"] = []
    assert codes(card) == {"keyword-mismatch"}


def test_utility_runespells_deal_no_damage_and_spirits_must() -> None:
    card = fireball()
    card["type"] = "utility"
    assert codes(card) == {"utility-damage"}
    card = fireball()
    card["script"][0]["do"] = [{"op": "draw", "target": "self", "count": 1}]
    assert codes(card) == {"spirit-no-damage"}


def test_attack_runespells_damage_only_runeslingers() -> None:
    card = fireball()
    card["type"] = "attack"
    assert codes(card) == {"bad-target"}


def test_abilities_have_determination_costs_of_1_or_2() -> None:
    equip = {
        "id": "zap",
        "name": "Zap",
        "class": "runeseer",
        "kind": "ability",
        "determinations": 3,
        "text": "Deal 1 damage to any target.",
        "script": [{"when": "activate", "do": [{"op": "damage", "target": "any", "amount": 1}]}],
    }
    found: list[Problem] = []
    lint_equip(equip, "equip 'zap'", found)
    assert {p.code for p in found} == {"bad-value"}
    equip["class"] = "basic"
    del equip["determinations"]
    found = []
    lint_equip(equip, "equip 'zap'", found)
    assert {p.code for p in found} == {"bad-class", "missing-field"}


def with_extra_card(card: dict[str, Any]) -> dict[str, Any]:
    sections = shipped_sections()
    sections["cards"] = [*sections["cards"], card]
    return sections


def test_duplicate_ids_and_names() -> None:
    card = fireball()
    card["id"] = "fireball"
    card["name"] = "FIREBALL"
    problems = lint_data(with_extra_card(card))
    assert {p.code for p in problems} == {"duplicate-id", "duplicate-name"}
    assert all("card 'fireball'" in str(p) for p in problems)


def test_starter_decks_naming_unknown_cards_runeslingers_or_equips() -> None:
    sections = shipped_sections()
    sections["starter_decks"] = copy.deepcopy(sections["starter_decks"])
    starter = sections["starter_decks"][0]
    starter["cards"]["firebal"] = 2
    starter["equips"] = ["talakas-heart", "overflow", "nope"]
    starter["runeslinger"] = "eva"
    problems = lint_data(sections)
    assert {(p.code, p.field) for p in problems} == {
        ("unknown-card", "cards.firebal"),
        ("unknown-equip", "equips"),
        ("equip-class", "equips"),
    }


def test_a_missing_ailment_is_reported() -> None:
    sections = shipped_sections()
    sections["ailments"] = [a for a in sections["ailments"] if a["id"] != "insanity"]
    assert [(p.code, p.field) for p in lint_data(sections)] == [("missing-ailment", "insanity")]


def test_load_catalog_raises_with_every_problem(tmp_path: Path) -> None:
    for path in data_files(DEFAULT_DATA_DIR):
        (tmp_path / path.name).write_bytes(path.read_bytes())
    (tmp_path / "zz_broken.yaml").write_text(
        "cards:\n  - {id: broken, name: Broken, type: trinket, class: basic, cost: 1, rarity: common,\n"
        "     text: t, keywords: [flying], script: [{when: play, do: [{op: boom}]}]}\n",
        encoding="utf-8",
    )
    with pytest.raises(CatalogDataError) as caught:
        load_catalog(tmp_path)
    found = {p.code for p in caught.value.problems}
    assert {"unknown-keyword", "missing-defense", "missing-subtype", "unknown-op"} <= found
    assert "card 'broken' (Broken)" in str(caught.value)


def test_malformed_yaml_is_reported_with_the_file_name(tmp_path: Path) -> None:
    (tmp_path / "bad.yaml").write_text("cards: [\n", encoding="utf-8")
    with pytest.raises(CatalogDataError, match="bad.yaml"):
        load_catalog(tmp_path)
