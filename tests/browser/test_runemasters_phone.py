"""Runemasters on a phone (issue 28): at 390x844 the dice and the action buttons sit next to the
board, within one screen's height of its top, and nothing is wider than the screen; at 1280x800
the desktop board keeps its wide layout (the dice beside the actions). Measured on the real table
page of a seeded table, from the elements' bounding boxes."""

from __future__ import annotations

import os
from typing import Any

import pytest

from gameplay.matches import services
from gameplay.matches.models import PlayMatch
from gameplay.matches.services import SeatSpec
from tests.browser.asgi import asgi_server
from tests.browser.onsite import Live
from tests.browser.test_event_flow import logged_in_page
from tests.browser.waiting import wait_in_page, wait_until_live
from tests.factories import UserFactory

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

PHONE, DESKTOP = {"width": 390, "height": 844}, {"width": 1280, "height": 800}
SHOTS = os.environ.get("FETT_SHOTS", "")  # a folder for screenshots, when a person wants to look
# every box in page coordinates: the board, the dice tray, each action button (and each folded
# group's summary, a tap from its buttons), and the page's width
MEASURE = """() => {
  const box = node => {
    const r = node.getBoundingClientRect();
    return {top: r.top + scrollY, bottom: r.bottom + scrollY, left: r.left, right: r.right, text: node.textContent};
  };
  const board = document.querySelector('[data-rm-board]');
  return {
    board: box(board),
    dice: box(board.querySelector('.rm-dice')),
    actions: Array.from(board.querySelectorAll('.rm-actions button, .rm-actions summary'))
      .filter(b => b.checkVisibility()).map(box),
    scrollWidth: document.documentElement.scrollWidth,
  };
}"""


# the board is drawn with its actions, and styled (its stylesheet is linked from the board's partial)
DRAWN = (
    "document.readyState === 'complete' && document.querySelector('[data-rm-board] .rm-actions button') !== null"
    " && getComputedStyle(document.querySelector('[data-rm-board]')).display === 'grid'"
)


def table(user: Any, guardians: list[str], seed: int) -> PlayMatch:
    return services.create_table(
        "runemasters", {"guardians": guardians, "difficulty": "initiate"}, [SeatSpec(user) for _ in guardians],
        seed=seed, pace=PlayMatch.Pace.UNTIMED,
    )  # fmt: skip


@pytest.mark.parametrize(
    "guardians", [["kyreas", "ismoros"], ["neltai", "ismoros", "kulak", "kyreas"]], ids=["two", "four"]
)
def test_on_a_phone_the_dice_and_actions_are_within_a_screen_of_the_board_top(
    browser: Any, guardians: list[str]
) -> None:
    ann = UserFactory.create(username="ann", display_name="Ann")
    match = table(ann, guardians, seed=5)
    with asgi_server("tests.browser.bot_asgi:application") as url:
        page = logged_in_page(browser, Live(url), ann, viewport=PHONE, is_mobile=True)
        page.goto(f"{url}/play/{match.pk}/")
        wait_until_live(page)
        wait_in_page(page, DRAWN)
        seen = page.evaluate(MEASURE)
        if SHOTS:
            page.screenshot(path=os.path.join(SHOTS, f"phone-board-{len(guardians)}.png"), full_page=True)
        assert seen["scrollWidth"] <= PHONE["width"], seen["scrollWidth"]  # no horizontal scroll
        reach = seen["board"]["top"] + PHONE["height"]
        assert seen["dice"]["bottom"] <= reach, (seen["dice"], seen["board"])
        assert seen["actions"], "no action button is shown"
        for button in seen["actions"]:
            assert button["bottom"] <= reach, (button["text"], button["bottom"], reach)
            assert button["right"] <= PHONE["width"]
        page.context.close()


def test_on_a_desktop_the_dice_sit_beside_the_actions_and_the_board_fits(browser: Any) -> None:
    ann = UserFactory.create(username="ann", display_name="Ann")
    match = table(ann, ["kyreas", "ismoros"], seed=5)
    with asgi_server("tests.browser.bot_asgi:application") as url:
        page = logged_in_page(browser, Live(url), ann, viewport=DESKTOP)
        page.goto(f"{url}/play/{match.pk}/")
        wait_until_live(page)
        wait_in_page(page, DRAWN)
        seen = page.evaluate(MEASURE)
        if SHOTS:
            page.screenshot(path=os.path.join(SHOTS, "desktop-board.png"), full_page=True)
        assert seen["scrollWidth"] <= DESKTOP["width"]
        first = seen["actions"][0]
        assert first["left"] >= seen["dice"]["right"] and first["top"] < seen["dice"]["bottom"]  # side by side
        page.context.close()
