"""A 6-seat draft with 2 bots in Chromium: three players pick, one stops and is auto-picked,
every player ends with a registered deck (the idle one's built at the deadline).

The live server is WSGI (no websockets), so the pages fall back to polling the API every 2 s;
a thread stands in for Celery beat and sweeps the draft's deadlines every 0.3 s.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Iterator
from typing import Any

import pytest
from django.db import connection

from tests.browser.test_event_flow import logged_in_page
from tests.browser.waiting import wait_in_page
from tests.drafts.helpers import sweep_draft
from tests.factories import EventFactory, OrganiserFactory, RegistrationFactory, UserFactory
from tests.waiting import wait_until
from tournaments.drafts.models import Pick, Pod, Pool, Seat
from tournaments.models import DeckVersion
from tournaments.services import registration


@pytest.fixture
def sweeper() -> Iterator[None]:
    """What beat does in production: fire the overdue deadlines, every 0.3 s here."""
    stop = threading.Event()

    def run() -> None:
        try:
            while not stop.is_set():
                sweep_draft()
                stop.wait(0.3)
        finally:
            connection.close()

    thread = threading.Thread(target=run, daemon=True)
    thread.start()
    yield
    stop.set()
    thread.join(timeout=10)


def pick_if_possible(page: Any) -> bool:
    """Choose the first cards of the pack on screen and pick; False if no pack is shown."""
    cards = page.locator("[data-testid=card]")
    take = 2 if cards.count() > 2 else cards.count()
    if take == 0:
        return False
    try:
        for index in range(take):
            cards.nth(index).click(timeout=1000)
        button = page.get_by_test_id("pick-button")
        if button.is_enabled():
            button.click(timeout=1000)
            return True
    except Exception:  # the pack changed under us (auto-pick, poll): try again on the next pass
        return False
    return False


def finished(page: Any) -> bool:
    return "The draft is over" in (page.get_by_test_id("draft-status").text_content() or "")


@pytest.mark.django_db(transaction=True)
def test_a_six_seat_draft_with_two_bots_runs_to_registered_decks(browser: Any, live_site: Any, sweeper: None) -> None:
    organiser = OrganiserFactory.create(username="draft-boss", display_name="Boss")
    event = EventFactory.create(organiser=organiser, format="draft", name="Browser Draft")
    players = [UserFactory.create(username=f"drafter{i}", display_name=f"Drafter {i}") for i in range(4)]
    for player in players:
        RegistrationFactory.create(event=event, player=player)
    registration.start_event(event, organiser)

    boss = logged_in_page(browser, live_site, organiser)
    boss.goto(f"{live_site.url}/events/{event.pk}/draft/")
    boss.fill("#seats_per_pod", "6")
    boss.check("input[name=fill_with_bots]")
    boss.locator("details summary").click()
    # ten seconds a pick: the pages learn of a pack by polling every 2 s, so a shorter clock leaves a
    # loaded (or clock-shifted, `make test-future`) browser no time to pick before the auto-pick
    boss.fill("#base_seconds", "10")
    boss.fill("#per_card_seconds", "0")
    boss.fill("#review_seconds_first", "2")
    boss.fill("#draft_deck_building_seconds", "40")
    boss.get_by_test_id("seat-pods").click()
    boss.wait_for_load_state()
    pod = Pod.objects.get(event=event)
    assert Seat.objects.filter(pod=pod, bot=True).count() == 2
    boss.get_by_test_id("start-pod-1").click()
    boss.wait_for_load_state()
    assert Pod.objects.get(pk=pod.pk).status == Pod.Status.DRAFTING

    idle, *active = players
    pages = []
    for player in active:
        page = logged_in_page(browser, live_site, player)
        page.goto(f"{live_site.url}/events/{event.pk}/draft/")
        page.get_by_test_id("my-pod-link").click()
        page.wait_for_load_state()
        pages.append(page)
    idle_page = logged_in_page(browser, live_site, idle)
    idle_page.goto(f"{live_site.url}/pods/{pod.pk}/")  # opens the pick screen, then never picks

    deadline = time.monotonic() + 600  # 18 picks of the idle seat at 10 s each, and the rounds' reviews
    while time.monotonic() < deadline and not all(finished(p) for p in pages):
        for page in pages:
            pick_if_possible(page)
        time.sleep(0.1)
    assert all(finished(p) for p in pages), "the draft did not finish in the browsers"
    idle_seat = Seat.objects.get(pod=pod, registration__player=idle)
    idle_picks = list(Pick.objects.filter(seat=idle_seat))
    assert len(idle_picks) == 18 and all(p.auto and not p.by_bot for p in idle_picks)
    assert Pick.objects.filter(pod=pod, auto=False).count() > 0
    assert "auto" in idle_page.get_by_test_id("picks").text_content()

    for page in pages:
        page.get_by_test_id("pool-link").click()
        page.wait_for_load_state()
        page.get_by_test_id("suggest").click()
        wait_in_page(page, "document.querySelector('[data-testid=deck-count]').textContent === '30'")
        page.get_by_test_id("submit-deck").click()
        wait_in_page(page, "document.querySelector('[data-testid=deck-message]').textContent === 'Deck registered.'")
    wait_until(lambda: Pod.objects.get(pk=pod.pk).status == Pod.Status.DONE, 120, "every deck to be built")
    versions = DeckVersion.objects.filter(deck__event=event)
    assert versions.count() == 4 and versions.filter(automatic=True, deck__player=idle).count() == 1
    assert Pool.objects.get(pod=pod, registration__player=idle).auto_built
    boss.goto(f"{live_site.url}/events/{event.pk}/draft/")
    assert "built at the deadline" in boss.content()
