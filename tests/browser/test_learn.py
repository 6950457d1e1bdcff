"""Learn to play on a phone: from the home page's menu to the index and on to each rules page, each
laid out within the screen; the Runemasters board draws; a glossary link lands on its entry."""

from __future__ import annotations

from typing import Any

import pytest

from tests.browser.waiting import wait_in_page

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

RULES_PAGES = [
    ("Runeslingers: The Awakening", "/learn/awakening/"),
    ("Runeslingers: Classic", "/learn/classic/"),
    ("Runemasters", "/learn/runemasters/"),
    ("Runebound character decks", "/learn/runebound/"),
]
FITS = "document.documentElement.scrollWidth <= window.innerWidth"


def test_a_visitor_on_a_phone_opens_learn_to_play_from_the_home_page_and_reads_each_rules_page(
    page: Any, live_server: Any
) -> None:
    page.goto(live_server.url + "/")
    page.get_by_role("button", name="Menu").click()
    page.get_by_test_id("nav-learn").click()
    page.wait_for_url(live_server.url + "/learn/")
    assert page.get_by_role("heading", level=1).inner_text() == "Learn to play"
    assert page.evaluate(FITS)

    for title, path in RULES_PAGES:
        page.get_by_test_id("learn-pages").get_by_role("link", name=title).click()
        page.wait_for_url(live_server.url + path)
        assert page.get_by_role("heading", level=1).inner_text() == title
        assert page.evaluate(FITS), f"{path} is wider than the phone"
        contents = page.get_by_role("navigation", name="On this page")
        assert contents.get_by_role("link").count() >= 6
        page.get_by_role("navigation", name="Where you are").get_by_role("link", name="Learn to play").click()
        page.wait_for_url(live_server.url + "/learn/")


def test_the_runemasters_page_draws_the_play_pages_board(page: Any, live_server: Any) -> None:
    page.goto(live_server.url + "/learn/runemasters/")
    wait_in_page(page, "document.querySelectorAll('[data-learn-board] .rm-path').length === 4")
    board = page.locator("[data-learn-board]")
    assert board.locator(".rm-guardian").count() == 4
    assert board.locator(".rm-monster").count() >= 3
    assert board.locator("button").count() == 0  # nothing to act on: a picture of the table
    assert page.evaluate(FITS)


def test_a_word_on_a_rules_page_leads_to_its_glossary_entry(page: Any, live_server: Any) -> None:
    page.goto(live_server.url + "/learn/awakening/")
    page.locator("#how-you-win a.gloss", has_text="determination").click()
    page.wait_for_url(live_server.url + "/learn/glossary/#determination")
    entry = page.locator("#determination")
    assert "power you lose" in entry.inner_text()
    wait_in_page(page, "document.getElementById('determination').getBoundingClientRect().top < window.innerHeight")
    assert page.evaluate("document.querySelector(':target').id") == "determination"
