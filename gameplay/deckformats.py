"""One lookup for every game's deck formats: `deck_format(slug)`.

The site keeps decks of two games in the same rows (saved decks, registered decks): Runeslingers
(`gameplay.runeslingers.formats.FORMATS`) and Runebound (`gameplay.runebound.decks.RUNEBOUND_FORMATS`). Code
that holds a format slug asks this module, never the two games' format lists, so no service
branches on the game. Pages branch on it only where the games look different (a Runebound list's
stylesheet, faces and plain-text editor, the deck swap of Runebound pod events: `game ==
"runebound"` in the templates). A `DeckFormat` answers:

- what it is: `slug`, `name`, `description`, `game`, `game_name`, `limited`;
- `read(text)`: the deck in a pasted list (`DeckInputError` naming every bad line);
- `check(deck, pool)`: every violation, at once;
- `write(deck)`: the canonical list text (reads back to the same deck);
- `stored(deck)` / `from_stored(row)`: the deck as the fields of a deck row (`runeslinger`,
  `equips`, `cards` id -> copies, `sections`) and back. A Runebound deck's list order lives in
  `sections` (JSON arrays keep their order; a JSON object's keys do not on PostgreSQL), so
  `cards` only counts copies.

The catalogs are the site's current ones (`gameplay.runeslingers.site_catalog.current_catalog`, the shipped
Runebound data), read once per process.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, ClassVar, Protocol, TypeVar

from gameplay.deck_words import deck_summary
from gameplay.games import GAME_NAMES, RUNEBOUND, RUNESLINGERS, runebound_sections, sections_deck
from gameplay.runebound.catalog import shipped_runebound
from gameplay.runebound.decklists import format_runebound_list, parse_runebound_list
from gameplay.runebound.decks import RUNEBOUND_FORMATS, RuneboundDeck, RuneboundFormat
from gameplay.runeslingers.decklists import DeckListError, format_decklist
from gameplay.runeslingers.formats import FORMATS, Deck, Format, UnknownFormatError, Violation
from gameplay.runeslingers.site_catalog import DeckInputError, current_catalog, deck_from_text

AnyDeck = Deck | RuneboundDeck
T = TypeVar("T")


class StoredDeck(Protocol):
    """A row holding a deck: a saved deck's version or an event's registered version."""

    runeslinger: str
    equips: Any
    cards: Any
    sections: Any


@dataclass(frozen=True)
class DeckFormat:
    """The common face of a format of either game (see the module's docstring)."""

    game: ClassVar[str]
    format: Any  # the game's own format object: it carries the slug, name and description

    @property
    def _named(self) -> Any:
        return self.format

    @property
    def slug(self) -> str:
        return str(self._named.slug)

    @property
    def name(self) -> str:
        return str(self._named.name)

    @property
    def description(self) -> str:
        return str(self._named.description)

    @property
    def limited(self) -> bool:
        return False

    @property
    def game_name(self) -> str:
        return GAME_NAMES[self.game]

    @property
    def catalog_version(self) -> str:
        raise NotImplementedError

    def read(self, text: str) -> Any:
        raise NotImplementedError

    def check(self, deck: Any, pool: Mapping[str, int] | None = None) -> list[Violation]:
        raise NotImplementedError

    def write(self, deck: Any) -> str:
        raise NotImplementedError

    def stored(self, deck: Any) -> dict[str, Any]:
        raise NotImplementedError

    def from_stored(self, row: StoredDeck) -> Any:
        raise NotImplementedError

    def size(self, deck: Any) -> int:
        raise NotImplementedError

    def summary(self, row: StoredDeck) -> str:
        """The size of a stored deck in words ("30 cards", "25 class cards · 5 Talents")."""
        return deck_summary(self.slug, row.cards, row.sections)


@dataclass(frozen=True)
class RuneslingersFormat(DeckFormat):
    format: Format
    game: ClassVar[str] = RUNESLINGERS

    @property
    def limited(self) -> bool:
        return self.format.limited

    @property
    def catalog_version(self) -> str:
        return current_catalog().data_version

    def read(self, text: str) -> Deck:
        return deck_from_text(text, current_catalog())

    def check(self, deck: Deck, pool: Mapping[str, int] | None = None) -> list[Violation]:
        return self.format.check(_as(deck, Deck), current_catalog(), pool)

    def write(self, deck: Deck) -> str:
        return format_decklist(_as(deck, Deck), current_catalog())

    def stored(self, deck: Deck) -> dict[str, Any]:
        deck = _as(deck, Deck)
        return {"runeslinger": deck.runeslinger or "", "equips": list(deck.equips), "cards": dict(deck.cards),
                "sections": {}}  # fmt: skip

    def from_stored(self, row: StoredDeck) -> Deck:
        return Deck.of(row.runeslinger or None, row.equips, {str(k): int(v) for k, v in row.cards.items()})

    def size(self, deck: Deck) -> int:
        return _as(deck, Deck).size


@dataclass(frozen=True)
class RuneboundDeckFormat(DeckFormat):
    format: RuneboundFormat
    game: ClassVar[str] = RUNEBOUND

    @property
    def catalog_version(self) -> str:
        return shipped_runebound().data_version

    def read(self, text: str) -> RuneboundDeck:
        try:
            return parse_runebound_list(text, shipped_runebound())
        except DeckListError as exc:
            raise DeckInputError([str(error) for error in exc.errors]) from None

    def check(self, deck: RuneboundDeck, pool: Mapping[str, int] | None = None) -> list[Violation]:
        return self.format.check(_as(deck, RuneboundDeck), shipped_runebound())

    def write(self, deck: RuneboundDeck) -> str:
        return format_runebound_list(_as(deck, RuneboundDeck), shipped_runebound())

    def stored(self, deck: RuneboundDeck) -> dict[str, Any]:
        deck = _as(deck, RuneboundDeck)
        return {
            "runeslinger": "",
            "equips": [],
            "cards": dict(Counter((*deck.class_cards, *deck.talents))),
            "sections": runebound_sections(deck),
        }

    def from_stored(self, row: StoredDeck) -> RuneboundDeck:
        return runebound_deck_of(row)

    def size(self, deck: RuneboundDeck) -> int:
        return len(_as(deck, RuneboundDeck).class_cards)


def runebound_deck_of(row: StoredDeck) -> RuneboundDeck:
    """The Runebound deck a row holds, in list order."""
    return sections_deck(row.sections)


def _as(deck: object, kind: type[T]) -> T:
    if not isinstance(deck, kind):
        raise TypeError(f"expected a {kind.__name__}, not {type(deck).__name__}")
    return deck


_ALL: dict[str, DeckFormat] = {
    **{slug: RuneslingersFormat(f) for slug, f in FORMATS.items()},
    **{slug: RuneboundDeckFormat(f) for slug, f in RUNEBOUND_FORMATS.items()},
}


def deck_format(slug: str) -> DeckFormat:
    """The format of either game with this slug; `UnknownFormatError` if none."""
    try:
        return _ALL[slug]
    except KeyError:
        raise UnknownFormatError(f"Unknown format {slug!r}; known: {', '.join(_ALL)}.") from None


def find_format(slug: str) -> DeckFormat | None:
    return _ALL.get(slug)


def deck_formats(constructed: bool = False) -> list[DeckFormat]:
    """Every format, Runeslingers first; ``constructed`` leaves out the limited ones (built from a pool)."""
    return [f for f in _ALL.values() if not (constructed and f.limited)]


def grouped_choices(constructed: bool = False) -> list[tuple[str, list[tuple[str, str]]]]:
    """Choices for a select, grouped by game: ``[(game name, [(slug, format name), ...]), ...]``."""
    groups: dict[str, list[tuple[str, str]]] = {}
    for found in deck_formats(constructed):
        groups.setdefault(found.game_name, []).append((found.slug, found.name))
    return list(groups.items())
