"""In Chromium: an answer that comes back late never leaves older news on the page. Each test holds
one of the page's requests back (Playwright's routing), lets a newer change happen meanwhile, then
lets the old answer through, and checks the page shows the newer state.

- The event page's table (static/js/my-match.js): a correction pushed while the panel's re-read is
  still out is shown once both answers are in. (It once was not: htmx queued the second re-read
  behind the first and then swapped its answer into the panel the first answer had replaced.)
- The event page's own script (static/js/my-match.js) arriving after the header's bell had opened
  the site socket: the page never said it was live (static/js/live.js now does).
- The pool page's legality (static/drafts/pool.js): a check asked before "Suggest a deck" that
  answered after the suggested deck's check replaced "Legal deck" with the older deck's problems.
"""

from __future__ import annotations

from typing import Any

import pytest
from django.test import override_settings
from django.urls import reverse

from tests.browser.asgi import asgi_server
from tests.browser.onsite import Live
from tests.browser.redis_layer import redis_channel_layers
from tests.browser.test_event_flow import logged_in_page
from tests.browser.waiting import wait_in_page
from tests.drafts.helpers import draft_table
from tests.factories import EventFactory, OrganiserFactory, RegistrationFactory, UserFactory
from tournaments.drafts.models import Pool
from tournaments.drafts.services import pools
from tournaments.models import Match
from tournaments.services import registration, results, rounds

REDIS_ASGI = "tests.browser.redis_asgi:application"


class FirstHeld:
    """A route handler that holds back the answer to the first request it sees and lets every later
    one through. The server answers the held request at once (it reads the state of that moment);
    the page gets that answer only on ``release()``, as over a slow network."""

    def __init__(self) -> None:
        self.held: list[tuple[Any, Any]] = []

    def __call__(self, route: Any) -> None:
        if self.held:
            route.continue_()
        else:
            self.held.append((route, route.fetch()))

    def wait(self, page: Any) -> None:
        """Returns once the first request's answer is held. Playwright calls the handler from its event loop,
        which runs while the test is inside a Playwright call, so the wait is one (a short timer)."""
        for _ in range(3000):
            if self.held:
                return
            page.wait_for_timeout(20)
        raise AssertionError("the page's request never reached the route")

    def release(self) -> None:
        route, answer = self.held[0]
        route.fulfill(response=answer)


@pytest.mark.django_db(transaction=True)
def test_a_correction_pushed_while_the_table_is_read_shows(browser: Any) -> None:
    organiser = OrganiserFactory.create(display_name="Oda")
    event = EventFactory.create(organiser=organiser, best_of=3, name="Late Answers Open")
    for name in ("Eva", "Corvin"):
        RegistrationFactory.create(event=event, player=UserFactory.create(display_name=name))
    registration.start_event(event, organiser)
    rounds.publish_round(rounds.pair_next_round(event, organiser), organiser)
    match = Match.objects.select_related("player_a", "player_b").get(round__event=event)
    reporter, opponent = match.player_a, match.player_b
    assert opponent is not None
    results.report_result(match, reporter, results.Score(2, 1))
    panel_url = reverse("tournaments:event-live", args=[event.pk])

    with override_settings(CHANNEL_LAYERS=redis_channel_layers()), asgi_server(REDIS_ASGI) as url:
        page = logged_in_page(browser, Live(url), opponent)
        first = FirstHeld()
        page.route(f"**{panel_url}*", first)
        # The answer to the page's re-read when its subscription opens (the report of 2-1) is held.
        with page.expect_websocket() as socket_opened, page.expect_request(lambda r: panel_url in r.url):
            page.goto(f"{url}/events/{event.pk}/")
        socket = socket_opened.value
        first.wait(page)
        said = f"{reporter.public_name} reported that they won 2-1. Is that right?"
        assert page.get_by_test_id("my-result").inner_text() == said
        page.evaluate("() => { window.sameDocument = true; }")
        page.get_by_text("That's not right").click()  # opened: kept open by the re-read (hx-preserve)

        # The reporter corrects the report (2-0) while that answer is still on its way.
        def the_push(frame: Any) -> bool:
            return '"kind":"table"' in str(frame).replace(" ", "")

        with socket.expect_event("framereceived", predicate=the_push):
            results.report_result(Match.objects.get(pk=match.pk), reporter, results.Score(2, 0))
        first.release()

        wait_in_page(page, "document.querySelector('[data-testid=my-result]').innerText.includes('won 2-0')")
        assert page.get_by_test_id("my-result").inner_text() == (
            f"{reporter.public_name} reported that they won 2-0. Is that right?"
        )
        assert page.evaluate("() => window.sameDocument === true")  # in place, not by a reload
        assert page.get_by_test_id("not-right").evaluate("(details) => details.open")
        page.context.close()


