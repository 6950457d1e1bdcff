"""Loading the card catalog from the YAML files in `data/` into frozen values.

PURE apart from reading its own data files (no Django). `load_catalog(path)` reads every
``*.yaml`` file under the directory (sorted by name), computes the *data version* (sha256 over
each file's name and bytes, in that order, so the same files always give the same version),
merges the top-level sections, lints them (`lint.lint_data`) and builds a `Catalog`.
A defect raises `CatalogDataError` listing every problem, each naming the object and field.
"""

from __future__ import annotations

import hashlib
from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from pathlib import Path
from types import MappingProxyType
from typing import Any, cast

import yaml

from gameplay.runeslingers.cards.lint import SECTIONS, lint_classic_data, lint_data
from gameplay.runeslingers.cards.model import (
    Ability,
    Ailment,
    AilmentLevel,
    Card,
    ClassicAbility,
    ClassicCatalog,
    Condition,
    Effect,
    Equip,
    InherentAbility,
    KeywordValue,
    Modifier,
    Runeslinger,
    Script,
    StarterDeck,
)
from gameplay.runeslingers.cards.schema import (
    CONDITION_SPECS,
    MODIFIER_SPECS,
    OP_SPECS,
    AilmentType,
    CardClass,
    CardType,
    EquipKind,
    Keyword,
    ParamKind,
    ParamSpec,
    Rarity,
    Trigger,
    TrinketSubtype,
)
from gameplay.runeslingers.cards.scriptlint import Problem

DEFAULT_DATA_DIR = Path(__file__).parent / "data"
CLASSIC_DATA_DIR = DEFAULT_DATA_DIR / "classic"  # apart, so Classic data never changes The Awakening's version


class CatalogDataError(ValueError):
    """The card data files are malformed; `problems` lists every defect."""

    def __init__(self, problems: list[Problem]) -> None:
        self.problems = problems
        lines = "\n".join(f"- {p}" for p in problems)
        super().__init__(f"{len(problems)} problem(s) in the card data:\n{lines}")


class UnknownCardError(KeyError):
    """No card, runeslinger or equip has that id or name."""


@dataclass(frozen=True)
class Catalog:
    cards: Mapping[str, Card] = field(hash=False)  # by id, in file order
    runeslingers: Mapping[str, Runeslinger] = field(hash=False)
    equips: Mapping[str, Equip] = field(hash=False)
    ailments: Mapping[AilmentType, Ailment] = field(hash=False)
    starter_decks: Mapping[str, StarterDeck] = field(hash=False)
    data_version: str = ""
    _by_name: Mapping[str, Card] = field(default_factory=lambda: MappingProxyType({}), hash=False, repr=False)
    # The Classic edition (rulebook 000) when the data directory has one; apart from data_version.
    classic: ClassicCatalog | None = field(default=None, hash=False, repr=False, compare=False)

    def card(self, id_or_name: str) -> Card:
        found = self.find_card(id_or_name)
        if found is None:
            raise UnknownCardError(id_or_name)
        return found

    @property
    def playable_starters(self) -> Mapping[str, StarterDeck]:
        """Every starter deck a match may be played with: The Awakening's, then Classic's."""
        classic = self.classic.starter_decks if self.classic is not None else {}
        return MappingProxyType({**self.starter_decks, **classic})

    @property
    def classic_starters(self) -> tuple[StarterDeck, ...]:
        return tuple(self.classic.starter_decks.values()) if self.classic is not None else ()

    def find_card(self, id_or_name: str) -> Card | None:
        return self.cards.get(id_or_name) or self._by_name.get(id_or_name.strip().casefold())

    @property
    def cards_by_name(self) -> Mapping[str, Card]:
        """Cards keyed by case-folded name."""
        return self._by_name

    def find_runeslinger(self, id_or_name: str) -> Runeslinger | None:
        key = id_or_name.strip().casefold()
        return self.runeslingers.get(id_or_name) or next(
            (r for r in self.runeslingers.values() if r.name.casefold() == key), None
        )

    def find_equip(self, id_or_name: str) -> Equip | None:
        key = id_or_name.strip().casefold()
        return self.equips.get(id_or_name) or next((e for e in self.equips.values() if e.name.casefold() == key), None)

    def stances(self, card_class: CardClass) -> tuple[Equip, ...]:
        return tuple(e for e in self.equips.values() if e.card_class is card_class and e.kind is EquipKind.STANCE)

    def abilities(self, card_class: CardClass) -> tuple[Equip, ...]:
        return tuple(e for e in self.equips.values() if e.card_class is card_class and e.kind is EquipKind.ABILITY)


