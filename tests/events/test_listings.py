"""Event listings filtered (when, game, format) and paged, on /events/ and in the API's event list
(issue 29 §1); a bad filter value is a 400 naming the parameter, listing nothing."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest
from django.test import Client

from tests.clients import api_client as api
from tests.factories import EventFactory, OrganiserFactory
from tournaments.listing import PER_PAGE
from tournaments.models import Event

pytestmark = pytest.mark.django_db

RUNEBOUND_FORMAT = "runebound-published"


def some_events() -> None:
    EventFactory.create(name="Spring Open", status=Event.Status.REGISTRATION)
    EventFactory.create(name="Summer Cup", status=Event.Status.RUNNING)
    EventFactory.create(name="Autumn Masters", status=Event.Status.FINISHED)
    EventFactory.create(name="Winter Table", status=Event.Status.REGISTRATION, format=RUNEBOUND_FORMAT)


def names(html: str) -> set[str]:
    return {n for n in ("Spring Open", "Summer Cup", "Autumn Masters", "Winter Table") if n in html}


@pytest.mark.parametrize(
    ("query", "shown"),
    [
        ("", {"Spring Open", "Summer Cup", "Autumn Masters", "Winter Table"}),
        ("when=upcoming", {"Spring Open", "Winter Table"}),
        ("when=running", {"Summer Cup"}),
        ("when=finished", {"Autumn Masters"}),
        ("game=runebound", {"Winter Table"}),
        ("game=runeslingers&when=upcoming", {"Spring Open"}),
        ("format=awakening-constructed", {"Spring Open", "Summer Cup", "Autumn Masters"}),
    ],
)
def test_the_events_page_filters_by_when_game_and_format(query: str, shown: set[str]) -> None:
    some_events()
    answer = Client().get(f"/events/?{query}")
    assert answer.status_code == 200 and names(answer.content.decode()) == shown


def test_the_filters_have_labels_and_keep_what_was_chosen() -> None:
    html = Client().get("/events/?when=running").content.decode()
    for label in ('<label for="filter-when">When</label>', '<label for="filter-game">Game</label>',
                  '<label for="filter-format">Format</label>'):  # fmt: skip
        assert label in html
    assert '<option value="running" selected>Running now</option>' in html
    assert "No event matches these filters." in html and "Show every event" in html


@pytest.mark.parametrize(
    ("query", "problem"),
    [
        ("when=tomorrow", "when: upcoming, running or finished (or empty for all), not 'tomorrow'."),
        ("game=chess", "game: runeslingers, runebound (or empty for all), not 'chess'."),
        ("format=nonsense", "format: one of "),
        ("page=0", "page: a whole number from 1, not '0'."),
        ("page=x", "page: a whole number from 1, not 'x'."),
        ("page=2", "page: the list has 1 page, not 2."),
    ],
)
def test_a_bad_filter_is_a_400_naming_it_on_the_page_and_over_the_api(query: str, problem: str) -> None:
    some_events()
    page = Client().get(f"/events/?{query}")
    assert page.status_code == 400 and problem in page.content.decode().replace("&#x27;", "'")
    query, problem = query.replace("format=", "deck_format="), problem.replace("format:", "deck_format:")
    answer = api(OrganiserFactory.create()).get(f"/api/events/?{query}")
    assert answer.status_code == 400 and problem in answer.json()["detail"]


def test_the_events_page_is_paged_and_the_pager_keeps_the_filters() -> None:
    for n in range(PER_PAGE + 3):
        EventFactory.create(name=f"Weekly {n:02}", status=Event.Status.FINISHED)
    first = Client().get("/events/?when=finished").content.decode()
    assert first.count('class="card"') == PER_PAGE and "Page 1 of 2" in first
    assert 'href="?when=finished&amp;page=2"' in first
    second = Client().get("/events/?when=finished&page=2").content.decode()
    assert second.count('class="card"') == 3 and 'href="?when=finished&amp;page=1"' in second


def test_upcoming_events_come_soonest_first() -> None:
    soon = datetime(2026, 12, 5, 10, tzinfo=UTC)
    EventFactory.create(name="Later", starts_at=soon + timedelta(days=7))
    EventFactory.create(name="Undated")
    EventFactory.create(name="Sooner", starts_at=soon)
    html = Client().get("/events/?when=upcoming").content.decode()
    assert html.index("Sooner") < html.index("Later") < html.index("Undated")


def test_the_api_list_filters_and_pages() -> None:
    some_events()
    body = api(OrganiserFactory.create()).get("/api/events/?when=upcoming&game=runebound").json()
    assert body["count"] == 1 and body["results"][0]["name"] == "Winter Table"
    body = api(OrganiserFactory.create()).get("/api/events/?deck_format=awakening-constructed&when=running").json()
    assert [e["name"] for e in body["results"]] == ["Summer Cup"]
