"""Records round-trip as text; the package stays pure (no Django, no I/O)."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

import tournaments.pairing as pairing
from tournaments.pairing import (
    InvalidResultError,
    InvalidRoundError,
    MatchRecord,
    PairingError,
    PlayerEntry,
    pair_swiss_round,
)
from tournaments.pairing.errors import DuplicatePlayerError, NotEnoughPlayersError

PACKAGE = Path(pairing.__file__).parent
FORBIDDEN = {"django", "celery", "rest_framework", "channels", "redis", "requests", "socket", "subprocess"}


def test_the_package_imports_nothing_impure() -> None:
    for source in PACKAGE.glob("*.py"):
        text = source.read_text()
        assert "django" not in text.lower(), source.name
        for node in ast.walk(ast.parse(text)):
            names = []
            if isinstance(node, ast.Import):
                names = [alias.name for alias in node.names]
            elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
                names = [node.module]
            for name in names:
                assert name.split(".")[0] not in FORBIDDEN, f"{source.name} imports {name}"
            if isinstance(node, ast.Call) and isinstance(node.func, ast.Name):
                assert node.func.id != "open", f"{source.name} opens a file"


@pytest.mark.parametrize("text", ["r3: 12 2-1-0 7", "r1: 4 bye", "r10: 1 0-0-3 2", "r2: -5 1-1-1 8"])
def test_match_records_round_trip_as_text(text: str) -> None:
    assert MatchRecord.from_text(text).to_text() == text


def test_match_points_and_games_read_from_either_side() -> None:
    record = MatchRecord(1, 5, 6, 1, 2, 0)
    assert (record.match_points(5), record.match_points(6)) == (0, 3)
    assert record.opponent(5) == 6
    assert MatchRecord.bye(2, 7).match_points(7) == 3


@pytest.mark.parametrize(
    "build",
    [
        lambda: MatchRecord(0, 1, 2, 2, 0),
        lambda: MatchRecord(1, 1, 1, 2, 0),
        lambda: MatchRecord(1, 1, 2, -1, 0),
        lambda: MatchRecord(1, 1, None, 1, 0),
        lambda: MatchRecord.from_text("round one: 1 beat 2"),
    ],
)
def test_impossible_records_are_refused(build: object) -> None:
    assert callable(build)
    with pytest.raises(InvalidResultError):
        build()


def test_errors_are_value_errors_with_precise_names() -> None:
    assert issubclass(PairingError, ValueError)
    players = [PlayerEntry(1), PlayerEntry(2)]
    with pytest.raises(InvalidRoundError):
        pair_swiss_round(players, [MatchRecord(2, 1, 2, 2, 0)], 2, seed=1)
    with pytest.raises(DuplicatePlayerError):
        pair_swiss_round([PlayerEntry(1), PlayerEntry(1)], [], 1, seed=1)
    with pytest.raises(NotEnoughPlayersError):
        pair_swiss_round([PlayerEntry(1, dropped=True)], [], 1, seed=1)
