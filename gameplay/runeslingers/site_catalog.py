"""Runeslingers' site catalog: the bridge between the pure card catalog and the database, and deck
checking for the site.

NOT PURE: it uses Django (the catalog rows of ``gameplay.models``, transactions, the request's
size); the pure catalog it reads is ``gameplay.runeslingers.cards``.

- `current_catalog()`: the pure catalog (the truth), read once per data version.
- `load_catalog_into_db(catalog)`: copy a catalog into the rows of `gameplay.models` in one
  transaction; the same data version twice changes nothing; cards that left the data are marked
  inactive, never deleted.
- `check_deck(...)`: parse a pasted list or structured input, run the format's check and
  summarise the deck (counts, light-cost curve, text export). Input a person can fix raises
  `DeckInputError` (or `UnknownFormatError`) listing every problem.
"""

from __future__ import annotations

import enum
from collections import Counter
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, fields, is_dataclass
from functools import lru_cache
from pathlib import Path
from typing import Any

from django.db import transaction
from django.utils import timezone

from gameplay import models
from gameplay.runeslingers.cards.catalog import (
    CLASSIC_DATA_DIR,
    DEFAULT_DATA_DIR,
    Catalog,
    data_files,
    data_version,
    load_catalog,
)
from gameplay.runeslingers.cards.model import Ability, Condition, Effect, Modifier, Script
from gameplay.runeslingers.decklists import DeckListError, UnknownNames, format_decklist, parse_decklist
from gameplay.runeslingers.formats import Deck, Format, InvalidDeckError, Violation, get_format

# --- the pure catalog --------------------------------------------------------------------------


def current_catalog(path: Path | str = DEFAULT_DATA_DIR) -> Catalog:
    """The catalog in the data files; re-read only when the files' data version changes.

    Called on hot paths (every auto-pick's bot, every match start), so the files are only
    listed and stat-ed here: their contents are read and hashed again only when a file was
    added, removed, resized or touched (an edit that keeps both a file's size and its
    modification time, to the filesystem's clock tick, is not seen until the next one)."""
    files = _both_editions_files(Path(path))
    return _catalog_for_stamp(str(path), tuple((str(f), *_size_and_mtime(f)) for f in files))


def _both_editions_files(path: Path) -> list[Path]:
    """The Awakening data files and the Classic edition's beside them (in its own directory)."""
    return data_files(path) + data_files(path / CLASSIC_DATA_DIR.name)


def _size_and_mtime(file: Path) -> tuple[int, int]:
    status = file.stat()
    return status.st_size, status.st_mtime_ns


@lru_cache(maxsize=2)
def _catalog_for_stamp(path: str, stamp: tuple[tuple[str, int, int], ...]) -> Catalog:
    return _catalog_for_version(path, data_version(_both_editions_files(Path(path))))


@lru_cache(maxsize=2)
def _catalog_for_version(path: str, version: str) -> Catalog:  # the version of both editions' data
    return load_catalog(path)


# --- scripts as JSON -------------------------------------------------------------------------


def script_to_json(script: Script) -> list[dict[str, Any]]:
    """A script as plain JSON in the data files' own spelling (`when`, `if`, `do`, `modifiers`)."""
    return [_ability_json(ability) for ability in script]


def _ability_json(ability: Ability) -> dict[str, Any]:
    out: dict[str, Any] = {"when": ability.when.value}
    if ability.filter:
        out["filter"] = _plain(ability.filter)
    if ability.condition is not None:
        out["if"] = _plain(ability.condition)
    if ability.effects:
        out["do"] = [_plain(effect) for effect in ability.effects]
    if ability.modifiers:
        out["modifiers"] = [_plain(modifier) for modifier in ability.modifiers]
    return out


