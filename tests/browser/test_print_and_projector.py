"""Paper and the big screen in Chromium: the result slips in print media (no navigation, one slip
per table, three to a sheet), the projector page for an anonymous viewer (clock, pairings, and a
reload when the round ends; tables turning finished by push over a real ASGI server and Redis), and
"Where do I sit?" on a phone."""

from __future__ import annotations

import re
from typing import Any

import pytest
import redis
from django.conf import settings
from django.test import override_settings

from accounts.models import User
from config import redis_urls
from tests.browser.asgi import asgi_server
from tests.browser.redis_layer import group_channel, redis_channel_layers
from tests.browser.test_content_security_policy import watched
from tests.browser.test_event_flow import logged_in_page
from tests.browser.waiting import wait_in_page
from tests.factories import EventFactory, OrganiserFactory, RegistrationFactory, UserFactory
from tests.waiting import wait_until
from tournaments.live import event_group
from tournaments.models import Event, Match, Round
from tournaments.services import registration, results, rounds

NAMES = ("Eva", "Corvin", "Bryn", "Dagny", "Anselm", "Fenna", "Gideon", "Hale")
PDF_PAGE = re.compile(rb"/Type\s*/Page\b(?!s)")
REDIS_ASGI = "tests.browser.redis_asgi:application"


def finished(match: Match) -> str:
    """JavaScript: whether the projector shows this table as finished."""
    return f"document.querySelector('[data-table=\"{match.table}\"]').classList.contains('is-finished')"


def subscribers(group: str) -> int:
    """How many sockets Redis counts on a group's channel (a SUBSCRIBE is sent, not confirmed, when
    the consumer's ``group_add`` returns)."""
    client = redis.Redis.from_url(redis_urls.with_db(settings.REDIS_URL, settings.REDIS_DB_CHANNELS))
    try:
        counts: list[tuple[bytes, int]] = client.pubsub_numsub(group_channel(group))  # type: ignore[assignment]
        return int(dict(counts).get(group_channel(group).encode(), 0))
    finally:
        client.close()


def event_in_round_one() -> tuple[Event, Round]:
    """An 8-player best-of-three event, round 1 published: four tables."""
    organiser = OrganiserFactory.create(username="oda", display_name="Oda")
    event = EventFactory.create(organiser=organiser, name="Paper Open", best_of=3)
    for name in NAMES:
        RegistrationFactory.create(event=event, player=UserFactory.create(username=name.lower(), display_name=name))
    registration.start_event(event, organiser)
    round_ = rounds.publish_round(rounds.pair_next_round(event, organiser), organiser)
    return event, round_


def tables(round_: Round) -> list[Match]:
    return list(round_.matches.select_related("player_a", "player_b").order_by("table"))


@pytest.mark.django_db(transaction=True)
def test_result_slips_print_one_per_table_three_to_a_sheet(browser: Any, live_server: Any) -> None:
    event, round_ = event_in_round_one()
    violations: list[str] = []
    page = watched(logged_in_page(browser, live_server, event.organiser), violations)
    page.set_viewport_size({"width": 1280, "height": 800})
    page.goto(f"{live_server.url}/events/{event.pk}/rounds/1/")
    page.get_by_test_id("print-slips-link").click()
    page.wait_for_load_state()
    assert page.title().startswith("Result slips, Round 1")
    page.emulate_media(media="print")
    assert not page.get_by_test_id("print-bar").is_visible()
    for match in tables(round_):
        slip = page.get_by_test_id(f"slip-{match.table}")
        assert slip.is_visible()
        text = slip.inner_text()
        assert f"Table {match.table}" in text and "Paper Open" in text
        assert match.player_a.public_name in text and match.player_b is not None
        assert match.player_b.public_name in text
        assert slip.locator(".box").count() == 7  # two wins for each player, three draws
        assert slip.locator("svg.qr").is_visible()
        box = slip.bounding_box()
        assert box is not None and box["height"] > 250  # about a third of a sheet (85 mm)
    pdf = page.pdf(format="A4", print_background=True)
    assert len(PDF_PAGE.findall(pdf)) == 2, "four slips take two A4 sheets (three to a sheet)"
    page.evaluate("1")  # every policy report sent so far has reached the test
    assert violations == []
    page.context.close()


