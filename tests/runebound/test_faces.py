"""What a Runebound face shows: labels, never raw words; the menace symbol cut out of the text; the search."""

from __future__ import annotations

from gameplay.runebound.faces import class_card_face, gallery, talent_face, text_parts
from gameplay.runebound.model import RuneboundCatalog


def test_the_menace_symbol_is_cut_out_of_the_text() -> None:
    assert text_parts("Take 1 &.") == [("Take 1 ", False), ("&", True), (".", False)]
    assert text_parts("& then &") == [("&", True), (" then ", False), ("&", True)]
    assert text_parts("No menace.") == [("No menace.", False)]


def test_a_class_card_face_shows_labels(runebound: RuneboundCatalog) -> None:
    face = class_card_face(runebound.class_cards["ruined-arcanum"], runebound)
    assert face["type_line"] == "Friendly Location"
    assert face["terrain"] == ["Hills", "Mountains"]
    assert [t["label"] for t in face["timing"]] == ["End of Movement"]
    assert face["menace_title"] == "Menace cost 2 (red: a friendly card)"
    assert face["deck"] == "Battlemage"


def test_a_talent_face_shows_its_level_and_prerequisite(runebound: RuneboundCatalog) -> None:
    face = talent_face(runebound.talents["war-mage"], runebound)
    assert (face["type_line"], face["prerequisite"]) == ("Talent · Level 3", "Fighting")
    assert [p["label"] for p in face["proficiencies"]] == ["Wizardry", "Fighting", "Survival"]


def test_the_gallery_filters_by_every_field_at_once(runebound: RuneboundCatalog) -> None:
    assert len(gallery(runebound)) == len(runebound.class_cards) + len(runebound.talents)
    enemy_spells = gallery(runebound, kind="spell", side="enemy", deck="stormcaller")
    assert {f["name"] for f in enemy_spells} == {
        c.name
        for i in runebound.decks["stormcaller"].class_cards
        if (c := runebound.class_cards[i]).kind == "spell" and c.is_enemy
    }
    assert [f["name"] for f in gallery(runebound, query="LIFE 8 experience")] == ["Fallen Paladin", "Stormborn Giant"]
    assert gallery(runebound, kind="talent", side="enemy") == []
    assert all(f["is_talent"] for f in gallery(runebound, side="talent"))
