"""A 6-player round robin run entirely through the API, with permissions checked on each side."""

from __future__ import annotations

from itertools import combinations
from typing import Any

import pytest

from accounts.models import User
from tests.clients import api_client as api
from tests.factories import OrganiserFactory, UserFactory

pytestmark = pytest.mark.django_db


def ok(response: Any, code: int = 200) -> Any:
    assert response.status_code == code, response.content
    return response.json() if response.content else None


def test_a_six_player_round_robin_runs_through_the_api() -> None:
    organiser = OrganiserFactory.create(username="oda")
    players = [UserFactory.create(username=f"rr{i}") for i in range(6)]
    boss = api(organiser)
    event = ok(boss.post("/api/events/", {"name": "Round Robin Cup", "structure": "round_robin"}), 201)
    eid = event["id"]
    ok(api(players[0]).post(f"/api/events/{eid}/register/"), 404)  # a draft event is the organiser's alone
    ok(boss.post(f"/api/events/{eid}/open-registration/"))
    for player in players:
        ok(api(player).post(f"/api/events/{eid}/register/"), 201)
    assert ok(api(players[0]).post(f"/api/events/{eid}/start/"), 403)["detail"].startswith("Only the event's organiser")
    started = ok(boss.post(f"/api/events/{eid}/start/"))
    assert started["rounds"] == 5

    met: list[frozenset[int]] = []
    for number in range(1, 6):
        preview = ok(boss.post(f"/api/events/{eid}/pair-next-round/"), 201)
        assert preview["number"] == number and preview["status"] == "preview"
        assert ok(api().get(f"/api/rounds/{preview['id']}/"), 404)  # previews are not public
        ok(boss.post(f"/api/rounds/{preview['id']}/publish/"))
        round_ = ok(api().get(f"/api/rounds/{preview['id']}/"))
        assert len(round_["matches"]) == 3
        for match in round_["matches"]:
            a, b = match["player_a"], match["player_b"]
            met.append(frozenset((a, b)))
            ok(api(User.objects.get(pk=a)).post(f"/api/matches/{match['id']}/report/", {"wins": 1, "losses": 0}))
            confirmed = ok(api(User.objects.get(pk=b)).post(f"/api/matches/{match['id']}/confirm/"))
            assert confirmed["status"] == "confirmed" and confirmed["winner"] == a
        ok(boss.post(f"/api/rounds/{preview['id']}/end/"))

    everyone_once = {frozenset(pair) for pair in combinations([p.pk for p in players], 2)}
    assert len(met) == len(everyone_once) == 15
    assert set(met) == everyone_once
    refused = ok(boss.post(f"/api/events/{eid}/pair-next-round/"), 409)
    assert refused["detail"] == "All 5 rounds have been played; finish the event."
    standings = ok(api().get(f"/api/events/{eid}/standings/"))
    assert [row["points"] for row in standings] == sorted((row["points"] for row in standings), reverse=True)
    assert sum(row["wins"] for row in standings) == 15
    ok(boss.post(f"/api/events/{eid}/finish/"))
    assert ok(api().get(f"/api/events/{eid}/"))["status"] == "finished"