@pytest.mark.django_db(transaction=True)
def test_the_projector_shows_clock_and_pairings_and_follows_the_round(browser: Any, live_site: Any) -> None:
    event, round_ = event_in_round_one()
    context = browser.new_context(viewport={"width": 1920, "height": 1080})
    violations: list[str] = []
    screen = watched(context.new_page(), violations)
    screen.set_default_timeout(60_000)
    screen.goto(f"{live_site.url}/events/{event.pk}/projector/")
    assert screen.title().startswith("Paper Open · Round 1")
    clock = screen.get_by_test_id("round-clock")
    wait_in_page(screen, r"/^\d+:\d\d$/.test(document.querySelector('.clock-text').textContent)")
    font = float(clock.locator(".clock-text").evaluate("e => parseFloat(getComputedStyle(e).fontSize)"))
    assert font >= 100, "the clock reads from the back of the room"
    pairings = screen.get_by_test_id("projector-pairings")
    for match in tables(round_):
        assert match.player_a.public_name in pairings.inner_text()
    assert screen.evaluate("() => document.documentElement.scrollWidth <= window.innerWidth")
    scrolling = "getComputedStyle(document.querySelector('.projector-pairings')).animationName"
    assert screen.evaluate(scrolling) == "projector-scroll"
    screen.emulate_media(reduced_motion="reduce")
    assert screen.evaluate(scrolling) == "none", "still for those who ask for reduced motion"
    for match in tables(round_):
        results.set_result(match, event.organiser, results.Score(2, 0))
    rounds.end_round(round_, event.organiser)  # pushed: the page re-reads its state and redraws
    wait_in_page(screen, "document.querySelector('.projector-round').textContent.includes('ended')")
    screen.evaluate("1")
    assert violations == []
    context.close()


@pytest.mark.django_db(transaction=True)
def test_where_do_i_sit_on_a_phone(browser: Any, live_server: Any) -> None:
    event, round_ = event_in_round_one()
    eva = User.objects.get(username="eva")
    mine = next(m for m in tables(round_) if eva.pk in (m.player_a_id, m.player_b_id))
    them = mine.player_b if mine.player_a_id == eva.pk else mine.player_a
    assert them is not None
    violations: list[str] = []
    page = watched(logged_in_page(browser, live_server, eva), violations)
    page.set_viewport_size({"width": 390, "height": 844})
    page.goto(f"{live_server.url}/events/{event.pk}/rounds/1/")
    assert page.get_by_test_id("my-seat").inner_text() == f"You are at table {mine.table}, against {them.public_name}."
    cards = page.get_by_test_id("pairings-by-name").locator(".seat-card")
    assert cards.count() == 8
    page.get_by_test_id("seat-search").press_sequentially("cor")
    wait_in_page(page, "document.querySelectorAll('.seat-card:not([hidden])').length === 1")
    shown = page.get_by_test_id("pairings-by-name").locator(".seat-card:not([hidden])")
    corvin = next(m for m in tables(round_) if "corvin" in (m.player_a.username, getattr(m.player_b, "username", "")))
    assert shown.inner_text().split()[:3] == ["Corvin", "table", str(corvin.table)]
    assert page.evaluate("() => document.documentElement.scrollWidth <= window.innerWidth")
    input_height = page.get_by_test_id("seat-search").bounding_box()["height"]
    assert input_height >= 44, "a thumb-sized box"
    assert violations == []
    page.context.close()


