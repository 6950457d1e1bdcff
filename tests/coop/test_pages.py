"""Challenge pages: the list, a challenge's rules and window in words, registering a team, starting
an attempt, the leaderboard with results in words, the organiser's forms with their errors and
confirmations, a finished challenge's winners and replay links, the CSV and the daily challenge."""

from __future__ import annotations

import csv
import io
from collections.abc import Callable
from datetime import UTC, datetime, timedelta
from typing import Any

import pytest
from django.test import Client
from django.utils import timezone

from gameplay.invitations.models import Invitation
from gameplay.matches.models import PlayMatch
from tests.coop.conftest import finish_attempt, playout
from tests.factories import UserFactory
from tournaments.coop import services
from tournaments.coop.models import Challenge, Team

pytestmark = pytest.mark.django_db


def client_for(user: Any = None) -> Client:
    client = Client()
    if user is not None:
        client.force_login(user)
    return client


def page(challenge: Challenge) -> str:
    return f"/runemasters/challenges/{challenge.pk}/"


def test_the_challenge_page_says_the_rules_and_window_in_words(challenge: Challenge) -> None:
    text = client_for(UserFactory.create()).get(page(challenge)).content.decode()
    assert "at most 2 players" in text  # the team form's help, as the guardian count allows
    assert "Initiate difficulty, 2 guardians; each team chooses its guardians." in text
    assert "up to 2 attempts per team" in text and "60-second clock" in text
    assert "Played from " in text and " UTC to " in text
    assert "a won game above a lost one" in text
    assert str(challenge.seed) not in text
    listing = client_for().get("/runemasters/challenges/").content.decode()
    assert challenge.name in listing and "Daily challenge" in listing


def test_registering_a_team_then_starting_an_attempt_opens_the_table(challenge: Challenge) -> None:
    ann, bob = UserFactory.create(username="ann"), UserFactory.create(username="bob")
    client = client_for(ann)
    answer = client.post(page(challenge) + "team/", {"name": "Dawnbreakers", "members": "bob"})
    assert answer.status_code == 302
    text = client.get(page(challenge)).content.decode()
    assert "Dawnbreakers" in text and "Start attempt 1 of 2" in text
    assert f"{bob.public_name}: <span" in text and "Waiting for an answer" in text  # invited, not a member
    invitation = Invitation.objects.get(invitee=bob)
    answer = client_for(bob).post(f"/invitations/{invitation.pk}/accept/", {"back": "page"})
    assert answer.status_code == 302 and answer["Location"] == page(challenge)
    text = client.get(page(challenge)).content.decode()
    assert f"{ann.public_name}, {bob.public_name}." in text and "Accepted" in text
    answer = client.post(page(challenge) + "attempt/", {"seat1": "kulak", "seat2": "kyreas"})
    match = PlayMatch.objects.get()
    assert answer.status_code == 302 and answer["Location"] == f"/play/{match.pk}/"
    assert (match.setup or {})["guardians"] == ["kulak", "kyreas"]
    assert "Back to the table" in client.get(page(challenge)).content.decode()


def test_refusals_are_said_with_a_4xx_and_change_nothing(challenge: Challenge, make_team: Callable[..., Team]) -> None:
    make_team("Dawnbreakers", "ann")
    cy = UserFactory.create(username="cy")
    answer = client_for(cy).post(page(challenge) + "team/", {"name": "Others", "members": "ann"})
    assert answer.status_code == 400 and "Already in a team of this challenge" in answer.content.decode()
    answer = client_for(cy).post(page(challenge) + "team/", {"name": ""})
    assert answer.status_code == 400 and "This field is required" in answer.content.decode()
    answer = client_for(cy).post(page(challenge) + "attempt/", {"seat1": "kulak", "seat2": "kulak"})
    assert answer.status_code == 403 and "Register a team" in answer.content.decode()
    answer = client_for(UserFactory.create(username="ann")).post(
        page(challenge) + "attempt/", {"seat1": "kulak", "seat2": "kulak"}
    )
    assert answer.status_code == 400 and "each guardian can be played once" in answer.content.decode()
    assert client_for().post(page(challenge) + "team/", {"name": "X"}).status_code == 302  # to sign in
    assert client_for(cy).get(page(challenge) + "team/").status_code == 405
    assert client_for().get("/runemasters/challenges/999999/").status_code == 404
    assert Team.objects.count() == 1 and not PlayMatch.objects.exists()


