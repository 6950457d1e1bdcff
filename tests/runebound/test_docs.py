"""docs/runebound.md names the whole Runebound vocabulary, so a word added to the schema is documented."""

from __future__ import annotations

from enum import StrEnum
from pathlib import Path

import pytest

from gameplay.runebound.decks import RUNEBOUND_FORMATS
from gameplay.runebound.schema import ClassKind, Proficiency, Side, Terrain, Timing

DOC = (Path(__file__).resolve().parents[2] / "docs" / "runebound.md").read_text()


@pytest.mark.parametrize("enum", [ClassKind, Side, Timing, Proficiency, Terrain])
def test_every_schema_word_is_in_the_docs(enum: type[StrEnum]) -> None:
    missing = [member.value for member in enum if member.value not in DOC.casefold()]
    assert missing == []


def test_every_format_is_in_the_docs() -> None:
    for rules in RUNEBOUND_FORMATS.values():
        assert f"`{rules.slug}`, *{rules.name}*" in DOC
