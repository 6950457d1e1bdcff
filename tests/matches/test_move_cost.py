"""What a move and a deadline cost the database, counted in statements (never timed): the match
benchmark's hot paths stay as short as ``docs/matches.md`` ("A move") says.

A move is the token check, the locked read of the match with its game and players, and its
writes (one statement on PostgreSQL, three elsewhere); the transaction adds its own two
(a savepoint and its release here, as the tests run inside a transaction). A deadline task adds
the one plain read of its version in place of the token check.
"""

from __future__ import annotations

import random
from datetime import timedelta
from typing import Any

import pytest
from celery.fixups.django import DjangoWorkerFixup
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.utils import timezone
from rest_framework.authtoken.models import Token
from rest_framework.test import APIClient

from common import deadlines
from config.celery import app
from gameplay.matches.models import GameAction, PlayMatch
from gameplay.matches.timers import MATCH_CLOCK
from tests.matches.test_services import step, two_player_match

pytestmark = pytest.mark.django_db

WRITES = 1 if connection.vendor == "postgresql" else 3  # action, game and match (rows.save_move)
TRANSACTION = 2  # BEGIN and COMMIT, or a savepoint and its release inside a test's transaction


def token_client(user: Any) -> APIClient:
    client = APIClient()
    client.credentials(HTTP_AUTHORIZATION=f"Token {Token.objects.create(user=user).key}")
    return client


def test_a_move_through_the_api_reads_no_row_but_the_token_and_the_locked_match(
    fresh_redis_state: None, django_assert_max_num_queries: Any
) -> None:
    """The players' names a move's log words need come with the locked read: a move reads no user
    row while it holds the match's lock (it read both players, one query each, before)."""
    match, players = two_player_match()
    clients = {user.pk: token_client(user) for user in players}
    for _ in range(3):  # a few moves, whichever seat is to decide
        match.refresh_from_db()
        assert match.on_clock is not None
        client = clients[players[match.on_clock].pk]
        view = client.get(f"/api/play/{match.pk}/").json()
        body = {"version": view["version"], "action": view["board"]["legal"][0]}
        with django_assert_max_num_queries(1 + TRANSACTION + 1 + WRITES):
            answer = client.post(f"/api/play/{match.pk}/act/", body, format="json")
        assert answer.status_code == 200, answer.content
        assert answer.json()["version"] == view["version"] + 1


def test_a_deadline_task_reads_its_version_once_and_the_match_with_its_game_and_players(
    fresh_redis_state: None,
) -> None:
    match, players = two_player_match(window_seconds=5)
    rng = random.Random(5)
    for _ in range(3000):
        match.refresh_from_db()
        if match.deadline_kind == PlayMatch.TimerKind.WINDOW or not step(match, players, rng):
            break
    assert match.deadline_kind == PlayMatch.TimerKind.WINDOW, "no answer window came up"
    PlayMatch.objects.filter(pk=match.pk).update(deadline=timezone.now() - timedelta(seconds=1))
    with CaptureQueriesContext(connection) as queries:
        assert deadlines.fire(MATCH_CLOCK, match.pk, match.timer_version) == 1
    assert len(queries) <= 1 + TRANSACTION + 1 + WRITES, [q["sql"][:120] for q in queries]
    last = GameAction.objects.order_by("-pk").first()
    assert last is not None and last.automatic and last.action == "pass"  # the window passed as before
    with CaptureQueriesContext(connection) as queries:  # the same task again: its version is gone
        assert deadlines.fire(MATCH_CLOCK, match.pk, match.timer_version) == 0
    assert len(queries) == 1


def test_a_worker_keeps_its_database_connection_from_one_task_to_the_next() -> None:
    """Celery's Django fixup closes every connection around each task unless told to reuse them;
    the app tells it, so a timer task does not open a PostgreSQL connection of its own."""
    assert DjangoWorkerFixup(app).db_reuse_max >= 100
