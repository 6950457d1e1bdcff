"""The challenges API: list and read without the seed, create and edit as an organiser, publish,
register a team, start an attempt, the leaderboard, the daily challenge; refusals as 4xx."""

from __future__ import annotations

from collections.abc import Callable
from datetime import UTC, datetime, timedelta
from typing import Any

import pytest
from django.utils import timezone
from rest_framework.test import APIClient

from tests.coop.conftest import finish_attempt, playout
from tests.factories import UserFactory
from tournaments.coop.models import Challenge, Team

pytestmark = pytest.mark.django_db
BASE = "/api/runemasters/challenges/"


def api(user: Any = None) -> APIClient:
    client = APIClient()
    if user is not None:
        client.force_authenticate(user)
    return client


def test_challenges_are_listed_and_read_without_their_seed(challenge: Challenge, organiser: Any) -> None:
    listed = api().get(BASE).json()
    shown = listed["results"] if isinstance(listed, dict) else listed
    assert [c["name"] for c in shown] == ["Autumn Vigil"]
    one = api().get(f"{BASE}{challenge.pk}/").json()
    assert "seed" not in one and str(challenge.seed) not in str(one)
    assert one["status_label"] == "Open" and one["organiser"] == organiser.public_name
    assert one["window"].startswith("from ")


def test_an_organiser_creates_edits_and_publishes(organiser: Any) -> None:
    starts = timezone.now() + timedelta(days=30)  # a window to come, whatever day the suite runs on
    body = {
        "name": "Night Watch", "difficulty": "novice", "guardian_count": 3, "guardians": [],
        "timing": "window", "starts_at": starts.isoformat(), "ends_at": (starts + timedelta(days=4)).isoformat(),
        "attempts_allowed": 2, "turn_seconds": 90,
    }  # fmt: skip
    assert api(UserFactory.create()).post(BASE, body, format="json").status_code == 403
    refused = api(organiser).post(BASE, body | {"guardians": ["kulak"]}, format="json")
    assert refused.status_code == 400 and "choose 3 guardians" in refused.json()["detail"]
    made = api(organiser).post(BASE, body, format="json")
    assert made.status_code == 201 and made.json()["status"] == "draft"
    pk = made.json()["id"]
    assert api(UserFactory.create()).get(f"{BASE}{pk}/").status_code == 404
    edited = api(organiser).patch(f"{BASE}{pk}/", {"name": "Night Watch II"}, format="json")
    assert edited.status_code == 200 and edited.json()["name"] == "Night Watch II"
    assert edited.json()["turn_seconds"] == 90
    assert api(UserFactory.create()).post(f"{BASE}{pk}/publish/").status_code == 404
    assert api(organiser).post(f"{BASE}{pk}/publish/").json()["status"] == "open"
    assert api(organiser).post(f"{BASE}{pk}/publish/").status_code == 409
    assert Challenge.objects.get(pk=pk).is_open


def test_teams_attempts_and_the_leaderboard(challenge: Challenge, make_team: Callable[..., Team]) -> None:
    ann, bob = UserFactory.create(username="ann"), UserFactory.create(username="bob")
    team = api(ann).post(f"{BASE}{challenge.pk}/teams/", {"name": "Dawn", "members": ["bob"]}, format="json")
    assert team.status_code == 201 and team.json()["members"] == [ann.public_name]  # bob is invited
    waiting = api(bob).get("/api/invitations/").json()["results"]
    assert [(i["inviter"], i["status_label"]) for i in waiting] == [(ann.public_name, "Waiting for an answer")]
    assert api(bob).post(f"/api/invitations/{waiting[0]['id']}/accept/").json()["status"] == "accepted"
    members = api(ann).get(f"{BASE}{challenge.pk}/teams/").json()[0]["members"]
    assert members == [ann.public_name, bob.public_name]
    again = api(bob).post(f"{BASE}{challenge.pk}/teams/", {"name": "Dusk"}, format="json")
    assert again.status_code == 409 and "Already in a team" in again.json()["detail"]
    assert api().post(f"{BASE}{challenge.pk}/teams/", {"name": "Anon"}, format="json").status_code in (401, 403)
    started = api(bob).post(f"{BASE}{challenge.pk}/attempts/", {"guardians": ["kulak", "neltai"]}, format="json")
    assert started.status_code == 201 and started.json()["number"] == 1 and started.json()["result"] is None
    bad = api(ann).post(f"{BASE}{challenge.pk}/attempts/", {"guardians": ["gandalf"]}, format="json")
    assert bad.status_code == 400
    assert [a["team"] for a in api(ann).get(f"{BASE}{challenge.pk}/attempts/").json()] == ["Dawn"]
    assert api(UserFactory.create()).get(f"{BASE}{challenge.pk}/attempts/").json() == []  # still being played
    finish_attempt(make_team("Wardens", "w1"), playout(6, ["neltai", "kulak"]))
    board = api().get(f"{BASE}{challenge.pk}/leaderboard/").json()
    assert [(row["rank"], row["team"]) for row in board] == [(1, "Wardens"), (None, "Dawn")]
    assert board[0]["result"].startswith(("Won, temple", "Lost, temple")) and board[0]["replay"] is None
    assert board[1]["result"] == "No result yet" and board[1]["won"] is None
    teams = api().get(f"{BASE}{challenge.pk}/teams/").json()
    assert {t["name"] for t in teams} == {"Dawn", "Wardens"}


@pytest.mark.time_machine(datetime(2026, 11, 24, 23, 59, 59, tzinfo=UTC), tick=False)
def test_the_daily_challenge_over_the_api() -> None:
    daily = api().get(f"{BASE}daily/").json()
    assert daily["daily"] and daily["status"] == "open" and daily["organiser"] is None
    player = UserFactory.create()
    made = api(player).post(f"{BASE}{daily['id']}/teams/", {"name": "Me"}, format="json")
    assert made.status_code == 201
