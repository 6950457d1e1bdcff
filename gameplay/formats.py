"""Deck formats: which decks are legal where, with every violation explained at once.

PURE (no Django). A `Format` checks a `Deck` against the card `Catalog` (and, for limited
formats, the player's card `pool`) and returns a list of `Violation`s — all of them, never just
the first — each naming the rule, a message a player understands, and the card ids involved.

Words:
- *deck*: a Runeslinger, its equips (stance / abilities) and card counts keyed by card id.
- *X card*: a card with the X mark; the rulebooks allow 1 copy of each X card (001: "no more
  than 1 copy of any X card"; 002: "no more than 1 copy of any unique X runespell").
- *class*: the Runeslinger's class; equips must share it (001 p.19, 002). Deck cards of any
  class may be played ("class prefixes ... show affiliations, not restrictions", 001 p.6;
  "you can have cards from any class in your 30-card deck", 002), so no deck-card class rule.
- *equip rule*: a stance and an ability, or two abilities costing 1 and 2 determinations (002);
  Classic (000) asks for one passive and one activate ability, i.e. a stance and an ability.
- *pool*: the cards a player drafted or opened (limited formats); a deck may use at most the
  pool's count of each card.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from enum import StrEnum
from types import MappingProxyType

from gameplay.cards.catalog import Catalog
from gameplay.cards.model import Equip, StarterDeck
from gameplay.cards.schema import EquipKind


class UnknownFormatError(ValueError):
    """No format has that slug."""


class InvalidDeckError(ValueError):
    """A deck value is malformed (a count that is not a positive whole number)."""


@dataclass(frozen=True)
class Violation:
    rule: str
    message: str
    cards: tuple[str, ...] = ()


@dataclass(frozen=True)
class Deck:
    """Build with `Deck.of`, which sorts equips and cards so equal decks compare equal."""

    runeslinger: str | None
    equips: tuple[str, ...]
    cards: Mapping[str, int] = field(hash=False)

    @classmethod
    def of(cls, runeslinger: str | None, equips: Iterable[str], cards: Mapping[str, int]) -> Deck:
        for card_id, count in cards.items():
            if isinstance(count, bool) or not isinstance(count, int) or count < 1:
                raise InvalidDeckError(f"{card_id}: a count must be a whole number of 1 or more, not {count!r}")
        chosen = list(equips)
        if len(set(chosen)) != len(chosen):
            raise InvalidDeckError(f"an equip is chosen twice: {', '.join(sorted(chosen))}")
        return cls(runeslinger, tuple(sorted(chosen)), MappingProxyType(dict(sorted(cards.items()))))

    @classmethod
    def from_starter(cls, starter: StarterDeck) -> Deck:
        return cls.of(starter.runeslinger, starter.equips, starter.cards)

    @property
    def size(self) -> int:
        return sum(self.cards.values())


class EquipRule(StrEnum):
    AWAKENING = "awakening"  # stance + ability, or abilities costing 1 and 2
    CLASSIC = "classic"  # one passive (stance) and one activate ability
    NONE = "none"


@dataclass(frozen=True)
class Format:
    slug: str
    name: str
    description: str
    deck_size: int | None  # exact size; None for a starter-list format
    max_copies: int | None = None
    max_x_copies: int | None = None
    equip_rule: EquipRule = EquipRule.AWAKENING
    limited: bool = False  # the deck must come from the player's pool
    starter_list_only: bool = False  # the deck must be exactly a published starter list

    def check(self, deck: Deck, catalog: Catalog, pool: Mapping[str, int] | None = None) -> list[Violation]:
        """Every violation of this format's rules by the deck, in a stable order."""
        found: list[Violation] = []
        found += _check_unknown_cards(deck, catalog)
        found += self._check_size(deck)
        found += self._check_copies(deck, catalog)
        found += _check_runeslinger_and_equips(deck, catalog, self.equip_rule)
        if self.limited:
            found += _check_pool(deck, catalog, pool)
        if self.starter_list_only:
            found += _check_starter_list(deck, catalog)
        return found

    def _check_size(self, deck: Deck) -> list[Violation]:
        if self.deck_size is None or deck.size == self.deck_size:
            return []
        return [
            Violation(
                "deck-size",
                f"Your deck has {deck.size} card{'' if deck.size == 1 else 's'}; "
                f"{self.name} decks have exactly {self.deck_size}.",
            )
        ]

    def _check_copies(self, deck: Deck, catalog: Catalog) -> list[Violation]:
        found: list[Violation] = []
        for card_id, count in deck.cards.items():
            card = catalog.cards.get(card_id)
            if card is None:
                continue
            if self.max_x_copies is not None and card.x and count > self.max_x_copies:
                found.append(
                    Violation(
                        "x-copies",
                        f"{card.name} is an X card: at most {self.max_x_copies} "
                        f"copy of each X card (you have {count}).",
                        (card_id,),
                    )
                )
            elif self.max_copies is not None and count > self.max_copies:
                found.append(
                    Violation(
                        "max-copies",
                        f"{card.name}: {count} copies; at most {self.max_copies} copies of a card in {self.name}.",
                        (card_id,),
                    )
                )
        return found


