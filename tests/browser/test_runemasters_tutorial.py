"""A brand-new player learns Runemasters from its tutorial: signs up, finds Learn to play from the
home page, starts the Runemasters tutorial and finishes it by pressing only what the coach box
points at (the test knows no rules: it clicks the element marked data-tutorial-target), leaves
half-way and resumes from the tutorial page, then starts the untimed practice table the end offers."""

from __future__ import annotations

import os
from typing import Any

import pytest

from gameplay.matches.models import PlayMatch
from tests.browser.asgi import asgi_server
from tests.browser.test_tutorial import COACH, PHONE, READY, TARGET, start_a_tutorial
from tests.browser.waiting import wait_in_page

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

PRESSES = 300  # far more than the tutorial needs
LEAVE_AFTER = 6  # presses before the player leaves and comes back
LAPTOP = {"width": 1280, "height": 800}
SHOTS = os.environ.get("FETT_SHOTS", "")  # a folder for screenshots, when a person wants to look


def follow_the_coach(page: Any, presses: int, steps: list[str]) -> None:
    """Press what the coach points at, ``presses`` times or until the game is over."""
    for _ in range(presses):
        wait_in_page(page, READY, timeout=60_000)
        if page.locator(COACH).get_attribute("data-over") == "yes":
            return
        target = page.locator(TARGET).first
        steps.append(target.get_attribute("data-tutorial-target") or "")
        try:
            target.evaluate("node => node.scrollIntoView({block: 'center'})")
            target.click(timeout=5_000)
        except Exception:  # the page redrew (a push) between finding and clicking: look again
            continue


@pytest.mark.parametrize("screen", [PHONE, LAPTOP], ids=["phone", "laptop"])
def test_a_newcomer_completes_the_runemasters_tutorial_by_following_the_coach(
    browser: Any, screen: dict[str, int]
) -> None:
    with asgi_server("tests.browser.bot_asgi:application") as url:
        page = start_a_tutorial(browser, url, screen, "tutorial-link-runemasters")
        steps: list[str] = []
        follow_the_coach(page, LEAVE_AFTER, steps)

        # leave, and come back through the tutorial page: the same table goes on
        page.goto(f"{url}/learn/tutorial/runemasters/")
        assert page.get_by_test_id("tutorial-start").inner_text() == "Resume the tutorial"
        page.get_by_test_id("tutorial-start").click()
        page.wait_for_url(f"{url}/play/**")
        match = PlayMatch.objects.get(player1__username="newcomer", tutorial="runemasters")
        assert f"/play/{match.pk}/" in page.url
        if SHOTS:
            wait_in_page(page, READY, timeout=60_000)
            page.screenshot(path=os.path.join(SHOTS, f"tutorial-{screen['width']}.png"))
        follow_the_coach(page, PRESSES, steps)

        assert page.locator(COACH).get_attribute("data-over") == "yes"
        assert "guardians win" in page.get_by_test_id("coach-say").inner_text()
        match.refresh_from_db()
        assert match.outcome == PlayMatch.TableOutcome.WON and match.pace == PlayMatch.Pace.UNTIMED
        assert match.seated and match.engine == "runemasters"
        for lesson in ("first-strike", "first-move", "first-reroll", "charge", "ultimate", "end-turn"):
            assert lesson in steps, (
                lesson,
                " ".join(steps),
                list(match.games.get().actions.values_list("action", flat=True)),
            )

        page.get_by_test_id("practice-after-tutorial").click()
        page.wait_for_url(lambda u: "/play/" in u and f"/play/{match.pk}/" not in u)
        page.get_by_test_id("runemasters-board").wait_for()
        practice = PlayMatch.objects.exclude(pk=match.pk).get(player1__username="newcomer")
        assert practice.seated and practice.engine == "runemasters" and not practice.tutorial
        assert practice.pace == PlayMatch.Pace.UNTIMED and practice.turn_seconds is None
        assert "untimed turns" in page.locator("#coop").inner_text()
        page.close()
