"""The pick screen and the pool page as a player meets them, at a desktop and a phone's size: a
whole draft picked through the page (card faces with their rules text, the pack sorted by class
then cost, the Pick button in reach on a phone), no stale clock or Pick button once it is over,
then a deck built from the pool (filters, deck and sideboard) and registered.

One player drafts against bots (the second player of the event is swapped for one), so the next
pack is always there at once. The site is served as in production (ASGI, the Redis channel
layer): the page picks and marks on the pod's socket, and never by POST while that is live."""

from __future__ import annotations

import os
import re
from pathlib import Path
from typing import Any

import pytest
from django.conf import settings
from django.contrib.auth import BACKEND_SESSION_KEY, HASH_SESSION_KEY, SESSION_KEY
from django.contrib.sessions.backends.db import SessionStore

from accounts.models import User
from gameplay.runeslingers.cards.schema import CardClass
from gameplay.runeslingers.site_catalog import current_catalog
from tests.browser.waiting import wait_in_page
from tests.drafts.helpers import draft_table, human_seats, started_pod
from tournaments.drafts.models import Pick, Pod, Pool
from tournaments.drafts.services import draft_pods
from tournaments.models import DeckVersion

SIZES = {"desktop": {"width": 1280, "height": 800}, "phone": {"width": 390, "height": 844}}
TIMES = {"base_seconds": 900, "per_card_seconds": 0, "review_seconds_first": 0, "draft_deck_building_seconds": 900}


def signed_in(browser: Any, live_server: Any, user: User, size: str) -> Any:
    session = SessionStore()
    session[SESSION_KEY] = str(user.pk)
    session[BACKEND_SESSION_KEY] = "django.contrib.auth.backends.ModelBackend"
    session[HASH_SESSION_KEY] = user.get_session_auth_hash()
    session.save()
    context = browser.new_context(viewport=SIZES[size], has_touch=size == "phone")
    context.add_cookies([{"name": settings.SESSION_COOKIE_NAME, "value": session.session_key, "url": live_server.url}])
    page = context.new_page()
    page.set_default_timeout(60_000)  # generous: a loaded machine is slow, not wrong
    return page


def shot(page: Any, name: str, full: bool = False) -> None:
    """With FETT_SCREENSHOTS set to a folder, save a screenshot there (for looking at the pages)."""
    folder = os.environ.get("FETT_SCREENSHOTS")
    if folder:
        page.screenshot(path=str(Path(folder) / f"{name}.png"), full_page=full)


def internal_ids(text: str) -> list[str]:
    """Card ids, seat and card handles, database ids and raw class keys found in a page's text."""
    ids = [slug for slug in current_catalog().cards if re.search(rf"(?<![\w-]){re.escape(slug)}(?![\w-])", text)]
    ids += re.findall(r"\b(?:c\d+|p[12])\b|#\d+", text)
    ids += [c.value for c in CardClass if re.search(rf"\b{c.value}\b", text)]
    return ids


def pack_order(page: Any) -> list[str]:
    return page.locator("[data-testid=pack] [data-face-id]").evaluate_all("tiles => tiles.map(t => t.dataset.faceId)")


def assert_sorted_by_class_then_cost(slugs: list[str]) -> None:
    cards = current_catalog().cards
    rank = {c.value: i for i, c in enumerate(CardClass)}
    keys = [(rank[cards[s].card_class.value], cards[s].cost, cards[s].name) for s in slugs]
    assert keys == sorted(keys), f"the pack is not sorted by class, then cost: {slugs}"


def check_first_pack(page: Any, size: str) -> None:
    slugs = pack_order(page)
    assert len(slugs) == 18
    assert_sorted_by_class_then_cost(slugs)
    cards = current_catalog().cards
    tile = page.locator("[data-testid=pack] [data-testid=card]").first
    rules = cards[slugs[0]].text.split(".")[0].strip()
    assert rules and rules in tile.inner_text(), "the pick tile shows the card's rules text"
    assert tile.is_visible()
    if size == "phone":  # the Pick button is on screen at once, without scrolling past the pack
        box = page.get_by_test_id("pick-button").bounding_box()
        assert box is not None and box["y"] >= 0 and box["y"] + box["height"] <= SIZES["phone"]["height"]
        assert page.evaluate("window.scrollY") == 0
        long_press_zooms(page, tile, slugs[0])


