"""One registry of games (`gameplay.games.GAMES`): the hosted engines are exactly its engines, each
engine says how its game is seated, and the docs' lists of games and apps say what the code has."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from django.apps import apps

from gameplay.games import GAMES, format_name, game_of
from gameplay.matches.engines import engines
from gameplay.matches.protocol import DUEL, TABLE, SetupError, is_cooperative, seating_of, table_seats

ROOT = Path(__file__).resolve().parents[2]
README = (ROOT / "docs" / "README.md").read_text(encoding="utf-8")


def test_the_engines_hosted_are_exactly_the_registrys() -> None:
    assert set(engines) == {game.engine for game in GAMES.values() if game.hosted}


def test_each_engine_says_how_its_game_is_seated_and_won() -> None:
    assert (seating_of(engines["runeslingers"]), is_cooperative(engines["runeslingers"])) == (DUEL, False)
    assert (seating_of(engines["runemasters"]), is_cooperative(engines["runemasters"])) == (TABLE, True)
    seats = table_seats(engines["runemasters"], {"guardians": ["neltai", "kulak"], "difficulty": "initiate"})
    assert seats == [{"guardian": "neltai"}, {"guardian": "kulak"}]
    with pytest.raises(SetupError, match="not at a table"):
        table_seats(engines["runeslingers"], {"guardians": ["neltai", "kulak"]})
    with pytest.raises(SetupError, match="guardians"):
        table_seats(engines["runemasters"], {"difficulty": "initiate"})


def test_a_format_slug_names_its_game() -> None:
    for key, game in GAMES.items():
        for slug, found in game.formats.items():
            assert game_of(slug) == key
            assert format_name(slug) == found.name
    assert format_name("no-such-format") == "no-such-format"


def _section(title: str) -> str:
    found = re.search(rf"^## {re.escape(title)}\n(.*?)(?=^## )", README, flags=re.M | re.S)
    assert found, f"docs/README.md has no section {title!r}"
    return found.group(1)


def test_the_readme_lists_the_registrys_games() -> None:
    rows = [line for line in _section("The games").splitlines() if line.startswith("| ") and "---" not in line]
    listed = {row.split("|")[1].strip(): row for row in rows[1:]}
    assert set(listed) == {game.name for game in GAMES.values()}
    for game in GAMES.values():
        row = listed[game.name]
        assert all(book in row for book in game.rulebooks), f"{game.name}'s rulebooks in docs/README.md"
        assert ("yes" in row.split("|")[3]) == bool(game.formats), f"{game.name}'s decks in docs/README.md"
        assert (f"(`{game.engine}`)" in row) == game.hosted, f"{game.name}'s engine in docs/README.md"


def test_the_readme_names_every_app_of_the_project() -> None:
    """The map's first sentence counts the project's own apps and names each one."""
    ours = {
        config.label
        for config in apps.get_app_configs()
        if (ROOT / config.name.split(".")[0] / "__init__.py").exists()  # a package of this repository
    }
    assert {"accounts", "gameplay", "tournaments"} <= ours
    words = {5: "Five", 6: "Six", 7: "Seven", 8: "Eight", 9: "Nine"}
    map_text = _section("The map")
    assert f"{words.get(len(ours), len(ours))} Django apps of the project's own" in map_text
    for label in ours:
        assert f"`{label}`" in map_text, f"docs/README.md's map does not name the app {label!r}"
