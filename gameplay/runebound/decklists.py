"""Runebound deck list text: "Class deck:" and "Talents:" sections, one card name per line.

PURE. `parse_runebound_list(text, catalog)` reads text such as::

    Class deck:
    Arcane Bolt
    Dispel
    Talents:
    Spell Blade

Names are case-insensitive (ids work too); blank lines and ``#`` / ``//`` comments are ignored;
a leading ``1`` or ``1x`` is accepted, and ``2 Dispel`` lists the card twice (the deck rules then
report it). Every bad line is reported at once by raising `DeckListError` (shared with the
Runeslingers lists), each `LineError` naming the line: an unknown name (with a "did you mean"),
a card before any section header, a Talent under "Class deck:" or a class card under
"Talents:". `format_runebound_list(deck, catalog)` writes text that reads back to the same deck.
Whether the deck is legal is the formats' decision (`decks`), not the parser's.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from gameplay.runebound.decks import RuneboundDeck
from gameplay.runebound.model import ClassCard, RuneboundCatalog, Talent
from gameplay.runeslingers.decklists import (
    MAX_CHARS,
    MAX_COPIES_PER_LINE,
    MAX_LINES,
    DeckListError,
    LineError,
    UnknownNames,
)
from gameplay.runeslingers.formats import InvalidDeckError

CLASS_HEADER = "Class deck:"
TALENT_HEADER = "Talents:"
_HEADERS = {"class deck": "class", "class cards": "class", "talents": "talents", "talent deck": "talents"}
_COUNT = re.compile(r"^(?P<count>\d+)\s*[x×]?\s+(?P<name>\D.*)$", re.IGNORECASE)
_COMMENT = re.compile(r"(?:^|\s)(?:#|//).*$")


@dataclass
class _Reader:
    catalog: RuneboundCatalog
    section: str | None = None
    class_cards: list[str] = field(default_factory=list)
    talents: list[str] = field(default_factory=list)
    errors: list[LineError] = field(default_factory=list)
    unknown: UnknownNames = field(default_factory=UnknownNames)

    def error(self, number: int, text: str, message: str) -> None:
        self.errors.append(LineError(number, text, message))


def parse_runebound_list(text: str, catalog: RuneboundCatalog) -> RuneboundDeck:
    """Parse pasted Runebound list text; raise `DeckListError` listing every bad line."""
    if len(text) > MAX_CHARS:
        raise DeckListError(
            [LineError(0, "", f"the deck list is {len(text)} characters long; the limit is {MAX_CHARS}")]
        )
    lines = text.splitlines()
    if len(lines) > MAX_LINES:
        raise DeckListError([LineError(0, "", f"the deck list has {len(lines)} lines; the limit is {MAX_LINES}")])
    reader = _Reader(catalog)
    for number, raw in enumerate(lines, start=1):
        _read_line(reader, number, raw)
    summary = reader.unknown.summary()
    if summary is not None:
        reader.error(0, "", summary)
    if reader.errors:
        raise DeckListError(reader.errors)
    return RuneboundDeck.of(reader.class_cards, reader.talents)


def _clean(line: str) -> str:
    line = line.replace("\u2019", "'").replace("\u2018", "'").replace("\t", " ")
    return " ".join(_COMMENT.sub("", line).split())


def _read_line(reader: _Reader, number: int, raw: str) -> None:
    line = _clean(raw)
    if not line:
        return
    header = _HEADERS.get(line.rstrip(":").strip().casefold())
    if header is not None:
        reader.section = header
        return
    count, name = _split_count(line)
    if not 1 <= count <= MAX_COPIES_PER_LINE:
        reader.error(number, raw.strip(), f"the count must be between 1 and {MAX_COPIES_PER_LINE}")
        return
    found = reader.catalog.find(name)
    if found is None:
        reader.error(number, raw.strip(), reader.unknown.message("Runebound card", name, reader.catalog.names()))
        return
    message = _misplaced(reader.section, found)
    if message:
        reader.error(number, raw.strip(), message)
        return
    target = reader.class_cards if isinstance(found, ClassCard) else reader.talents
    target.extend([found.id] * count)


def _split_count(line: str) -> tuple[int, str]:
    match = _COUNT.match(line)
    return (int(match["count"]), match["name"].strip()) if match else (1, line)


def _misplaced(section: str | None, found: ClassCard | Talent) -> str | None:
    if section is None:
        return f"write '{CLASS_HEADER}' or '{TALENT_HEADER}' on a line before the first card"
    if section == "class" and isinstance(found, Talent):
        return f"{found.name} is a Talent; list it under '{TALENT_HEADER}'"
    if section == "talents" and isinstance(found, ClassCard):
        return f"{found.name} is a class card; list it under '{CLASS_HEADER}'"
    return None


def format_runebound_list(deck: RuneboundDeck, catalog: RuneboundCatalog) -> str:
    """Text that `parse_runebound_list` reads back to an equal deck (list order kept)."""
    unknown = [i for i in deck.class_cards if i not in catalog.class_cards]
    unknown += [i for i in deck.talents if i not in catalog.talents]
    if unknown:
        raise InvalidDeckError(f"cannot write a list naming unknown ids: {', '.join(sorted(set(unknown)))}")
    lines = [CLASS_HEADER, *(catalog.class_cards[i].name for i in deck.class_cards)]
    lines += ["", TALENT_HEADER, *(catalog.talents[i].name for i in deck.talents)]
    return "\n".join(lines) + "\n"
