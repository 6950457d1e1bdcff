"""A round robin's ties and playoffs through the API: the same steps, refusals and history as the
standings page (tests/events/test_playoffs.py)."""

from __future__ import annotations

import pytest
from rest_framework.test import APIClient

from accounts.models import User
from tests.events.finished_events import new_event
from tests.events.test_playoffs import two_drew
from tests.factories import UserFactory
from tournaments.models import AuditEntry, Playoff
from tournaments.services import rounds
from tournaments.services.standings import standings

pytestmark = pytest.mark.django_db


def client_of(user: User | None) -> APIClient:
    client = APIClient()
    if user is not None:
        client.force_authenticate(user)
    return client


def test_the_ties_are_read_by_anyone_and_a_playoff_is_ordered_and_decided_by_the_organiser() -> None:
    event, organiser, players = two_drew()
    first, second = (row.player for row in standings(event))
    ties = client_of(None).get(f"/api/events/{event.pk}/ties/")
    assert ties.status_code == 200
    [tie] = ties.json()
    assert (tie["place"], tie["place_words"], tie["players"], tie["of_two"], tie["playoff"]) == (
        1, "1st", [first.pk, second.pk], True, None,
    )  # fmt: skip
    assert tie["names"] == [first.public_name, second.public_name]
    assert "did not separate them" in tie["words"]

    early = client_of(organiser).post(f"/api/events/{event.pk}/playoffs/", {"place": 1}, format="json")
    assert early.status_code == 409 and "once the last round has ended" in early.json()["detail"]
    rounds.end_round(event.round_set.get(), organiser)
    refused = client_of(players["Eva"]).post(f"/api/events/{event.pk}/playoffs/", {"place": 1}, format="json")
    assert refused.status_code == 403 and not Playoff.objects.exists()
    nobody = client_of(organiser).post(f"/api/events/{event.pk}/playoffs/", {"place": 2}, format="json")
    assert nobody.status_code == 400 and "Nobody is tied for 2nd place" in nobody.json()["detail"]
    bad = client_of(organiser).post(f"/api/events/{event.pk}/playoffs/", {"place": "first"}, format="json")
    assert bad.status_code == 400 and "place" in bad.json()
    assert not Playoff.objects.exists()

    ordered = client_of(organiser).post(f"/api/events/{event.pk}/playoffs/", {"place": 1}, format="json")
    assert ordered.status_code == 201, ordered.json()
    playoff = ordered.json()
    assert (playoff["place"], playoff["player_a"], playoff["player_b"], playoff["winner"]) == (
        1, first.pk, second.pk, None,
    )  # fmt: skip
    again = client_of(organiser).post(f"/api/events/{event.pk}/playoffs/", {"place": 1}, format="json")
    assert again.status_code == 409 and Playoff.objects.count() == 1

    url = f"/api/playoffs/{playoff['id']}/winner/"
    stranger = UserFactory.create()
    assert client_of(organiser).post(url, {"winner": stranger.pk}, format="json").status_code == 400
    assert client_of(players["Eva"]).post(url, {"winner": second.pk}, format="json").status_code == 403
    assert Playoff.objects.get().winner is None
    won = client_of(organiser).post(url, {"winner": second.pk}, format="json")
    assert won.status_code == 200 and won.json()["winner_name"] == second.public_name
    assert [row.player for row in standings(event)][:2] == [second, first]
    assert client_of(None).get(f"/api/events/{event.pk}/ties/").json()[0]["playoff"]["winner"] == second.pk
    assert AuditEntry.objects.filter(event=event, kind=AuditEntry.Kind.PLAYOFF).count() == 2


def test_an_event_that_is_no_round_robin_has_no_ties_and_orders_no_playoff() -> None:
    event, organiser, _ = new_event(["Eva", "Corvin"], name="Swiss Cup")
    assert client_of(None).get(f"/api/events/{event.pk}/ties/").json() == []
    refused = client_of(organiser).post(f"/api/events/{event.pk}/playoffs/", {"place": 1}, format="json")
    assert refused.status_code == 409 and "not a round robin" in refused.json()["detail"]
    assert client_of(None).get("/api/events/999999/ties/").status_code == 404
    assert client_of(organiser).post("/api/playoffs/999999/winner/", {"winner": 1}, format="json").status_code == 404
