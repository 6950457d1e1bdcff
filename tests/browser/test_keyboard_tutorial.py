"""Issue 28: the Runeslingers play page is played with the keyboard alone. A signed-in newcomer
opens Learn to play, starts the Awakening tutorial and completes it without a click: each step
they move the focus with Tab or Shift+Tab to what the coach points at (data-tutorial-target, as
tests/browser/test_tutorial.py follows only what the page says) and press Enter or Space. Every
control reached that way shows where the focus is."""

from __future__ import annotations

from typing import Any

import pytest

from gameplay.matches.models import PlayMatch
from tests.browser.asgi import asgi_server
from tests.browser.test_event_flow import logged_in_page
from tests.browser.test_tutorial import COACH, PRESSES, READY, TARGET
from tests.browser.waiting import wait_in_page
from tests.factories import UserFactory

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

PHONE, LAPTOP = {"width": 390, "height": 844}, {"width": 1280, "height": 800}
TABS = 120  # the most Tab presses one step may take before the test gives up on it
# where the marked element lies from the focus: "after", "before", "here", or "none" (no mark)
WHERE = """() => {
  const mark = document.querySelector('[data-tutorial-target]');
  if (!mark) return 'none';
  const at = document.activeElement;
  if (at === mark) return 'here';
  if (!at || at === document.body) return 'after';
  return at.compareDocumentPosition(mark) & Node.DOCUMENT_POSITION_FOLLOWING ? 'after' : 'before';
}"""
# the focused element draws a focus ring (an outline, or a ring drawn as a box shadow)
RING = """() => {
  const at = document.activeElement, look = getComputedStyle(at);
  return (look.outlineStyle !== 'none' && parseFloat(look.outlineWidth) > 0) || look.boxShadow !== 'none';
}"""


# the focused element is not cut off at the sides, nor hidden under the docked hand and controls
IN_SIGHT = """() => {
  const at = document.activeElement, box = at.getBoundingClientRect();
  if (box.left < -1 || box.right > innerWidth + 1) return false;
  const x = box.left + box.width / 2;
  const ys = [box.top + 4, box.top + box.height / 2, box.bottom - 4].filter(y => y >= 0 && y < innerHeight);
  return ys.some(y => { const hit = document.elementFromPoint(x, y); return hit && (at === hit || at.contains(hit)); });
}"""

# whether what the coach points at, focused, shows its focus ring (None: it is not focused any more)
RINGED_MARK = (
    "() => document.activeElement && document.activeElement.hasAttribute('data-tutorial-target') ? ("
    + RING
    + ")() : null"
)
STOP = (
    "() => document.activeElement && document.activeElement !== document.body"
    " ? document.activeElement.outerHTML.slice(0, 120) : null"
)
A_FACE = "() => document.activeElement.matches('button.face[data-face-id]')"


class Live:
    def __init__(self, url: str) -> None:
        self.url = url


def press_on(page: Any, test_id: str) -> None:
    """Tab to the element of ``test_id`` (a link or a button of the page) and press Enter."""
    for _ in range(TABS):
        page.keyboard.press("Tab")
        if page.evaluate(f"() => !!document.activeElement && document.activeElement.dataset.testid === '{test_id}'"):
            assert page.evaluate(RING), f"{test_id} has the focus but shows no focus ring"
            page.keyboard.press("Enter")
            return
    raise AssertionError(f"Tab never reached {test_id}")


def in_sight(page: Any) -> bool:
    """The focused element comes whole into sight (a row scrolls it in, a card settles after its
    lift) within a moment, or the focus moved on (a redraw)."""
    try:
        wait_in_page(page, f"document.activeElement === document.body || ({IN_SIGHT})()", timeout=3_000)
    except Exception:
        return False
    return True


