"""The waiting list offers a freed place (issue 29 §1), on a phone: a full event, a player joins its
waiting list and sees their place, a registered player drops, and the waiting player sees the
offer on the event page and takes the place."""

from __future__ import annotations

import os
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import pytest

from tests.browser.test_event_flow import click, confirmed, logged_in_page
from tests.factories import EventFactory, OrganiserFactory, RegistrationFactory, UserFactory
from tournaments.models import Event, Registration

PHONE = {"viewport": {"width": 390, "height": 844}, "is_mobile": True}


def shot(page: Any, name: str) -> None:
    """A screenshot to look at, where SHOTS_DIR says (none when it is unset)."""
    folder = os.environ.get("SHOTS_DIR")
    if folder:
        Path(folder).mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(Path(folder) / f"{name}.png"), full_page=True)


@pytest.mark.django_db(transaction=True)
def test_the_waiting_list_offers_a_freed_place(browser: Any, live_server: Any) -> None:
    organiser = OrganiserFactory.create(display_name="Oda")
    event = EventFactory.create(
        organiser=organiser, name="Spring Open", capacity=2, venue="The Dice Tower", fee="£5",
        starts_at=datetime(2026, 12, 5, 10, 0, tzinfo=UTC),
    )  # fmt: skip
    ann, bob = UserFactory.create(display_name="Ann"), UserFactory.create(display_name="Bob")
    for player in (ann, bob):
        RegistrationFactory.create(event=event, player=player)
    cy = UserFactory.create(display_name="Cy")

    waiter = logged_in_page(browser, live_server, cy, **PHONE)
    waiter.goto(f"{live_server.url}/events/{event.pk}/")
    assert "Spring Open is full" in waiter.get_by_test_id("event-full").inner_text()
    click(waiter, "Join the waiting list")
    assert waiter.get_by_test_id("waiting-place").inner_text() == "You are number 1 on the waiting list."
    shot(waiter, "waiting-place")

    boss = logged_in_page(browser, live_server, organiser, viewport={"width": 1280, "height": 800})
    boss.goto(f"{live_server.url}/events/{event.pk}/manage/")
    assert boss.get_by_test_id("waiting-list").inner_text().startswith("Cy")
    boss.get_by_test_id("waiting-list").scroll_into_view_if_needed()
    shot(boss, "manage-waiting-list")

    dropper = logged_in_page(browser, live_server, ann, **PHONE)
    dropper.goto(f"{live_server.url}/events/{event.pk}/")
    confirmed(dropper, "Drop from Spring Open")
    assert not Registration.objects.get(event=event, player=ann).active

    waiter.reload()
    offer = waiter.get_by_test_id("place-offered")
    assert "A place at Spring Open has freed and is offered to you" in offer.inner_text()
    assert waiter.evaluate("() => document.documentElement.scrollWidth <= window.innerWidth")
    shot(waiter, "place-offered")
    click(waiter, "Take the place")
    assert "You are registered" in waiter.locator(".actions").first.inner_text()
    assert Registration.objects.get(event=event, player=cy).active
    shot(waiter, "place-taken")


@pytest.mark.django_db(transaction=True)
@pytest.mark.parametrize("size", [{"width": 390, "height": 844}, {"width": 1280, "height": 800}])
def test_the_event_list_filters_and_shows_when_and_where(browser: Any, live_server: Any, size: dict[str, int]) -> None:
    organiser = OrganiserFactory.create(display_name="Oda")
    starts = datetime(2026, 12, 5, 10, 0, tzinfo=UTC)
    EventFactory.create(organiser=organiser, name="Spring Open", starts_at=starts, venue="The Dice Tower", fee="£5")
    EventFactory.create(organiser=organiser, name="Net Cup", online=True, status=Event.Status.FINISHED)
    page = logged_in_page(browser, live_server, organiser, viewport=size, timezone_id="Europe/Paris")
    page.goto(f"{live_server.url}/events/")  # the first page sets the zone's cookie
    page.goto(f"{live_server.url}/events/")
    facts = page.locator("li", has_text="Spring Open").get_by_test_id("event-facts").inner_text()
    assert facts == "Sat 5 Dec 2026, 11:00 (Europe/Paris) · At The Dice Tower · Entry fee: £5"
    page.get_by_label("When").select_option("finished")
    click(page, "Show")
    listed = page.get_by_test_id("event-list").inner_text()
    assert "Net Cup" in listed and "Online" in listed and "Spring Open" not in listed
    assert page.evaluate("() => document.documentElement.scrollWidth <= window.innerWidth")
    shot(page, f"event-list-{size['width']}")
