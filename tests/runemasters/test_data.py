"""The designed card data loads, keeps every count of rulebook 003, and its lint catches errors."""

from __future__ import annotations

import copy
import shutil
from collections import Counter
from pathlib import Path
from typing import Any

import pytest
import yaml

from gameplay.runemasters.data import DATA_DIR, DataError, lint, load, load_from


def raw() -> dict[str, Any]:
    merged: dict[str, Any] = {}
    for path in sorted(DATA_DIR.glob("*.yaml")):
        merged.update(yaml.safe_load(path.read_text()))
    return merged


def problems(data: dict[str, Any]) -> list[str]:
    return lint(data["monsters"], data["types"], data["events"], data["difficulties"])


def test_the_shipped_data_is_sound() -> None:
    data = load()
    assert problems(raw()) == []
    assert len(data.monsters) == 32 and len(data.events) == 11
    assert Counter(m.colour for m in data.monsters.values())["yellow"] == 7
    assert Counter(m.type for m in data.monsters.values() if m.two_player) == Counter(
        archer=4, wolf=4, troll=4, shadow=4
    )


def mutated(change: Any) -> list[str]:
    data = copy.deepcopy(raw())
    change(data)
    return problems(data)


@pytest.mark.parametrize(
    ("change", "says"),
    [
        (lambda d: d["monsters"].pop(), "32 monster cards"),
        (lambda d: d["monsters"][1].update(id=d["monsters"][0]["id"]), "used 2 times"),
        (lambda d: d["monsters"][0].update(colour="purple"), "not a path colour"),
        (lambda d: d["monsters"][0].update(type="goblin"), "unknown"),
        (lambda d: d["monsters"][0].update(weak_points=["white"]), "strike runes"),
        (lambda d: d["monsters"][0].update(reward=9), "reward"),
        (lambda d: d["monsters"][0].update(two_player=False), "2-player cards"),
        (lambda d: d["monsters"][0].update(colour="yellow"), "7 yellow"),
        (lambda d: d["monsters"][2].update(weak_points=["red"]), "3 weak points"),
        (lambda d: d["monsters"][0].pop("reward"), "fields"),
        (lambda d: d["types"]["dragon"].update(enters=7), "enters"),
        (lambda d: d["events"].pop(), "5 positive, 5 negative and 1 neutral"),
        (lambda d: d["difficulties"]["novice"].update(positive=3), "five cards"),
    ],
)
def test_the_lint_names_each_problem(change: Any, says: str) -> None:
    found = mutated(change)
    assert any(says in p for p in found), found


def test_loading_bad_data_fails_with_every_reason(tmp_path: Path) -> None:
    for path in DATA_DIR.glob("*.yaml"):
        shutil.copy(path, tmp_path / path.name)
    monsters = tmp_path / "monsters.yaml"
    monsters.write_text(monsters.read_text().replace("type: wizard", "type: lich", 1))
    with pytest.raises(DataError, match="lich"):
        load_from(tmp_path)
