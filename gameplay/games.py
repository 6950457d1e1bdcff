"""The games the site keeps decks for, and what a page may say of a format slug without a catalog.

PURE (no Django). Runeslingers formats are `gameplay.formats.FORMATS`, Runebound formats
`gameplay.runebound.decks.RUNEBOUND_FORMATS`; a slug names its game. The rows' models read names
and sizes here; reading, checking and writing lists is `gameplay.deckformats` (the site layer,
which holds the catalogs).
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


def deck_summary(slug: str, cards: Mapping[str, Any], sections: Any) -> str:
    """A stored deck's size in words, as its game counts: "30 cards", "25 class cards · 5 Talents"."""
    if game_of(slug) == RUNEBOUND:
        deck = sections_deck(sections)
        return f"{_count(len(deck.class_cards), 'class card')} · {_count(len(deck.talents), 'Talent')}"
    return _count(sum(int(n) for n in cards.values()), "card")


def _count(number: int, word: str) -> str:
    return f"{number} {word}{'' if number == 1 else 's'}"
