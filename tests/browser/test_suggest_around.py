"""In Chromium, on a sealed pool (issue 30): the player chooses Vesna and two of her equips and
puts two cards in the deck, then presses "Suggest a deck": the Runeslinger, the equips and the
two cards stay, the deck is filled to 40, and the page says nothing had to change."""

from __future__ import annotations

from typing import Any

import pytest

from tests.browser.test_event_flow import logged_in_page
from tests.browser.waiting import wait_in_page
from tests.drafts.helpers import draft_table
from tournaments.drafts.models import Pool
from tournaments.drafts.services import pools

DECK_FACES, FACE_IDS = "[data-testid=deck-cards] [data-face-id]", "faces => faces.map(f => f.dataset.faceId)"


@pytest.mark.django_db(transaction=True)
@pytest.mark.parametrize("width", [390, 1280])
def test_suggest_builds_around_vesna_and_her_equips(browser: Any, live_server: Any, width: int, tmp_path: Any) -> None:
    table = draft_table(humans=2, fmt="sealed", username=f"w{width}")
    pools.open_sealed(table.event, table.organiser)
    pool = Pool.objects.get(registration__player=table.players[0])
    page = logged_in_page(browser, live_server, table.players[0], viewport={"width": width, "height": 900})
    page.goto(f"{live_server.url}/pools/{pool.pk}/")
    wait_in_page(page, "document.querySelectorAll('[data-testid=side-cards] [data-face-id]').length === 54")
    page.select_option("#runeslinger", "vesna")
    page.select_option("#equip-1", "cruel-harvest")
    page.select_option("#equip-2", "evil-eye")
    strip = {"x": 30, "y": 10}  # the name strip: cards in a stack overlap below it
    for count in ("1", "2"):
        page.locator("[data-testid=side-cards] [data-face-id]").first.click(position=strip)
        wait_in_page(page, f"document.querySelector('[data-testid=deck-count]').textContent === '{count}'")
    chosen = page.eval_on_selector_all(
        "[data-testid=deck-cards] [data-face-id]", "faces => faces.map(f => f.dataset.faceId)"
    )

    page.get_by_test_id("suggest").click()
    wait_in_page(page, "document.querySelector('[data-testid=deck-count]').textContent === '40'")
    assert page.locator("#runeslinger").input_value() == "vesna"
    assert {page.locator("#equip-1").input_value(), page.locator("#equip-2").input_value()} == {
        "cruel-harvest", "evil-eye",
    }  # fmt: skip
    in_deck = page.eval_on_selector_all(
        "[data-testid=deck-cards] [data-face-id]", "faces => faces.map(f => f.dataset.faceId)"
    )
    assert all(in_deck.count(card) >= chosen.count(card) for card in chosen)
    message = page.get_by_test_id("deck-message").inner_text()
    assert message == "Suggested around your choices: everything you chose is kept."
    wait_in_page(page, "document.querySelector('[data-testid=violations]').textContent.includes('Legal deck')")
    assert page.evaluate("document.documentElement.scrollWidth <= window.innerWidth")
    page.screenshot(path=tmp_path / f"suggest-{width}.png")  # to look at (pytest --basetemp)