def long_press_zooms(page: Any, tile: Any, slug: str) -> None:
    """A long-press on a pick tile opens the card in full and does not choose it."""
    opened = "document.querySelector('dialog.face-dialog') && document.querySelector('dialog.face-dialog').open"
    box = tile.locator(".face-box").bounding_box()
    point = {"x": box["x"] + box["width"] / 2, "y": box["y"] + box["height"] / 2}
    touch = page.context.new_cdp_session(page)
    touch.send("Input.dispatchTouchEvent", {"type": "touchStart", "touchPoints": [point]})
    wait_in_page(page, opened)
    touch.send("Input.dispatchTouchEvent", {"type": "touchEnd", "touchPoints": []})
    assert page.locator("dialog.face-dialog .face-full").get_attribute("data-face-id") == slug
    page.get_by_role("button", name="Close").click()
    wait_in_page(page, f"!({opened})")
    assert tile.get_attribute("aria-pressed") == "false"
    assert page.get_by_test_id("pick-hint").inner_text() == "0 of 2 chosen"


def pick_through(page: Any, size: str) -> int:
    """Take the first two cards of every pack the page shows until the draft is over."""
    made = 0
    page_name = f"{size}-pick"
    done = "!document.querySelector('[data-testid=draft-done]').hidden"
    fresh = "document.querySelector('#pick-hint').textContent.startsWith('0 of')"
    while True:
        wait_in_page(page, f"{done} || ({fresh} && document.querySelectorAll('[data-testid=card]').length > 0)")
        if page.get_by_test_id("draft-done").is_visible():
            return made
        cards = page.locator("[data-testid=pack] [data-testid=card]")
        for index in range(min(2, cards.count())):
            cards.nth(index).click()
        button = page.get_by_test_id("pick-button")
        assert button.is_enabled()
        if made in (0, 10):
            shot(page, f"{page_name}-{made}")
            shot(page, f"{page_name}-{made}-full", full=True)
        button.click()
        made += 1


def drag(page: Any, card: Any, column: Any) -> None:
    """Drag a card by its name strip onto a column as a hand does: press, move in small steps (the
    browser starts a drag only once the pointer has moved), release over the column."""
    card.scroll_into_view_if_needed()
    box = card.bounding_box()
    target = column.bounding_box()
    assert box is not None and target is not None
    page.mouse.move(box["x"] + 30, box["y"] + 10)
    page.mouse.down()
    page.mouse.move(box["x"] + 40, box["y"] + 20, steps=5)
    page.mouse.move(target["x"] + target["width"] / 2, target["y"] + min(target["height"] / 2, 200), steps=20)
    page.mouse.up()


def drag_until(page: Any, card: Any, column: Any, expression: str) -> None:
    """Drag as a hand does until ``expression`` holds in the page: on a loaded machine the browser may
    miss a drag's first moves and start none; the card is then still where it was, and is dragged
    again (at most three times, each given 15 s to show)."""
    for _ in range(2):
        drag(page, card, column)
        try:
            wait_in_page(page, expression, timeout=15_000)
            return
        except Exception as error:
            if "timed out" not in str(error):
                raise
    drag(page, card, column)
    wait_in_page(page, expression)


