"""The catalog's value objects: cards, runeslingers, equips, ailments, starter decks.

PURE. These frozen dataclasses are what `catalog.load_catalog` builds from checked data and
what the rules engine, formats and deck lists read. Words are those of `schema.py`:
an *ability* is one script line (trigger, condition, effects or modifiers); an *effect* is one
op with its parameters, defaults filled in, nested effect lists turned into tuples of `Effect`.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from types import MappingProxyType

from gameplay.runeslingers.cards.schema import (
    AilmentType,
    CardClass,
    CardType,
    EquipKind,
    Keyword,
    Rarity,
    Trigger,
    TrinketSubtype,
)

_EMPTY: Mapping[str, object] = MappingProxyType({})
_EMPTY_STARTERS: Mapping[str, StarterDeck] = MappingProxyType({})


@dataclass(frozen=True)
class KeywordValue:
    keyword: Keyword
    value: int | None = None

    def __str__(self) -> str:
        label = self.keyword.value.capitalize()
        return label if self.value is None else f"{label} {self.value}"


@dataclass(frozen=True)
class Condition:
    name: str
    params: Mapping[str, object] = field(default_factory=lambda: _EMPTY, hash=False)
    negate: bool = False


@dataclass(frozen=True)
class Effect:
    """One op. `params` holds every parameter of the op's spec that has a value or default."""

    op: str
    params: Mapping[str, object] = field(default_factory=lambda: _EMPTY, hash=False)

    def get(self, name: str, default: object = None) -> object:
        return self.params.get(name, default)


@dataclass(frozen=True)
class Modifier:
    name: str
    params: Mapping[str, object] = field(default_factory=lambda: _EMPTY, hash=False)


@dataclass(frozen=True)
class Ability:
    when: Trigger
    effects: tuple[Effect, ...] = ()
    modifiers: tuple[Modifier, ...] = ()
    condition: Condition | None = None
    filter: Mapping[str, object] = field(default_factory=lambda: _EMPTY, hash=False)


Script = tuple[Ability, ...]


@dataclass(frozen=True)
class Card:
    id: str
    name: str
    type: CardType
    card_class: CardClass
    cost: int
    rarity: Rarity
    text: str
    script: Script
    subtype: TrinketSubtype | None = None
    defense: int | None = None
    keywords: tuple[KeywordValue, ...] = ()
    x: bool = False

    @property
    def is_defense_card(self) -> bool:
        return self.defense is not None

    @property
    def is_runespell(self) -> bool:
        return self.type.is_runespell

    def keyword(self, keyword: Keyword) -> KeywordValue | None:
        return next((k for k in self.keywords if k.keyword is keyword), None)

    def has_keyword(self, keyword: Keyword) -> bool:
        return self.keyword(keyword) is not None


@dataclass(frozen=True)
class InherentAbility:
    name: str
    light_cost: int
    text: str
    script: Script


@dataclass(frozen=True)
class Runeslinger:
    id: str
    name: str
    card_class: CardClass
    health: int
    block: int
    text: str
    inherent: InherentAbility


@dataclass(frozen=True)
class Equip:
    """A stance (always active) or an ability (activated for `determinations`)."""

    id: str
    name: str
    card_class: CardClass
    kind: EquipKind
    text: str
    script: Script
    determinations: int | None = None


@dataclass(frozen=True)
class AilmentLevel:
    text: str
    script: Script


@dataclass(frozen=True)
class Ailment:
    type: AilmentType
    name: str
    level_1: AilmentLevel
    level_2: AilmentLevel


@dataclass(frozen=True)
class StarterDeck:
    id: str
    name: str
    runeslinger: str  # runeslinger id
    equips: tuple[str, ...]  # equip ids
    cards: Mapping[str, int] = field(hash=False)  # card id -> copies

    @property
    def size(self) -> int:
        return sum(self.cards.values())


@dataclass(frozen=True)
class ClassicAbility:
    """A Classic (rulebook 000) Runeslinger ability: `passive` (always on) or `activate` (paid with
    `determinations`), bearing the name of the Runeslinger it belongs to (`runeslinger`, an id)."""

    id: str
    name: str
    runeslinger: str
    kind: str
    text: str
    script: Script
    determinations: int | None = None


@dataclass(frozen=True)
class ClassicCatalog:
    """The Classic edition: the cards legal in Classic (by lineage id: the Awakening edition's id
    when there is one), with their Classic text and script, and the Classic Runeslinger abilities."""

    cards: Mapping[str, Card] = field(hash=False)
    abilities: Mapping[str, ClassicAbility] = field(hash=False)
    data_version: str = ""
    starter_decks: Mapping[str, StarterDeck] = field(default_factory=lambda: _EMPTY_STARTERS, hash=False)