def _plain(value: object) -> Any:
    if isinstance(value, Effect):
        return {"op": value.op, **_plain(value.params)}
    if isinstance(value, Condition):
        return {"cond": value.name, **_plain(value.params), **({"negate": True} if value.negate else {})}
    if isinstance(value, Modifier):
        return {"mod": value.name, **_plain(value.params)}
    if isinstance(value, enum.Enum):
        return value.value
    if isinstance(value, Mapping):
        return {str(k): _plain(v) for k, v in value.items()}
    if isinstance(value, tuple | list):
        return [_plain(v) for v in value]
    if is_dataclass(value) and not isinstance(value, type):
        return {f.name: _plain(getattr(value, f.name)) for f in fields(value)}
    return value


# --- loading into the database -----------------------------------------------------------------


@dataclass(frozen=True)
class LoadResult:
    data_version: str
    changed: bool
    created: int = 0
    updated: int = 0
    deactivated: int = 0

    def __str__(self) -> str:
        if not self.changed:
            return f"Catalog {self.data_version[:12]} is already loaded; nothing changed."
        return (
            f"Loaded catalog {self.data_version[:12]}: {self.created} created, {self.updated} updated, "
            f"{self.deactivated} marked inactive."
        )


def loaded_version() -> str | None:
    latest = models.CatalogVersion.objects.order_by("-id").first()
    return latest.data_version if latest else None


@transaction.atomic
def load_catalog_into_db(catalog: Catalog, force: bool = False) -> LoadResult:
    version = catalog.data_version
    if not force and loaded_version() == version:
        return LoadResult(version, changed=False)
    tally: Counter[str] = Counter()
    _sync(models.Card, [_card_fields(c, i) for i, c in enumerate(catalog.cards.values())], version, tally)
    slingers = [_runeslinger_fields(r, i) for i, r in enumerate(catalog.runeslingers.values())]
    _sync(models.Runeslinger, slingers, version, tally)
    _sync(models.Equip, [_equip_fields(e, i) for i, e in enumerate(catalog.equips.values())], version, tally)
    starters = [_starter_fields(s, i) for i, s in enumerate(catalog.starter_decks.values())]
    _sync(models.StarterDeck, starters, version, tally)
    # A version loaded again (A, B, then A) gets a new row, so the newest row is always the loaded one.
    models.CatalogVersion.objects.filter(data_version=version).delete()
    models.CatalogVersion.objects.create(data_version=version, loaded_at=timezone.now(), card_count=len(catalog.cards))
    return LoadResult(version, True, tally["created"], tally["updated"], tally["deactivated"])


def _sync(model: Any, rows: list[dict[str, Any]], version: str, tally: Counter[str]) -> None:
    """Create or update each row in place by slug; rows the data no longer has go inactive."""
    existing = {row.slug: row for row in model.objects.all()}
    for values in rows:
        values = {**values, "is_active": True, "data_version": version}
        row = existing.get(values["slug"])
        if row is None:
            model.objects.create(**values)
            tally["created"] += 1
        elif any(getattr(row, name) != value for name, value in values.items() if name != "data_version"):
            for name, value in values.items():
                setattr(row, name, value)
            row.save()
            tally["updated"] += 1
    wanted = {values["slug"] for values in rows}
    gone = [slug for slug, row in existing.items() if slug not in wanted and row.is_active]
    tally["deactivated"] += model.objects.filter(slug__in=gone).update(is_active=False, data_version=version)


def _card_fields(card: Any, position: int) -> dict[str, Any]:
    keywords = [{"keyword": k.keyword.value, "value": k.value} for k in card.keywords]
    return {
        "slug": card.id,
        "name": card.name,
        "search_name": card.name.casefold(),
        "type": card.type.value,
        "subtype": card.subtype.value if card.subtype else "",
        "card_class": card.card_class.value,
        "cost": card.cost,
        "defense": card.defense,
        "keywords": keywords,
        "keyword_index": "".join(f"|{k['keyword']}" for k in keywords) + ("|" if keywords else ""),
        "is_x": card.x,
        "rarity": card.rarity.value,
        "text": card.text,
        "script": script_to_json(card.script),
        "position": position,
    }


