"""The move's hand-built SQL reads and writes exactly what the ORM would (on SQLite and PostgreSQL)."""

from __future__ import annotations

from datetime import timedelta
from typing import Any

import pytest
from django.db import IntegrityError, connection, transaction
from django.test.utils import CaptureQueriesContext
from django.utils import timezone

from gameplay.matches import rows
from gameplay.matches.models import Game, GameAction, PlayMatch
from tests.matches.test_services import two_player_match

pytestmark = pytest.mark.django_db


def values(row: Any) -> dict[str, Any]:
    return {f.attname: getattr(row, f.attname) for f in type(row)._meta.concrete_fields}


def test_the_locked_read_gives_the_same_match_and_game_as_the_orm_in_one_query() -> None:
    match, _players = two_player_match(best_of=3)
    with transaction.atomic(), CaptureQueriesContext(connection) as queries:
        found = rows.locked_match_and_game(match.pk)
        assert found is not None
        locked, game = found
        assert game.match is locked  # the game's match comes with it: no second query
    assert len(queries) == 1
    if connection.features.has_select_for_update_of:
        assert "FOR UPDATE" in queries[0]["sql"]
    assert values(locked) == values(PlayMatch.objects.get(pk=match.pk))
    assert values(game) == values(Game.objects.get(match=match, number=1))
    assert isinstance(locked.remaining_ms, list) and isinstance(game.setup, dict)  # JSON decoded as the ORM does
    assert locked.clock_since is not None and locked.clock_since.tzinfo is not None
    assert not locked._state.adding and not game._state.adding
    with transaction.atomic():
        assert rows.locked_match_and_game(match.pk + 1000) is None


def test_a_move_written_in_one_go_reads_back_as_the_orm_would_have_saved_it() -> None:
    match, _players = two_player_match()
    now = timezone.now()
    with transaction.atomic():
        found = rows.locked_match_and_game(match.pk)
        assert found is not None
        locked, game = found
        game.moves += 1
        game.state_hash = "f" * 64
        game.recent = [*game.recent, "pass"]
        game.end_reason = "not written: not among the fields"
        locked.version += 1
        locked.remaining_ms = [1234, 5678]
        locked.deadline, locked.deadline_kind = now + timedelta(seconds=20), PlayMatch.TimerKind.WINDOW
        locked.on_clock, locked.clock_since = 1, now
        action = GameAction(game=game, seq=game.moves, seat=0, action="pass", state_hash=game.state_hash, at=now)
        with CaptureQueriesContext(connection) as queries:
            rows.save_move(locked, game, ("state", "state_hash", "moves", "recent"), action)
        assert len(queries) == (1 if connection.vendor == "postgresql" else 3)
    assert values(PlayMatch.objects.get(pk=match.pk)) == values(locked)
    saved_game = Game.objects.get(pk=game.pk)
    assert (saved_game.moves, saved_game.state_hash, saved_game.recent) == (game.moves, "f" * 64, game.recent)
    assert saved_game.end_reason == ""
    saved_action = GameAction.objects.get(game=game, seq=game.moves)
    assert (saved_action.seat, saved_action.action, saved_action.at, saved_action.automatic) == (0, "pass", now, False)


def test_a_failed_write_changes_nothing_and_an_unknown_field_is_named() -> None:
    match, _players = two_player_match()
    game = Game.objects.get(match=match)
    GameAction.objects.create(game=game, seq=1, seat=0, action="pass", state_hash="a" * 64)
    before = values(PlayMatch.objects.get(pk=match.pk)), values(game)
    with pytest.raises(ValueError, match="no_such_field"):
        rows.save_move(match, game, ("state", "no_such_field"), GameAction(game=game, seq=2, seat=0))
    changed = PlayMatch.objects.get(pk=match.pk)
    changed.version += 5
    game.moves = 99
    with pytest.raises(IntegrityError), transaction.atomic():  # seq 1 is taken: the whole statement fails
        rows.save_move(changed, game, ("moves",), GameAction(game=game, seq=1, seat=0, action="pass"))
    assert (values(PlayMatch.objects.get(pk=match.pk)), values(Game.objects.get(pk=game.pk))) == before
    assert GameAction.objects.filter(game=game).count() == 1