@pytest.mark.django_db(transaction=True)
@pytest.mark.parametrize("size", ["desktop", "phone"])
def test_a_whole_draft_and_a_deck_through_the_pages(browser: Any, live_site: Any, size: str) -> None:
    table = draft_table(2, username=f"screen-{size}")
    pod = started_pod(table, seats=4, settings=TIMES)
    me, other = human_seats(pod)
    draft_pods.swap_for_bot(pod, other.index, table.organiser)
    player = me.registration.player  # type: ignore[union-attr]

    page = signed_in(browser, live_site, player, size)
    posted: list[str] = []
    page.on("request", lambda request: posted.append(request.url) if request.method == "POST" else None)
    page.goto(f"{live_site.url}/pods/{pod.pk}/")
    wait_in_page(page, "document.querySelectorAll('[data-testid=pack] [data-testid=card]').length === 18")
    wait_in_page(page, "document.querySelector('[data-testid=live-mode]').textContent === 'Live.'")
    check_first_pack(page, size)
    assert internal_ids(page.inner_text("main")) == []

    made = pick_through(page, size)
    assert made == 16  # 8 a round: the 9th, the pack's last two cards, is forced
    assert Pick.objects.filter(seat=me, auto=False).count() == 16
    assert [url for url in posted if "/api/pods/" in url] == []  # every pick and mark went on the socket
    # Over: no clock, no Pick button, no empty pack; a clear way on to the deck.
    assert page.get_by_test_id("draft-done").is_visible()
    assert "Draft complete — build your deck" in page.get_by_test_id("draft-done").inner_text()
    assert not page.get_by_test_id("pick-clock").is_visible()
    assert not page.get_by_test_id("pick-button").is_visible()
    assert "Time to pick" not in page.inner_text("main")
    shot(page, f"{size}-draft-done")
    assert page.locator("[data-testid=pick-groups] [data-face-id]").count() == 36
    assert page.locator("[data-testid=pick-curve] svg rect").count() == 7
    assert "(auto" not in page.get_by_test_id("picks").inner_text()  # forced picks are not auto-picks
    assert internal_ids(page.inner_text("main")) == []

    page.get_by_test_id("pool-link").click()
    page.wait_for_load_state()
    pool = Pool.objects.get(pod=pod, registration__player=player)
    assert page.locator("[data-testid=side-cards] [data-face-id]").count() == 36
    # Filters narrow both columns; moving a card and back is a click each way.
    first_class = page.locator("#filter-class option").nth(1).get_attribute("value")
    page.select_option("#filter-class", first_class)
    shown = page.locator("[data-testid=side-cards] [data-face-id]")
    assert 0 < shown.count() < 36
    strip = {"x": 30, "y": 10}  # the name strip: cards in a stack overlap below it
    shown.first.click(position=strip)
    wait_in_page(page, "document.querySelector('[data-testid=deck-count]').textContent === '1'")
    page.locator("[data-testid=deck-cards] [data-face-id]").first.click(position=strip)
    wait_in_page(page, "document.querySelector('[data-testid=deck-count]').textContent === '0'")
    page.select_option("#filter-class", "")
    # The unfiltered column is drawn again before anything is dragged from it (a drag that starts on a
    # card being replaced drops nothing).
    wait_in_page(page, "document.querySelectorAll('[data-testid=side-cards] [data-face-id]').length === 36")
    if size == "desktop":  # a drag moves a card too
        side_card = page.locator("[data-testid=side-cards] [data-face-id]").first
        count_is = "document.querySelector('[data-testid=deck-count]').textContent === '{}'"
        drag_until(page, side_card, page.get_by_test_id("deck-column"), count_is.format(1))
        deck_card = page.locator("[data-testid=deck-cards] [data-face-id]").first
        drag_until(page, deck_card, page.get_by_test_id("side-column"), count_is.format(0))

    page.get_by_test_id("submit-deck").click()  # an empty deck: refused, shown as an error
    wait_in_page(page, "document.querySelector('[data-testid=deck-message]').classList.contains('error')")
    page.get_by_test_id("suggest").click()
    wait_in_page(page, "document.querySelector('[data-testid=deck-count]').textContent === '30'")
    assert page.locator("[data-testid=deck-cards] [data-face-id]").count() == 30
    assert page.locator("[data-testid=side-cards] [data-face-id]").count() == 6
    wait_in_page(page, "document.querySelector('[data-testid=violations]').textContent.includes('Legal deck')")
    page.get_by_test_id("submit-deck").click()
    wait_in_page(page, "document.querySelector('[data-testid=deck-message]').textContent === 'Deck registered.'")
    shot(page, f"{size}-pool")
    shot(page, f"{size}-pool-full", full=True)
    message = page.get_by_test_id("deck-message")
    assert message.is_visible() and message.get_attribute("role") == "status"
    assert "success" in (message.get_attribute("class") or "")
    assert internal_ids(page.inner_text("main")) == []
    page.reload()  # coming back: the registered deck is in the deck column
    wait_in_page(page, "document.querySelector('[data-testid=deck-count]').textContent === '30'")
    assert "registered deck" in page.get_by_test_id("deck-message").inner_text()
    pool.refresh_from_db()
    assert pool.deck_done and DeckVersion.objects.filter(deck__player=player).count() == 1
    assert Pod.objects.get(pk=pod.pk).status in (Pod.Status.BUILDING, Pod.Status.DONE)
    page.context.close()
