"""A turn-based Runeslingers match played over (simulated) days: two players in two browsers make
their moves on the play page; before each move a day (20 hours) passes for the match, and every
decision that passes to the other player sends them a "Your turn" notice (a row in the notice
centre, delivered by a real Celery worker) and raises the bell on their open page. The pages show
the pace and the time bank in hours. Screenshots go to FETT_SHOTS when it is set.

The server and the worker run in their own processes on the real clock, so the days are simulated
by moving the match's clock back (its start and deadline, 20 hours earlier), as the whole bank
of a day had been nearly spent: the move then lands within its deadline, 4 hours before it."""

from __future__ import annotations

import os
from collections.abc import Iterator
from datetime import timedelta
from typing import Any

import pytest
from django.db.models import F

from accounts.models import User
from accounts.notices.models import Notice
from gameplay.matches import services
from gameplay.matches.models import PlayMatch
from gameplay.runeslingers.engine.bots import GreedyAgent
from tests.browser.onsite import play_page
from tests.browser.test_play_match import click_move, next_move, wait_for_the_server
from tests.browser.waiting import wait_in_page
from tests.factories import UserFactory
from tests.processes import celery_process, stop_process, wait_for_worker
from tests.waiting import wait_until

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

DAY = 86400
DECISIONS = 8  # moves and choices made through the pages


def shot(page: Any, name: str) -> None:
    folder = os.environ.get("FETT_SHOTS")
    if folder:
        page.screenshot(path=os.path.join(folder, f"{name}.png"), full_page=True)


@pytest.fixture
def worker() -> Iterator[None]:
    """A real Celery worker (notices on `default`, deadlines on `timers`) on the pages' channel layer."""
    name = f"turns-{os.getpid()}"
    process = celery_process(
        "worker", "-Q", "default,timers", "-c", "1", "-n", f"{name}@%h", app="tests.browser.redis_celery"
    )
    try:
        wait_for_worker(name)
        yield
    finally:
        stop_process(process)


def a_day_passes(match: PlayMatch) -> None:
    """20 hours of the decider's day are spent: the clock started, and its deadline falls, 20 h earlier."""
    shift = timedelta(hours=20)
    PlayMatch.objects.filter(pk=match.pk).update(clock_since=F("clock_since") - shift, deadline=F("deadline") - shift)


def your_turn_notices(user: User) -> list[str]:
    return list(Notice.objects.filter(user=user, kind="your_turn").order_by("id").values_list("key", flat=True))


def bell_count(page: Any) -> str:
    badge = page.get_by_test_id("bell-count")
    return badge.inner_text() if badge.is_visible() else "0"


def notified(match: PlayMatch, other: User, page: Any) -> None:
    """The decision's notice reaches ``other`` (a row, by the worker) and their open page's bell."""
    key = f"match:{match.pk}:turn:{match.timer_version}"
    wait_until(lambda: key in your_turn_notices(other), 120, f"the notice {key} to {other.username}")
    unread = Notice.objects.filter(user=other, read_at__isnull=True).count()
    wait_until(lambda: bell_count(page) == str(unread), 60, f"{other.username}'s bell to show {unread}")


def decide_on_the_page(match: PlayMatch, pages: dict[int, Any], agents: list[GreedyAgent]) -> int:
    """The decider makes their decision by clicking it on their page; answers their seat."""
    match.refresh_from_db()
    seat = match.on_clock
    assert seat is not None
    user = match.player1 if seat == 0 else match.player2
    assert user is not None
    page = pages[user.pk]
    wait_in_page(page, f"document.querySelector('#play') && window.__playVersion === {match.version}")
    game = match.current_game()
    if game is not None and game.awaiting_choice:
        move = "play first"
        page.get_by_test_id("choose-me").click()
    else:
        move = next_move(match, seat, agents)
        click_move(page, move)
    wait_for_the_server(page, match, move)
    return seat


