"""Card faces in the gallery: the rules text on the face, the zoom by keyboard and by long-press."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from gameplay.runeslingers.site_catalog import current_catalog, load_catalog_into_db
from tests.browser.waiting import wait_in_page

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

DIALOG_OPEN = "document.querySelector('dialog.face-dialog[open]') !== null"
DIALOG_CLOSED = "document.querySelector('dialog.face-dialog[open]') === null"


@pytest.fixture
def phone(browser: Any) -> Iterator[Any]:
    """A touch phone: 390 x 844, touch events on."""
    context = browser.new_context(viewport={"width": 390, "height": 844}, has_touch=True, is_mobile=True)
    page = context.new_page()
    page.set_default_timeout(60_000)
    yield page
    context.close()


def open_gallery(page: Any, url: str, query: str) -> Any:
    load_catalog_into_db(current_catalog())
    page.goto(f"{url}/cards/?q={query}")
    face = page.locator('.card-gallery .face[data-face-id="flaming-fists"]')
    face.wait_for()
    return face


def test_a_face_shows_its_rules_text_and_zooms_from_the_keyboard(page: Any, live_server: Any) -> None:
    face = open_gallery(page, live_server.url, "flaming")
    text = face.locator(".face-text")
    assert text.is_visible()
    assert "Deal 5 damage to target enemy Runeslinger" in text.inner_text()
    assert face.locator(".face-kw").first.inner_text() == "Sear 2"  # the keyword is set in bold
    assert face.locator(".face-name").inner_text() == "Flaming Fists"
    assert face.locator(".face-cost").inner_text() == "2"
    assert face.locator(".face-help").is_hidden()  # the keyword help waits for the full face

    zoom = page.get_by_role("button", name="Show Flaming Fists in full")
    zoom.focus()
    page.keyboard.press("Enter")
    wait_in_page(page, DIALOG_OPEN)
    full = page.locator("dialog.face-dialog .face-full")
    assert full.locator(".face-help").is_visible()
    assert "top of a deck" in full.locator(".face-help").inner_text()
    assert full.locator(".face-help a", has_text="Sear 2").get_attribute("href") == "/learn/glossary/#sear"
    assert "A hit inflicts 2 Burn." in full.locator(".face-text").inner_text()

    page.keyboard.press("Escape")
    wait_in_page(page, DIALOG_CLOSED)
    assert page.evaluate("document.activeElement.getAttribute('aria-label')") == "Show Flaming Fists in full"


def test_a_long_press_on_a_phone_opens_the_full_face(phone: Any, live_server: Any) -> None:
    face = open_gallery(phone, live_server.url, "flaming")
    face.scroll_into_view_if_needed()
    box = face.locator(".face-box").bounding_box()
    point = {"x": box["x"] + box["width"] / 2, "y": box["y"] + box["height"] / 2}
    touch = phone.context.new_cdp_session(phone)
    touch.send("Input.dispatchTouchEvent", {"type": "touchStart", "touchPoints": [point]})
    wait_in_page(phone, DIALOG_OPEN)  # held, not released: the press alone opens it
    touch.send("Input.dispatchTouchEvent", {"type": "touchEnd", "touchPoints": []})
    full = phone.locator("dialog.face-dialog .face-full")
    assert full.get_attribute("data-face-id") == "flaming-fists"
    assert full.locator(".face-text").is_visible()
    width = full.bounding_box()["width"]
    assert width <= 390

    phone.get_by_role("button", name="Close").click()
    wait_in_page(phone, DIALOG_CLOSED)


def test_a_tap_on_the_zoom_button_opens_the_full_face(phone: Any, live_server: Any) -> None:
    open_gallery(phone, live_server.url, "flaming")
    phone.get_by_role("button", name="Show Flaming Fists in full").tap()
    wait_in_page(phone, DIALOG_OPEN)
    assert phone.locator("dialog.face-dialog .face-full").get_attribute("data-face-id") == "flaming-fists"
