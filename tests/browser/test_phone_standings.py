"""Standings on a phone (390 x 844): rank, player, points and record fit without sideways scrolling,
the tiebreakers show on demand; on a desktop every column shows."""

from __future__ import annotations

from typing import Any

import pytest

from tests.factories import EventFactory, OrganiserFactory, RegistrationFactory, UserFactory
from tournaments.models import Event
from tournaments.services import registration, results, rounds


def event_after_one_round() -> Event:
    organiser = OrganiserFactory.create(username="oda")
    event = EventFactory.create(organiser=organiser, name="Phone Open")
    for i in range(6):
        RegistrationFactory.create(event=event, player=UserFactory.create(display_name=f"Aurelia Longname-{i}"))
    registration.start_event(event, organiser)
    round_ = rounds.pair_next_round(event, organiser)
    rounds.publish_round(round_, organiser)
    for match in round_.matches.exclude(player_b=None):
        results.set_result(match, organiser, results.Score(1, 0))
    rounds.end_round(round_, organiser)
    return event


def visible_headers(page: Any) -> list[str]:
    return [h.inner_text() for h in page.get_by_test_id("standings").locator("th").all() if h.is_visible()]


@pytest.mark.django_db(transaction=True)
def test_standings_fit_a_phone_and_show_tiebreakers_on_demand(browser: Any, live_server: Any) -> None:
    event = event_after_one_round()
    phone = browser.new_context(viewport={"width": 390, "height": 844}).new_page()
    phone.goto(f"{live_server.url}/events/{event.pk}/standings/")
    table = phone.get_by_test_id("standings")
    assert table.locator("tbody tr").count() == 6
    assert visible_headers(phone) == ["#", "Player", "Pts", "W-L-D"]
    wrap = phone.locator(".standings-wrap")
    assert wrap.evaluate("e => e.scrollWidth <= e.clientWidth"), "the standings scroll sideways on a phone"
    assert phone.evaluate("() => document.documentElement.scrollWidth <= window.innerWidth")
    phone.get_by_test_id("show-tiebreakers").check()
    assert "OMW%" in visible_headers(phone)
    phone.context.close()

    desk = browser.new_context(viewport={"width": 1280, "height": 800}).new_page()
    desk.goto(f"{live_server.url}/events/{event.pk}/standings/")
    assert visible_headers(desk) == ["#", "Player", "Pts", "W-L-D", "MW%", "OMW%", "GW%", "OGW%"]
    assert not desk.get_by_test_id("show-tiebreakers").is_visible()
    desk.context.close()
