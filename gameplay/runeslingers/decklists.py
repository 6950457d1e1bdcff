"""Deck list text: the form players paste, parsed into a `Deck`, and written back out.

PURE (no Django). `parse_decklist(text, catalog)` accepts lines such as ``3 Fireball``,
``3x Fireball``, ``Fireball x3`` and ``Fireball`` (one copy), plus ``Runeslinger: Eva``,
``Stance: Talaka's Heart`` and ``Ability: Flame of Nim`` (a Classic deck's abilities:
``Passive: Inner Flame`` and ``Activate: Engulf``); blank lines, ``#`` and ``//``
comments and headers such as ``Deck:`` are ignored; names are case-insensitive (card ids work
too). It reports every bad line at once by raising `DeckListError`, whose `errors` are
`LineError`s naming the line number, the line and the fix (with a "did you mean" for unknown
names). `format_decklist(deck, catalog)` writes text that parses back to the same deck.

Parsing checks only the text; whether the deck is legal is `formats.Format.check`'s decision.
"""

from __future__ import annotations

import difflib
import re
from collections.abc import Iterable
from dataclasses import dataclass, field

from gameplay.runeslingers.cards.catalog import Catalog
from gameplay.runeslingers.cards.model import ClassicAbility
from gameplay.runeslingers.cards.schema import EquipKind
from gameplay.runeslingers.formats import Deck, InvalidDeckError

MAX_CHARS = 20_000
MAX_LINES = 500
MAX_LINE_CHARS = 200
MAX_COPIES_PER_LINE = 99
MAX_SUGGESTIONS = 20  # unknown names that get a "did you mean"; the rest are only counted
MAX_NAME_CHARS = 120  # longer names are never compared with the catalog, and are shortened in messages

_COUNT_FIRST = re.compile(r"^(?P<count>[+-]?\d+)\s*(?:[x×*](?=\s))?\s*(?P<name>\D.*)$", re.IGNORECASE)
_COUNT_LAST = re.compile(r"^(?P<name>.+?)\s+[x×*]\s*(?P<count>[+-]?\d+)$", re.IGNORECASE)
_LABEL = re.compile(r"^(?P<label>runeslinger|stance|ability|equip|passive|activate)\s*:\s*(?P<name>.*)$", re.IGNORECASE)
_HEADERS = frozenset({"deck", "cards", "main", "main deck", "maindeck", "equips"})
_COMMENT = re.compile(r"(?:^|\s)(?:#|//).*$")


@dataclass(frozen=True)
class LineError:
    line: int  # 1-based; 0 for the whole input
    text: str
    message: str

    def __str__(self) -> str:
        where = "input" if self.line == 0 else f"line {self.line}"
        return f"{where}: {self.message}" + (f" ({self.text!r})" if self.text else "")


class DeckListError(ValueError):
    """The deck list text has errors; `errors` lists every one."""

    def __init__(self, errors: list[LineError]) -> None:
        self.errors = errors
        super().__init__("\n".join(str(e) for e in errors))


class UnknownNames:
    """Messages for names the catalog does not know, with a "did you mean" for the first
    ``MAX_SUGGESTIONS`` only: each suggestion compares the name with every catalog name, so a
    list of thousands of unknown names cost seconds of CPU. Names past the limit are counted."""

    def __init__(self, limit: int = MAX_SUGGESTIONS) -> None:
        self.limit = limit
        self.suggested = 0
        self.not_suggested = 0

    def message(self, what: str, name: str, candidates: Iterable[str]) -> str:
        shown = name if len(name) <= MAX_NAME_CHARS else name[:MAX_NAME_CHARS] + "..."
        hint = ""
        if self.suggested < self.limit and len(name) <= MAX_NAME_CHARS:
            self.suggested += 1
            by_folded = {c.casefold(): c for c in candidates}
            close = difflib.get_close_matches(name.casefold(), list(by_folded), n=1, cutoff=0.6)
            hint = f"; did you mean {by_folded[close[0]]!r}?" if close else ""
        else:
            self.not_suggested += 1
        return f"unknown {what} {shown!r}{hint}"

    def summary(self) -> str | None:
        """One line counting the names that got no suggestion, or None when every one did."""
        if not self.not_suggested:
            return None
        return (
            f"{self.not_suggested} unknown names got no suggestion"
            f" (only the first {self.limit} are compared with the catalog)"
        )


