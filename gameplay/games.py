"""The one registry of the games the site serves, and what a page may say of a format slug.

PURE (no Django). Each `GameEntry` says what the site has of it: the rulebooks it follows, its deck
formats, the engine that hosts its matches (by the name a match records), how a match of it is
seated (by asking that engine: ``GameEngine.seating``), its board on the play page, its rules page
and its stylesheet. Everything that needs a
list of games reads `GAMES`: the deck formats (`gameplay.deckformats`), the hosted engines
(`gameplay.matches.engines`, checked against this list by `tests/site/test_games_registry.py`),
`docs/README.md`'s list of games (checked too) and the pages.

Runeslingers formats are `gameplay.runeslingers.formats.FORMATS`, Runebound formats
`gameplay.runebound.decks.RUNEBOUND_FORMATS`; a slug names its game. The rows' models read names
and sizes here (sizes as numbers: `gameplay.deck_words` says them in words); reading, checking and
writing lists is `gameplay.deckformats` (the site layer, which holds the catalogs).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from types import MappingProxyType
from typing import Any

from gameplay.runebound.decks import RUNEBOUND_FORMATS, RuneboundDeck
from gameplay.runeslingers.formats import FORMATS

RUNESLINGERS = "runeslingers"
RUNEMASTERS = "runemasters"
RUNEBOUND = "runebound"

CLASS_CARDS = "class_cards"  # the keys of a stored Runebound deck's `sections`
TALENTS = "talents"


@dataclass(frozen=True)
class GameEntry:
    """One game the site serves.

    ``key``: the game's name in code and in URLs' queries; ``engine``: the name of the engine that
    hosts its matches (``PlayMatch.engine``), empty for a game played on paper only; ``formats``:
    its deck formats by slug (empty for a game without decks of its own); ``board``: the play
    page's board script (under ``static/``); ``stylesheet``: the card pages' stylesheet of its own,
    if any; ``rules``: the site's rules page of the game (a URL path), once written."""

    key: str
    name: str
    rulebooks: tuple[str, ...]
    formats: Mapping[str, Any]
    engine: str = ""
    board: str = ""
    stylesheet: str = ""
    rules: str = ""

    @property
    def hosted(self) -> bool:
        return bool(self.engine)


GAMES: Mapping[str, GameEntry] = MappingProxyType(
    {
        RUNESLINGERS: GameEntry(
            RUNESLINGERS, "Runeslingers", ("000", "001", "002"), FORMATS,
            engine="runeslingers", board="gameplay/board.js",
        ),
        RUNEMASTERS: GameEntry(
            RUNEMASTERS, "Runemasters", ("003",), {},
            engine="runemasters", board="gameplay/runemasters-board.js",
        ),
        RUNEBOUND: GameEntry(RUNEBOUND, "Runebound", ("004",), RUNEBOUND_FORMATS, stylesheet="css/runebound.css"),
    }
)  # fmt: skip

#: The games decks are kept for, by key, with their names.
GAME_NAMES = {key: game.name for key, game in GAMES.items() if game.formats}


def game_of(slug: str) -> str:
    """The game a format slug belongs to (Runeslingers for a slug no format of a game knows)."""
    return next((key for key, game in GAMES.items() if slug in game.formats), RUNESLINGERS)


def format_name(slug: str) -> str:
    found = GAMES[game_of(slug)].formats.get(slug)
    return str(found.name) if found is not None else slug


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
