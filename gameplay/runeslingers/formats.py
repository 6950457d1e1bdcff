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
- *equip rule*: a stance and an ability, or two abilities costing 1 and 2 determinations (002).
- *Classic* formats (000) check the Classic edition's pool (`Catalog.classic`): a card without a
  Classic edition is not legal, and the deck's equips are one passive and one activate Classic
  ability bearing its Runeslinger's name ("Selected abilities must include the same Runeslinger
  name"); the Classic Starter lists are the Classic starter decks.
- *pool*: the cards a player drafted or opened (limited formats); a deck may use at most the
  pool's count of each card.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from enum import StrEnum
from types import MappingProxyType
from typing import Any

from gameplay.runeslingers.cards.catalog import Catalog
from gameplay.runeslingers.cards.model import Card, ClassicAbility, ClassicCatalog, Equip, StarterDeck
from gameplay.runeslingers.cards.schema import EquipKind


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
    CLASSIC = "classic"  # one passive and one activate Classic ability of the deck's Runeslinger
    NONE = "none"


class Edition(StrEnum):
    """Which edition's cards a format plays (and so which rule set its games use)."""

    AWAKENING = "awakening"
    CLASSIC = "classic"


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
    edition: Edition = Edition.AWAKENING

    def check(self, deck: Deck, catalog: Catalog, pool: Mapping[str, int] | None = None) -> list[Violation]:
        """Every violation of this format's rules by the deck, in a stable order."""
        cards, starters = self.pool_of(catalog)
        found: list[Violation] = []
        found += _check_unknown_cards(deck, cards, catalog)
        found += self._check_size(deck)
        found += self._check_copies(deck, cards)
        found += self._check_equips(deck, catalog)
        if self.limited:
            found += _check_pool(deck, cards, pool)
        if self.starter_list_only:
            found += _check_starter_list(deck, starters)
        return found

    @property
    def rule_set(self) -> str:
        """The engine rule set this format's games are played under (``gameplay.runeslingers.engine.rules``)."""
        return self.edition.value

    def seat_deck(self, runeslinger: str | None, equips: Iterable[str], cards: Mapping[str, int]) -> dict[str, Any]:
        """The deck a seat brings to a match in this format: the list and the rule set it plays."""
        deck: dict[str, Any] = {"runeslinger": runeslinger, "equips": list(equips), "cards": dict(cards)}
        if self.edition is not Edition.AWAKENING:
            deck["rules"] = self.rule_set
        return deck

    def pool_of(self, catalog: Catalog) -> tuple[Mapping[str, Card], Mapping[str, StarterDeck]]:
        """The cards legal in this format's edition and its published starter decks."""
        if self.edition is Edition.AWAKENING:
            return catalog.cards, catalog.starter_decks
        classic = _classic_of(catalog)
        return classic.cards, classic.starter_decks

    def _check_equips(self, deck: Deck, catalog: Catalog) -> list[Violation]:
        if self.equip_rule is EquipRule.CLASSIC:
            return _check_classic_runeslinger(deck, catalog) + _check_classic_abilities(deck, catalog)
        return _check_runeslinger_and_equips(deck, catalog, self.equip_rule)

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

    def _check_copies(self, deck: Deck, cards: Mapping[str, Card]) -> list[Violation]:
        found: list[Violation] = []
        for card_id, count in deck.cards.items():
            card = cards.get(card_id)
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


def _check_unknown_cards(deck: Deck, cards: Mapping[str, Card], catalog: Catalog) -> list[Violation]:
    """Cards no edition knows, and (in Classic) cards with no Classic edition, each told apart."""
    missing = [card_id for card_id in deck.cards if card_id not in cards]
    unknown = tuple(card_id for card_id in missing if card_id not in catalog.cards)
    other_edition = tuple(card_id for card_id in missing if card_id in catalog.cards)
    found = []
    if unknown:
        found.append(Violation("unknown-card", f"Unknown card(s): {', '.join(unknown)}.", unknown))
    if other_edition:
        names = ", ".join(catalog.cards[card_id].name for card_id in other_edition)
        found.append(Violation("not-classic", f"Not legal in Classic (no Classic edition): {names}.", other_edition))
    return found


def _classic_of(catalog: Catalog) -> ClassicCatalog:
    if catalog.classic is None:
        raise ValueError("this catalog has no Classic edition (its data directory has no classic/ data)")
    return catalog.classic


