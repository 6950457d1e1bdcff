"""Classic events are best of three unless the organiser says otherwise (000: "winner-takes-all, or a
best of three"), through the service, the API and the form page."""

from __future__ import annotations

import pytest
from django.test import Client

from tests.factories import OrganiserFactory
from tournaments.models import Event
from tournaments.services import registration

pytestmark = pytest.mark.django_db


def test_a_classic_event_is_best_of_three_unless_the_organiser_chose() -> None:
    """000 "battle each other either in a winner-takes-all, or a best of three encounters" and 001 p.19 "encounters
    are always played as a best-of-one": Classic events default to best of three, Awakening ones to one."""
    organiser = OrganiserFactory.create()
    classic = registration.create_event(organiser, name="Classic Cup", format="classic-constructed")
    assert classic.best_of == 3
    chosen = registration.create_event(organiser, name="Classic Blitz", format="classic-starter", best_of=1)
    assert chosen.best_of == 1
    awakening = registration.create_event(organiser, name="Open", format="awakening-constructed")
    assert awakening.best_of == 1


def test_the_api_gives_a_classic_event_three_games_when_none_is_asked() -> None:
    client = Client()
    client.force_login(OrganiserFactory.create())
    answer = client.post(
        "/api/events/", {"name": "Classic Cup", "format": "classic-starter"}, content_type="application/json"
    )
    assert answer.status_code == 201, answer.content
    assert answer.json()["best_of"] == 3
    assert Event.objects.get(name="Classic Cup").best_of == 3


def test_the_form_page_names_the_best_of_three_formats_for_its_script() -> None:
    client = Client()
    client.force_login(OrganiserFactory.create())
    page = client.get("/events/new/").content.decode()
    assert 'data-best-of-three="classic-constructed classic-starter"' in page
    assert "js/event-form.js" in page