def focus_the_mark(page: Any, blocked: list[str]) -> bool:
    """Moves the focus to what the coach points at, Tab forward or Shift+Tab back as it lies from
    the focus; False when the mark went away (the page redrew) before it was reached. Each stop
    on the way that shows no focus ring, or lies hidden (under the docked hand), goes in ``blocked``."""
    for _ in range(TABS):
        where = page.evaluate(WHERE)
        if where == "here":
            return True
        if where == "none":
            return False
        page.keyboard.press("Tab" if where == "after" else "Shift+Tab")
        at = page.evaluate(STOP)
        if at is None:
            continue  # a redraw took the focus away this moment (the page gives it back)
        if not page.evaluate(RING):
            blocked.append("no ring: " + at)
        if not in_sight(page):
            blocked.append("hidden: " + at)
    raise AssertionError("the focus never reached what the coach points at: " + page.evaluate(
        "document.querySelector('[data-tutorial-target]').outerHTML.slice(0, 200)"))  # fmt: skip


def zoom_and_back(page: Any) -> bool:
    """Z on the focused card face opens its full face in a dialog, with the focus in it; Escape
    closes it and gives the focus back to the face (the zoom does not keep it). False when the
    page redrew in between (the test tries on a later step)."""
    name = page.evaluate("() => document.activeElement.dataset.faceId")
    page.keyboard.press("z")
    dialog = page.locator("dialog.face-dialog[open]")
    dialog.wait_for()
    assert page.evaluate("() => !!document.activeElement.closest('dialog.face-dialog[open]')")
    page.keyboard.press("Escape")
    dialog.wait_for(state="hidden")
    if page.evaluate("() => document.activeElement.dataset.faceId") != name:
        return False
    assert page.evaluate(RINGED_MARK) is not False
    return True


@pytest.mark.parametrize("screen", [PHONE, LAPTOP], ids=["phone", "laptop"])
def test_the_awakening_tutorial_is_completed_with_the_keyboard_alone(browser: Any, screen: dict[str, int]) -> None:
    user = UserFactory.create(username="newcomer", display_name="Newcomer")
    with asgi_server("tests.browser.bot_asgi:application") as url:
        page = logged_in_page(browser, Live(url), user, viewport=screen)
        page.goto(f"{url}/learn/")
        press_on(page, "tutorial-link")
        page.wait_for_url(f"{url}/learn/tutorial/**")
        press_on(page, "tutorial-start")
        page.wait_for_url(f"{url}/play/**")
        page.get_by_test_id("coach").wait_for()
        steps: list[str | None] = []
        blocked: list[str] = []
        keys, zoomed = {"Enter": 0, "Space": 0}, False
        for n in range(PRESSES):
            wait_in_page(page, READY, timeout=60_000)
            if page.locator(COACH).get_attribute("data-over") == "yes":
                break
            step = page.locator(TARGET).first.get_attribute("data-tutorial-target")
            if not focus_the_mark(page, blocked):
                continue  # the page redrew (a push) while the focus moved: look again
            ring = page.evaluate(RINGED_MARK)
            if ring is None:
                continue  # a push redrew the controls just now: the focus went to them; look again
            assert ring, f"step {step}: the focused control shows no focus ring"
            if not zoomed and page.evaluate(A_FACE):
                zoomed = zoom_and_back(page)
            key = "Enter" if n % 2 == 0 else "Space"  # both keys press a control
            keys[key] += 1
            steps.append(step)
            page.keyboard.press(key)
        assert page.locator(COACH).get_attribute("data-over") == "yes", steps
        assert "You win" in page.get_by_test_id("coach-say").inner_text()
        match = PlayMatch.objects.get(player1__username="newcomer", tutorial="awakening")
        assert match.winner == 1
        for lesson in ("set-concentration", "make-light", "play-runespell", "first-answer", "first-block"):
            assert lesson in steps, (lesson, steps)
        assert keys["Enter"] and keys["Space"]
        assert zoomed, "no card was zoomed by its key"
        assert blocked == [], "\n".join(blocked)  # every Tab stop showed its ring, in sight
        page.close()
