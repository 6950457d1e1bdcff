"""The tutorial match (``/learn/tutorial/awakening/``), the coach's steps, and the practice pace:
untimed matches schedule no deadline, learning matches have long windows."""

from __future__ import annotations

from typing import Any

import pytest
from django.test import Client

from gameplay.matches import services
from gameplay.matches.errors import Conflict, Invalid
from gameplay.matches.models import PlayMatch
from tests.factories import UserFactory

pytestmark = pytest.mark.django_db

STARTERS = [{"starter": "eva-starter"}, {"starter": "romin-starter"}]


def signed_in(username: str) -> tuple[Client, Any]:
    client, user = Client(), UserFactory.create(username=username)
    client.force_login(user)
    return client, user


def test_the_tutorial_starts_untimed_with_the_player_first_and_resumes(django_capture_on_commit_callbacks: Any) -> None:
    client, user = signed_in("newbie")
    assert 'href="/learn/tutorial/awakening/"' in client.get("/learn/").content.decode()
    assert "Start the tutorial" in client.get("/learn/tutorial/awakening/").content.decode()
    with django_capture_on_commit_callbacks(execute=True):
        made = client.post("/learn/tutorial/awakening/")
    match = PlayMatch.objects.get(player1=user)
    assert made["Location"] == f"/play/{match.pk}/"
    assert (match.pace, match.tutorial, match.bot, match.deadline) == ("untimed", "awakening", "tutor", None)
    game = match.current_game()
    assert game is not None and not game.awaiting_choice and game.first == 0
    page = client.get(made["Location"]).content.decode()
    assert 'data-testid="coach"' in page and 'data-pace="untimed"' in page
    assert "Resume the tutorial" in client.get("/learn/tutorial/awakening/").content.decode()
    assert client.post("/learn/tutorial/awakening/")["Location"] == made["Location"]  # resumed, not a second one
    assert PlayMatch.objects.filter(player1=user).count() == 1


def test_playing_what_the_coach_points_at_wins_and_offers_an_untimed_practice_game(
    django_capture_on_commit_callbacks: Any,
) -> None:
    client, user = signed_in("learner")
    with django_capture_on_commit_callbacks(execute=True):
        client.post("/learn/tutorial/awakening/")
    match = PlayMatch.objects.get(player1=user)
    url = f"/play/{match.pk}/tutorial/"
    steps = []
    for _ in range(300):
        match.refresh_from_db()
        if match.status == PlayMatch.Status.FINISHED:
            break
        with django_capture_on_commit_callbacks(execute=True):
            if match.on_clock == 1:
                assert services.bot_move(match.pk, match.version)
                continue
            body = client.get(url).json()
            steps.append(body["step"]["id"])
            assert match.deadline is None  # untimed: nothing is ever scheduled
            services.play(match.pk, user, body["step"]["action"], body["version"])
    assert match.status == PlayMatch.Status.FINISHED and match.winner == 1
    end = client.get(url).json()
    assert end["over"] and end["step"]["id"] == "won" and end["finish"]
    assert {"set-concentration", "make-light", "first-answer", "first-block", "ailment-phase"} <= set(steps)
    made = client.post("/learn/tutorial-practice/")
    practice = PlayMatch.objects.exclude(pk=match.pk).get(player1=user)
    assert made["Location"] == f"/play/{practice.pk}/"
    assert (practice.pace, practice.bot, practice.tutorial, practice.deadline) == ("untimed", "greedy", "", None)


def test_only_the_tutorials_player_gets_its_steps_and_the_tutor_plays_nowhere_else() -> None:
    client, user = signed_in("owner")
    client.post("/learn/tutorial/awakening/")
    match = PlayMatch.objects.get(player1=user)
    stranger, _ = signed_in("stranger")
    assert stranger.get(f"/play/{match.pk}/tutorial/").status_code == 404
    assert Client().get(f"/play/{match.pk}/tutorial/").status_code == 404
    assert client.get("/learn/tutorial/chess/").status_code == 404
    normal = services.create_match(user, None, STARTERS, bot="greedy")
    assert client.get(f"/play/{normal.pk}/tutorial/").status_code == 404
    refused = client.post("/play/", {"starter": "eva-starter", "bot_starter": "romin-starter", "bot": "tutor"})
    assert refused.status_code == 400 and "the pace" in refused.content.decode()
    with pytest.raises(Invalid):
        services.create_match(user, None, STARTERS, bot="tutor")


def test_the_practice_form_offers_the_three_paces_and_each_is_stored() -> None:
    client, user = signed_in("pacer")
    page = client.get("/play/").content.decode()
    for words in ("Untimed", "Learning (long windows)", "Standard"):
        assert words in page
    for pace in ("untimed", "learning", "standard"):
        form = {"starter": "eva-starter", "bot_starter": "romin-starter", "bot": "greedy", "pace": pace}
        assert client.post("/play/", form).status_code == 302
    matches = {m.pace: m for m in PlayMatch.objects.filter(player1=user)}
    assert matches["untimed"].deadline is None and matches["untimed"].deadline_kind == ""
    assert matches["learning"].window_seconds == 120 and matches["learning"].clock_seconds == 3600
    assert matches["standard"].window_seconds == 20 and matches["standard"].deadline is not None
    bad = client.post(
        "/play/", {"starter": "eva-starter", "bot_starter": "romin-starter", "bot": "greedy", "pace": "x"}
    )
    assert bad.status_code == 400 and PlayMatch.objects.filter(player1=user).count() == 3


def test_an_untimed_match_between_two_players_never_schedules_a_deadline() -> None:
    one, two = UserFactory.create(username="u1"), UserFactory.create(username="u2")
    match = services.create_match(one, two, STARTERS, pace="untimed", seed=3)
    assert match.deadline is None and match.deadline_kind == ""
    game = match.current_game()
    assert game is not None and game.awaiting_choice
    chooser = [one, two][game.chooser]
    services.choose_first(match.pk, chooser, True, match.version)
    for _ in range(6):
        match.refresh_from_db()
        seat = match.on_clock
        assert seat is not None and match.deadline is None and match.clock_since is None
        view = services.player_view(match, seat)
        assert view["clocks"]["untimed"] and view["clocks"]["deadline"] is None
        services.play(match.pk, [one, two][seat], view["board"]["legal"][0], view["version"])
    match.refresh_from_db()
    assert match.remaining_ms == [25 * 60 * 1000] * 2  # nothing was ever charged


def test_an_accepted_challenge_waits_for_both_players_before_anyone_chooses_who_goes_first() -> None:
    ann, bob = UserFactory.create(username="ann"), UserFactory.create(username="bob")
    offered = services.challenge(ann, bob, {"starter": "eva-starter"})
    accepted = services.answer_challenge(offered.pk, bob, True, {"starter": "romin-starter"})
    match = accepted.match
    assert match is not None and match.is_waiting_for_players
    assert match.deadline_kind == PlayMatch.TimerKind.ARRIVAL and match.on_clock is None
    game = match.current_game()
    assert game is not None and game.awaiting_choice
    with pytest.raises(Conflict, match="has not connected yet"):
        services.choose_first(match.pk, [ann, bob][game.chooser], True, match.version)
