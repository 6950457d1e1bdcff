"""Each game of the registry (`gameplay.games.GAMES`) lives in a folder of its own, `gameplay/<key>/`,
and a hosted game's adapter is that folder's `hosting.py`; docs/README.md's "Where a game lives"
names each game and only paths that exist (issue 32: "everything of a game in one place")."""

from __future__ import annotations

import re
from collections.abc import Mapping
from pathlib import Path

from gameplay.games import GAMES, GameEntry
from gameplay.matches.engines import engines
from gameplay.matches.protocol import GameEngine

ROOT = Path(__file__).resolve().parents[2]
SECTION = "Where a game lives"
#: The folders a path named in the section may start with (a URL such as `/learn/` is not a path).
ROOTS = ("gameplay/", "tournaments/", "templates/", "static/", "tests/", "docs/")


def folder_problems(root: Path, games: Mapping[str, GameEntry], hosted: Mapping[str, GameEngine]) -> list[str]:
    """What is out of place: a game without its folder, a hosted game whose engine is not defined in
    its folder's ``hosting.py``."""
    problems = []
    for key, game in games.items():
        folder = root / "gameplay" / key
        if not (folder / "__init__.py").is_file():
            problems.append(f"{game.name} has no package gameplay/{key}/")
        if not game.hosted:
            continue
        if not (folder / "hosting.py").is_file():
            problems.append(f"{game.name} is hosted but gameplay/{key}/hosting.py is missing")
        engine = hosted.get(game.engine)
        where = type(engine).__module__ if engine is not None else "nowhere"
        if where != f"gameplay.{key}.hosting":
            problems.append(f"the engine {game.engine!r} of {game.name} is defined in {where}, not {key}'s hosting.py")
    return problems


def section(text: str, title: str = SECTION) -> str:
    found = re.search(rf"^## {re.escape(title)}\n(.*?)(?=^## )", text, flags=re.M | re.S)
    return found.group(1) if found else ""


def section_problems(text: str, games: Mapping[str, GameEntry], root: Path) -> list[str]:
    """A game the section does not name (as its bold name with its folder), a board script of the
    registry it does not name, or a path it names that does not exist."""
    body = section(text)
    if not body:
        return [f'docs/README.md has no section "{SECTION}"']
    problems = [
        f"{game.name} (gameplay/{key}/) is not named"
        for key, game in games.items()
        if f"**{game.name}**" not in body or f"`gameplay/{key}/`" not in body
    ]
    problems += [
        f"the board `static/{game.board}` of {game.name} is not named"
        for game in games.values()
        if game.board and f"`static/{game.board}`" not in body
    ]
    for quoted in re.findall(r"`([^`\s]+)`", body):
        if quoted.startswith(ROOTS) and "<" not in quoted and not (root / quoted).exists():
            problems.append(f"`{quoted}` does not exist")
    return problems


def test_each_game_has_its_folder_and_a_hosted_game_its_adapter_there() -> None:
    assert folder_problems(ROOT, GAMES, engines) == []


def test_the_readme_says_where_each_game_lives() -> None:
    readme = (ROOT / "docs" / "README.md").read_text(encoding="utf-8")
    assert section_problems(readme, GAMES, ROOT) == []


def test_the_folder_check_catches_a_missing_folder_and_an_adapter_elsewhere(tmp_path: Path) -> None:
    (tmp_path / "gameplay" / "runemasters").mkdir(parents=True)
    (tmp_path / "gameplay" / "runemasters" / "__init__.py").write_text("")
    (tmp_path / "gameplay" / "runemasters" / "hosting.py").write_text("")

    class Elsewhere:
        name = "runemasters"

    moved = {**engines, "runemasters": Elsewhere()}
    problems = folder_problems(tmp_path, GAMES, moved)  # type: ignore[arg-type]
    assert "Runeslingers has no package gameplay/runeslingers/" in problems
    assert "Runeslingers is hosted but gameplay/runeslingers/hosting.py is missing" in problems
    assert "Runebound has no package gameplay/runebound/" in problems
    assert any(p.startswith("the engine 'runemasters' of Runemasters is defined in tests.site.") for p in problems)


def test_the_section_check_catches_a_game_left_out_and_a_path_gone() -> None:
    readme = (ROOT / "docs" / "README.md").read_text(encoding="utf-8")
    trimmed = readme.replace("**Runebound**", "Runebound").replace("`tests/coop/`", "`tests/no_such_folder/`")
    trimmed = trimmed.replace("`static/gameplay/runemasters-board.js`", "the board script")
    problems = section_problems(trimmed, GAMES, ROOT)
    assert "Runebound (gameplay/runebound/) is not named" in problems
    assert "the board `static/gameplay/runemasters-board.js` of Runemasters is not named" in problems
    assert "`tests/no_such_folder/` does not exist" in problems
    assert section_problems("# no such section\n", GAMES, ROOT) == [f'docs/README.md has no section "{SECTION}"']
