"""The home page's panel "For you now" on a phone and a desktop, over a real ASGI server on Redis:
a player's home page is open when the organiser publishes round 1 (through the service, here, in
another process than the server), and the page shows "Round 1, table N, against X" by push, with
no reload; the panel comes first, with nothing wider than the screen; a real Celery worker mails
the player the same words (a real SMTP server on 127.0.0.1). The opponent then reports a result,
and the line asks the player to confirm it, again by push."""

from __future__ import annotations

import os
import random
import time
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import pytest
from django.db.models import Q
from django.test import override_settings

from accounts.notices.live import user_group
from gameplay.matches import services
from tests.browser.asgi import asgi_server
from tests.browser.pod_event_steps import NO_SIDEWAYS_SCROLL
from tests.browser.redis_layer import redis_channel_layers
from tests.browser.test_event_flow import logged_in_page
from tests.browser.test_play_page import Live
from tests.browser.test_print_and_projector import REDIS_ASGI, subscribers
from tests.browser.waiting import wait_in_page
from tests.factories import OrganiserFactory, UserFactory
from tests.matches.test_services import STARTERS, play_first
from tests.notices.smtp import Mailbox, smtp_server
from tests.processes import celery_process, stop_process, wait_for_worker
from tests.waiting import wait_until
from tournaments.live import event_group
from tournaments.models import Event, Match
from tournaments.services import registration, rounds
from tournaments.services.results import Score, report_result

pytestmark = [pytest.mark.browser, pytest.mark.slow, pytest.mark.django_db(transaction=True)]

NAMES = ["Eva", "Corvin", "Mira", "Tobin"]


@pytest.mark.parametrize(("width", "height"), [(390, 844), (1280, 800)])
def test_the_home_page_shows_the_new_table_by_push(
    browser: Any, width: int, height: int, tmp_path: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Issue 29's done-when in one run: the table on the open home page by push, and the notice's
    e-mail at a real SMTP server, sent by a real Celery worker."""
    organiser = OrganiserFactory.create(username="oda", display_name="Oda")
    event = registration.create_event(organiser, name="Friday Open", rounds=3)
    registration.change_status(event, Event.Status.REGISTRATION, organiser)
    players = [UserFactory.create(username=name.lower(), display_name=name) for name in NAMES]
    for player in players:
        registration.register(event, player)
    registration.start_event(event, organiser)
    eva = players[0]
    with (
        smtp_server() as mailbox,
        override_settings(CHANNEL_LAYERS=redis_channel_layers()),
        asgi_server(REDIS_ASGI) as url,
        mailing_worker(monkeypatch, mailbox),
    ):
        page = logged_in_page(browser, Live(url), eva, viewport={"width": width, "height": height})
        page.goto(f"{url}/")
        needs = page.get_by_test_id("home-needs")
        assert "Running: waiting for the next round" in needs.inner_text()
        wait_in_page(page, "document.body.dataset.socket === 'live'")
        wait_until(lambda: subscribers(event_group(event.pk)) >= 1, message="the home page's socket to subscribe")

        rounds.publish_round(rounds.pair_next_round(event, organiser), organiser)
        published = time.monotonic()
        mine = Match.objects.select_related("player_a", "player_b").get(Q(player_a=eva) | Q(player_b=eva))
        other = mine.player_b if mine.player_a_id == eva.pk else mine.player_a
        assert other is not None
        words = f"Round 1, table {mine.table}, against {other.public_name}"
        page.get_by_test_id("need-words").filter(has_text=words).wait_for(timeout=5_000)  # by push, no reload
        print(f"{width}x{height}: shown {time.monotonic() - published:.2f} s after publishing")
        assert page.get_by_test_id("need-clock").count() == 1
        assert page.evaluate(NO_SIDEWAYS_SCROLL)
        top = page.evaluate("document.getElementById('home-needs').getBoundingClientRect().top")
        assert top < 200  # the panel first, on a phone too
        page.screenshot(path=tmp_path / f"home-{width}.png", full_page=True)  # to look at (pytest --basetemp)

        wait_until(lambda: mailbox.to(eva.email), 120, "the worker to mail Eva her table")
        [mail] = mailbox.to(eva.email)
        assert mail["Subject"] == f"Fett: {words}"

        report_result(mine, other, Score(0, 1) if mine.player_b_id == other.pk else Score(1, 0))  # "I won"
        confirm = f"Round 1, table {mine.table}: confirm the result {other.public_name} reported"
        page.get_by_test_id("need-words").filter(has_text=confirm).wait_for(timeout=5_000)  # the table's push
        page.context.close()


@contextmanager
def mailing_worker(monkeypatch: pytest.MonkeyPatch, mailbox: Mailbox) -> Iterator[None]:
    """A Celery worker on the default queue whose e-mail goes to ``mailbox`` (the notices' tasks)."""
    name = f"home-mail-{os.getpid()}"
    monkeypatch.setenv("EMAIL_BACKEND", "django.core.mail.backends.smtp.EmailBackend")
    monkeypatch.setenv("EMAIL_HOST", mailbox.host)
    monkeypatch.setenv("EMAIL_PORT", str(mailbox.port))
    worker = celery_process("worker", "-Q", "default", "-c", "1", "-n", f"{name}@%h")
    try:
        wait_for_worker(name)
        yield
    finally:
        stop_process(worker)


def test_the_home_page_shows_the_players_turn_in_a_live_casual_match_by_push(browser: Any) -> None:
    """Issue 29: Eva's home page is open (not the match's page: the home page never follows the
    ``match`` topic) while Corvin plays in their live match; when the decision passes to her, her
    ``me`` topic says so and the panel shows "Your turn against Corvin" with no reload, and the line
    goes when the decision passes back."""
    eva, corvin = (UserFactory.create(username=name.lower(), display_name=name) for name in NAMES[:2])
    players = [eva, corvin]
    match = play_first(services.create_match(eva, corvin, STARTERS, seed=11), players)
    rng = random.Random(4)

    def play_until(seat: int) -> None:
        """Moves of whoever decides (played here, through the service) until ``seat`` decides."""
        for _ in range(200):
            match.refresh_from_db()
            assert match.on_clock is not None, "the game ended first"
            if match.on_clock == seat:
                return
            view = services.player_view(match, match.on_clock)
            services.play(match.pk, players[match.on_clock], rng.choice(view["board"]["legal"]), view["version"])
        raise AssertionError(f"seat {seat} never came to decide")

    words = "Your turn against Corvin"
    with override_settings(CHANNEL_LAYERS=redis_channel_layers()), asgi_server(REDIS_ASGI) as url:
        play_until(1)  # Corvin decides
        page = logged_in_page(browser, Live(url), eva)
        page.goto(f"{url}/")
        assert words not in page.get_by_test_id("home-needs").inner_text()
        wait_until(lambda: subscribers(user_group(eva.pk)) >= 1, message="the home page's me topic to subscribe")
        play_until(0)  # Corvin's move passes the decision to Eva
        page.get_by_test_id("need-words").filter(has_text=words).wait_for(timeout=10_000)  # by push, no reload
        assert page.locator("a.need-link", has_text=words).get_attribute("href") == f"/play/{match.pk}/"
        play_until(1)  # Eva plays on another device until Corvin decides again
        page.get_by_test_id("need-words").filter(has_text=words).wait_for(state="detached", timeout=10_000)
        page.context.close()
