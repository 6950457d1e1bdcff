"""docs/cards.md documents the whole vocabulary that schema.py defines."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from gameplay.runeslingers.cards.schema import (
    CONDITION_SPECS,
    HANDLERS,
    MODIFIER_SPECS,
    OP_SPECS,
    TARGETS,
    Keyword,
    Quantity,
    Trigger,
)

DOC = (Path(__file__).resolve().parents[2] / "docs" / "cards.md").read_text(encoding="utf-8")
CODE_WORDS = set(re.findall(r"`([a-z_]+)`", DOC))


@pytest.mark.parametrize(
    ("kind", "names"),
    [
        ("op", sorted(OP_SPECS)),
        ("trigger", sorted(t.value for t in Trigger)),
        ("target", sorted(TARGETS)),
        ("condition", sorted(CONDITION_SPECS)),
        ("modifier", sorted(MODIFIER_SPECS)),
        ("handler", sorted(HANDLERS)),
        ("quantity", sorted(q.value for q in Quantity)),
        ("keyword", sorted(k.value for k in Keyword)),
    ],
)
def test_docs_list_every_word(kind: str, names: list[str]) -> None:
    missing = [name for name in names if name not in CODE_WORDS]
    assert missing == [], f"docs/cards.md does not document these {kind}s: {missing}"


def test_docs_list_every_parameter_of_every_op() -> None:
    section = DOC.split("### Effect ops", 1)[1].split("\n### ", 1)[0]
    rows = {m[0]: m[1] for m in re.findall(r"^\| `([a-z_]+)` \| ([^|]*) \|", section, re.MULTILINE)}
    for name, spec in OP_SPECS.items():
        for param in spec.params:
            assert f"`{param}`" in rows[name], f"op {name}: parameter {param} is not documented"
