"""Runebound on a phone: the menu leads to the gallery, a search narrows it, a published deck
opens with its cards, and no page scrolls sideways."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from gameplay.runebound.catalog import shipped_runebound
from gameplay.runebound.schema import ClassKind

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

NO_SIDEWAYS_SCROLL = "document.documentElement.scrollWidth <= window.innerWidth"


@pytest.fixture
def phone(browser: Any) -> Iterator[Any]:
    context = browser.new_context(viewport={"width": 390, "height": 844}, has_touch=True, is_mobile=True)
    page = context.new_page()
    page.set_default_timeout(60_000)
    yield page
    context.close()


def test_a_phone_opens_the_runebound_gallery_and_a_published_deck(phone: Any, live_server: Any) -> None:
    catalog = shipped_runebound()
    battlemage = catalog.decks["battlemage"]
    phone.goto(f"{live_server.url}/")
    phone.get_by_role("button", name="Menu").click()
    phone.get_by_role("link", name="Runebound", exact=True).click()
    phone.get_by_role("heading", name="Runebound cards").wait_for()
    assert phone.evaluate(NO_SIDEWAYS_SCROLL)

    phone.get_by_label("Search name or text").fill("Arcane")
    phone.get_by_role("button", name="Search").click()
    phone.get_by_test_id("rb-total").filter(has_text="4 cards").wait_for()
    names = phone.locator("[data-testid=rb-gallery] .rb-name a").all_inner_texts()
    assert names == ["Arcane Bolt", "Arcane Cleave", "Arcane Golem", "Arcane Fury"]

    phone.get_by_role("link", name="Published decks").click()
    phone.get_by_role("link", name="Battlemage").click()
    phone.get_by_role("heading", name="Battlemage").wait_for()
    faces = phone.get_by_test_id("rb-face")
    assert faces.count() == len(battlemage.class_cards) + len(battlemage.talents)
    # grouped as a person reads a deck: friendly cards first, by kind (Feats first), in list order
    first = next(
        catalog.class_cards[i]
        for i in battlemage.class_cards
        if not catalog.class_cards[i].is_enemy and catalog.class_cards[i].kind is ClassKind.FEAT
    )
    assert faces.first.locator(".rb-name").inner_text() == first.name
    assert phone.evaluate(NO_SIDEWAYS_SCROLL)

    faces.first.get_by_role("link", name=first.name).click()
    phone.get_by_role("heading", name=first.name, level=1).wait_for()
    assert phone.get_by_test_id("rules-text").inner_text() == first.text
    assert phone.evaluate(NO_SIDEWAYS_SCROLL)


def test_a_phone_checks_a_changed_published_deck_and_sees_what_changed(phone: Any, live_server: Any) -> None:
    catalog = shipped_runebound()
    dropped = catalog.class_cards[catalog.decks["battlemage"].class_cards[0]].name
    phone.goto(f"{live_server.url}/runebound/decks/battlemage/")
    phone.get_by_role("link", name="Check a changed version").click()
    box = phone.get_by_label("Deck list")
    text = box.input_value()
    assert text.startswith(f"Class deck:\n{dropped}\n")
    box.fill(text.replace(f"{dropped}\n", "Gale\n", 1))
    phone.get_by_role("button", name="Check the deck").click()
    result = phone.get_by_test_id("rb-result")
    result.wait_for()
    assert result.get_by_role("heading").inner_text() == "Not legal as a Runebound Published Deck"
    assert f"The closest is the Battlemage; missing: {dropped}; not in it: Gale." in result.inner_text()
    assert phone.evaluate(NO_SIDEWAYS_SCROLL)