def _check_unknown_cards(deck: Deck, catalog: Catalog) -> list[Violation]:
    unknown = tuple(card_id for card_id in deck.cards if card_id not in catalog.cards)
    if not unknown:
        return []
    return [Violation("unknown-card", f"Unknown card(s): {', '.join(unknown)}.", unknown)]


def _check_runeslinger_and_equips(deck: Deck, catalog: Catalog, rule: EquipRule) -> list[Violation]:
    if rule is EquipRule.NONE:
        return []
    slinger = catalog.runeslingers.get(deck.runeslinger or "")
    if deck.runeslinger is None:
        found = [Violation("runeslinger", "Choose a Runeslinger for your deck.")]
    elif slinger is None:
        found = [Violation("runeslinger", f"Unknown Runeslinger {deck.runeslinger!r}.")]
    else:
        found = []
    equips: list[Equip] = []
    for equip_id in deck.equips:
        equip = catalog.equips.get(equip_id)
        if equip is None:
            found.append(Violation("unknown-equip", f"Unknown stance or ability {equip_id!r}."))
        else:
            equips.append(equip)
    if slinger is not None:
        for equip in equips:
            if equip.card_class is not slinger.card_class:
                found.append(
                    Violation(
                        "equip-class",
                        f"{equip.name} is a {equip.card_class.value.capitalize()} "
                        f"equip, but {slinger.name} is a "
                        f"{slinger.card_class.value.capitalize()}.",
                    )
                )
    if len(equips) == len(deck.equips) and not _equips_ok(equips, rule):
        found.append(Violation("equips", _equip_message(equips, rule)))
    return found


def _equips_ok(equips: list[Equip], rule: EquipRule) -> bool:
    if len(equips) != 2:
        return False
    kinds = sorted(e.kind.value for e in equips)
    if kinds == [EquipKind.ABILITY.value, EquipKind.STANCE.value]:
        return True
    if rule is EquipRule.AWAKENING and kinds == [EquipKind.ABILITY.value] * 2:
        return sorted(e.determinations or 0 for e in equips) == [1, 2]
    return False


def _equip_message(equips: list[Equip], rule: EquipRule) -> str:
    chosen = ", ".join(e.name for e in equips) or "none"
    if rule is EquipRule.CLASSIC:
        return f"Equip one stance and one ability (you chose: {chosen})."
    return f"Equip a stance and an ability, or two abilities costing 1 and 2 determinations (you chose: {chosen})."


def _check_pool(deck: Deck, catalog: Catalog, pool: Mapping[str, int] | None) -> list[Violation]:
    if pool is None:
        return [Violation("pool", "This is a limited format: the deck must be checked against your card pool.")]
    found: list[Violation] = []
    for card_id, count in deck.cards.items():
        have = pool.get(card_id, 0)
        if count > have:
            name = catalog.cards[card_id].name if card_id in catalog.cards else card_id
            found.append(Violation("pool", f"{name}: your deck uses {count} but your pool has {have}.", (card_id,)))
    return found


def _check_starter_list(deck: Deck, catalog: Catalog) -> list[Violation]:
    wanted = dict(deck.cards)
    if any(dict(s.cards) == wanted for s in catalog.starter_decks.values()):
        return []
    names = ", ".join(s.name for s in catalog.starter_decks.values())
    return [Violation("starter-list", f"Starter mode uses an unmodified published starter deck ({names}).")]


FORMATS: dict[str, Format] = {
    f.slug: f
    for f in (
        Format(
            "awakening-constructed",
            "Awakening Constructed",
            "Exactly 40 cards, at most 3 copies of a card and 1 copy of each X card (rulebook 001).",
            deck_size=40,
            max_copies=3,
            max_x_copies=1,
        ),
        Format(
            "awakening-starter",
            "Awakening Starter",
            "Exactly 30 cards, at most 2 copies of a card and 1 copy of each X card; equips are a stance "
            "and an ability, or two abilities costing 1 and 2 (rulebook 002).",
            deck_size=30,
            max_copies=2,
            max_x_copies=1,
        ),
        Format(
            "draft",
            "Draft",
            "30 cards from your own 36-card draft pool (rulebook 001); bring any Runeslinger and equips.",
            deck_size=30,
            limited=True,
        ),
        Format(
            "sealed",
            "Sealed",
            "A deck from your six-pack pool under the constructed rules: exactly 40 cards, at most 3 "
            "copies and 1 copy of each X card, never more of a card than the pool holds (rulebook 001).",
            deck_size=40,
            max_copies=3,
            max_x_copies=1,
            limited=True,
        ),
        Format(
            "classic-constructed",
            "Classic Constructed",
            "Classic rules: exactly 30 cards, at most 2 copies of a card (rulebook 000).",
            deck_size=30,
            max_copies=2,
            equip_rule=EquipRule.CLASSIC,
        ),
        Format(
            "classic-starter",
            "Classic Starter",
            "Classic rules with an unmodified published starter deck (rulebook 000); only the card list is checked.",
            deck_size=None,
            equip_rule=EquipRule.NONE,
            starter_list_only=True,
        ),
    )
}


def get_format(slug: str) -> Format:
    try:
        return FORMATS[slug]
    except KeyError:
        raise UnknownFormatError(f"Unknown format {slug!r}; known: {', '.join(FORMATS)}.") from None