@dataclass
class _Builder:
    catalog: Catalog
    runeslinger: str | None = None
    equips: list[str] = field(default_factory=list)
    counts: dict[str, int] = field(default_factory=dict)
    errors: list[LineError] = field(default_factory=list)
    unknown: UnknownNames = field(default_factory=UnknownNames)

    def error(self, number: int, text: str, message: str) -> None:
        self.errors.append(LineError(number, text, message))


def parse_decklist(text: str, catalog: Catalog) -> Deck:
    """Parse pasted deck list text; raise `DeckListError` listing every bad line."""
    if len(text) > MAX_CHARS:
        raise DeckListError(
            [LineError(0, "", f"the deck list is {len(text)} characters long; the limit is {MAX_CHARS}")]
        )
    lines = text.splitlines()
    if len(lines) > MAX_LINES:
        raise DeckListError([LineError(0, "", f"the deck list has {len(lines)} lines; the limit is {MAX_LINES}")])
    builder = _Builder(catalog)
    for number, raw in enumerate(lines, start=1):
        _parse_line(builder, number, raw)
    _check_totals(builder)
    summary = builder.unknown.summary()
    if summary is not None:
        builder.error(0, "", summary)
    if builder.errors:
        raise DeckListError(builder.errors)
    return Deck.of(builder.runeslinger, builder.equips, builder.counts)


def _normalise(line: str) -> str:
    line = line.replace("\u2019", "'").replace("\u2018", "'").replace("\t", " ")
    return " ".join(_COMMENT.sub("", line).split())


def _parse_line(builder: _Builder, number: int, raw: str) -> None:
    if len(raw) > MAX_LINE_CHARS:
        builder.error(number, raw[:40] + "...", f"a line may be at most {MAX_LINE_CHARS} characters")
        return
    line = _normalise(raw)
    if not line or line.rstrip(":").strip().casefold() in _HEADERS:
        return
    labelled = _LABEL.match(line)
    if labelled:
        _parse_labelled(builder, number, raw.strip(), labelled["label"].casefold(), labelled["name"].strip())
        return
    count, name = _split_count(line)
    if count is None:
        builder.error(number, raw.strip(), "the count is not a number")
        return
    if count < 1:
        builder.error(number, raw.strip(), f"the count must be at least 1 (got {count})")
        return
    if count > MAX_COPIES_PER_LINE:
        builder.error(number, raw.strip(), f"{count} copies is too many; at most {MAX_COPIES_PER_LINE} on a line")
        return
    card = builder.catalog.find_card(name)
    if card is None:
        builder.error(number, raw.strip(), _not_a_card(builder, name))
        return
    builder.counts[card.id] = builder.counts.get(card.id, 0) + count


def _split_count(line: str) -> tuple[int | None, str]:
    for pattern in (_COUNT_FIRST, _COUNT_LAST):
        match = pattern.match(line)
        if match:
            return int(match["count"]), match["name"].strip()
    if re.match(r"^[+-]?\d", line):
        return None, line
    return 1, line


def _parse_labelled(builder: _Builder, number: int, raw: str, label: str, name: str) -> None:
    catalog = builder.catalog
    if label == "runeslinger":
        slinger = catalog.find_runeslinger(name)
        if slinger is None:
            builder.error(
                number,
                raw,
                builder.unknown.message("Runeslinger", name, [r.name for r in catalog.runeslingers.values()]),
            )
        elif builder.runeslinger is not None and builder.runeslinger != slinger.id:
            builder.error(number, raw, "a deck has one Runeslinger; this is a second one")
        else:
            builder.runeslinger = slinger.id
        return
    if label in _CLASSIC_KINDS:
        _parse_classic_ability(builder, number, raw, label, name)
        return
    equip = catalog.find_equip(name)
    if equip is None:
        builder.error(number, raw, builder.unknown.message(label, name, [e.name for e in catalog.equips.values()]))
    elif label != "equip" and equip.kind is not EquipKind(label):
        builder.error(
            number,
            raw,
            f"{equip.name} is {'a stance' if equip.kind is EquipKind.STANCE else 'an ability'},"
            f" not {'a stance' if label == 'stance' else 'an ability'}",
        )
    elif equip.id in builder.equips:
        builder.error(number, raw, f"{equip.name} is already equipped")
    else:
        builder.equips.append(equip.id)