def _runeslinger_fields(slinger: Any, position: int) -> dict[str, Any]:
    inherent = slinger.inherent
    return {
        "slug": slinger.id,
        "name": slinger.name,
        "card_class": slinger.card_class.value,
        "text": slinger.text,
        "health": slinger.health,
        "block": slinger.block,
        "inherent_name": inherent.name,
        "inherent_light_cost": inherent.light_cost,
        "inherent_text": inherent.text,
        "script": script_to_json(inherent.script),
        "position": position,
    }


def _equip_fields(equip: Any, position: int) -> dict[str, Any]:
    return {
        "slug": equip.id,
        "name": equip.name,
        "card_class": equip.card_class.value,
        "kind": equip.kind.value,
        "determinations": equip.determinations,
        "text": equip.text,
        "script": script_to_json(equip.script),
        "position": position,
    }


def _starter_fields(starter: Any, position: int) -> dict[str, Any]:
    return {
        "slug": starter.id,
        "name": starter.name,
        "runeslinger": starter.runeslinger,
        "equips": list(starter.equips),
        "cards": dict(starter.cards),
        "position": position,
    }


# --- checking decks ----------------------------------------------------------------------------

MAX_DECK_INPUT_BYTES = 64 * 1024
"""Requests with a body larger than this are refused before it is read (413)."""

MAX_DECK_ENTRIES = 500
"""Different cards (or pool entries) one request may name; more is refused with 400 before any is looked up."""


def check_entry_count(entries: Mapping[str, object] | None, what: str = "cards") -> None:
    """Refuse a card mapping with more than ``MAX_DECK_ENTRIES`` names (a serializer's 400)."""
    from rest_framework import serializers

    if entries is not None and len(entries) > MAX_DECK_ENTRIES:
        raise serializers.ValidationError(f"At most {MAX_DECK_ENTRIES} different {what}; got {len(entries)}.")


def declared_length(request: Any) -> int:
    """The body length a request declares (0 if none or not a number); read before the body."""
    try:
        return max(0, int(request.META.get("CONTENT_LENGTH") or 0))
    except ValueError:
        return 0


CURVE_TOP = 6  # the last bar of the light-cost curve counts this cost and above


class DeckInputError(ValueError):
    """Deck input a person can fix; `errors` lists every problem, each naming what is wrong."""

    def __init__(self, errors: list[str]) -> None:
        self.errors = errors
        super().__init__("; ".join(errors))


@dataclass(frozen=True)
class CurveBar:
    cost: int
    label: str  # "6+" for the last bar
    count: int


@dataclass(frozen=True)
class DeckReport:
    """A deck checked against a format (`check_deck`): its violations, counts, cost curve and the list
    written back. Not a judge's deck check of a registered list (`tournaments.models.DeckCheck`)."""

    format: Format
    deck: Deck
    violations: list[Violation]
    counts: dict[str, Any]
    curve: list[CurveBar]
    text: str  # the deck written back as a list

    @property
    def legal(self) -> bool:
        return not self.violations


def deck_from_text(text: str, catalog: Catalog) -> Deck:
    try:
        return parse_decklist(text, catalog)
    except DeckListError as exc:
        raise DeckInputError([str(error) for error in exc.errors]) from None


