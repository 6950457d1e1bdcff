"""What a Runebound card face shows, as plain values for the face partial and the pages.

PURE. `class_card_face` and `talent_face` turn a card into a dict of labels (never raw
vocabulary words as text; the words are kept only as CSS hooks). `gallery` filters the
catalog for the search page: by words in the name or text, kind, side and published deck.
`deck_faces` draws a deck as a person reads one: friendly then enemy class cards, each by kind,
and the Talents by level.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from gameplay.runebound.decks import RuneboundDeck
from gameplay.runebound.model import ClassCard, RuneboundCatalog, Talent
from gameplay.runebound.schema import ClassKind, Side

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


KIND_PLURALS = {
    ClassKind.FEAT: "Feats",
    ClassKind.SPELL: "Spells",
    ClassKind.LOCATION: "Locations",
    ClassKind.CHALLENGE: "Challenges",
}


def deck_faces(deck: RuneboundDeck, catalog: RuneboundCatalog) -> dict[str, Any]:
    """A deck's cards as faces, grouped: friendly, then enemy class cards, each by kind (Feats,
    Spells, Locations, Challenges); Talents by level. List order is kept inside a group; a card
    listed twice is one face with ``copies`` 2; ids the catalog does not know are named apart."""
    copies = Counter((*deck.class_cards, *deck.talents))
    cards = [catalog.class_cards[i] for i in dict.fromkeys(deck.class_cards) if i in catalog.class_cards]
    talents = sorted(
        (catalog.talents[i] for i in dict.fromkeys(deck.talents) if i in catalog.talents), key=lambda t: t.level
    )

    def face(card: ClassCard | Talent) -> Face:
        return {**face_of(card, catalog), "copies": copies[card.id]}

    sides = []
    for side in Side:
        mine = [c for c in cards if c.side is side]
        groups = [
            {"label": KIND_PLURALS[kind], "faces": [face(c) for c in mine if c.kind is kind]}
            for kind in ClassKind
            if any(c.kind is kind for c in mine)
        ]
        sides.append({"label": f"{side.label} class cards", "side": side.value, "count": len(mine), "groups": groups})
    levels = sorted({t.level for t in talents})
    talent_groups = [{"label": f"Level {n}", "faces": [face(t) for t in talents if t.level == n]} for n in levels]
    known = set(catalog.class_cards) | set(catalog.talents)
    return {
        "sides": sides,
        "talents": {"count": len(talents), "groups": talent_groups},
        "unknown": [i for i in dict.fromkeys((*deck.class_cards, *deck.talents)) if i not in known],
        "class_count": len(deck.class_cards),
        "enemy_count": sum(1 for c in cards if c.is_enemy),
        "friendly_count": sum(1 for c in cards if not c.is_enemy),
        "talent_count": len(deck.talents),
        "levels": [t.level for t in talents],
    }
