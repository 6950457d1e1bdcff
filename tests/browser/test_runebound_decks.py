"""Runebound decks in Chromium, on a phone (390 wide) and a desktop (1280 wide): one tap saves a
published deck to My decks, its page shows the cards grouped with the verdict, a Runebound event's
deck page registers it, and the event form keeps a Runebound event off the site's play.

Set SCREENSHOT_DIR to keep a screenshot of each page at each width."""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

import pytest
from django.conf import settings
from django.contrib.auth import BACKEND_SESSION_KEY, HASH_SESSION_KEY, SESSION_KEY
from django.contrib.sessions.backends.db import SessionStore

from accounts.models import User
from tests.factories import EventFactory, OrganiserFactory, RegistrationFactory, UserFactory
from tournaments.models import DeckVersion
from tournaments.services.decks import registered_runebound_deck

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

NO_SIDEWAYS_SCROLL = "document.documentElement.scrollWidth <= window.innerWidth"
WIDTHS = {"phone": {"width": 390, "height": 844}, "desktop": {"width": 1280, "height": 900}}


def signed_in(browser: Any, live_server: Any, user: User, width: str) -> Any:
    session = SessionStore()
    session[SESSION_KEY] = str(user.pk)
    session[BACKEND_SESSION_KEY] = "django.contrib.auth.backends.ModelBackend"
    session[HASH_SESSION_KEY] = user.get_session_auth_hash()
    session.save()
    context = browser.new_context(viewport=WIDTHS[width], is_mobile=width == "phone", has_touch=width == "phone")
    context.add_cookies([{"name": settings.SESSION_COOKIE_NAME, "value": session.session_key, "url": live_server.url}])
    page = context.new_page()
    page.set_default_timeout(60_000)
    return page


def shot(page: Any, name: str) -> None:
    folder = os.environ.get("SCREENSHOT_DIR")
    if folder:
        page.screenshot(path=str(Path(folder) / f"{name}.png"), full_page=True)
        page.screenshot(path=str(Path(folder) / f"{name}-top.png"))


@pytest.mark.parametrize("width", list(WIDTHS))
def test_a_published_deck_saved_in_one_tap_and_registered_for_a_runebound_event(
    browser: Any, live_server: Any, width: str
) -> None:
    player = UserFactory.create(username=f"rb-{width}")
    event = EventFactory.create(name="Runebound Night", format="runebound-custom")
    RegistrationFactory.create(event=event, player=player)
    page = signed_in(browser, live_server, player, width)

    page.goto(f"{live_server.url}/runebound/decks/battlemage/")
    page.get_by_role("button", name="Start a deck from the Battlemage").click()
    page.get_by_role("heading", name="Battlemage (copy)", level=1).wait_for()
    page.get_by_test_id("rb-verdict").filter(has_text="Legal in Runebound Customised Deck").wait_for()
    assert page.get_by_role("heading", name="Enemy class cards (13)").is_visible()
    assert page.get_by_role("heading", name="Level 1").is_visible()
    assert page.evaluate(NO_SIDEWAYS_SCROLL)
    shot(page, f"saved-deck-{width}")

    page.goto(f"{live_server.url}/decks/mine/")
    page.get_by_test_id("saved-game-runebound").get_by_text("Battlemage (copy)").wait_for()
    assert page.evaluate(NO_SIDEWAYS_SCROLL)
    shot(page, f"my-decks-{width}")

    page.goto(f"{live_server.url}/events/{event.pk}/deck/")
    page.get_by_test_id("register-saved-deck").click()
    page.get_by_test_id("current-deck").wait_for()
    assert page.get_by_test_id("current-deck").get_by_role("heading", name="Friendly class cards (12)").is_visible()
    assert page.evaluate(NO_SIDEWAYS_SCROLL)
    shot(page, f"registered-{width}")
    assert registered_runebound_deck(event, player) is not None

    page.get_by_label("Deck list").fill("Class deck:\nArcane Bolte\n")
    page.get_by_test_id("register-deck").click()
    page.get_by_test_id("rb-line-errors").filter(has_text="did you mean").wait_for()
    assert DeckVersion.objects.filter(deck__player=player).count() == 1
    assert page.evaluate(NO_SIDEWAYS_SCROLL)
    shot(page, f"register-refused-{width}")
    page.context.close()


def test_the_event_form_keeps_a_runebound_event_off_the_sites_play(browser: Any, live_server: Any) -> None:
    page = signed_in(browser, live_server, OrganiserFactory.create(), "desktop")
    page.goto(f"{live_server.url}/events/new/")
    on_site = page.locator("#id_played_on_site")
    on_site.check()
    page.select_option("#id_format", "runebound-custom")
    assert not on_site.is_checked() and on_site.is_disabled()
    page.select_option("#id_format", "awakening-constructed")
    assert on_site.is_enabled()
    page.context.close()
