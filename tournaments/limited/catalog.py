"""The adapter from the card catalog (`gameplay.runeslingers.cards`) to limited play's plain `CardSet`.

PURE (reads catalog values only; no Django, no I/O). This module decides each card's *rating*
and which Runeslinger and equips an auto-built deck gets. Everything else in the package works
on `PoolCard` values and never sees the catalog.

Card rating (a catalog `rating` field, if one is ever added, wins):

    rarity base (common 2, uncommon 3, rare 4, mythic 5)
    + 0.5 if the light cost is 1 to 3, − 0.25 per light above 4
    + type bonus (spirit 0.5, attack 0.4, trinket / boon / chant 0.3, utility 0)
    + 0.25 per keyword, except Pain N: − 0.1 × N (a health cost)
    + 0.2 per effect or modifier in the card's script, at most 1.0

Words: *loadout*: the Runeslinger and two equips a deck is played with; players bring their own
(001: "you do not have to draft them"), so the default loadout is only for auto-built decks.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from types import MappingProxyType
from typing import TYPE_CHECKING

from gameplay.runeslingers.cards.schema import CardClass, CardType, EquipKind, Keyword
from tournaments.limited.cards import CardSet, PoolCard, base_rating

if TYPE_CHECKING:
    from gameplay.runeslingers.cards.catalog import Catalog
    from gameplay.runeslingers.cards.model import Card, Script

TYPE_BONUS: Mapping[CardType, float] = MappingProxyType(
    {
        CardType.SPIRIT: 0.5,
        CardType.ATTACK: 0.4,
        CardType.TRINKET: 0.3,
        CardType.BOON: 0.3,
        CardType.CHANT: 0.3,
        CardType.UTILITY: 0.0,
    }
)
KEYWORD_BONUS = 0.25
PAIN_PER_POINT = 0.1
EFFECT_BONUS = 0.2
EFFECT_BONUS_CAP = 1.0


def rate_card(card: Card) -> float:
    explicit = getattr(card, "rating", None)
    if isinstance(explicit, int | float) and not isinstance(explicit, bool):
        return float(explicit)
    rating = base_rating(card.rarity, card.cost) + TYPE_BONUS.get(card.type, 0.0)
    for kw in card.keywords:
        rating += -PAIN_PER_POINT * (kw.value or 0) if kw.keyword is Keyword.PAIN else KEYWORD_BONUS
    rating += min(EFFECT_BONUS_CAP, EFFECT_BONUS * _script_size(card.script))
    return round(rating, 3)


def _script_size(script: Script) -> int:
    return sum(len(ability.effects) + len(ability.modifiers) for ability in script)


def card_set_from_catalog(catalog: Catalog) -> CardSet:
    """Every deck card of the catalog as a `PoolCard`; `version` is the catalog's data version."""
    return CardSet.of(
        (
            PoolCard(card.id, card.rarity, card.card_class, card.x, card.cost, rate_card(card))
            for card in catalog.cards.values()
        ),
        version=catalog.data_version,
    )


@dataclass(frozen=True)
class Loadout:
    runeslinger: str
    equips: tuple[str, ...]


def default_loadout(catalog: Catalog, card_class: CardClass) -> Loadout | None:
    """A legal Runeslinger and equips of the class for an auto-built deck, or None.

    The class's first Runeslinger with its first stance and first ability (catalog order), or
    abilities costing 1 and 2 determinations when the class has no stance.
    """
    slinger = next((r for r in catalog.runeslingers.values() if r.card_class is card_class), None)
    if slinger is None:
        return None
    equips = [e for e in catalog.equips.values() if e.card_class is card_class]
    stance = next((e for e in equips if e.kind is EquipKind.STANCE), None)
    abilities = [e for e in equips if e.kind is EquipKind.ABILITY]
    ability = next(iter(abilities), None)
    if stance is not None and ability is not None:
        return Loadout(slinger.id, (stance.id, ability.id))
    one = next((e for e in abilities if e.determinations == 1), None)
    two = next((e for e in abilities if e.determinations == 2), None)
    if one is not None and two is not None:
        return Loadout(slinger.id, (one.id, two.id))
    return None