def data_files(path: Path) -> list[Path]:
    return sorted(p for p in Path(path).glob("*.yaml") if p.is_file())


def data_version(files: list[Path]) -> str:
    digest = hashlib.sha256()
    for path in files:
        content = path.read_bytes()
        digest.update(path.name.encode() + b"\0" + str(len(content)).encode() + b"\0" + content)
    return digest.hexdigest()


def read_sections(files: list[Path]) -> dict[str, object]:
    """Merge the top-level lists of every file; a file that is not a mapping is a problem."""
    merged: dict[str, object] = {}
    problems: list[Problem] = []
    for path in files:
        try:
            loaded = yaml.safe_load(path.read_text(encoding="utf-8"))
        except yaml.YAMLError as exc:
            problems.append(Problem("bad-yaml", path.name, "-", str(exc).replace("\n", " ")))
            continue
        if not isinstance(loaded, dict):
            problems.append(Problem("bad-file", path.name, "-", "must be a mapping of sections"))
            continue
        for key, value in loaded.items():
            existing = merged.get(key)
            if isinstance(existing, list) and isinstance(value, list):
                existing.extend(value)
            else:
                merged[key] = list(value) if isinstance(value, list) else value
    if problems:
        raise CatalogDataError(problems)
    return merged


def load_catalog(path: Path | str = DEFAULT_DATA_DIR) -> Catalog:
    files = data_files(Path(path))
    version = data_version(files)
    sections = read_sections(files)
    problems = lint_data(sections)
    if problems:
        raise CatalogDataError(problems)
    catalog = build_catalog(sections, version)
    classic_dir = Path(path) / CLASSIC_DATA_DIR.name
    if not data_files(classic_dir):
        return catalog
    return replace(catalog, classic=load_classic_catalog(catalog, classic_dir))


def build_catalog(sections: dict[str, object], version: str) -> Catalog:
    """Build values from data that `lint_data` accepted."""
    cards = {raw["id"]: _card(raw) for raw in _section(sections, "cards")}
    return Catalog(
        cards=MappingProxyType(cards),
        runeslingers=MappingProxyType({r["id"]: _runeslinger(r) for r in _section(sections, "runeslingers")}),
        equips=MappingProxyType({e["id"]: _equip(e) for e in _section(sections, "equips")}),
        ailments=MappingProxyType({AilmentType(a["id"]): _ailment(a) for a in _section(sections, "ailments")}),
        starter_decks=MappingProxyType({s["id"]: _starter(s) for s in _section(sections, "starter_decks")}),
        data_version=version,
        _by_name=MappingProxyType({c.name.casefold(): c for c in cards.values()}),
    )


def _section(sections: dict[str, object], name: str) -> list[dict[str, Any]]:
    assert name in SECTIONS
    value = sections.get(name) or []
    assert isinstance(value, list)
    return value


def _card(raw: dict[str, Any]) -> Card:
    return Card(
        id=raw["id"],
        name=raw["name"],
        type=CardType(raw["type"]),
        card_class=CardClass(raw["class"]),
        cost=raw["cost"],
        rarity=Rarity(raw["rarity"]),
        text=raw["text"].strip(),
        script=build_script(raw["script"]),
        subtype=TrinketSubtype(raw["subtype"]) if "subtype" in raw else None,
        defense=raw.get("defense"),
        keywords=tuple(_keyword(k) for k in raw.get("keywords", [])),
        x=bool(raw.get("x", False)),
    )


def _keyword(raw: object) -> KeywordValue:
    if isinstance(raw, str):
        return KeywordValue(Keyword(raw))
    assert isinstance(raw, dict)
    ((name, value),) = raw.items()
    return KeywordValue(Keyword(name), value)


def _runeslinger(raw: dict[str, Any]) -> Runeslinger:
    inherent = raw["inherent"]
    return Runeslinger(
        id=raw["id"],
        name=raw["name"],
        card_class=CardClass(raw["class"]),
        health=raw["health"],
        block=raw["block"],
        text=raw["text"].strip(),
        inherent=InherentAbility(
            inherent["name"], inherent["light_cost"], inherent["text"].strip(), build_script(inherent["script"])
        ),
    )


def _equip(raw: dict[str, Any]) -> Equip:
    return Equip(
        id=raw["id"],
        name=raw["name"],
        card_class=CardClass(raw["class"]),
        kind=EquipKind(raw["kind"]),
        text=raw["text"].strip(),
        script=build_script(raw["script"]),
        determinations=raw.get("determinations"),
    )


