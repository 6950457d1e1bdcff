"""An event's date and place everywhere (issue 29 §1): stored in UTC, shown in the viewer's time
zone (the ``tz`` cookie the browser sets) and named, "Online" instead of a venue; the form reads
the time in the organiser's zone; the API gives it in ISO UTC."""

from __future__ import annotations

import zoneinfo
from datetime import UTC, datetime

import pytest
from django.test import Client
from django.utils import timezone

from accounts.models import User
from common.timezones import zone_named
from tests.clients import api_client as api
from tests.factories import EventFactory, OrganiserFactory
from tournaments.coop.forms import UtcDateTimeField
from tournaments.models import Event, Round

pytestmark = pytest.mark.django_db

STARTS = datetime(2026, 12, 5, 10, 0, tzinfo=UTC)
FORM = {
    "name": "Winter Open", "format": "awakening-constructed", "structure": "swiss", "round_minutes": 50,
    "best_of": 1, "top_cut": 0, "tiebreakers": "mtg", "late_entry_until_round": 0, "pod_rounds": 0,
}  # fmt: skip


def client_of(user: User | None = None, zone: str | None = None) -> Client:
    client = Client()
    if user is not None:
        client.force_login(user)
    if zone is not None:
        client.cookies["tz"] = zone
    return client


def test_only_zones_zoneinfo_knows_are_taken() -> None:
    assert zone_named("Europe/London") is not None and zone_named("Asia/Tokyo") is not None
    for bad in ("", "Mars/Olympus", "../../etc/passwd", "x" * 200, None):
        assert zone_named(bad) is None


@pytest.mark.parametrize(
    ("zone", "shown"),
    [
        ("Asia/Tokyo", "Sat 5 Dec 2026, 19:00 (Asia/Tokyo)"),
        ("America/New_York", "Sat 5 Dec 2026, 05:00 (America/New_York)"),
        ("America%2FNew_York", "Sat 5 Dec 2026, 05:00 (America/New_York)"),  # as the script writes it
        ("Not/AZone", "Sat 5 Dec 2026, 10:00 (UTC)"),
        (None, "Sat 5 Dec 2026, 10:00 (UTC)"),
    ],
)
def test_the_event_page_and_listings_show_the_start_in_the_viewers_zone(zone: str | None, shown: str) -> None:
    event = EventFactory.create(name="Winter Open", starts_at=STARTS, venue="Hall B", fee="£5")
    reader = client_of(zone=zone)
    for url in (f"/events/{event.pk}/", "/events/", "/"):
        html = reader.get(url).content.decode()
        assert f'<time datetime="2026-12-05T10:00Z">{shown}</time>' in html, url
        assert "At Hall B" in html and "Entry fee: £5" in html, url


def test_an_online_event_says_online_instead_of_a_venue() -> None:
    event = EventFactory.create(name="Net Cup", online=True, venue="")
    html = client_of().get(f"/events/{event.pk}/").content.decode()
    assert '<span data-testid="event-venue">Online</span>' in html


def test_print_pages_and_the_projector_show_when_and_where() -> None:
    organiser = OrganiserFactory.create()
    event = EventFactory.create(organiser=organiser, starts_at=STARTS, venue="Hall B", status=Event.Status.RUNNING)
    Round.objects.create(event=event, number=1, status=Round.Status.OPEN)
    boss = client_of(organiser, zone="Europe/Paris")
    for url in (
        f"/events/{event.pk}/standings/print/",
        f"/events/{event.pk}/rounds/1/print/",
        f"/events/{event.pk}/projector/",
    ):
        html = boss.get(url).content.decode()
        assert "Sat 5 Dec 2026, 11:00 (Europe/Paris)" in html and "At Hall B" in html, url


def test_the_form_reads_the_start_in_the_organisers_zone_and_stores_utc() -> None:
    organiser = OrganiserFactory.create()
    boss = client_of(organiser, zone="Asia/Tokyo")
    page = boss.get("/events/new/").content.decode()
    assert "Starts (Asia/Tokyo)" in page and 'id="id_online"' in page
    answer = boss.post("/events/new/", FORM | {"starts_at": "2026-12-05T19:00", "online": "on"})
    assert answer.status_code == 302
    made = Event.objects.get(name="Winter Open")
    assert made.starts_at == STARTS and made.online
    edit = boss.get(f"/events/{made.pk}/edit/").content.decode()
    assert 'value="2026-12-05T19:00"' in edit


def test_the_api_gives_the_start_in_iso_utc_whatever_the_zone_and_says_online() -> None:
    event = EventFactory.create(starts_at=STARTS, online=True)
    reader = api(OrganiserFactory.create())
    reader.cookies["tz"] = "Asia/Tokyo"
    body = reader.get(f"/api/events/{event.pk}/").json()
    assert body["starts_at"] == "2026-12-05T10:00:00Z" and body["online"] is True


def test_a_form_labelled_utc_still_reads_utc_whatever_the_viewers_zone() -> None:
    field = UtcDateTimeField()
    timezone.activate(zoneinfo.ZoneInfo("Asia/Tokyo"))
    try:
        assert field.clean("2026-12-05T10:00") == STARTS
        assert field.prepare_value(STARTS) == datetime(2026, 12, 5, 10, 0)  # shown as typed: 10:00 UTC
    finally:
        timezone.deactivate()