_CLASSIC_KINDS = ("passive", "activate")


def _classic_abilities(catalog: Catalog) -> list[ClassicAbility]:
    return list(catalog.classic.abilities.values()) if catalog.classic is not None else []


def _parse_classic_ability(builder: _Builder, number: int, raw: str, kind: str, name: str) -> None:
    """A Classic Runeslinger ability by id or name; of two with one name, the deck's Runeslinger's."""
    key = name.casefold()
    named = [a for a in _classic_abilities(builder.catalog) if key in (a.id, a.name.casefold()) and a.kind == kind]
    named.sort(key=lambda a: a.runeslinger != builder.runeslinger)
    if not named:
        candidates = [a.name for a in _classic_abilities(builder.catalog) if a.kind == kind]
        builder.error(number, raw, builder.unknown.message(f"Classic {kind} ability", name, candidates))
    elif named[0].id in builder.equips:
        builder.error(number, raw, f"{named[0].name} is already chosen")
    else:
        builder.equips.append(named[0].id)


def _check_totals(builder: _Builder) -> None:
    for card_id, total in builder.counts.items():
        if total > MAX_COPIES_PER_LINE:
            name = builder.catalog.cards[card_id].name
            builder.error(0, "", f"{name}: {total} copies in all; at most {MAX_COPIES_PER_LINE}")


def _card_names(catalog: Catalog) -> list[str]:
    return [c.name for c in catalog.cards.values()]


def _not_a_card(builder: _Builder, name: str) -> str:
    """Why a card line names no card: a Runeslinger or equip written as a card, or a misspelling."""
    catalog = builder.catalog
    slinger = catalog.find_runeslinger(name)
    if slinger is not None:
        return f"{slinger.name} is a Runeslinger; write it as 'Runeslinger: {slinger.name}'"
    equip = catalog.find_equip(name)
    if equip is not None:
        kind = equip.kind.value.capitalize()
        return f"{equip.name} is a {equip.kind.value}; write it as '{kind}: {equip.name}'"
    return builder.unknown.message("card", name, _card_names(catalog))


def format_decklist(deck: Deck, catalog: Catalog) -> str:
    """Text for a deck that `parse_decklist` reads back to an equal deck."""
    lines: list[str] = []
    classic = {a.id: a for a in _classic_abilities(catalog)}
    known = set(catalog.runeslingers) | set(catalog.equips) | set(classic)
    unknown = [i for i in (deck.runeslinger, *deck.equips) if i and i not in known]
    unknown += [i for i in deck.cards if i not in catalog.cards]
    if unknown:
        raise InvalidDeckError(f"cannot write a list naming unknown ids: {', '.join(sorted(unknown))}")
    slinger = catalog.runeslingers.get(deck.runeslinger or "")
    if slinger is not None:
        lines.append(f"Runeslinger: {slinger.name}")
    for equip_id in deck.equips:
        equip = catalog.equips.get(equip_id) or classic[equip_id]
        kind = equip.kind if isinstance(equip, ClassicAbility) else equip.kind.value
        lines.append(f"{kind.capitalize()}: {equip.name}")
    if lines:
        lines.append("")
    cards = sorted(deck.cards.items(), key=lambda item: catalog.cards[item[0]].name.casefold())
    lines += [f"{count} {catalog.cards[card_id].name}" for card_id, count in cards]
    return "\n".join(lines) + "\n"
