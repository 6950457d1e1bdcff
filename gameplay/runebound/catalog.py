"""Loading the Runebound catalog from `data/*.yaml` into frozen values.

PURE apart from reading its own data files. Reuses the Runeslingers loader's file reading and
data version (`gameplay.runeslingers.cards.catalog`): every ``*.yaml`` under the directory, sorted by name,
merged by top-level section. `load_runebound(path)` lints the data (`lint.lint_runebound`),
builds a `RuneboundCatalog`, checks the published decks against the deck rules, and raises
`CatalogDataError` listing every problem.
"""

from __future__ import annotations

from functools import cache
from pathlib import Path
from types import MappingProxyType
from typing import Any

from gameplay.runebound.lint import lint_published_rules, lint_runebound
from gameplay.runebound.model import ClassCard, PublishedDeck, RuneboundCatalog, Talent
from gameplay.runebound.schema import ClassKind, Proficiency, Side, Terrain, Timing
from gameplay.runeslingers.cards.catalog import CatalogDataError, data_files, data_version, read_sections

Raw = dict[str, Any]
DEFAULT_DATA_DIR = Path(__file__).parent / "data"


def load_runebound(path: Path | str = DEFAULT_DATA_DIR) -> RuneboundCatalog:
    files = data_files(Path(path))
    sections = read_sections(files)
    problems = lint_runebound(sections)
    if problems:
        raise CatalogDataError(problems)
    catalog = build_runebound(sections, data_version(files))
    problems = lint_published_rules(catalog)
    if problems:
        raise CatalogDataError(problems)
    return catalog


@cache
def shipped_runebound() -> RuneboundCatalog:
    """The catalog of the shipped data files, read once per process."""
    return load_runebound(DEFAULT_DATA_DIR)


def build_runebound(sections: dict[str, object], version: str) -> RuneboundCatalog:
    """Build values from data that `lint_runebound` accepted."""
    cards = {raw["id"]: _class_card(raw) for raw in _section(sections, "class_cards")}
    talents = {raw["id"]: _talent(raw) for raw in _section(sections, "talents")}
    decks = {raw["id"]: _deck(raw) for raw in _section(sections, "decks")}
    named: list[ClassCard | Talent] = [*cards.values(), *talents.values()]
    by_name = {c.name.casefold(): c for c in named}
    return RuneboundCatalog(
        class_cards=MappingProxyType(cards),
        talents=MappingProxyType(talents),
        decks=MappingProxyType(decks),
        data_version=version,
        _by_name=MappingProxyType(by_name),
    )


def _section(sections: dict[str, object], name: str) -> list[Raw]:
    value = sections.get(name)
    return value if isinstance(value, list) else []


def _class_card(raw: Raw) -> ClassCard:
    return ClassCard(
        id=raw["id"],
        name=raw["name"],
        kind=ClassKind(raw["kind"]),
        side=Side(raw["side"]),
        menace=raw["menace"],
        timing=tuple(Timing(t) for t in raw["timing"]),
        text=raw["text"],
        epic=raw.get("epic", False),
        proficiencies=tuple(Proficiency(p) for p in raw.get("proficiencies", [])),
        terrain=tuple(Terrain(t) for t in raw.get("terrain", [])),
    )


def _talent(raw: Raw) -> Talent:
    prerequisite = raw.get("prerequisite")
    return Talent(
        id=raw["id"],
        name=raw["name"],
        level=raw["level"],
        proficiencies=tuple(Proficiency(p) for p in raw["proficiencies"]),
        text=raw["text"],
        prerequisite=Proficiency(prerequisite) if prerequisite else None,
    )


def _deck(raw: Raw) -> PublishedDeck:
    return PublishedDeck(raw["id"], raw["name"], raw["summary"], tuple(raw["class_cards"]), tuple(raw["talents"]))
