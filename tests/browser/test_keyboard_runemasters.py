"""Issue 28: the Runemasters board is played with the keyboard alone. A newcomer who has just
signed up opens Learn to play, starts the Runemasters tutorial and completes it without a click:
each step they move the focus with Tab or Shift+Tab to what the coach marks (data-tutorial-target;
the test knows no rules, a folded group of actions is marked by its summary) and press Enter or
Space. Every stop of the focus on the way shows its focus ring, in sight."""

from __future__ import annotations

from typing import Any

import pytest

from gameplay.matches.models import PlayMatch
from tests.browser.asgi import asgi_server
from tests.browser.test_keyboard_tutorial import LAPTOP, PHONE, RINGED_MARK, focus_the_mark, press_on
from tests.browser.test_runemasters_tutorial import PRESSES
from tests.browser.test_tutorial import COACH, READY, TARGET, sign_up
from tests.browser.waiting import wait_in_page

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

LESSONS = ("first-strike", "first-move", "first-reroll", "charge", "ultimate", "end-turn")


@pytest.mark.parametrize("screen", [PHONE, LAPTOP], ids=["phone", "laptop"])
def test_the_runemasters_tutorial_is_completed_with_the_keyboard_alone(browser: Any, screen: dict[str, int]) -> None:
    with asgi_server("tests.browser.bot_asgi:application") as url:
        page = browser.new_page(viewport=screen)
        sign_up(page, url)
        page.goto(f"{url}/learn/")
        press_on(page, "tutorial-link-runemasters")
        page.wait_for_url(f"{url}/learn/tutorial/runemasters/")
        press_on(page, "tutorial-start")
        page.wait_for_url(f"{url}/play/**")
        page.get_by_test_id("coach").wait_for()
        steps: list[str | None] = []
        blocked: list[str] = []
        keys = {"Enter": 0, "Space": 0}
        for n in range(PRESSES):
            wait_in_page(page, READY, timeout=60_000)
            if page.locator(COACH).get_attribute("data-over") == "yes":
                break
            step = page.locator(TARGET).first.get_attribute("data-tutorial-target")
            if not focus_the_mark(page, blocked):
                continue  # the board redrew (a push) while the focus moved: look again
            ring = page.evaluate(RINGED_MARK)
            if ring is None:
                continue  # a redraw took the focus just now: look again
            assert ring, f"step {step}: the focused control shows no focus ring"
            key = "Enter" if n % 2 == 0 else "Space"  # both keys press a control, and open a fold
            keys[key] += 1
            steps.append(step)
            page.keyboard.press(key)
        assert page.locator(COACH).get_attribute("data-over") == "yes", steps
        assert "guardians win" in page.get_by_test_id("coach-say").inner_text()
        match = PlayMatch.objects.get(player1__username="newcomer", tutorial="runemasters")
        assert match.outcome == PlayMatch.TableOutcome.WON and match.engine == "runemasters"
        for lesson in LESSONS:
            assert lesson in steps, (lesson, steps)
        assert keys["Enter"] and keys["Space"]
        assert blocked == [], "\n".join(blocked)  # every Tab stop showed its ring, in sight
        page.close()
