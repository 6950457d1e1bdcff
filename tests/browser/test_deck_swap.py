"""The deck swap on phones, with a real Celery worker: two players of a pod of 3 tap their ten
cards left and right, the third is left to the deadline, and each then sees what came from whom."""

from __future__ import annotations

from typing import Any

import pytest

from tests.browser.pods import NO_SIDEWAYS_SCROLL, choose_on_the_page, deadline_chooses
from tests.browser.test_event_flow import logged_in_page
from tests.swaps.helpers import runebound_pod_event, seat_pod
from tournaments.swaps import services
from tournaments.swaps.models import SwapSeat

pytestmark = [pytest.mark.browser, pytest.mark.slow, pytest.mark.django_db(transaction=True)]


def test_a_pod_of_three_chooses_on_the_page_and_the_deadline_chooses_for_the_third(
    browser: Any, live_server: Any
) -> None:
    event = runebound_pod_event(3)
    services.set_plan(event, event.organiser, [1], 10)
    pod = seat_pod(event)
    (swap,) = services.open_swaps(pod.round)
    ada, bo, cy = pod.players
    url = f"{live_server.url}/events/{event.pk}/swaps/{swap.pk}/"

    ada_page = logged_in_page(browser, live_server, ada)
    ada_page.goto(url)
    ada_page.get_by_test_id("swap-clock").wait_for()
    choose_on_the_page(ada_page, "Bo", "Cy")
    ada_page.get_by_test_id("swap-progress").filter(has_text="waiting for 2 players").wait_for()

    bo_page = logged_in_page(browser, live_server, bo)
    bo_page.goto(url)
    assert "Ada: has chosen" in bo_page.inner_text("body")
    choose_on_the_page(bo_page, "Cy", "Ada")
    bo_page.get_by_test_id("swap-progress").filter(has_text="waiting for 1 player").wait_for()

    deadline_chooses(swap)  # Cy's time runs out now
    assert [s.automatic for s in SwapSeat.objects.filter(swap=swap).order_by("position")] == [False, False, True]

    # Ada's open page notices the pass by itself and shows what came from whom.
    ada_page.get_by_test_id("received-from").filter(has_text="From Cy").wait_for(timeout=60_000)
    assert ada_page.get_by_test_id("received-from").all_inner_texts() == ["From Bo", "From Cy"]
    deck = ada_page.get_by_test_id("game-deck")
    assert deck.locator(".swap-borrowed").count() == 10
    assert ada_page.evaluate(NO_SIDEWAYS_SCROLL)

    cy_page = logged_in_page(browser, live_server, cy)
    cy_page.goto(url)
    cy_page.get_by_test_id("swap-automatic").wait_for()
    assert cy_page.get_by_test_id("received-from").all_inner_texts() == ["From Ada", "From Bo"]
    for page in (ada_page, bo_page, cy_page):
        page.context.close()
