"""Card faces: one JSON-able dict per catalog object, in the shape of the card face contract."""

from __future__ import annotations

import json

import pytest

from gameplay.runeslingers.cards.catalog import Catalog
from gameplay.runeslingers.cards.faces import (
    KEYWORD_HELP,
    catalog_faces,
    deck_faces,
    face_of_card,
    text_parts,
    type_line,
)
from gameplay.runeslingers.cards.model import KeywordValue
from gameplay.runeslingers.cards.schema import Keyword

CARD_KEYS = {
    "id", "kind", "name", "class", "class_name", "cost", "x", "type", "type_line", "rarity",
    "rarity_name", "keywords", "text", "text_parts", "defense",
}  # fmt: skip


def test_every_catalog_object_has_one_json_able_face_keyed_by_its_id(catalog: Catalog) -> None:
    faces = catalog_faces(catalog)
    assert len(faces) == len(catalog.cards) + len(catalog.runeslingers) + len(catalog.equips)
    assert all(face["id"] == key for key, face in faces.items())
    assert json.loads(json.dumps(faces)) == faces
    kinds = {face["kind"] for face in faces.values()}
    assert kinds == {"card", "runeslinger", "stance", "ability"}


def test_a_card_face_carries_everything_printed_on_the_card(catalog: Catalog) -> None:
    face = face_of_card(catalog.card("flaming-fists"))
    assert set(face) == CARD_KEYS
    assert face["name"] == "Flaming Fists" and face["cost"] == 2 and face["x"] is False
    assert (face["class"], face["class_name"]) == ("striker", "Striker")
    assert (face["type"], face["type_line"]) == ("attack", "Attack Runespell")
    assert (face["rarity"], face["rarity_name"]) == ("common", "Common")
    assert face["keywords"] == [{"label": "Sear 2", "help": KEYWORD_HELP[Keyword.SEAR], "url": "/learn/glossary/#sear"}]
    assert face["defense"] is None
    assert face["text_parts"][0] == ["Sear 2", True]


def test_defense_subtype_speed_and_x_reach_the_face(catalog: Catalog) -> None:
    shield = face_of_card(catalog.card("tower-shield"))
    assert shield["defense"] == 5 and shield["type_line"] == "Trinket — Armour"
    warp = face_of_card(catalog.card("time-warp"))
    assert warp["x"] is True and warp["rarity_name"] == "Mythic"
    shouts = [c for c in catalog.cards.values() if c.has_keyword(Keyword.SHOUT)]
    assert shouts and all(type_line(c).endswith("· Shout") for c in shouts)


def test_runeslinger_and_equip_faces(catalog: Catalog) -> None:
    faces = catalog_faces(catalog)
    eva = faces["eva"]
    slinger = catalog.runeslingers["eva"]
    assert (eva["health"], eva["block"]) == (slinger.health, slinger.block)
    assert eva["inherent"] == {
        "name": slinger.inherent.name,
        "cost": slinger.inherent.light_cost,
        "text": slinger.inherent.text,
    }
    for equip in catalog.equips.values():
        face = faces[equip.id]
        assert face["kind"] == equip.kind.value and face["determinations"] == equip.determinations
    assert any(f["kind"] == "ability" and f["determinations"] for f in faces.values())


def test_every_keyword_has_help_text() -> None:
    assert set(KEYWORD_HELP) == set(Keyword) and all(KEYWORD_HELP.values())


@pytest.mark.parametrize(
    ("text", "keywords", "expected"),
    [
        ("Deal 2 damage.", (), [["Deal 2 damage.", False]]),
        ("", (KeywordValue(Keyword.PIERCE),), []),
        (
            "Sear 2. Deal 5 damage; it sears nothing else.",
            (KeywordValue(Keyword.SEAR, 2),),
            [["Sear 2", True], [". Deal 5 damage; it sears nothing else.", False]],
        ),
        (
            "Shout. Pierce. Deal 3.",
            (KeywordValue(Keyword.SHOUT), KeywordValue(Keyword.PIERCE)),
            [["Shout", True], [". ", False], ["Pierce", True], [". Deal 3.", False]],
        ),
    ],
)
def test_text_parts_bold_the_cards_own_keywords_and_keep_the_text(
    text: str, keywords: tuple[KeywordValue, ...], expected: list[list[object]]
) -> None:
    parts = text_parts(text, keywords)
    assert parts == expected
    assert "".join(part[0] for part in parts) == text


def test_every_card_text_survives_its_parts(catalog: Catalog) -> None:
    for card in catalog.cards.values():
        assert "".join(p[0] for p in face_of_card(card)["text_parts"]) == card.text, card.id


def test_a_deck_as_faces_sorts_the_cards_by_cost_and_counts_what_the_catalog_lost(catalog: Catalog) -> None:
    starter = next(iter(catalog.starter_decks.values()))
    drawn = deck_faces(catalog, starter.runeslinger, starter.equips, starter.cards)
    assert drawn["runeslinger"]["id"] == starter.runeslinger
    assert [e["id"] for e in drawn["equips"]] == list(starter.equips)
    assert sum(entry["count"] for entry in drawn["cards"]) == starter.size
    keys = [(entry["face"]["cost"], entry["face"]["name"]) for entry in drawn["cards"]]
    assert keys == sorted(keys) and drawn["missing"] == 0

    gone = deck_faces(catalog, "no-such-slinger", ["no-such-equip"], {"jab": 2, "no-such-card": 3})
    assert gone["runeslinger"] is None and gone["equips"] == []
    assert [entry["face"]["id"] for entry in gone["cards"]] == ["jab"]
    assert gone["missing"] == 1 + 1 + 3


def test_classic_faces_show_the_classic_edition() -> None:
    from gameplay.runeslingers.cards.catalog import load_catalog
    from gameplay.runeslingers.cards.faces import CLASSIC_MAX_HEALTH, catalog_faces
    from gameplay.runeslingers.engine.rules import CLASSIC

    catalog = load_catalog()
    assert catalog.classic is not None
    drawn = catalog_faces(catalog, "classic")
    assert set(catalog.classic.abilities) <= set(drawn) and not set(catalog.equips) & set(drawn)
    assert {f["edition"] for f in drawn.values()} == {"classic"}
    assert drawn["eva"]["health"] == CLASSIC_MAX_HEALTH == CLASSIC.max_health and drawn["eva"]["inherent"] is None
    assert drawn["eva-inner-flame"]["kind"] == "stance" and drawn["eva-engulf"]["determinations"] == 2
    assert drawn["blood-rite"]["text"] == catalog.classic.cards["blood-rite"].text != catalog.cards["blood-rite"].text
    assert "edition" not in catalog_faces(catalog)["blood-rite"]
