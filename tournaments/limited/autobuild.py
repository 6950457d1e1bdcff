"""Automatic deck building from a limited pool, for players who miss the deck deadline.

PURE (no Django, no I/O). This module decides the deck a player gets when they do not submit
one: deterministic, legal for the format's size and copy limits, and never using more copies
than the pool holds.

Words:
- *deck rules*: exact size and copy limits (`DeckRules`); `DRAFT_DECK` is 30 cards with no copy
  limit (001: remove 6 of the 36 drafted cards), `SEALED_DECK` the constructed rules (001: 40
  cards, at most 3 copies, at most 1 of each X card).
- *usable copies*: the pool's copies of a card, capped by the copy limits.
- *value for a class*: rating + `ON_CLASS_BONUS` when the card's class is that class or basic.

Rule: for each candidate class (the player's Runeslinger class if known, otherwise every
Runeslinger class in enum order), take the `size` usable copies of highest value (ties by
slug); keep the class whose deck has the highest total value (ties: the earlier class).

*Kept cards* (`keep`, the cards a player already put in their deck): they come first, as far as
the pool and the copy limits allow; if they are more than `size`, the highest-valued of them stay;
the rest of the deck is filled as above. `BuiltDeck.dropped` counts the kept copies left out.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from types import MappingProxyType

from gameplay.runeslingers.cards.schema import RUNESLINGER_CLASSES, CardClass
from tournaments.limited.cards import CardSet, pool_counts

ON_CLASS_BONUS = 1.0


class PoolTooSmallError(ValueError):
    """The pool does not hold enough usable cards for a legal deck."""


@dataclass(frozen=True)
class DeckRules:
    size: int
    max_copies: int | None = None
    max_x_copies: int | None = None

    def usable(self, count: int, is_x: bool) -> int:
        limit = self.max_x_copies if is_x and self.max_x_copies is not None else self.max_copies
        return count if limit is None else min(count, limit)


DRAFT_DECK = DeckRules(size=30)
SEALED_DECK = DeckRules(size=40, max_copies=3, max_x_copies=1)


@dataclass(frozen=True)
class BuiltDeck:
    card_class: CardClass
    cards: Mapping[str, int] = field(hash=False)  # slug -> copies, sorted by slug
    value: float = 0.0
    dropped: Mapping[str, int] = field(default_factory=lambda: MappingProxyType({}), hash=False)  # kept, left out

    @property
    def size(self) -> int:
        return sum(self.cards.values())


def build_deck(
    card_set: CardSet,
    pool: Sequence[str],
    rules: DeckRules = DRAFT_DECK,
    *,
    card_class: CardClass | None = None,
    keep: Mapping[str, int] | None = None,
) -> BuiltDeck:
    """The best deck of `rules.size` cards from `pool`, around the `keep` cards (see the module docstring)."""
    usable = {slug: rules.usable(n, card_set.is_x(slug)) for slug, n in pool_counts(pool).items()}
    available = sum(usable.values())
    if available < rules.size:
        raise PoolTooSmallError(f"The pool has {available} usable card(s); the deck needs {rules.size}.")
    wanted = {slug: min(max(0, n), usable.get(slug, 0)) for slug, n in (keep or {}).items()}
    kept = {slug: n for slug, n in wanted.items() if n > 0}
    candidates = (card_class,) if card_class is not None else RUNESLINGER_CLASSES
    builds = [_build_for(card_set, usable, rules.size, c, kept) for c in candidates]
    return max(builds, key=lambda deck: deck.value)


def _build_for(
    card_set: CardSet, usable: Mapping[str, int], size: int, card_class: CardClass, kept: Mapping[str, int]
) -> BuiltDeck:
    def value(slug: str) -> float:
        on_class = card_set.card_class(slug) in (card_class, CardClass.BASIC)
        return card_set.score(slug) + (ON_CLASS_BONUS if on_class else 0.0)

    def best(counts: Mapping[str, int], room: int) -> list[tuple[float, str]]:
        copies = ((value(slug), slug) for slug, n in counts.items() for _ in range(n))
        return sorted(copies, key=lambda entry: (-entry[0], entry[1]))[:room]

    first = best(kept, size)
    left = {slug: n - kept.get(slug, 0) for slug, n in usable.items()}
    copies = first + best(left, size - len(first))
    chosen = pool_counts([slug for _, slug in copies])
    dropped = {slug: n - chosen.get(slug, 0) for slug, n in kept.items() if n > chosen.get(slug, 0)}
    return BuiltDeck(
        card_class, MappingProxyType(chosen), round(sum(v for v, _ in copies), 6), MappingProxyType(dropped)
    )
