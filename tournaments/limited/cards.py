"""The cards limited play is collated from: `PoolCard` values gathered in a `CardSet`.

PURE (no Django, no I/O). This module decides which card goes to which booster *sheet* and how a
card is rated when no explicit rating was given. It knows nothing of the catalog's YAML; the
adapter `tournaments.limited.catalog` builds a `CardSet` from `gameplay.runeslingers.cards`.

Words:
- *card set*: every card that can appear in a booster, by slug, in a stable (sorted) order.
- *sheet*: the cards one booster slot draws from: commons, uncommons, rares, mythics.
  X cards always go to the mythic sheet (they are the scarcest), whatever their printed rarity.
- *rating*: a number, roughly 0 to 10, saying how strong a card is for limited play; bots and
  the deck auto-builder maximise it.
- *pool*: the cards one player drafted or opened (a sequence of slugs; repeats allowed).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from enum import StrEnum
from types import MappingProxyType

from gameplay.runeslingers.cards.schema import CardClass, Rarity


class CardSetError(ValueError):
    """The card set cannot be used for boosters (duplicate slugs, an empty sheet ...)."""


class Sheet(StrEnum):
    COMMON = "common"
    UNCOMMON = "uncommon"
    RARE = "rare"
    MYTHIC = "mythic"


RARITY_BASE: Mapping[Rarity, float] = MappingProxyType(
    {Rarity.COMMON: 2.0, Rarity.UNCOMMON: 3.0, Rarity.RARE: 4.0, Rarity.MYTHIC: 5.0}
)
"""The rarity part of every rating (see `docs/limited.md`, "Card rating")."""


def base_rating(rarity: Rarity, cost: int) -> float:
    """The fallback rating from rarity and cost alone: cheap cards are easier to play."""
    return RARITY_BASE[rarity] + (0.5 if 1 <= cost <= 3 else 0.0) - 0.25 * max(0, cost - 4)


@dataclass(frozen=True)
class PoolCard:
    """One card as limited play sees it; `rating` None means `base_rating(rarity, cost)`."""

    slug: str
    rarity: Rarity
    card_class: CardClass
    is_x: bool = False
    cost: int = 0
    rating: float | None = None

    @property
    def score(self) -> float:
        return base_rating(self.rarity, self.cost) if self.rating is None else self.rating

    @property
    def sheet(self) -> Sheet:
        if self.is_x or self.rarity is Rarity.MYTHIC:
            return Sheet.MYTHIC
        return Sheet(self.rarity.value)


UNKNOWN_CARD_CLASS = CardClass.BASIC
UNKNOWN_CARD_SCORE = 0.0


@dataclass(frozen=True)
class CardSet:
    """Build with `CardSet.of`; `version` records the card data the set came from."""

    cards: tuple[PoolCard, ...]
    version: str = ""
    by_slug: Mapping[str, PoolCard] = field(default_factory=lambda: MappingProxyType({}), compare=False, repr=False)
    sheets: Mapping[Sheet, tuple[str, ...]] = field(
        default_factory=lambda: MappingProxyType({}), compare=False, repr=False
    )

    @classmethod
    def of(cls, cards: Iterable[PoolCard], version: str = "") -> CardSet:
        ordered = tuple(sorted(cards, key=lambda c: c.slug))
        by_slug = {c.slug: c for c in ordered}
        if len(by_slug) != len(ordered):
            twice = sorted(slug for slug, n in Counter(c.slug for c in ordered).items() if n > 1)
            raise CardSetError(f"Each card must appear once in a card set; repeated: {', '.join(twice)}.")
        sheets = {s: tuple(c.slug for c in ordered if c.sheet is s) for s in Sheet}
        return cls(ordered, version, MappingProxyType(by_slug), MappingProxyType(sheets))

    def get(self, slug: str) -> PoolCard | None:
        return self.by_slug.get(slug)

    def score(self, slug: str) -> float:
        """The card's rating; a slug the set does not know scores `UNKNOWN_CARD_SCORE`."""
        card = self.by_slug.get(slug)
        return UNKNOWN_CARD_SCORE if card is None else card.score

    def card_class(self, slug: str) -> CardClass:
        card = self.by_slug.get(slug)
        return UNKNOWN_CARD_CLASS if card is None else card.card_class

    def is_x(self, slug: str) -> bool:
        card = self.by_slug.get(slug)
        return card is not None and card.is_x

    def sheet(self, sheet: Sheet) -> tuple[str, ...]:
        return self.sheets.get(sheet, ())


def pool_counts(pool: Sequence[str]) -> dict[str, int]:
    """Copies of each card in a pool, keyed by slug in sorted order."""
    counts: dict[str, int] = {}
    for slug in sorted(pool):
        counts[slug] = counts.get(slug, 0) + 1
    return counts