def test_the_organiser_creates_edits_and_publishes_after_a_confirmation(organiser: Any) -> None:
    client = client_for(organiser)
    starts = (timezone.localtime() + timedelta(days=30)).replace(hour=10, minute=0)  # to come, in the form's words
    form = {
        "name": "Spring Siege", "difficulty": "hero", "guardian_count": "3", "guardians": ["kulak", "neltai"],
        "timing": "window", "starts_at": f"{starts:%Y-%m-%dT%H:%M}",
        "ends_at": f"{starts + timedelta(days=7):%Y-%m-%dT%H:%M}",
        "attempts_allowed": "3", "turn_seconds": "",
    }  # fmt: skip
    answer = client.post("/runemasters/challenges/new/", form)
    assert answer.status_code == 400 and "choose 3 guardians, one per seat" in answer.content.decode()
    assert not Challenge.objects.exists()
    answer = client.post("/runemasters/challenges/new/", form | {"guardians": ["kulak", "neltai", "kyreas"]})
    made = Challenge.objects.get()
    assert answer.status_code == 302 and made.is_draft and made.guardians == ["neltai", "kulak", "kyreas"]
    assert client_for(UserFactory.create()).get(page(made)).status_code == 404  # a draft is the organiser's
    assert client.get(page(made) + "edit/").status_code == 200
    answer = client.post(page(made) + "edit/", form | {"guardians": [], "name": "Spring Siege II"})
    made.refresh_from_db()
    assert answer.status_code == 302 and made.name == "Spring Siege II" and made.teams_choose_guardians
    confirm = client.get(page(made) + "do/publish/").content.decode()
    assert "Publish Spring Siege II?" in confirm and "cannot go back to preparation" in confirm
    assert client.post(page(made) + "do/publish/").status_code == 400  # not from the confirmation page
    made.refresh_from_db()
    assert made.is_draft
    assert client.post(page(made) + "do/publish/", {"confirm": "yes"}).status_code == 302
    made.refresh_from_db()
    assert made.is_open
    assert client_for(UserFactory.create()).post(page(made) + "do/finish/", {"confirm": "yes"}).status_code == 403
    assert client_for(UserFactory.create()).get(page(made) + "edit/").status_code == 403


def test_a_player_cannot_create_a_challenge() -> None:
    client = client_for(UserFactory.create())
    assert client.get("/runemasters/challenges/new/").status_code == 403
    answer = client.post("/runemasters/challenges/new/", {"name": "Mine"})
    assert answer.status_code == 403 and "Only organisers" in answer.content.decode()
    assert not Challenge.objects.exists()


def test_a_finished_challenge_shows_its_winners_and_replay_links(
    challenge: Challenge, organiser: Any, make_team: Callable[..., Team]
) -> None:
    won = next(s for s in (playout(seed, ["neltai", "kulak"]) for seed in range(40)) if s.outcome == "won")
    attempt = finish_attempt(make_team("Wardens", "w1"), won)
    finish_attempt(make_team("Stragglers", "s1"), playout(0, ["neltai", "kulak"], bot="random"))
    replay = f"/play/{attempt.match_id}/replay/"
    before = client_for().get(page(challenge)).content.decode()
    assert replay not in before and 'data-testid="winners"' not in before
    confirm = client_for(organiser).get(page(challenge) + "do/finish/").content.decode()
    assert "Finish Autumn Vigil now?" in confirm
    client_for(organiser).post(page(challenge) + "do/finish/", {"confirm": "yes"})
    after = client_for().get(page(challenge)).content.decode()
    assert 'data-testid="winners"' in after and replay in after
    assert 'data-testid="your-team"' not in after  # nothing left to register for
    assert attempt.score().words() in after  # type: ignore[union-attr]
    assert "Won, temple " in after and " guardians standing, " in after
    assert client_for(UserFactory.create()).get(replay).status_code == 200


def test_the_leaderboard_csv(challenge: Challenge, make_team: Callable[..., Team]) -> None:
    attempt = finish_attempt(make_team("Wardens", "w1"), playout(4, ["neltai", "kulak"]))
    make_team("Late", "l1")
    answer = client_for().get(page(challenge) + "leaderboard.csv")
    assert answer.status_code == 200 and answer["Content-Type"].startswith("text/csv")
    rows = list(csv.reader(io.StringIO(answer.content.decode())))
    score = attempt.score()
    assert score is not None
    assert rows[0][:3] == ["rank", "team", "members"]
    assert rows[1][:2] == ["1", "Wardens"] and rows[1][3:7] == [
        "yes" if score.won else "no", str(score.temple_hp), str(score.guardians_alive), str(score.rounds)
    ]  # fmt: skip
    assert rows[2][:2] == ["", "Late"] and rows[2][-1] == "No result yet"


@pytest.mark.time_machine(datetime(2026, 11, 24, 23, 59, 59, tzinfo=UTC), tick=False)
def test_the_daily_challenge_page_is_open_to_everyone_signed_in() -> None:
    player = UserFactory.create()
    client = client_for(player)
    text = client.get("/runemasters/challenges/daily/").content.decode()
    daily = services.daily_challenge()
    assert daily.name in text and 'data-testid="yesterday"' in text and "Register the team" in text
    assert client.post(f"/runemasters/challenges/{daily.pk}/team/", {"name": "Just me"}).status_code == 302
    assert "Start attempt 1 of 1" in client.get("/runemasters/challenges/daily/").content.decode()
    assert "Log in" in client_for().get("/runemasters/challenges/daily/").content.decode()


def test_the_leaderboard_csv_writes_team_and_member_names_as_text(
    challenge: Challenge, make_team: Callable[..., Team]
) -> None:
    """A team or member name a spreadsheet would take for a formula gets a quote in front (OWASP)."""
    team = make_team("Wardens", "w1", "w2")
    Team.objects.filter(pk=team.pk).update(name="=cmd|' /C calc'!A0")
    for member, name in zip(team.members.order_by("place"), ["@SUM(1)", "Ann"], strict=True):
        type(member.user).objects.filter(pk=member.user_id).update(display_name=name)
    rows = list(csv.reader(io.StringIO(client_for().get(page(challenge) + "leaderboard.csv").content.decode())))
    assert rows[1][1] == "'=cmd|' /C calc'!A0"
    assert rows[1][2].startswith("'@SUM(1)")
