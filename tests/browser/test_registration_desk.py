"""The registration desk on a phone: the organiser adds a guest walk-in and an existing account,
marks them paid and checked in, and sees the warning naming who has no legal deck."""

from __future__ import annotations

from typing import Any

import pytest

from gameplay.formats import Deck
from gameplay.services import current_catalog
from tests.browser.test_event_flow import logged_in_page
from tests.factories import EventFactory, OrganiserFactory, RegistrationFactory, UserFactory
from tournaments.models import Registration
from tournaments.services import decks


def no_sideways_scroll(page: Any) -> bool:
    return bool(page.evaluate("() => document.documentElement.scrollWidth <= window.innerWidth"))


@pytest.mark.django_db(transaction=True)
def test_the_organiser_runs_the_desk_on_a_phone(browser: Any, live_server: Any) -> None:
    organiser = OrganiserFactory.create(username="desk-oda")
    event = EventFactory.create(organiser=organiser, name="Desk Open", format="awakening-starter")
    ada = RegistrationFactory.create(event=event, player=UserFactory.create(display_name="Ada Lovelace")).player
    decks.register_deck(event, ada, Deck.from_starter(current_catalog().starter_decks["eva-starter"]), ada)
    UserFactory.create(username="eva_k", display_name="Eva Kerr")

    page = logged_in_page(browser, live_server, organiser)
    page.set_viewport_size({"width": 390, "height": 844})
    page.goto(f"{live_server.url}/events/{event.pk}/manage/")
    page.get_by_role("link", name="Open the desk").click()
    page.wait_for_load_state()
    assert page.get_by_test_id("desk-counts").inner_text() == "1 registered · 0 checked in · 0 paid"

    page.get_by_label("Or add a guest by name").fill("Gwen Walker")
    page.get_by_role("button", name="Add guest").click()
    page.wait_for_load_state()
    assert "Gwen Walker is registered." in page.locator(".messages").inner_text()

    page.get_by_label("Find an account").fill("kerr")
    page.get_by_role("button", name="Search").click()
    page.wait_for_load_state()
    page.get_by_role("button", name="Add Eva Kerr").click()
    page.wait_for_load_state()
    assert "Eva Kerr is registered." in page.locator(".messages").inner_text()

    page.get_by_role("button", name="Gwen Walker paid").click()
    page.wait_for_load_state()
    page.get_by_role("button", name="Gwen Walker checked in").click()
    page.wait_for_load_state()
    gwen = page.get_by_test_id("desk-row").filter(has_text="Gwen Walker")
    assert "guest" in gwen.inner_text() and "No deck" in gwen.inner_text()
    assert gwen.get_by_role("button", name="Gwen Walker paid").get_attribute("aria-pressed") == "true"
    counts = page.get_by_test_id("desk-counts").inner_text()
    assert counts == "3 registered · 1 checked in · 1 paid · 2 without a legal deck"
    warning = page.get_by_test_id("desk-warning").inner_text()
    assert warning == "2 players without a legal deck: Eva Kerr, Gwen Walker."

    finder = page.get_by_placeholder("Find a player")
    finder.fill("gwe")
    assert page.get_by_test_id("desk-row").filter(visible=True).count() == 1
    finder.fill("")
    assert page.get_by_test_id("desk-row").filter(visible=True).count() == 3
    assert no_sideways_scroll(page), "the desk scrolls sideways on a phone"

    entry = Registration.objects.get(event=event, player__display_name="Gwen Walker")
    assert entry.paid and entry.checked_in and entry.player.is_guest
    assert entry.player.username not in page.content()

    page.goto(f"{live_server.url}/events/{event.pk}/manage/")
    summary = page.get_by_test_id("desk-summary").inner_text()
    assert "2 players without a legal deck: Eva Kerr, Gwen Walker." in summary
    assert no_sideways_scroll(page)
    page.context.close()
