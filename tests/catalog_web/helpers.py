"""Deck lists the deck-check tests share."""

from __future__ import annotations

from gameplay.runeslingers.cards.catalog import Catalog
from gameplay.runeslingers.decklists import format_decklist
from gameplay.runeslingers.formats import Deck


def starter_text(catalog: Catalog, starter_id: str = "eva-starter") -> str:
    return format_decklist(Deck.from_starter(catalog.starter_decks[starter_id]), catalog)


def illegal_eva_text(catalog: Catalog) -> str:
    """Eva's starter with four problems for Awakening Starter: size, copies, an X card, equips."""
    deck = catalog.starter_decks["eva-starter"]
    x_card = next(c for c in catalog.cards.values() if c.x)
    cards = dict(deck.cards)
    cards["fireball"] = 3
    cards[x_card.id] = 2
    lines = ["Runeslinger: Eva", "Ability: Flame of Nim", ""]  # no stance, one ability
    lines += [f"{n} {catalog.cards[c].name}" for c, n in cards.items()]
    return "\n".join(lines) + "\n"
