"""The deck swap on phones, with a real Celery worker: two players of a pod of 3 tap their ten
cards left and right, the third is left to the deadline, and each then sees what came from whom;
and an open swap page that follows the pod by push over a real ASGI server and Redis."""

from __future__ import annotations

from typing import Any

import pytest
from django.test import override_settings

from tests.browser.asgi import asgi_server
from tests.browser.pod_event_steps import NO_SIDEWAYS_SCROLL, choose_on_the_page, deadline_chooses
from tests.browser.redis_layer import redis_channel_layers
from tests.browser.test_event_flow import logged_in_page
from tests.browser.test_play_page import Live
from tests.browser.test_print_and_projector import REDIS_ASGI, subscribers
from tests.browser.waiting import wait_in_page
from tests.swaps.helpers import runebound_pod_event, seat_pod
from tests.swaps.test_services import choose
from tests.waiting import wait_until
from tournaments.live import event_group
from tournaments.swaps import services
from tournaments.swaps.models import SwapSeat

pytestmark = [pytest.mark.browser, pytest.mark.slow, pytest.mark.django_db(transaction=True)]


def test_a_pod_of_three_chooses_on_the_page_and_the_deadline_chooses_for_the_third(
    browser: Any, live_site: Any
) -> None:
    event = runebound_pod_event(3)
    services.set_plan(event, event.organiser, [1], 10)
    pod = seat_pod(event)
    (swap,) = services.open_swaps(pod.round)
    ada, bo, cy = pod.players
    url = f"{live_site.url}/events/{event.pk}/swaps/{swap.pk}/"

    ada_page = logged_in_page(browser, live_site, ada)
    ada_page.goto(url)
    ada_page.get_by_test_id("swap-clock").wait_for()
    choose_on_the_page(ada_page, "Bo", "Cy")
    ada_page.get_by_test_id("swap-progress").filter(has_text="waiting for 2 players").wait_for()

    bo_page = logged_in_page(browser, live_site, bo)
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

    cy_page = logged_in_page(browser, live_site, cy)
    cy_page.goto(url)
    cy_page.get_by_test_id("swap-automatic").wait_for()
    assert cy_page.get_by_test_id("received-from").all_inner_texts() == ["From Ada", "From Bo"]
    for page in (ada_page, bo_page, cy_page):
        page.context.close()


def test_the_swap_page_follows_the_pod_by_push(browser: Any) -> None:
    """A real ASGI server on Redis pub/sub: the others' choices, made here (another process), reach
    Ada's open swap page through the event's socket; it shows them, then what came, at once."""
    event = runebound_pod_event(3)
    services.set_plan(event, event.organiser, [1], 10)
    pod = seat_pod(event)
    (swap,) = services.open_swaps(pod.round)
    ada = pod.players[0]
    with override_settings(CHANNEL_LAYERS=redis_channel_layers()), asgi_server(REDIS_ASGI) as url:
        page = logged_in_page(browser, Live(url), ada)
        page.goto(f"{url}/events/{event.pk}/swaps/{swap.pk}/")
        wait_in_page(page, "document.body.dataset.socket === 'live'")
        wait_until(lambda: subscribers(event_group(event.pk)) >= 1, message="the swap page's socket to subscribe")
        progress = page.get_by_test_id("swap-progress")
        assert progress.inner_text() == "0 of 3 players have chosen: waiting for 3 players."
        choose(pod, swap, 1)  # Bo
        progress.filter(has_text="1 of 3 players has chosen").wait_for(timeout=5_000)  # by push, not a 10 s poll
        choose(pod, swap, 2)  # Cy
        choose(pod, swap, 0)  # Ada, from another tab: the cards pass
        page.get_by_test_id("received-from").first.wait_for(timeout=5_000)
        assert page.get_by_test_id("received-from").all_inner_texts() == ["From Bo", "From Cy"]
        page.context.close()
