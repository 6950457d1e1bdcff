"""Walk-ins, the paid flag and claiming a guest through the API: the same services as the desk."""

from __future__ import annotations

import pytest

from tests.clients import api_client as client
from tests.conftest import Personas
from tests.factories import UserFactory
from tournaments.models import Registration

pytestmark = pytest.mark.django_db


def test_the_organiser_adds_a_guest_and_an_account(personas: Personas) -> None:
    url = f"/api/events/{personas.event.pk}/walk-in/"
    guest = client(personas.organiser).post(url, {"guest_name": "Gwen"}, format="json")
    assert guest.status_code == 201
    assert guest.json()["name"] == "Gwen" and guest.json()["guest"] is True and guest.json()["username"] is None
    eva = UserFactory.create(display_name="Eva")
    account = client(personas.organiser).post(url, {"player": eva.pk}, format="json")
    assert account.status_code == 201 and account.json()["username"] == eva.username
    again = client(personas.organiser).post(url, {"player": eva.pk}, format="json")
    assert again.status_code == 409
    assert again.json()["detail"] == f"Eva is already registered for {personas.event.name}."
    nobody = client(personas.organiser).post(url, {}, format="json")
    assert nobody.status_code == 400 and "Give the guest's name" in nobody.json()["detail"]
    for who in (personas.judge, personas.player, personas.outsider):
        assert client(who).post(url, {"guest_name": "X"}, format="json").status_code in (403, 404)
    assert Registration.objects.filter(event=personas.event).count() == 3


def test_paid_is_set_by_the_organiser_and_shown_to_staff_only(personas: Personas) -> None:
    entry = Registration.objects.get(event=personas.event, player=personas.player)
    url = f"/api/registrations/{entry.pk}/paid/"
    assert client(personas.player).post(url, {"paid": True}, format="json").status_code == 403
    answer = client(personas.organiser).post(url, {"paid": True}, format="json")
    assert answer.status_code == 200 and answer.json()["paid"] is True
    listing = f"/api/events/{personas.event.pk}/registrations/"
    assert client(personas.judge).get(listing).json()[0]["paid"] is True
    assert client(personas.player).get(listing).json()[0]["paid"] is None


def test_a_guest_is_claimed_through_the_api(personas: Personas) -> None:
    made = client(personas.organiser).post(
        f"/api/events/{personas.event.pk}/walk-in/", {"guest_name": "Ola"}, format="json"
    )
    account = UserFactory.create(username="ola_p", display_name="Ola P")
    url = f"/api/registrations/{made.json()['id']}/claim/"
    refused = client(personas.organiser).post(url, {"username": personas.player.username}, format="json")
    assert refused.status_code == 409 and "already registered for" in refused.json()["detail"]
    claimed = client(personas.organiser).post(url, {"username": "ola_p"}, format="json")
    assert claimed.status_code == 200 and claimed.json()["player"] == account.pk and claimed.json()["guest"] is False
