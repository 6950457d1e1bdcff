"""What a Runebound card face shows, as plain values for the face partial and the pages.

PURE. `class_card_face` and `talent_face` turn a card into a dict of labels (never raw
vocabulary words as text; the words are kept only as CSS hooks). `gallery` filters the
catalog for the search page: by words in the name or text, kind, side and published deck.
"""

from __future__ import annotations

from typing import Any

from gameplay.runebound.model import ClassCard, RuneboundCatalog, Talent
from gameplay.runebound.schema import Side

Face = dict[str, Any]
MENACE_SYMBOL = "&"
TALENT = "talent"  # the gallery's kind filter also offers Talents beside the class card kinds
MENACE_COLOUR = {Side.FRIENDLY: "red: a friendly card", Side.ENEMY: "blue: an enemy card"}
MENACE_RULE = {
    Side.FRIENDLY: "played on your own Hero in your turn: move that much menace from your pool to your Hero card",
    Side.ENEMY: (
        "played on another player's Hero in their turn: move that much menace from their Hero card back to their pool"
    ),
}


def text_parts(text: str) -> list[tuple[str, bool]]:
    """The text cut around each menace symbol (&), marked True, so the face can draw it as a token."""
    parts: list[tuple[str, bool]] = []
    for i, piece in enumerate(text.split(MENACE_SYMBOL)):
        if i:
            parts.append((MENACE_SYMBOL, True))
        if piece:
            parts.append((piece, False))
    return parts


def _badges(items: tuple[Any, ...]) -> list[dict[str, str]]:
    return [{"hook": item.value, "label": item.label} for item in items]


def class_card_face(card: ClassCard, catalog: RuneboundCatalog) -> Face:
    deck = catalog.deck_of(card.id)
    return {
        "id": card.id,
        "name": card.name,
        "is_talent": False,
        "side": card.side.value,
        "type_line": f"{card.side.label} {card.kind.label}",
        "menace": card.menace,
        "menace_title": f"Menace cost {card.menace} ({MENACE_COLOUR[card.side]})",
        "menace_rule": MENACE_RULE[card.side],
        "epic": card.epic,
        "timing": _badges(card.timing),
        "proficiencies": _badges(card.proficiencies),
        "terrain": [t.label for t in card.terrain],
        "text": card.text,
        "text_parts": text_parts(card.text),
        "deck": deck.name if deck else "",
        "deck_id": deck.id if deck else "",
    }


def talent_face(talent: Talent, catalog: RuneboundCatalog) -> Face:
    deck = catalog.deck_of(talent.id)
    return {
        "id": talent.id,
        "name": talent.name,
        "is_talent": True,
        "side": TALENT,
        "type_line": f"Talent · Level {talent.level}",
        "level": talent.level,
        "proficiencies": _badges(talent.proficiencies),
        "prerequisite": talent.prerequisite.label if talent.prerequisite else "",
        "text": talent.text,
        "text_parts": text_parts(talent.text),
        "deck": deck.name if deck else "",
        "deck_id": deck.id if deck else "",
    }


def face_of(card: ClassCard | Talent, catalog: RuneboundCatalog) -> Face:
    return talent_face(card, catalog) if isinstance(card, Talent) else class_card_face(card, catalog)


def _matches(card: ClassCard | Talent, words: list[str]) -> bool:
    haystack = f"{card.name} {card.text}".casefold()
    return all(word in haystack for word in words)


def gallery(catalog: RuneboundCatalog, query: str = "", kind: str = "", side: str = "", deck: str = "") -> list[Face]:
    """Faces of the cards that match every given filter, class cards first, in catalog order."""
    words = query.casefold().split()
    shipped = catalog.decks.get(deck)
    wanted_ids = set(shipped.class_cards) | set(shipped.talents) if shipped else None
    cards: list[ClassCard | Talent] = []
    if kind != TALENT and side != TALENT:
        cards += [c for c in catalog.class_cards.values() if kind in ("", c.kind.value) and side in ("", c.side.value)]
    if kind in ("", TALENT) and side in ("", TALENT):
        cards += list(catalog.talents.values())
    return [
        face_of(card, catalog)
        for card in cards
        if _matches(card, words) and (wanted_ids is None or card.id in wanted_ids)
    ]
