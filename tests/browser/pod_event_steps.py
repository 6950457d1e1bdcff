"""Steps shared by the pod-event browser tests: the organiser's event form for a pod event, the
places chosen on a pod's report form, a deck-swap choice tapped on the page, and a real Celery
worker making a deck swap's deadline choice."""

from __future__ import annotations

import os
from typing import Any

from django.utils import timezone

from tests.browser.test_draft_screens import shot
from tests.processes import celery_process, stop_process, wait_for_worker
from tests.waiting import wait_until
from tournaments.models import Event, Round
from tournaments.swaps import services
from tournaments.swaps.models import PodSwap

NO_SIDEWAYS_SCROLL = "document.documentElement.scrollWidth <= window.innerWidth"


def create_pod_event(
    page: Any,
    live_server: Any,
    name: str = "Runebound Night",
    rounds: int = 1,
    pod_size: int = 4,
    pod_minimum: int = 3,
    format: str = "",
) -> Event:
    """The organiser fills the event form for a pod event (``format``'s key, or the form's default)."""
    page.goto(f"{live_server.url}/events/new/")
    assert not page.locator("#id_pod_size").is_visible()  # a Swiss event has no pods
    page.fill("#id_name", name)
    if format:
        page.select_option("#id_format", format)
    page.select_option("#id_structure", "pods")
    assert page.locator("#id_pod_size").is_visible() and not page.locator("#id_best_of").is_visible()
    assert page.locator("#id_placement_points").input_value() == "3 2 1 0"
    page.fill("#id_rounds", str(rounds))
    page.fill("#id_pod_size", str(pod_size))
    page.fill("#id_pod_minimum", str(pod_minimum))
    shot(page, "pods-event-form-1280", full=True)
    page.get_by_role("button", name="Create event").click()
    page.wait_for_load_state()
    return Event.objects.get(name=name)


def place_choices(page: Any, places: dict[str, str]) -> None:
    for name, place in places.items():
        page.get_by_label(f"{name}'s place").first.select_option(label=place)


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
    # the pod's last choice passes the cards at once: the page shows what came instead of waiting
    page.get_by_test_id("swap-chosen").or_(page.get_by_test_id("received-from").first).wait_for()


def worker_opens_swaps(round_: Round, pods: int) -> None:
    """A real Celery worker on the `default` queue takes the opening the round's publish queued
    and opens the swap of each of its ``pods`` pods (the publish request opens none)."""
    name = f"swap-open-{os.getpid()}"
    worker = celery_process("worker", "-Q", "default", "-c", "1", "-n", f"{name}@%h", app="tests.browser.redis_celery")
    try:
        wait_until(lambda: PodSwap.objects.filter(round=round_).count() == pods, 120, "the worker to open the swaps")
    finally:
        stop_process(worker, group=False)  # warmly, as below: its push follows the commit


def deadline_chooses(swap: PodSwap) -> None:
    """A real Celery worker on the timers queue; the swap's deadline moves to now and the worker
    makes the automatic choice for every seat that has not chosen, then the cards pass. Its pushes
    go over Redis, to the pages open on a ``live_site``."""
    name = f"swap-{os.getpid()}"
    worker = celery_process("worker", "-Q", "timers", "-c", "1", "-n", f"{name}@%h", app="tests.browser.redis_celery")
    try:
        wait_for_worker(name)
        PodSwap.objects.filter(pk=swap.pk).update(deadline=timezone.now())  # the time runs out now
        swap.refresh_from_db()
        services.schedule(swap)
        wait_until(
            lambda: PodSwap.objects.filter(pk=swap.pk, revealed_at__isnull=False).exists(),
            120,
            "the worker to make the deadline's choice",
        )
    finally:
        # Warmly: the pass is committed, but its push to the open pages is sent just after the commit.
        stop_process(worker, group=False)
