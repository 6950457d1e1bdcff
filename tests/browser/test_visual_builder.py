"""The visual builder in Chromium at a desktop and a phone size: build a legal deck by clicking card
faces, save it, find it in My decks and register it for an event in one step."""

from __future__ import annotations

from typing import Any

import pytest
from django.conf import settings
from django.contrib.auth import BACKEND_SESSION_KEY, HASH_SESSION_KEY, SESSION_KEY
from django.contrib.sessions.backends.db import SessionStore

from accounts.models import User
from gameplay.decks.models import SavedDeck
from gameplay.runeslingers.site_catalog import current_catalog, load_catalog_into_db
from tests.browser.waiting import wait_in_page
from tests.catalog_web.helpers import starter_text
from tests.factories import EventFactory, OrganiserFactory, RegistrationFactory, UserFactory
from tournaments.models import DeckVersion


def signed_in_page(browser: Any, live_server: Any, user: User, width: int, height: int) -> Any:
    session = SessionStore()
    session[SESSION_KEY] = str(user.pk)
    session[BACKEND_SESSION_KEY] = "django.contrib.auth.backends.ModelBackend"
    session[HASH_SESSION_KEY] = user.get_session_auth_hash()
    session.save()
    context = browser.new_context(viewport={"width": width, "height": height})
    context.add_cookies([{"name": settings.SESSION_COOKIE_NAME, "value": session.session_key, "url": live_server.url}])
    page = context.new_page()
    page.set_default_timeout(60_000)  # generous: a loaded machine is slow, not wrong
    return page


def no_internal_ids(page: Any) -> None:
    catalog = current_catalog()
    slugs = [i for i in (*catalog.cards, *catalog.runeslingers, *catalog.equips, *catalog.starter_decks) if "-" in i]
    text = page.locator("body").inner_text()
    shown = [s for s in slugs if s in text]
    assert not shown, f"internal ids in the page's text: {shown}"
    for key in ("awakening-starter", "deck-size", "max-copies"):
        assert key not in text


def verdict_is(page: Any, words: str) -> None:
    wait_in_page(page, f"document.getElementById('deck-verdict').innerText === {words!r}")


def click_face(page: Any, face_id: str, times: int = 1) -> None:
    """Click a face ``times`` times, each once the deck shows the click before (a card's row counts
    it; a Runeslinger or an equip is named among the choices). A filter typed just before redraws
    the grid: the face is clicked once it is drawn, never on the grid it replaces."""
    face = page.locator(f"#face-grid [data-face-id='{face_id}']")
    chosen = f"document.querySelector(\"#deck-chosen [data-zoom='{face_id}']\")"
    count = f"(document.querySelector(\"#deck-rows [data-card='{face_id}'] .row-count\") || {{}}).textContent"
    for _ in range(times):
        before = page.evaluate(f"() => {count} || ''")
        face.wait_for(state="visible")
        face.click()
        wait_in_page(page, f"{chosen} !== null || ({count} || '') !== {before!r}")


@pytest.mark.django_db(transaction=True)
@pytest.mark.parametrize(("width", "height"), [(1280, 800), (390, 844)], ids=["desktop", "phone"])
def test_build_a_deck_by_clicking_faces_save_it_and_register_it(
    browser: Any, live_server: Any, width: int, height: int
) -> None:
    catalog = current_catalog()
    load_catalog_into_db(catalog)
    event = EventFactory.create(organiser=OrganiserFactory.create(), format="awakening-starter", name="Starter Sunday")
    player = UserFactory.create(username="builder")
    RegistrationFactory.create(event=event, player=player)
    page = signed_in_page(browser, live_server, player, width, height)
    starter = catalog.starter_decks["eva-starter"]

    page.goto(f"{live_server.url}/decks/mine/new/")
    page.locator("#face-grid .face").first.wait_for()
    assert page.locator("#face-grid .face").count() == len(catalog.cards)
    page.get_by_role("button", name="Runeslinger", exact=True).click()
    click_face(page, starter.runeslinger)
    page.get_by_role("button", name="Stance & abilities").click()
    for equip in starter.equips:
        click_face(page, equip)
    page.get_by_role("button", name="Cards", exact=True).click()
    if not page.locator("#f-q").is_visible():
        page.locator("#browser-filters summary").click()  # a phone: the filters are folded away
    for card_id, count in starter.cards.items():
        page.fill("#f-q", catalog.cards[card_id].name)
        click_face(page, card_id, count)
    verdict_is(page, "Legal in Awakening Starter.")
    assert page.get_by_test_id("deck-size").inner_text() == "30 / 30 cards"
    assert "Runeslinger: Eva" in page.input_value("#id_decklist")  # the text box follows the clicks

    first = next(iter(starter.cards))
    page.locator(f"#deck-rows [data-remove='{first}']").click()  # − on the deck list
    verdict_is(page, "Not legal in Awakening Starter: 1 problem.")
    assert page.get_by_test_id("deck-size").inner_text() == "29 / 30 cards"
    assert "Deck size" in page.get_by_test_id("violations").inner_text()
    page.locator(f"#deck-rows [data-add='{first}']").click()
    verdict_is(page, "Legal in Awakening Starter.")
    no_internal_ids(page)
    page.locator("#deck-rows .row-name").first.click()  # a name in the deck list shows the full face
    page.locator(".face-dialog[open] .face-full").wait_for()
    page.keyboard.press("Escape")

    page.fill("#id_name", "Clicked Eva")
    page.get_by_test_id("save-button").click()
    page.get_by_text("Clicked Eva saved as version 1.").wait_for()
    saved = SavedDeck.objects.get(owner=player)
    assert saved.current() is not None and saved.current().size == 30  # type: ignore[union-attr]

    page.goto(f"{live_server.url}/decks/mine/")
    card = page.get_by_test_id("saved-deck").filter(has_text="Clicked Eva")
    assert "Legal in Awakening Starter." in card.inner_text()
    no_internal_ids(page)

    page.goto(f"{live_server.url}/events/{event.pk}/deck/")
    page.get_by_test_id("saved-deck-select").select_option(label="Clicked Eva")
    page.get_by_test_id("register-saved-deck").click()
    page.get_by_text("Clicked Eva registered (version 1).").wait_for()
    assert DeckVersion.objects.get(deck__player=player, deck__event=event).runeslinger == "eva"
    no_internal_ids(page)
    page.context.close()


@pytest.mark.django_db(transaction=True)
def test_a_pasted_list_shows_in_the_faces(browser: Any, live_server: Any) -> None:
    catalog = current_catalog()
    load_catalog_into_db(catalog)
    page = signed_in_page(browser, live_server, UserFactory.create(username="paster"), 1280, 800)
    page.goto(f"{live_server.url}/decks/builder/")
    page.locator("#face-grid .face").first.wait_for()
    page.fill("#id_decklist", starter_text(catalog, "romin-starter"))
    verdict_is(page, "Legal in Awakening Starter.")
    starter = catalog.starter_decks["romin-starter"]
    card_id, count = next(iter(starter.cards.items()))
    tile = page.locator("#face-grid li").filter(has=page.locator(f"[data-face-id='{card_id}']"))
    assert tile.get_by_test_id("count").inner_text() == f"{count} in deck"
    assert "Romin" in page.get_by_test_id("deck-chosen").inner_text()
    page.context.close()
