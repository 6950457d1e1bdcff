"""How the replay page names a finished game: its number, who won it (or drawn) and why it ended."""

from __future__ import annotations

from gameplay.matches.models import Game
from gameplay.web.presentation import game_label

NAMES = {"p1": "Ann", "p2": "Bob"}


def test_a_finished_game_is_named_by_its_winner_and_how_it_ended() -> None:
    assert game_label(Game(number=1, winner=1, end_reason=""), NAMES) == "Game 1 · Bob won"
    assert game_label(Game(number=2, winner=0, end_reason="clock"), NAMES) == "Game 2 · Ann won (clock)"
    assert game_label(Game(number=3, winner=None, end_reason="time"), NAMES) == "Game 3 · drawn (time)"
    assert game_label(Game(number=1, winner=0, end_reason="power"), NAMES) == "Game 1 · Ann won"
    assert game_label(Game(number=2, winner=1, end_reason="concession"), NAMES) == "Game 2 · Bob won (by concession)"
    assert game_label(Game(number=2, winner=1, end_reason="deck out"), NAMES) == "Game 2 · Bob won (deck out)"
    assert game_label(Game(number=3, winner=None, end_reason="draw"), NAMES) == "Game 3 · drawn (turn limit)"
