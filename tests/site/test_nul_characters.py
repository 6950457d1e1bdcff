"""A NUL character (``\\0``) in a page's form or query string, or in a JSON body,
is a 400 that names the field, and changes nothing. PostgreSQL cannot hold or compare text with a
NUL, so these were 500s there (the suite runs on both databases)."""

from __future__ import annotations

import pytest

from accounts.models import User
from gameplay.matches.models import MatchChallenge
from tests.conftest import Personas
from tests.events.test_api_permissions import running_round
from tests.factories import UserFactory
from tournaments.models import AuditEntry, Registration
from tournaments.services import registration

pytestmark = pytest.mark.django_db

NUL = "Eva\x00K"


def _refused(answer: object, field: str) -> None:
    status, text = answer.status_code, answer.content.decode()  # type: ignore[attr-defined]
    assert status == 400, (status, text[:300])
    assert f"The field “{field}” holds a NUL character" in text


def _unchanged(personas: Personas) -> tuple[int, int, int, int]:
    return (
        User.objects.count(), Registration.objects.count(), AuditEntry.objects.count(), MatchChallenge.objects.count()
    )  # fmt: skip


def test_the_desk_find_and_a_walk_in_name(personas: Personas) -> None:
    client = personas.client("organiser")
    before = _unchanged(personas)
    _refused(client.get(f"/events/{personas.event.pk}/desk/", {"find": NUL}), "find")
    _refused(client.post(f"/events/{personas.event.pk}/walk-in/", {"guest_name": NUL}), "guest_name")
    _refused(client.post(f"/events/{personas.event.pk}/walk-in/", {"player": "1\x00"}), "player")
    assert _unchanged(personas) == before


def test_claiming_a_guest_with_a_username_holding_a_nul(personas: Personas) -> None:
    entry = registration.add_walk_in(personas.event, personas.organiser, guest_name="Gwen")
    before = _unchanged(personas)
    answer = personas.client("organiser").post(f"/registrations/{entry.pk}/desk/claim/", {"username": NUL})
    _refused(answer, "username")
    assert _unchanged(personas) == before and Registration.objects.get(pk=entry.pk).player.is_guest


def test_where_do_i_sit_with_a_name_holding_a_nul(personas: Personas) -> None:
    running_round(personas)
    _refused(personas.client("player").get(f"/events/{personas.event.pk}/rounds/1/", {"q": NUL}), "q")


def test_a_challenge_to_an_opponent_holding_a_nul(personas: Personas) -> None:
    UserFactory.create(username="eva")
    before = _unchanged(personas)
    answer = personas.client("player").post("/play/", {"action": "challenge", "opponent": "eva\x00", "starter": "x"})
    _refused(answer, "opponent")
    assert _unchanged(personas) == before


def test_the_profile_and_the_field_name_itself(personas: Personas) -> None:
    client = personas.client("player")
    before = User.objects.values_list("display_name", "email").get(pk=personas.player.pk)
    _refused(client.post("/accounts/profile/", {"display_name": NUL, "email": "pat@example.com"}), "display_name")
    _refused(client.post("/accounts/profile/", {"display\x00name": "x"}), "display\\0name")
    assert User.objects.values_list("display_name", "email").get(pk=personas.player.pk) == before


def test_the_api_names_the_parameter_or_the_json_field(personas: Personas) -> None:
    client = personas.client("player")
    answer = client.get("/api/pools/", {"event": "1\x00"})
    assert answer.status_code == 400 and answer.json()["field"] == "event"
    before = User.objects.values_list("display_name", flat=True).get(pk=personas.player.pk)
    body = '{"display_name": "Eva\\u0000K"}'
    answer = client.patch("/api/me/", body, content_type="application/json")
    assert answer.status_code == 400 and "display_name" in str(answer.json())
    deep = '{"a": [{"b": "x\\u0000"}]}'
    answer = client.post(f"/api/events/{personas.event.pk}/deck/", deep, content_type="application/json")
    assert answer.status_code == 400 and answer.json()["detail"].startswith("The JSON holds a NUL character")
    assert "a.0.b" in answer.json()["detail"]
    assert User.objects.values_list("display_name", flat=True).get(pk=personas.player.pk) == before