def _check_classic_runeslinger(deck: Deck, catalog: Catalog) -> list[Violation]:
    if deck.runeslinger is None:
        return [Violation("runeslinger", "Choose a Runeslinger for your deck.")]
    slinger = catalog.runeslingers.get(deck.runeslinger)
    if slinger is None:
        return [Violation("runeslinger", f"Unknown Runeslinger {deck.runeslinger!r}.")]
    if not any(a.runeslinger == slinger.id for a in _classic_of(catalog).abilities.values()):
        return [Violation("runeslinger", f"{slinger.name} has no Classic abilities, so cannot play Classic.")]
    return []


def _check_classic_abilities(deck: Deck, catalog: Catalog) -> list[Violation]:
    """One passive and one activate ability, each bearing the deck's Runeslinger's name (000)."""
    known = _classic_of(catalog).abilities
    unknown = [equip_id for equip_id in deck.equips if equip_id not in known]
    found = [Violation("unknown-equip", _not_a_classic_ability(catalog, equip_id)) for equip_id in unknown]
    chosen = [known[equip_id] for equip_id in deck.equips if equip_id in known]
    slinger = catalog.runeslingers.get(deck.runeslinger or "")
    if slinger is not None:
        found += [
            Violation(
                "ability-name",
                f"{a.name} bears {_slinger_name(catalog, a)}'s name, but your Runeslinger is {slinger.name}.",
            )
            for a in chosen
            if a.runeslinger != slinger.id
        ]
    if len(chosen) == len(deck.equips) and sorted(a.kind for a in chosen) != ["activate", "passive"]:
        names = ", ".join(a.name for a in chosen) or "none"
        found.append(Violation("equips", f"Choose one passive and one activate ability (you chose: {names})."))
    return found


def _not_a_classic_ability(catalog: Catalog, equip_id: str) -> str:
    equip = catalog.equips.get(equip_id)
    if equip is None:
        return f"Unknown Classic ability {equip_id!r}."
    return f"{equip.name} is an Awakening {equip.kind.value}; Classic decks equip Classic abilities."


def _slinger_name(catalog: Catalog, ability: ClassicAbility) -> str:
    slinger = catalog.runeslingers.get(ability.runeslinger)
    return slinger.name if slinger else ability.runeslinger


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
        found.append(Violation("equips", _equip_message(equips)))
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


def _equip_message(equips: list[Equip]) -> str:
    chosen = ", ".join(e.name for e in equips) or "none"
    return f"Equip a stance and an ability, or two abilities costing 1 and 2 determinations (you chose: {chosen})."


def _check_pool(deck: Deck, cards: Mapping[str, Card], pool: Mapping[str, int] | None) -> list[Violation]:
    if pool is None:
        return [Violation("pool", "This is a limited format: the deck must be checked against your card pool.")]
    found: list[Violation] = []
    for card_id, count in deck.cards.items():
        have = pool.get(card_id, 0)
        if count > have:
            name = cards[card_id].name if card_id in cards else card_id
            found.append(Violation("pool", f"{name}: your deck uses {count} but your pool has {have}.", (card_id,)))
    return found


def _check_starter_list(deck: Deck, starters: Mapping[str, StarterDeck]) -> list[Violation]:
    wanted = dict(deck.cards)
    if any(dict(s.cards) == wanted for s in starters.values()):
        return []
    names = ", ".join(s.name for s in starters.values())
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
            "Classic rules and cards: exactly 30 cards, at most 2 copies of a card, a passive and an "
            "activate ability bearing your Runeslinger's name (rulebook 000).",
            deck_size=30,
            max_copies=2,
            equip_rule=EquipRule.CLASSIC,
            edition=Edition.CLASSIC,
        ),
        Format(
            "classic-starter",
            "Classic Starter",
            "Classic rules with an unmodified Classic starter deck: its card list, and a passive and an "
            "activate ability bearing your Runeslinger's name (rulebook 000).",
            deck_size=None,
            equip_rule=EquipRule.CLASSIC,
            starter_list_only=True,
            edition=Edition.CLASSIC,
        ),
    )
}


def get_format(slug: str) -> Format:
    try:
        return FORMATS[slug]
    except KeyError:
        raise UnknownFormatError(f"Unknown format {slug!r}; known: {', '.join(FORMATS)}.") from None
