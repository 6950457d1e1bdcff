"""Frozen values of the Runebound catalog: class cards, talents and published character decks.

PURE. Built by `catalog.load_runebound` from data that `lint.lint_runebound` accepted.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from types import MappingProxyType

from gameplay.runebound.schema import ClassKind, Proficiency, Side, Terrain, Timing


@dataclass(frozen=True)
class ClassCard:
    id: str
    name: str
    kind: ClassKind
    side: Side
    menace: int
    timing: tuple[Timing, ...]
    text: str
    epic: bool = False
    proficiencies: tuple[Proficiency, ...] = ()  # requirements; Spells and Feats only
    terrain: tuple[Terrain, ...] = ()  # restrictions; Locations only

    @property
    def is_enemy(self) -> bool:
        return self.side is Side.ENEMY


@dataclass(frozen=True)
class Talent:
    id: str
    name: str
    level: int
    proficiencies: tuple[Proficiency, ...]
    text: str
    prerequisite: Proficiency | None = None  # level 1 Talents have none


@dataclass(frozen=True)
class PublishedDeck:
    id: str
    name: str
    summary: str
    class_cards: tuple[str, ...]
    talents: tuple[str, ...]


@dataclass(frozen=True)
class RuneboundCatalog:
    class_cards: Mapping[str, ClassCard] = field(hash=False)  # by id, in file order
    talents: Mapping[str, Talent] = field(hash=False)
    decks: Mapping[str, PublishedDeck] = field(hash=False)
    data_version: str = ""
    _by_name: Mapping[str, ClassCard | Talent] = field(
        default_factory=lambda: MappingProxyType({}), hash=False, repr=False
    )

    def find(self, id_or_name: str) -> ClassCard | Talent | None:
        """A class card or talent by id or by name (case-insensitive), or None."""
        key = id_or_name.strip()
        return self.class_cards.get(key) or self.talents.get(key) or self._by_name.get(key.casefold())

    def names(self) -> list[str]:
        return [c.name for c in self.class_cards.values()] + [t.name for t in self.talents.values()]

    def deck_of(self, card_id: str) -> PublishedDeck | None:
        """The published deck that ships this class card or talent."""
        return next((d for d in self.decks.values() if card_id in d.class_cards or card_id in d.talents), None)
