"""The deck swap on phones, with a real Celery worker: two players of a pod of 3 tap their ten
cards left and right, the third is left to the deadline, and each then sees what came from whom."""

from __future__ import annotations

import os
from typing import Any

import pytest
from django.utils import timezone

from tests.browser.test_event_flow import logged_in_page
from tests.processes import celery_process, stop_process, wait_for_worker
from tests.swaps.helpers import runebound_pod_event, seat_pod
from tests.waiting import wait_until
from tournaments.swaps import services
from tournaments.swaps.models import PodSwap, SwapSeat

pytestmark = [pytest.mark.browser, pytest.mark.slow, pytest.mark.django_db(transaction=True)]

NO_SIDEWAYS_SCROLL = "document.documentElement.scrollWidth <= window.innerWidth"


def choose_on_the_page(page: Any, left: str, right: str) -> None:
    """Tap the first five cards to the left neighbour and the next five to the right one."""
    cards = page.get_by_test_id("swap-card")
    count = page.get_by_test_id("swap-count")
    count.filter(has_text="0 of 10 chosen").wait_for()
    for i in range(10):
        cards.nth(i).locator("label", has_text=f"To {left if i < 5 else right}").click()  # a tap on the button
        if i == 6:
            count.filter(has_text=f"7 of 10 chosen · 5 of 5 to {left} · 2 of 5 to {right}").wait_for()
    count.filter(has_text="10 of 10 chosen").wait_for()
    assert page.evaluate(NO_SIDEWAYS_SCROLL)
    page.get_by_test_id("swap-submit").click()
    page.get_by_test_id("swap-chosen").wait_for()


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

    name = f"swap-{os.getpid()}"
    worker = celery_process("worker", "-Q", "timers", "-c", "1", "-n", f"{name}@%h")
    try:
        wait_for_worker(name)
        PodSwap.objects.filter(pk=swap.pk).update(deadline=timezone.now())  # Cy's time runs out now
        swap.refresh_from_db()
        services.schedule(swap)
        wait_until(
            lambda: PodSwap.objects.filter(pk=swap.pk, revealed_at__isnull=False).exists(),
            120,
            "the worker to choose for Cy",
        )
    finally:
        stop_process(worker)
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
