"""Runebound deck rules (rulebook 004, "Deck Building") and the two Runebound formats.

PURE. A `RuneboundDeck` is a class deck (class card ids, in list order, repeats kept so the
"all different" rule can name them) and a talent deck. `check_custom` returns every violation
of the customised-deck rules at once; `check_published` asks that the lists equal one published
character deck. Violations reuse `gameplay.runeslingers.formats.Violation` (rule, message, card ids).

The rules, in 004's words:
1. "You may have up to 30 cards in your class deck."
2. "All cards in your class deck must be different."
3. "Your class deck must contain at least 12 enemy class cards."
4. "You may have up to 5 Talent cards in your talent deck."
5. "You may have Talents with the same level." (so no level rule is checked)

`gameplay.runeslingers.formats.Format` is built around Runeslingers decks (a Runeslinger, equips, counts),
so Runebound formats live in their own small registry, `RUNEBOUND_FORMATS`, beside it.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass

from gameplay.runebound.model import PublishedDeck, RuneboundCatalog
from gameplay.runeslingers.formats import UnknownFormatError, Violation

MAX_CLASS_CARDS = 30
MIN_ENEMY_CARDS = 12
MAX_TALENTS = 5


@dataclass(frozen=True)
class RuneboundDeck:
    class_cards: tuple[str, ...]
    talents: tuple[str, ...]

    @classmethod
    def of(cls, class_cards: Iterable[str], talents: Iterable[str]) -> RuneboundDeck:
        return cls(tuple(class_cards), tuple(talents))

    @classmethod
    def from_published(cls, deck: PublishedDeck) -> RuneboundDeck:
        return cls.of(deck.class_cards, deck.talents)


def _plural(count: int, word: str) -> str:
    return f"{count} {word}{'' if count == 1 else 's'}"


def _name(catalog: RuneboundCatalog, card_id: str) -> str:
    found = catalog.class_cards.get(card_id) or catalog.talents.get(card_id)
    return found.name if found else card_id


def check_custom(deck: RuneboundDeck, catalog: RuneboundCatalog) -> list[Violation]:
    """Every violation of the customised character deck rules, in a stable order."""
    found: list[Violation] = []
    found += _check_known(deck.class_cards, catalog.class_cards, catalog, "class card")
    found += _check_known(deck.talents, catalog.talents, catalog, "talent")
    found += _check_class_size(deck)
    found += _check_different(deck, catalog)
    found += _check_enemy(deck, catalog)
    found += _check_talent_count(deck)
    return found


def _check_known(
    ids: tuple[str, ...], known: Mapping[str, object], catalog: RuneboundCatalog, what: str
) -> list[Violation]:
    missing = tuple(dict.fromkeys(i for i in ids if i not in known))
    if not missing:
        return []
    named = ", ".join(_name(catalog, i) for i in missing)
    return [Violation(f"unknown-{what.replace(' ', '-')}", f"Not a Runebound {what}: {named}.", missing)]


def _check_class_size(deck: RuneboundDeck) -> list[Violation]:
    size = len(deck.class_cards)
    if size <= MAX_CLASS_CARDS:
        return []
    return [
        Violation(
            "class-deck-size",
            f"Your class deck has {size} cards; you may have up to {MAX_CLASS_CARDS} cards in your class deck.",
        )
    ]


def _check_different(deck: RuneboundDeck, catalog: RuneboundCatalog) -> list[Violation]:
    repeated = tuple(card_id for card_id, count in Counter(deck.class_cards).items() if count > 1)
    if not repeated:
        return []
    named = ", ".join(f"{_name(catalog, i)} ({deck.class_cards.count(i)} times)" for i in repeated)
    return [Violation("all-different", f"All cards in your class deck must be different: {named}.", repeated)]


def _check_enemy(deck: RuneboundDeck, catalog: RuneboundCatalog) -> list[Violation]:
    enemy = sum(1 for i in set(deck.class_cards) if (card := catalog.class_cards.get(i)) and card.is_enemy)
    if enemy >= MIN_ENEMY_CARDS:
        return []
    return [
        Violation(
            "enemy-cards",
            f"Your class deck has {_plural(enemy, 'enemy class card')}; it must contain at least "
            f"{MIN_ENEMY_CARDS} (Spells, Feats, Locations and/or Challenges).",
        )
    ]


def _check_talent_count(deck: RuneboundDeck) -> list[Violation]:
    count = len(deck.talents)
    if count <= MAX_TALENTS:
        return []
    return [
        Violation(
            "talent-count",
            f"Your talent deck has {count} Talents; you may have up to {MAX_TALENTS} Talent cards.",
        )
    ]


def check_published(deck: RuneboundDeck, catalog: RuneboundCatalog) -> list[Violation]:
    """The lists must equal one published character deck: its 25 class cards and 5 talents."""
    if not catalog.decks:
        return [Violation("published-deck", "There is no published character deck to compare with.")]
    if published_deck_of(deck, catalog) is not None:
        return []
    closest = max(catalog.decks.values(), key=lambda d: _overlap(deck, d))
    return [Violation("published-deck", _difference_message(deck, closest, catalog))]


def _overlap(deck: RuneboundDeck, published: PublishedDeck) -> int:
    return len(set(deck.class_cards) & set(published.class_cards)) + len(set(deck.talents) & set(published.talents))


def _difference_message(deck: RuneboundDeck, published: PublishedDeck, catalog: RuneboundCatalog) -> str:
    given = set(deck.class_cards) | set(deck.talents)
    shipped = set(published.class_cards) | set(published.talents)
    parts = [f"This format uses one published character deck, unchanged. The closest is the {published.name}"]
    missing = [_name(catalog, i) for i in (*published.class_cards, *published.talents) if i not in given]
    extra = [_name(catalog, i) for i in dict.fromkeys((*deck.class_cards, *deck.talents)) if i not in shipped]
    if missing:
        parts.append(f"missing: {', '.join(missing)}")
    if extra:
        parts.append(f"not in it: {', '.join(extra)}")
    if not missing and not extra:
        parts.append("a card is listed more than once")
    return "; ".join(parts) + "."


def published_deck_of(deck: RuneboundDeck, catalog: RuneboundCatalog) -> PublishedDeck | None:
    """The published deck these lists equal (order aside), if any."""
    wanted = (Counter(deck.class_cards), Counter(deck.talents))
    return next((d for d in catalog.decks.values() if wanted == (Counter(d.class_cards), Counter(d.talents))), None)


@dataclass(frozen=True)
class RuneboundFormat:
    slug: str
    name: str
    description: str
    rules: tuple[Callable[[RuneboundDeck, RuneboundCatalog], list[Violation]], ...]
    game: str = "runebound"

    def check(self, deck: RuneboundDeck, catalog: RuneboundCatalog) -> list[Violation]:
        """Every violation of this format's rules, all at once."""
        return [violation for rule in self.rules for violation in rule(deck, catalog)]


RUNEBOUND_FORMATS: dict[str, RuneboundFormat] = {
    f.slug: f
    for f in (
        RuneboundFormat(
            "runebound-custom",
            "Runebound Customised Deck",
            "Up to 30 class cards, all different, at least 12 of them enemy cards; up to 5 Talents, "
            "levels may repeat (rulebook 004, Deck Building).",
            (check_custom,),
        ),
        RuneboundFormat(
            "runebound-published",
            "Runebound Published Deck",
            "One published character deck, unchanged: its 25 class cards and 5 Talents (rulebook 004).",
            (check_published,),
        ),
    )
}


def get_runebound_format(slug: str) -> RuneboundFormat:
    try:
        return RUNEBOUND_FORMATS[slug]
    except KeyError:
        known = ", ".join(RUNEBOUND_FORMATS)
        raise UnknownFormatError(f"Unknown Runebound format {slug!r}; known: {known}.") from None
