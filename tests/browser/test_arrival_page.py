"""In Chromium (issue 30): the first player at an event's match sees that no clock runs until the
opponent opens the match (no choice buttons yet, the wait's countdown), and the choice of who goes
first opens on both pages the moment the opponent's page connects."""

from __future__ import annotations

from typing import Any

import pytest

from gameplay.matches.models import PlayMatch
from tests.browser.asgi import asgi_server
from tests.browser.onsite import Live, onsite_match
from tests.browser.test_event_flow import logged_in_page
from tests.browser.waiting import wait_in_page

HINT = "document.querySelector('[data-testid=hint]').textContent"


@pytest.mark.django_db(transaction=True)
@pytest.mark.parametrize("width", [390, 1280])
def test_the_choice_waits_for_the_opponent(browser: Any, fresh_redis_state: None, width: int, tmp_path: Any) -> None:
    onsite = onsite_match()
    played = onsite.played
    assert played.deadline_kind == PlayMatch.TimerKind.ARRIVAL
    game = played.current_game()
    assert game is not None
    seats = {0: played.player1, 1: played.player2}
    first, other = seats[game.chooser], seats[1 - game.chooser]  # the chooser arrives first
    assert first is not None and other is not None
    with asgi_server() as url:
        page = logged_in_page(browser, Live(url), first, viewport={"width": width, "height": 900})
        page.goto(f"{url}/play/{played.pk}/")
        page.wait_for_selector('[data-testid="connection"]:has-text("live")')
        wait_in_page(page, f"{HINT}.startsWith('Waiting for both players to open the match: no clock runs yet.')")
        # the wait's countdown (3 minutes from the match's creation; a loaded machine takes a minute
        # or more to open the page, so any m:ss up to 3:00)
        wait_in_page(page, f"/at the latest in [0-3]:[0-5][0-9]\\.$/.test({HINT})")
        assert page.get_by_test_id("choose-me").count() == 0
        absent = page.get_by_test_id("setup-absent").inner_text()
        assert "has not connected yet" in absent and "No clock runs until both players are here" in absent
        assert page.locator(".clock-chip.running").count() == 0  # neither clock runs
        page.screenshot(path=tmp_path / f"arrival-{width}.png")  # to look at (pytest --basetemp)

        opponent = logged_in_page(browser, Live(url), other)
        opponent.goto(f"{url}/play/{played.pk}/")
        page.get_by_test_id("choose-me").wait_for()  # the chooser's buttons appear: the choice's clock runs
        wait_in_page(page, f"{HINT}.includes('do you play first or go second?')")
        assert PlayMatch.objects.get(pk=played.pk).deadline_kind == PlayMatch.TimerKind.CHOICE
