"""The Runebound data linter: is the raw YAML well formed and consistent with rulebook 004?

PURE. `lint_runebound(sections)` takes the merged sections (``class_cards``, ``talents``,
``decks``) and returns every `Problem` at once, each naming the object, the field and what is
wrong: unknown or missing fields, values outside the vocabulary, rules of the card anatomy
(proficiency requirements only on Spells and Feats, terrain only and always on Locations,
Challenges are enemy cards played at the end of Movement, a * card's text says when it is
played, level 1 Talents have no prerequisite and higher ones do), unique ids and names, and
published decks of exactly 25 different class cards and 5 different talents that exist.
`lint_published_rules(catalog)` then checks every published deck against the customised deck
rules (`decks.check_custom`), so the shipped decks are always legal customised decks too.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterable
from enum import Enum
from typing import Any, TypeVar

from gameplay.runebound.decks import RuneboundDeck, check_custom
from gameplay.runebound.model import RuneboundCatalog
from gameplay.runebound.schema import (
    CLASS_CARD_OPTIONAL,
    CLASS_CARD_REQUIRED,
    DECK_OPTIONAL,
    DECK_REQUIRED,
    MAX_LEVEL,
    MAX_REQUIREMENTS,
    MAX_TALENT_PROFICIENCIES,
    MENACE_POOL,
    PUBLISHED_CLASS_CARDS,
    PUBLISHED_TALENTS,
    REQUIREMENT_KINDS,
    SECTIONS,
    SPECIAL_TIMING_OPENING,
    TALENT_OPTIONAL,
    TALENT_REQUIRED,
    ClassKind,
    Proficiency,
    Side,
    Terrain,
    Timing,
)
from gameplay.runeslingers.cards.scriptlint import Problem

Raw = dict[str, Any]
E = TypeVar("E", bound=Enum)
SLUG = re.compile(r"^[a-z0-9]+(?:-[a-z0-9]+)*$")


class _Report:
    def __init__(self, where: str, problems: list[Problem]) -> None:
        self.where = where
        self.problems = problems

    def add(self, code: str, field: str, message: str) -> None:
        self.problems.append(Problem(code, self.where, field, message))


def describe(kind: str, raw: object, index: int) -> str:
    """How a problem names an object: "class card 'arcane-bolt' (Arcane Bolt)" or "talent #3"."""
    if isinstance(raw, dict) and isinstance(raw.get("id"), str):
        name = raw.get("name")
        return f"{kind} '{raw['id']}'" + (f" ({name})" if isinstance(name, str) else "")
    return f"{kind} #{index + 1}"


def lint_runebound(sections: dict[str, object]) -> list[Problem]:
    """Every problem in the merged Runebound data, in a stable order."""
    problems: list[Problem] = []
    lists = {name: _as_list(sections.get(name), name, problems) for name in SECTIONS}
    for key in sorted(set(sections) - set(SECTIONS)):
        problems.append(Problem("unknown-section", "runebound data", key, f"unknown top-level key '{key}'"))
    for i, raw in enumerate(lists["class_cards"]):
        lint_class_card(raw, describe("class card", raw, i), problems)
    for i, raw in enumerate(lists["talents"]):
        lint_talent(raw, describe("talent", raw, i), problems)
    _lint_unique(lists, problems)
    cards, talents = _ids(lists["class_cards"]), _ids(lists["talents"])
    for i, raw in enumerate(lists["decks"]):
        lint_deck(raw, describe("deck", raw, i), cards, talents, problems)
    _lint_unpublished(lists, problems)
    return problems


def _as_list(raw: object, name: str, problems: list[Problem]) -> list[Any]:
    if raw is None:
        problems.append(Problem("missing-section", "runebound data", name, f"no '{name}' in any data file"))
        return []
    if not isinstance(raw, list):
        problems.append(Problem("bad-section", "runebound data", name, "must be a list"))
        return []
    return raw


def _ids(raws: list[Any]) -> set[str]:
    return {raw["id"] for raw in raws if isinstance(raw, dict) and isinstance(raw.get("id"), str)}


# --- fields --------------------------------------------------------------------------------


def _check_keys(raw: Raw, required: Iterable[str], optional: Iterable[str], r: _Report) -> None:
    required, optional = set(required), set(optional)
    for key in sorted(required - set(raw)):
        r.add("missing-field", key, f"'{key}' is required")
    for key in sorted(set(raw) - required - optional):
        r.add("unknown-field", key, f"unknown field '{key}'")


def _identity(raw: Raw, r: _Report) -> None:
    if "id" in raw and (not isinstance(raw["id"], str) or not SLUG.match(raw["id"])):
        r.add("bad-id", "id", f"{raw['id']!r} is not a slug (lower-case words joined by '-')")
    for key in ("name", "text", "summary"):
        if key in raw and (not isinstance(raw[key], str) or not raw[key].strip()):
            r.add("bad-type", key, "must be non-empty text")


def _int_field(raw: Raw, key: str, low: int, high: int, r: _Report) -> int | None:
    if key not in raw:
        return None
    value: object = raw[key]
    if isinstance(value, bool) or not isinstance(value, int):
        r.add("bad-type", key, f"must be a whole number, not {value!r}")
        return None
    if not low <= value <= high:
        r.add("bad-value", key, f"must be between {low} and {high} (got {value})")
        return None
    return value


def _enum_value(value: object, enum: type[E], field: str, r: _Report) -> E | None:
    try:
        return enum(value)
    except ValueError:
        r.add(f"bad-{field.split('[')[0]}", field, f"{value!r} is not one of: {', '.join(e.value for e in enum)}")
        return None


def _enum_field(raw: Raw, key: str, enum: type[E], r: _Report) -> E | None:
    return _enum_value(raw[key], enum, key, r) if key in raw else None


def _enum_list(raw: Raw, key: str, enum: type[E], r: _Report, most: int) -> list[E]:
    """A list of distinct enum words; [] when absent or malformed (the problem is reported)."""
    value = raw.get(key, [])
    if not isinstance(value, list):
        r.add("bad-type", key, "must be a list")
        return []
    found = [e for i, item in enumerate(value) if (e := _enum_value(item, enum, f"{key}[{i}]", r)) is not None]
    if len(set(found)) != len(found):
        r.add("duplicate-value", key, "a value appears twice")
    if len(value) > most:
        r.add("too-many", key, f"at most {most} (got {len(value)})")
    return found


def _bool_field(raw: Raw, key: str, r: _Report) -> bool:
    value = raw.get(key, False)
    if not isinstance(value, bool):
        r.add("bad-type", key, f"must be true or false, not {value!r}")
        return False
    return value


# --- class cards -----------------------------------------------------------------------------


def lint_class_card(raw: object, where: str, problems: list[Problem]) -> None:
    r = _Report(where, problems)
    if not isinstance(raw, dict):
        r.add("bad-class-card", "-", "a class card must be a mapping")
        return
    _check_keys(raw, CLASS_CARD_REQUIRED, CLASS_CARD_OPTIONAL, r)
    _identity(raw, r)
    kind = _enum_field(raw, "kind", ClassKind, r)
    side = _enum_field(raw, "side", Side, r)
    _int_field(raw, "menace", 0, MENACE_POOL, r)
    _bool_field(raw, "epic", r)
    timing = _enum_list(raw, "timing", Timing, r, len(Timing))
    if raw.get("timing") == []:
        r.add("missing-timing", "timing", "a class card shows at least one timing icon")
    _lint_requirements(raw, kind, r)
    _lint_terrain(raw, kind, r)
    _lint_challenge(kind, side, timing, r)
    _lint_special_text(raw, timing, r)


def _lint_requirements(raw: Raw, kind: ClassKind | None, r: _Report) -> None:
    if "proficiencies" not in raw:
        return
    if kind is not None and kind not in REQUIREMENT_KINDS:
        r.add(
            "bad-proficiencies",
            "proficiencies",
            f"only Spells and Feats have proficiency requirements, not a {kind.label}",
        )
        return
    _enum_list(raw, "proficiencies", Proficiency, r, MAX_REQUIREMENTS)


def _lint_terrain(raw: Raw, kind: ClassKind | None, r: _Report) -> None:
    if kind is ClassKind.LOCATION and not raw.get("terrain"):
        r.add("missing-terrain", "terrain", "a Location needs at least one terrain restriction")
    if "terrain" not in raw:
        return
    if kind is not None and kind is not ClassKind.LOCATION:
        r.add("bad-terrain", "terrain", f"only Locations have terrain restrictions, not a {kind.label}")
        return
    _enum_list(raw, "terrain", Terrain, r, len(Terrain))


def _lint_challenge(kind: ClassKind | None, side: Side | None, timing: list[Timing], r: _Report) -> None:
    """Class-deck Challenges are played on other Heroes at the end of their Movement step (004 p.5, p.13)."""
    if kind is not ClassKind.CHALLENGE:
        return
    if side is Side.FRIENDLY:
        r.add("bad-side", "side", "a Challenge is played on another player's Hero: it must be an enemy card")
    if timing and timing != [Timing.MOVEMENT]:
        r.add("bad-timing", "timing", "a Challenge is played at the end of Movement: its only timing is 'movement'")


def _lint_special_text(raw: Raw, timing: list[Timing], r: _Report) -> None:
    """A * card states in its text when it is played (004 p.14)."""
    text = raw.get("text")
    if Timing.SPECIAL in timing and isinstance(text, str) and not text.startswith(SPECIAL_TIMING_OPENING):
        r.add(
            "special-text",
            "text",
            f"a card with the * timing icon must say when it is played ('{SPECIAL_TIMING_OPENING}...')",
        )


# --- talents ---------------------------------------------------------------------------------


def lint_talent(raw: object, where: str, problems: list[Problem]) -> None:
    r = _Report(where, problems)
    if not isinstance(raw, dict):
        r.add("bad-talent", "-", "a talent must be a mapping")
        return
    _check_keys(raw, TALENT_REQUIRED, TALENT_OPTIONAL, r)
    _identity(raw, r)
    level = _int_field(raw, "level", 1, MAX_LEVEL, r)
    if "proficiencies" in raw and not _enum_list(raw, "proficiencies", Proficiency, r, MAX_TALENT_PROFICIENCIES):
        r.add("missing-proficiency", "proficiencies", "a Talent gives at least one proficiency")
    _enum_field(raw, "prerequisite", Proficiency, r)
    if level == 1 and "prerequisite" in raw:
        r.add("bad-prerequisite", "prerequisite", "level 1 Talents have no prerequisite")
    if level is not None and level > 1 and "prerequisite" not in raw:
        r.add("missing-prerequisite", "prerequisite", f"a level {level} Talent needs a prerequisite proficiency")


# --- uniqueness and decks ----------------------------------------------------------------------


def _lint_unique(lists: dict[str, list[Any]], problems: list[Problem]) -> None:
    """Ids are unique across class cards, talents and decks; names likewise (case-insensitively)."""
    raws = [raw for name in SECTIONS for raw in lists[name] if isinstance(raw, dict)]
    for key in ("id", "name"):
        values = [raw[key].casefold() if key == "name" else raw[key] for raw in raws if isinstance(raw.get(key), str)]
        for value, count in sorted(Counter(values).items()):
            if count > 1:
                problems.append(Problem(f"duplicate-{key}", "runebound data", key, f"{value!r} is used {count} times"))


def lint_deck(raw: object, where: str, cards: set[str], talents: set[str], problems: list[Problem]) -> None:
    r = _Report(where, problems)
    if not isinstance(raw, dict):
        r.add("bad-deck", "-", "a deck must be a mapping")
        return
    _check_keys(raw, DECK_REQUIRED, DECK_OPTIONAL, r)
    _identity(raw, r)
    _lint_deck_list(raw, "class_cards", cards, PUBLISHED_CLASS_CARDS, r)
    _lint_deck_list(raw, "talents", talents, PUBLISHED_TALENTS, r)


def _lint_deck_list(raw: Raw, key: str, known: set[str], size: int, r: _Report) -> None:
    value = raw.get(key)
    if key not in raw:
        return
    if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
        r.add("bad-type", key, "must be a list of ids")
        return
    what = key.replace("_", " ")[:-1]
    if len(value) != size:
        r.add("deck-size", key, f"a published deck has exactly {size} {what}s (got {len(value)})")
    for item, count in sorted(Counter(value).items()):
        if count > 1:
            r.add(
                "deck-duplicate", key, f"{item!r} is listed {count} times; a published deck's cards are all different"
            )
    for item in sorted(set(value) - known):
        r.add("unknown-reference", key, f"no {what} has the id {item!r}")


def _lint_unpublished(lists: dict[str, list[Any]], problems: list[Problem]) -> None:
    """Every card is shipped in exactly one published deck."""
    decks = [raw for raw in lists["decks"] if isinstance(raw, dict)]
    for section, kind in (("class_cards", "class card"), ("talents", "talent")):
        listed = Counter(
            i for d in decks if isinstance(d.get(section), list) for i in set(d[section]) if isinstance(i, str)
        )
        for i, raw in enumerate(lists[section]):
            card_id = raw.get("id") if isinstance(raw, dict) else None
            count = listed.get(card_id, 0) if isinstance(card_id, str) else 1
            if count != 1:
                where = describe(kind, raw, i)
                message = (
                    "is in no published deck"
                    if count == 0
                    else f"is in {count} published decks; each card ships in one"
                )
                problems.append(Problem("deck-membership", where, "id", message))


def lint_published_rules(catalog: RuneboundCatalog) -> list[Problem]:
    """Every published deck is also a legal customised deck (004, "Deck Building")."""
    problems: list[Problem] = []
    for deck in catalog.decks.values():
        where = f"deck '{deck.id}' ({deck.name})"
        for violation in check_custom(RuneboundDeck.of(deck.class_cards, deck.talents), catalog):
            problems.append(Problem(f"rule-{violation.rule}", where, "class_cards", violation.message))
    return problems