@pytest.mark.django_db(transaction=True)
def test_the_projector_shows_a_table_finish_by_push_without_reloading(browser: Any) -> None:
    """A real ASGI server on Redis pub/sub: the results reported here (in the test's process) reach
    the projector's socket through Redis, as a result confirmed in one web process reaches a
    projector connected to another."""
    event, round_ = event_in_round_one()
    first, second, *_ = tables(round_)
    with override_settings(CHANNEL_LAYERS=redis_channel_layers()), asgi_server(REDIS_ASGI) as url:
        context = browser.new_context(viewport={"width": 1920, "height": 1080})
        violations: list[str] = []
        screen = watched(context.new_page(), violations)
        screen.set_default_timeout(60_000)
        screen.goto(f"{url}/events/{event.pk}/projector/")
        wait_in_page(screen, "document.body.dataset.socket === 'live'")
        wait_until(lambda: subscribers(event_group(event.pk)) >= 1, message="the projector's socket to subscribe")
        screen.evaluate("() => { window.sameDocument = true; }")  # gone if the page reloads
        playing = screen.get_by_test_id("projector-playing")
        assert playing.inner_text() == "4 tables still playing"

        assert first.player_b is not None
        results.report_result(first, first.player_a, results.Score.from_players_view(first, first.player_a, 2, 0, 0))
        wait_in_page(screen, finished(first))
        assert screen.locator(f'[data-table="{first.table}"] [data-testid=table-status]').inner_text() == "FINISHED"
        assert playing.inner_text() == "3 tables still playing"
        assert screen.locator(f'[data-table="{second.table}"] [data-testid=table-status]').inner_text() == "PLAYING"

        results.set_result(second, event.organiser, results.Score(2, 1))  # a judge's result: finished too
        wait_in_page(screen, finished(second))
        assert playing.inner_text() == "2 tables still playing"
        assert screen.evaluate("() => window.sameDocument") is True, "the projector reloaded"
        assert screen.evaluate("() => document.documentElement.scrollWidth <= window.innerWidth")
        screen.evaluate("1")
        assert violations == []
        context.close()


@pytest.mark.django_db(transaction=True)
def test_a_reread_answered_after_a_push_does_not_undo_the_push(browser: Any) -> None:
    """The projector re-reads every table when its subscription opens. Under load that answer can be
    read before a result commits and arrive after the result's push: the page must not turn the
    finished table back to "Playing". Here the re-read is held (its answer is the state from before
    the report) and let go only after the push has been drawn."""
    event, round_ = event_in_round_one()
    first, *_ = tables(round_)
    held: list[Any] = []
    asked: list[str] = []

    def hold_the_first(route: Any) -> None:
        asked.append(route.request.url)
        if held:
            route.continue_()
        else:
            held.append(route)

    with override_settings(CHANNEL_LAYERS=redis_channel_layers()), asgi_server(REDIS_ASGI) as url:
        context = browser.new_context(viewport={"width": 1920, "height": 1080})
        violations: list[str] = []
        screen = watched(context.new_page(), violations)
        screen.set_default_timeout(60_000)
        screen.route(re.compile(r"/projector/state/\?tables=1$"), hold_the_first)
        screen.goto(f"{url}/events/{event.pk}/projector/")
        wait_until(lambda: screen.evaluate("1") and held, message="the projector's first re-read")
        stale = context.request.get(f"{url}/events/{event.pk}/projector/state/?tables=1").text()
        assert '"finished": false' in stale

        results.report_result(first, first.player_a, results.Score.from_players_view(first, first.player_a, 2, 0, 0))
        wait_in_page(screen, finished(first))
        held[0].fulfill(status=200, content_type="application/json", body=stale)
        wait_until(
            lambda: len(asked) >= 2 or not screen.evaluate(f"() => {finished(first)}"),
            message="the stale answer to be handled",
        )
        assert screen.evaluate(f"() => {finished(first)}"), "the stale answer undid the push"
        wait_in_page(screen, "document.querySelector('[data-testid=projector-playing]').textContent.startsWith('3 ')")
        assert screen.evaluate(f"() => {finished(first)}")
        assert violations == []
        context.close()