@pytest.mark.django_db(transaction=True)
def test_an_older_check_never_replaces_the_suggested_decks(browser: Any, live_server: Any) -> None:
    table = draft_table(humans=2, fmt="sealed", username="late")
    pools.open_sealed(table.event, table.organiser)
    pool = Pool.objects.get(registration__player=table.players[0])
    check_url = reverse("api-pool-check", args=[pool.pk])
    page = logged_in_page(browser, live_server, table.players[0], viewport={"width": 1280, "height": 900})
    page.goto(f"{live_server.url}/pools/{pool.pk}/")
    wait_in_page(page, "document.querySelectorAll('[data-testid=side-cards] [data-face-id]').length === 54")
    first = FirstHeld()
    page.route(f"**{check_url}", first)
    with page.expect_request(lambda request: check_url in request.url):  # one card in: checked a moment later
        page.locator("[data-testid=side-cards] [data-face-id]").first.click(position={"x": 30, "y": 10})
    first.wait(page)

    page.get_by_test_id("suggest").click()
    wait_in_page(page, "document.querySelector('[data-testid=deck-count]').textContent === '40'")
    wait_in_page(page, "document.querySelector('[data-testid=violations]').textContent.includes('Legal deck')")
    with page.expect_response(lambda response: check_url in response.url) as late:
        first.release()  # the one-card deck's check answers last
    late.value.finished()
    wait_in_page(page, "document.getElementById('pool-app').dataset.checked === '2'")  # both answers handled
    assert page.get_by_test_id("violations").inner_text() == "Legal deck: ready to register."
    assert page.get_by_test_id("deck-count").inner_text() == "40"
    page.context.close()


@pytest.mark.django_db(transaction=True)
def test_a_page_script_that_loads_after_the_socket_opened_says_live(browser: Any) -> None:
    """The header's bell opens the site socket; the event page's own script (static/js/my-match.js)
    may arrive after it is open. The page still says it is live (body[data-socket]), which CI once
    waited for in vain on a loaded machine."""
    organiser = OrganiserFactory.create(display_name="Oda")
    event = EventFactory.create(organiser=organiser, best_of=3, name="Late Script Open")
    players = [UserFactory.create(display_name=name) for name in ("Eva", "Corvin")]
    for player in players:
        RegistrationFactory.create(event=event, player=player)
    registration.start_event(event, organiser)
    rounds.publish_round(rounds.pair_next_round(event, organiser), organiser)

    with override_settings(CHANNEL_LAYERS=redis_channel_layers()), asgi_server(REDIS_ASGI) as url:
        page = logged_in_page(browser, Live(url), players[0])
        held: list[Any] = []
        page.route("**/js/my-match*.js", lambda route: held.append(route))
        with page.expect_websocket() as socket_opened:
            page.goto(f"{url}/events/{event.pk}/", wait_until="commit")
        socket = socket_opened.value
        socket.wait_for_event("framereceived", predicate=lambda frame: "subscribed" in str(frame))
        assert held, "the page's script was asked for"
        assert page.evaluate("() => document.body.dataset.socket") is None  # the bell's topic is quiet
        held[0].continue_()
        wait_in_page(page, "document.body.dataset.socket === 'live'")
        page.get_by_test_id("my-pairing").wait_for()
        page.context.close()
