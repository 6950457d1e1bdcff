"""Shared helpers for the limited-play tests: a synthetic card set, the real one, bots."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache

from gameplay.runeslingers.cards.catalog import Catalog, load_catalog
from gameplay.runeslingers.cards.schema import RUNESLINGER_CLASSES, CardClass, Rarity
from tournaments.limited import CardSet, DraftState, PoolCard, RatingBot, card_set_from_catalog, new_draft

CLASSES = (CardClass.BASIC, *RUNESLINGER_CLASSES)
SHEET_SIZES = {Rarity.COMMON: 60, Rarity.UNCOMMON: 30, Rarity.RARE: 15, Rarity.MYTHIC: 5}


@lru_cache(maxsize=1)
def synthetic_set() -> CardSet:
    """120 made-up cards: every class in every sheet, ratings spread by a fixed formula."""
    cards = []
    for rarity, count in SHEET_SIZES.items():
        for i in range(count):
            cards.append(
                PoolCard(
                    slug=f"{rarity.value}-{i:02d}",
                    rarity=rarity,
                    card_class=CLASSES[i % len(CLASSES)],
                    is_x=rarity is Rarity.MYTHIC,
                    cost=i % 6,
                    rating=None if i % 3 == 0 else round(1 + (i * 7 % 13) / 2, 2),
                )
            )
    return CardSet.of(cards, version="synthetic")


@lru_cache(maxsize=1)
def catalog() -> Catalog:
    return load_catalog()


@lru_cache(maxsize=1)
def real_set() -> CardSet:
    return card_set_from_catalog(catalog())


def seat_names(n: int) -> tuple[str, ...]:
    return tuple(f"player-{i}" for i in range(n))


def seat_bots(card_set: CardSet, n: int) -> dict[int, RatingBot]:
    return {seat: RatingBot(card_set, seed=f"bot-{seat}") for seat in range(n)}


def fresh_draft(n: int = 6, seed: str = "test-seed", card_set: CardSet | None = None) -> DraftState:
    return new_draft(card_set or synthetic_set(), seed, seat_names(n))


def opened_cards(state: DraftState) -> Counter[str]:
    return Counter(card for packs in state.opened for p in packs for card in p)


@dataclass(frozen=True)
class AvoidingBot:
    """A bot that never takes `avoid` unless the pick is forced: used to follow a card around."""

    inner: RatingBot
    avoid: str

    def choose(self, cards: Sequence[str], take: int, held: Sequence[str]) -> tuple[str, ...]:
        others = [c for c in cards if c != self.avoid]
        if len(others) >= take:
            return self.inner.choose(others, take, held)
        return self.inner.choose(cards, take, held)