def _ailment(raw: dict[str, Any]) -> Ailment:
    def level(key: str) -> AilmentLevel:
        return AilmentLevel(raw[key]["text"].strip(), build_script(raw[key]["script"]))

    return Ailment(AilmentType(raw["id"]), raw["name"], level("level_1"), level("level_2"))


def _starter(raw: dict[str, Any]) -> StarterDeck:
    return StarterDeck(
        id=raw["id"],
        name=raw["name"],
        runeslinger=raw["runeslinger"],
        equips=tuple(raw["equips"]),
        cards=MappingProxyType(dict(raw["cards"])),
    )


# --- Classic (rulebook 000) -------------------------------------------------------------------


def load_classic_catalog(awakening: Catalog, path: Path | str = CLASSIC_DATA_DIR) -> ClassicCatalog:
    """The Classic edition from its own data directory, linted against the Awakening catalog it
    names Runeslingers from (a Classic card keeps its Awakening edition's rarity)."""
    files = data_files(Path(path))
    sections = read_sections(files)
    problems = lint_classic_data(sections, awakening.runeslingers, awakening.equips)
    if problems:
        raise CatalogDataError(problems)
    raw_cards = cast(list[dict[str, Any]], sections.get("cards") or [])
    cards = {raw["id"]: _classic_card(raw, awakening.cards.get(raw["id"])) for raw in raw_cards}
    abilities = {
        raw["id"]: _classic_ability(raw) for raw in cast(list[dict[str, Any]], sections.get("abilities") or [])
    }
    starters = {
        raw["id"]: _starter({**raw, "equips": raw["abilities"]})
        for raw in cast(list[dict[str, Any]], sections.get("starter_decks") or [])
    }
    return ClassicCatalog(
        MappingProxyType(cards), MappingProxyType(abilities), data_version(files), MappingProxyType(starters)
    )


def _classic_card(raw: dict[str, Any], awakening: Card | None) -> Card:
    return _card({"cost": 0, "rarity": awakening.rarity.value if awakening else Rarity.COMMON.value, **raw})


def _classic_ability(raw: dict[str, Any]) -> ClassicAbility:
    return ClassicAbility(
        id=raw["id"],
        name=raw["name"],
        runeslinger=raw["runeslinger"],
        kind=raw["kind"],
        text=raw["text"].strip(),
        script=build_script(raw["script"]),
        determinations=raw.get("determinations"),
    )


# --- scripts -------------------------------------------------------------------------------


def build_script(raw: list[Any]) -> Script:
    return tuple(_ability(a) for a in raw)


def _ability(raw: dict[str, Any]) -> Ability:
    return Ability(
        when=Trigger(raw["when"]),
        effects=tuple(build_effect(e) for e in raw.get("do", [])),
        modifiers=tuple(_modifier(m) for m in raw.get("modifiers", [])),
        condition=_condition(raw["if"]) if "if" in raw else None,
        filter=cast(Mapping[str, object], _freeze(raw.get("filter", {}))),
    )


def build_effect(raw: dict[str, Any]) -> Effect:
    return Effect(raw["op"], _params(raw, OP_SPECS[raw["op"]].params))


def _condition(raw: dict[str, Any]) -> Condition:
    spec = CONDITION_SPECS[raw["cond"]]
    return Condition(spec.name, _params(raw, spec.params), bool(raw.get("negate", False)))


def _modifier(raw: dict[str, Any]) -> Modifier:
    spec = MODIFIER_SPECS[raw["mod"]]
    return Modifier(spec.name, _params(raw, spec.params))


def _params(raw: dict[str, Any], specs: dict[str, ParamSpec]) -> Mapping[str, object]:
    out: dict[str, object] = {}
    for name, spec in specs.items():
        if name in raw:
            out[name] = _param_value(raw[name], spec)
        elif spec.default is not None:
            out[name] = spec.default
    return MappingProxyType(out)


def _param_value(value: object, spec: ParamSpec) -> object:
    if spec.kind is ParamKind.EFFECTS:
        return tuple(build_effect(e) for e in cast(list[Any], value))
    if spec.kind is ParamKind.OPTIONS:
        return tuple(tuple(build_effect(e) for e in bullet["do"]) for bullet in cast(list[Any], value))
    if spec.kind is ParamKind.CONDITION:
        return _condition(cast(dict[str, Any], value))
    return _freeze(value)


def _freeze(value: object) -> object:
    if isinstance(value, dict):
        return MappingProxyType({k: _freeze(v) for k, v in value.items()})
    if isinstance(value, list):
        return tuple(_freeze(v) for v in value)
    return value
