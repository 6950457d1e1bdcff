"""A brand-new player learns The Awakening from the tutorial: signs up, finds Learn to play from the
home page, starts the tutorial and finishes it by pressing only what the coach box points at (the
test knows no rules: it clicks the element marked data-tutorial-target), then starts the untimed
practice game the end offers, which shows no clock."""

from __future__ import annotations

from typing import Any

import pytest

from gameplay.matches.models import PlayMatch
from tests.browser.asgi import asgi_server
from tests.browser.waiting import wait_in_page

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

TARGET = "[data-tutorial-target]"
COACH = '[data-testid="coach"]'
# the coach points at something, or the game is over
READY = f"document.querySelector('{TARGET}') !== null || document.querySelector('{COACH}').dataset.over === 'yes'"
PRESSES = 200  # far more than the tutorial needs
PHONE, LAPTOP = {"width": 390, "height": 844}, {"width": 1200, "height": 900}
FITS = "document.documentElement.scrollWidth <= window.innerWidth"


def sign_up(page: Any, url: str) -> None:
    page.goto(f"{url}/")
    page.get_by_role("link", name="Create an account").click()
    page.fill("#id_username", "newcomer")
    page.fill("#id_display_name", "Newcomer")
    page.fill("#id_email", "newcomer@example.com")
    page.fill("#id_password1", "a-long-pass-phrase")
    page.fill("#id_password2", "a-long-pass-phrase")
    page.get_by_role("button", name="Sign up").click()
    page.wait_for_url(f"{url}/")


def start_a_tutorial(browser: Any, url: str, screen: dict[str, int], link: str) -> Any:
    """A brand-new account finds Learn to play from the home page (through the menu below 1280
    pixels wide, as on a phone or this 1200-pixel laptop) and starts the tutorial behind the link
    with test id ``link``; the page, once its coach is shown."""
    page = browser.new_page(viewport=screen)
    sign_up(page, url)
    if screen["width"] < 1280:
        page.get_by_role("button", name="Menu").click()  # the header's links fold into the menu
    page.get_by_test_id("nav-learn").click()
    page.wait_for_url(f"{url}/learn/")
    page.get_by_test_id(link).click()
    page.get_by_test_id("tutorial-start").click()
    page.wait_for_url(f"{url}/play/**")
    page.get_by_test_id("coach").wait_for()
    assert page.evaluate(FITS)  # nothing wider than the screen
    return page


@pytest.mark.parametrize("screen", [PHONE, LAPTOP], ids=["phone", "laptop"])
def test_a_newcomer_completes_the_awakening_tutorial_by_following_the_coach(
    browser: Any, screen: dict[str, int]
) -> None:
    with asgi_server("tests.browser.bot_asgi:application") as url:
        page = start_a_tutorial(browser, url, screen, "tutorial-link")
        steps = []
        for _ in range(PRESSES):
            wait_in_page(page, READY, timeout=60_000)
            if page.locator(COACH).get_attribute("data-over") == "yes":
                break
            target = page.locator(TARGET).first
            steps.append(target.get_attribute("data-tutorial-target"))
            try:
                target.evaluate("node => node.scrollIntoView({block: 'center'})")
                target.click(timeout=5_000)
            except Exception:  # the page redrew (a push) between finding and clicking: look again
                continue
        assert page.locator(COACH).get_attribute("data-over") == "yes"
        assert "You win" in page.get_by_test_id("coach-say").inner_text()
        match = PlayMatch.objects.get(player1__username="newcomer", tutorial="awakening")
        assert match.winner == 1 and match.pace == PlayMatch.Pace.UNTIMED
        for lesson in ("set-concentration", "make-light", "play-runespell", "first-answer", "first-block"):
            assert lesson in steps, (lesson, steps)

        page.get_by_test_id("practice-after-tutorial").click()
        page.wait_for_url(lambda u: "/play/" in u and f"/play/{match.pk}/" not in u)
        wait_in_page(page, "document.querySelector('.clock-chip') !== null")  # the board is drawn
        practice = PlayMatch.objects.exclude(pk=match.pk).get(player1__username="newcomer")
        assert practice.pace == PlayMatch.Pace.UNTIMED and practice.deadline is None
        assert page.locator(".clock-chip").evaluate_all("chips => chips.every(c => !c.getClientRects().length)")
        page.close()