def test_a_turn_based_match_is_played_over_days_and_each_move_is_notified(
    browser: Any, live_site: Any, worker: None
) -> None:
    ann, ben = UserFactory.create(username="ann"), UserFactory.create(username="ben")
    players = [ann, ben]
    offer = services.challenge(ann, ben, {"starter": "eva-starter"}, bank_seconds=DAY)
    match = services.answer_challenge(offer.pk, ben, True, {"starter": "romin-starter"}).match
    assert match is not None and match.turn_based
    pages = {user.pk: play_page(browser, live_site.url, user, match) for user in players}
    for page in pages.values():
        assert page.get_by_test_id("pace-line").inner_text().startswith("Turn-based: 24 h a move")
    chooser = players[match.on_clock or 0]
    wait_until(lambda: len(your_turn_notices(chooser)) == 1, 120, "the chooser's first notice")
    shot(pages[chooser.pk], "turn-based-start-phone")

    agents = [GreedyAgent(seed=1), GreedyAgent(seed=2)]
    passed = 0
    for _ in range(DECISIONS):
        match.refresh_from_db()
        if match.status != PlayMatch.Status.PLAYING:
            break
        a_day_passes(match)
        seat = decide_on_the_page(match, pages, agents)
        match.refresh_from_db()
        assert match.status == PlayMatch.Status.PLAYING, "a move within its day's bank never loses on time"
        assert match.deadline is not None and match.clock_since is not None
        assert match.deadline - match.clock_since == timedelta(days=1)  # the next decision has the whole bank
        if match.on_clock is None or match.on_clock == seat:
            continue
        passed += 1
        notified(match, players[match.on_clock], pages[players[match.on_clock].pk])
    assert passed >= 2, "the decision passed between the players"
    keys = [k for user in players for k in your_turn_notices(user)]
    assert len(keys) == len(set(keys)) == passed + 1
    match.refresh_from_db()
    decider = pages[players[match.on_clock or 0].pk]
    clock = decider.locator(".clock-chip[data-player]").first.inner_text()
    assert " h" in clock or "day" in clock, f"the time bank is shown in hours or days, not {clock!r}"
    shot(decider, "turn-based-play-phone")
    decider.set_viewport_size({"width": 1280, "height": 800})
    shot(decider, "turn-based-play-desktop")
    decider.goto(f"{live_site.url}/play/")
    listed = decider.get_by_test_id("pace-1").inner_text()
    assert listed.startswith("Turn-based: 24 h a move") and "left to move" in listed
    shot(decider, "turn-based-play-list-desktop")
    decider.set_viewport_size({"width": 390, "height": 844})
    decider.reload()
    assert decider.evaluate("() => document.documentElement.scrollWidth <= window.innerWidth")
    shot(decider, "turn-based-play-list-phone")
    decider.goto(f"{live_site.url}/")
    needs = decider.get_by_test_id("home-needs")
    assert "Your turn against" in needs.inner_text() and "Turn-based: 24 h a move" in needs.inner_text()
    shot(decider, "turn-based-home-phone")
    decider.goto(f"{live_site.url}/notices/")
    assert "Your turn against" in decider.get_by_test_id("notice").first.inner_text()
    shot(decider, "turn-based-notices-phone")


def test_a_turn_based_runemasters_table_shows_its_bank_a_turn_in_hours(browser: Any, live_site: Any) -> None:
    ann, ben = UserFactory.create(username="ann"), UserFactory.create(username="ben")
    setup = {"guardians": ["neltai", "kulak"], "difficulty": "initiate"}
    seats = [services.SeatSpec(ann), services.SeatSpec(ben)]
    match = services.create_table("runemasters", setup, seats, pace=PlayMatch.Pace.TURNS, bank_seconds=3 * DAY)
    decider = match.holders()[match.on_clock or 0].user_id
    page = play_page(browser, live_site.url, ann if decider == ann.pk else ben, match)
    assert page.get_by_test_id("pace-line").inner_text() == "Turn-based: 3 days a turn"
    wait_until(lambda: "day" in page.get_by_test_id("turn-clock").inner_text(), 60, "the turn's clock in days")
    assert page.get_by_test_id("turn-clock").inner_text().endswith("left in this turn")
    assert page.evaluate("() => document.documentElement.scrollWidth <= window.innerWidth")
    shot(page, "turn-based-table-phone")
