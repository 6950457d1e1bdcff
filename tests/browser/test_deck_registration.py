"""A player builds, checks and registers a deck for an event in Chromium, then sees it lock."""

from __future__ import annotations

from typing import Any

import pytest

from gameplay.runeslingers.decklists import format_decklist
from gameplay.runeslingers.formats import Deck
from gameplay.runeslingers.site_catalog import current_catalog
from tests.browser.test_event_flow import logged_in_page
from tests.browser.waiting import wait_in_page
from tests.factories import EventFactory, OrganiserFactory, RegistrationFactory, UserFactory
from tournaments.models import DeckVersion
from tournaments.services import registration


@pytest.mark.django_db(transaction=True)
def test_a_player_registers_a_legal_deck_and_sees_the_lock(browser: Any, live_server: Any) -> None:
    catalog = current_catalog()
    organiser = OrganiserFactory.create()
    event = EventFactory.create(organiser=organiser, format="awakening-starter", name="Starter Saturday")
    player = UserFactory.create(username="deckpat")
    RegistrationFactory.create(event=event, player=player)
    RegistrationFactory.create(event=event)
    page = logged_in_page(browser, live_server, player)

    page.goto(f"{live_server.url}/events/{event.pk}/")
    page.get_by_test_id("my-deck-link").click()
    legal = format_decklist(Deck.from_starter(catalog.starter_decks["eva-starter"]), catalog)
    page.fill("#id_decklist", legal + "\n2 Fireball\n")
    page.wait_for_selector("[data-testid=violations]")
    assert "Not legal in Awakening Starter" in page.get_by_test_id("verdict").inner_text()
    assert "Fireball" in page.get_by_test_id("violations").inner_text()

    page.fill("#id_decklist", legal)
    wait_in_page(page, "document.querySelector('[data-testid=verdict]').innerText.startsWith('Legal')")
    assert page.get_by_test_id("curve").is_visible()
    page.get_by_test_id("register-deck").click()
    page.wait_for_load_state()
    assert "Deck registered (version 1)" in page.content()
    assert "Registered list (version 1)" in page.get_by_test_id("current-deck").inner_text()
    assert DeckVersion.objects.get(deck__player=player).runeslinger == "eva"

    registration.start_event(event, organiser)
    page.reload()
    assert "locked when the event started" in page.get_by_test_id("deck-locked").inner_text()
    assert page.get_by_test_id("register-deck").count() == 0
