"""The games the site keeps decks for, and what a page may say of a format slug without a catalog.

PURE (no Django). Runeslingers formats are `gameplay.formats.FORMATS`, Runebound formats
`gameplay.runebound.decks.RUNEBOUND_FORMATS`; a slug names its game. The rows' models read names
and sizes here (sizes as numbers: `gameplay.deck_words` says them in words); reading, checking and
writing lists is `gameplay.deckformats` (the site layer, which holds the catalogs).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from gameplay.formats import FORMATS
from gameplay.runebound.decks import RUNEBOUND_FORMATS, RuneboundDeck

RUNESLINGERS = "runeslingers"
RUNEBOUND = "runebound"
GAME_NAMES = {RUNESLINGERS: "Runeslingers", RUNEBOUND: "Runebound"}

CLASS_CARDS = "class_cards"  # the keys of a stored Runebound deck's `sections`
TALENTS = "talents"


def game_of(slug: str) -> str:
    """The game a format slug belongs to (Runeslingers for a slug no registry knows)."""
    return RUNEBOUND if slug in RUNEBOUND_FORMATS else RUNESLINGERS


def format_name(slug: str) -> str:
    found = FORMATS.get(slug) or RUNEBOUND_FORMATS.get(slug)
    return found.name if found is not None else slug


def runebound_sections(deck: RuneboundDeck) -> dict[str, list[str]]:
    return {CLASS_CARDS: list(deck.class_cards), TALENTS: list(deck.talents)}


def sections_deck(sections: Any) -> RuneboundDeck:
    """The Runebound deck stored in `sections`, in list order (an empty deck for anything else)."""
    found = sections if isinstance(sections, Mapping) else {}
    return RuneboundDeck.of([str(i) for i in found.get(CLASS_CARDS, [])], [str(i) for i in found.get(TALENTS, [])])


#: One part of a deck's size: the number, and its noun in the singular and the plural.
DeckSize = tuple[int, str, str]


def deck_sizes(slug: str, cards: Mapping[str, Any], sections: Any) -> list[DeckSize]:
    """A stored deck's size as its game counts it: the cards of a Runeslingers deck, the class
    cards and Talents of a Runebound one (``gameplay.deck_words`` says it in words)."""
    if game_of(slug) == RUNEBOUND:
        deck = sections_deck(sections)
        return [(len(deck.class_cards), "class card", "class cards"), (len(deck.talents), "Talent", "Talents")]
    return [(sum(int(n) for n in cards.values()), "card", "cards")]
