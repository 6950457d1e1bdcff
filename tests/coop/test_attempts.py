"""Attempts on real tables: a team's members hold the guardians' seats in turn, every team gets the
challenge's decks, and the result reaches the leaderboard through match_finished."""

from __future__ import annotations

from collections.abc import Callable
from datetime import timedelta
from typing import Any

import pytest
from django.utils import timezone

from common.refusals import Conflict, Forbidden, Invalid
from gameplay.runemasters import game as runemasters
from gameplay.runemasters.scores import summary
from tests.coop.conftest import play_to_end, rules
from tests.factories import UserFactory
from tournaments.coop import services
from tournaments.coop.models import Attempt, Challenge, Team

pytestmark = pytest.mark.django_db


def decks(attempt: Attempt) -> tuple[list[str], list[str]]:
    game = attempt.match.games.order_by("number").first()
    assert game is not None
    first = runemasters.from_json(game.state)
    return first.monster_deck, first.event_deck


def test_members_hold_the_seats_in_turn_and_every_team_gets_the_same_decks(
    challenge: Challenge, make_team: Callable[..., Team]
) -> None:
    pair = make_team("Pair", "ann", "bob")
    solo = make_team("Solo", "cy")
    ann, bob, cy = (UserFactory.create(username=n) for n in ("ann", "bob", "cy"))
    first = services.start_attempt(challenge, bob, ["kulak", "neltai"])
    other = services.start_attempt(challenge, cy, ["ismoros", "kyreas"])
    assert [s.user for s in first.match.seats.all()] == [ann, bob]
    assert [s.user for s in other.match.seats.all()] == [cy, cy]
    assert not any(s.bot for s in first.match.seats.all())
    assert first.match.seed == other.match.seed == challenge.seed and not first.match.public
    assert decks(first) == decks(other)
    assert first.team == pair and other.team == solo and first.number == other.number == 1
    assert first.match.turn_seconds == challenge.turn_seconds
    with pytest.raises(Conflict, match="has a game in play"):
        services.start_attempt(challenge, ann, ["kulak", "neltai"])


def test_attempts_are_refused_with_reasons_and_nothing_is_made(
    challenge: Challenge, make_team: Callable[..., Team], organiser: Any
) -> None:
    make_team("Pair", "ann")
    ann = UserFactory.create(username="ann")
    with pytest.raises(Forbidden, match="Register a team"):
        services.start_attempt(challenge, UserFactory.create(), ["kulak", "neltai"])
    with pytest.raises(Invalid, match="choose 2 guardians"):
        services.start_attempt(challenge, ann, ["kulak"])
    with pytest.raises(Invalid, match="guardians are Neltai"):
        services.start_attempt(challenge, ann, ["kulak", "gandalf"])
    Challenge.objects.filter(pk=challenge.pk).update(starts_at=timezone.now() + timedelta(hours=2))
    with pytest.raises(Conflict, match="can be played only from"):
        services.start_attempt(challenge, ann, ["kulak", "neltai"])
    assert not Attempt.objects.exists()


def test_set_guardians_are_every_teams(organiser: Any) -> None:
    fixed = services.publish(services.create_challenge(organiser, rules(guardians=["kyreas", "ismoros"])), organiser)
    player = UserFactory.create()
    services.register_team(fixed, player, "Fixed")
    attempt = services.start_attempt(fixed, player, ["neltai", "kulak"])  # the team's wish does not count
    assert attempt.guardians == ["kyreas", "ismoros"]
    assert (attempt.match.setup or {})["guardians"] == ["kyreas", "ismoros"]


def test_a_played_table_reaches_the_leaderboard_and_attempts_run_out(
    challenge: Challenge, make_team: Callable[..., Team], django_capture_on_commit_callbacks: Any
) -> None:
    make_team("Pair", "ann", "bob")
    make_team("Rivals", "cy")
    ann, cy = UserFactory.create(username="ann"), UserFactory.create(username="cy")
    with django_capture_on_commit_callbacks(execute=True):
        attempt = services.start_attempt(challenge, ann, ["neltai", "kulak"])
        match = play_to_end(attempt.match)
    attempt.refresh_from_db()
    final = runemasters.from_json(match.current_game().state)  # type: ignore[union-attr]
    assert match.is_finished and attempt.is_finished and attempt.score() == summary(final)
    with django_capture_on_commit_callbacks(execute=True):
        rival = services.start_attempt(challenge, cy, ["neltai", "kulak"])
        play_to_end(rival.match, "random", 3)
    board = services.leaderboard(challenge)
    assert board[0].rank == 1 and {row.team.name for row in board} == {"Pair", "Rivals"}
    assert all(row.score is not None for row in board)
    assert board[0].score.key() <= board[1].score.key()  # type: ignore[union-attr]
    with django_capture_on_commit_callbacks(execute=True):
        play_to_end(services.start_attempt(challenge, ann, ["neltai", "kulak"]).match)
    with pytest.raises(Conflict, match="used all its attempts"):
        services.start_attempt(challenge, ann, ["neltai", "kulak"])