def deck_from_parts(
    catalog: Catalog, runeslinger: str | None, equips: Iterable[str], cards: Mapping[str, object]
) -> Deck:
    """A deck from ids or names; every unknown name is reported with a "did you mean"."""
    errors: list[str] = []
    names = UnknownNames()
    slinger_id = None
    if runeslinger:
        found = catalog.find_runeslinger(runeslinger)
        if found is None:
            errors.append(names.message("Runeslinger", runeslinger, [r.name for r in catalog.runeslingers.values()]))
        else:
            slinger_id = found.id
    equip_ids: list[str] = []
    for name in equips:
        equip = catalog.find_equip(name)
        if equip is None:
            errors.append(names.message("stance or ability", name, [e.name for e in catalog.equips.values()]))
        elif equip.id not in equip_ids:
            equip_ids.append(equip.id)
    counts = _card_counts(catalog, cards, errors, names)
    summary = names.summary()
    if summary is not None:
        errors.append(summary)
    if errors:
        raise DeckInputError(errors)
    try:
        return Deck.of(slinger_id, equip_ids, counts)
    except InvalidDeckError as exc:
        raise DeckInputError([str(exc)]) from None


def _card_counts(
    catalog: Catalog, cards: Mapping[str, object], errors: list[str], names: UnknownNames
) -> dict[str, int]:
    counts: dict[str, int] = {}
    for name, count in cards.items():
        card = catalog.find_card(name)
        if card is None:
            errors.append(names.message("card", name, [c.name for c in catalog.cards.values()]))
        elif isinstance(count, bool) or not isinstance(count, int) or count < 1:
            errors.append(f"{card.name}: the count must be a whole number of 1 or more, not {count!r}")
        else:
            counts[card.id] = counts.get(card.id, 0) + count
    return counts


def unknown(what: str, name: str, candidates: Iterable[str]) -> str:
    """The message for one name the catalog does not know, with a "did you mean"."""
    return UnknownNames().message(what, name, candidates)


def with_choices(deck: Deck, catalog: Catalog, runeslinger: str | None, equips: Iterable[str]) -> Deck:
    """The deck with a Runeslinger and equips picked outside the text (the builder's selects)."""
    chosen = [e for e in equips if e]
    if not runeslinger and not chosen:
        return deck
    extra = deck_from_parts(catalog, runeslinger or None, chosen, {})
    merged_equips = list(dict.fromkeys([*deck.equips, *extra.equips]))
    return Deck.of(extra.runeslinger or deck.runeslinger, merged_equips, deck.cards)


def check_deck(format_slug: str, deck: Deck, catalog: Catalog, pool: Mapping[str, int] | None = None) -> DeckReport:
    deck_format = get_format(format_slug)
    violations = deck_format.check(deck, catalog, pool)
    return DeckReport(
        format=deck_format,
        deck=deck,
        violations=violations,
        counts=deck_counts(deck, catalog),
        curve=light_curve(deck, catalog),
        text=format_decklist(deck, catalog) if _known(deck, catalog) else "",
    )


def _known(deck: Deck, catalog: Catalog) -> bool:
    classic_abilities = catalog.classic.abilities if catalog.classic is not None else {}
    known_equips = (e in catalog.equips or e in classic_abilities for e in deck.equips)
    return all(card_id in catalog.cards for card_id in deck.cards) and all(known_equips)


def deck_counts(deck: Deck, catalog: Catalog) -> dict[str, Any]:
    by_type: Counter[str] = Counter()
    by_class: Counter[str] = Counter()
    for card_id, count in deck.cards.items():
        card = catalog.cards.get(card_id)
        if card is not None:
            by_type[card.type.value] += count
            by_class[card.card_class.value] += count
    return {
        "cards": deck.size,
        "distinct": len(deck.cards),
        "by_type": dict(sorted(by_type.items())),
        "by_class": dict(sorted(by_class.items())),
    }


def light_curve(deck: Deck, catalog: Catalog) -> list[CurveBar]:
    """Copies at each light cost, 0 to CURVE_TOP+ (every bar present, empty ones too)."""
    tally: Counter[int] = Counter()
    for card_id, count in deck.cards.items():
        card = catalog.cards.get(card_id)
        if card is not None:
            tally[min(card.cost, CURVE_TOP)] += count
    return [
        CurveBar(cost, f"{cost}+" if cost == CURVE_TOP else str(cost), tally[cost]) for cost in range(CURVE_TOP + 1)
    ]
