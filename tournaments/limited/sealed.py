"""Sealed pools: six boosters per player from the event seed.

PURE (no Django, no I/O). This module decides what a sealed player opens (rulebook 001,
"Sealed": "players combine six booster packs into a deck"): boosters 1 to 6 of the player's
index, pod 0, from `boosters.pack`, so a pool is regenerated exactly from the seed.

Words: *player index*: the player's number in the event (0-based), fixed at registration close.
"""

from __future__ import annotations

from tournaments.limited.boosters import DEFAULT_SLOTS, Booster, BoosterSlots, pack
from tournaments.limited.cards import CardSet

SEALED_PACKS = 6
SEALED_POD = 0


def sealed_pool(
    card_set: CardSet, event_seed: str, player_index: int, *, slots: BoosterSlots = DEFAULT_SLOTS
) -> tuple[Booster, ...]:
    """The six boosters player `player_index` opens (54 cards with the default slots)."""
    return tuple(
        pack(card_set, event_seed, player_index, number, pod=SEALED_POD, slots=slots)
        for number in range(1, SEALED_PACKS + 1)
    )


def sealed_cards(boosters: tuple[Booster, ...]) -> tuple[str, ...]:
    """The pool as one sequence of slugs, booster by booster."""
    return tuple(card for booster in boosters for card in booster.cards)
