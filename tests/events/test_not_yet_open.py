"""An event's first status is stored as ``draft`` but said "Not yet open" everywhere a person reads
it, so it never reads as a booster draft (issue 30, "Words")."""

from __future__ import annotations

import re

import pytest
from django.test import Client

from tests.factories import EventFactory, OrganiserFactory
from tournaments.models import AuditEntry, Event
from tournaments.services import registration

pytestmark = pytest.mark.django_db


def organiser_and_event() -> tuple[Client, Event]:
    organiser = OrganiserFactory.create(username="oda")
    event = EventFactory.create(organiser=organiser, name="Spring Open", status=Event.Status.DRAFT)
    client = Client()
    client.force_login(organiser)
    return client, event


def badges(html: str) -> list[str]:
    return re.findall(r'<span class="badge status-draft"[^>]*>([^<]*)</span>', html)


def test_the_badges_on_the_event_manage_and_events_pages_say_not_yet_open() -> None:
    client, event = organiser_and_event()
    for url in (f"/events/{event.pk}/", f"/events/{event.pk}/manage/", "/events/"):
        html = client.get(url).content.decode()
        assert badges(html) == ["Not yet open"], url
        listed = re.sub(r'<form[^>]*data-testid="event-filters".*?</form>', "", html, flags=re.S)
        assert ">Draft<" not in listed, url  # ("Draft", the format, is among the list's filters)


def test_the_api_says_not_yet_open_beside_the_stored_value() -> None:
    client, event = organiser_and_event()
    body = client.get(f"/api/events/{event.pk}/").json()
    assert body["status"] == "draft" and body["status_display"] == "Not yet open"


def test_the_history_and_the_messages_say_not_yet_open() -> None:
    client, event = organiser_and_event()
    client.post(f"/events/{event.pk}/do/open/")
    closed = client.post(f"/events/{event.pk}/do/close/", follow=True).content.decode()
    assert "a draft again" not in closed and "the event is not open" in closed
    said = [entry.describe() for entry in AuditEntry.objects.filter(event=event).order_by("at", "id")]
    assert said == ["Event: not yet open → registration open", "Event: registration open → not yet open"]


def test_a_refused_start_names_the_status_in_words() -> None:
    _client, event = organiser_and_event()
    with pytest.raises(registration.Conflict, match="Spring Open is not yet open"):
        registration.start_event(event, event.organiser)


def test_creating_an_event_says_it_is_not_yet_open() -> None:
    client, _event = organiser_and_event()
    form = {"name": "Autumn Open", "format": "awakening-constructed", "structure": "swiss", "round_minutes": 50,
            "best_of": 1, "top_cut": 0, "tiebreakers": "mtg", "late_entry_until_round": 0, "pod_rounds": 0,
            "clock_minutes": 25, "window_seconds": 20, "extra_turns": 3}  # fmt: skip
    shown = client.post("/events/new/", form, follow=True).content.decode()
    assert "Autumn Open is created, not yet open" in shown and "as a draft" not in shown
