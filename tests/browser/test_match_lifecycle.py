"""The match from start to finish on the play page: who has not connected, preset messages and
muting, conceding after a confirmation, the end summaries, the event page's result, a rematch."""

from __future__ import annotations

from typing import Any

import pytest

from common.redis import key, state_redis
from gameplay.matches import services as play
from gameplay.matches.models import PlayMatch
from tests.browser.asgi import asgi_server
from tests.browser.onsite import Live, onsite_match, play_page
from tests.browser.test_event_flow import logged_in_page
from tests.browser.waiting import wait_in_page, wait_until_live
from tests.factories import UserFactory
from tests.waiting import wait_until

ABSENT = "document.querySelector('[data-testid=setup-absent]')"


def table_live(page: Any) -> None:
    """The page's one socket (play.js's) is open and lent to the table for messages and rematches."""
    wait_in_page(page, "document.querySelector('[data-testid=table]').dataset.live === '1'")


def text_of(page: Any, testid: str) -> str:
    return str(page.get_by_test_id(testid).inner_text())


def concede(page: Any, title: str) -> None:
    page.get_by_test_id("concede").click()
    dialog = page.get_by_test_id("concede-dialog")
    dialog.wait_for(state="visible")
    assert title in dialog.inner_text()
    page.get_by_test_id("concede-confirm").click()
    dialog.wait_for(state="hidden")


@pytest.mark.django_db(transaction=True)
def test_an_event_match_from_the_first_look_to_its_result(browser: Any, fresh_redis_state: None) -> None:
    """(Redis starts empty: a page left open by an earlier run must not count as connected.)"""
    onsite = onsite_match(best_of=3)
    event, played, (ann, bob) = onsite.event, onsite.played, onsite.players
    organiser = event.organiser
    with asgi_server() as url:
        referee = logged_in_page(browser, Live(url), organiser)
        referee.goto(f"{url}/play/{played.pk}/")
        wait_until_live(referee)
        wait_in_page(referee, f"!{ABSENT}.hidden && {ABSENT}.innerText.includes('Ann has not connected yet')")
        assert "Bob has not connected yet · their clock" in text_of(referee, "setup-absent")

        ann_page = play_page(browser, url, ann, played)
        wait_in_page(ann_page, f"{ABSENT}.innerText.includes('Bob has not connected yet')")
        wait_in_page(referee, f"!{ABSENT}.innerText.includes('Ann')")  # the presence push reached the organiser
        bob_page = play_page(browser, url, bob, played)
        wait_in_page(ann_page, f"{ABSENT}.hidden")
        wait_in_page(referee, f"{ABSENT}.hidden")

        # A preset message reaches the opponent as a bubble; watchers get no message bar and no message.
        assert referee.get_by_test_id("say-bar").count() == 0
        for page in (ann_page, bob_page, referee):
            table_live(page)
        ann_page.locator('[data-say="good-luck"]').click()
        wait_in_page(bob_page, "document.querySelector('[data-testid=say-bubble]').textContent === 'Ann: Good luck'")
        assert referee.get_by_test_id("say-bubble").is_hidden()
        ann_seat = played.seat_of(ann.pk)
        assert ann_seat is not None
        limiter = key("play", str(played.pk), "said", f"p{ann_seat + 1}")
        wait_until(lambda: state_redis().expire(limiter, 60))  # as if Ann had just sent, however slow this machine
        ann_page.locator('[data-say="well-played"]').click()  # refused politely
        wait_in_page(ann_page, "document.querySelector('[data-testid=say-note]').innerText.includes('every 3 seconds')")
        # Muting is remembered by the browser.
        bob_page.get_by_test_id("mute").check()
        bob_page.reload()
        wait_until_live(bob_page)
        assert bob_page.get_by_test_id("mute").is_checked()
        table_live(bob_page)
        state_redis().delete(limiter)  # Ann may speak again at once
        ann_page.locator('[data-say="thinking"]').click()
        wait_in_page(bob_page, "document.querySelector('[data-testid=say-bubble]').dataset.heard === '1'")
        assert bob_page.get_by_test_id("say-bubble").is_hidden()  # received, but muted

        # Conceding asks first; Cancel changes nothing.
        ann_page.get_by_test_id("concede").click()
        ann_page.get_by_test_id("concede-dialog").wait_for(state="visible")
        assert "Concede this game?" in text_of(ann_page, "concede-dialog")
        ann_page.get_by_test_id("concede-cancel").click()
        ann_page.get_by_test_id("concede-dialog").wait_for(state="hidden")
        played.refresh_from_db()
        assert played.is_playing and played.wins == [0, 0]

        # In an event a concession is a game loss: game 2 follows, then the match is over.
        concede(ann_page, "Concede this game?")
        for page, line in (
            (bob_page, "Game 1 · You won — Ann conceded."),
            (referee, "Game 1 · Bob won — Ann conceded."),
        ):
            page.get_by_test_id("last-game").wait_for()
            assert text_of(page, "last-game") == line
        ann_page.get_by_test_id("choose-me").wait_for()  # the loser chooses who goes first in game 2
        concede(ann_page, "Concede this game?")
        played.refresh_from_db()
        bob_seat = played.seat_of(bob.pk)  # the pairing decides who sits in seat 1
        assert bob_seat is not None
        assert played.is_finished and played.wins[bob_seat] == 2 and played.winner == bob_seat + 1
        score = "Ann 0 – 2 Bob" if bob_seat == 1 else "Bob 2 – 0 Ann"
        for page, title in (
            (ann_page, "You lost the match"),
            (bob_page, "You won the match"),
            (referee, "Bob won the match"),
        ):
            page.get_by_test_id("match-result").wait_for()
            assert text_of(page, "match-result") == title
            assert text_of(page, "match-score") == score
            assert text_of(page, "game-results").splitlines() == [
                "Game 1 · "
                + ("You won" if page is bob_page else "Bob won")
                + " — "
                + ("You" if page is ann_page else "Ann")
                + " conceded.",
                "Game 2 · "
                + ("You won" if page is bob_page else "Bob won")
                + " — "
                + ("You" if page is ann_page else "Ann")
                + " conceded.",
            ]
            assert page.get_by_test_id("summary-replay").get_attribute("href") == f"/play/{played.pk}/replay/"
            assert page.get_by_test_id("concede").count() == 0 or page.get_by_test_id("concede").is_hidden()
            assert page.get_by_test_id("rematch").count() == 0  # events have no rematch
        log = ann_page.get_by_test_id("summary-log").get_attribute("href")
        answer = ann_page.request.get(url + log)
        assert answer.ok and [g["reason"] for g in answer.json()["games"]] == ["concession", "concession"]

        # The event page shows the result instead of "Play your match".
        ann_page.goto(f"{url}/events/{event.pk}/")
        ann_page.get_by_test_id("play-over").wait_for()
        assert "Play your match" not in ann_page.inner_text("body")
        assert "Your match is over: you lost 0–2." in text_of(ann_page, "play-over")


@pytest.mark.django_db(transaction=True)
def test_practice_conceded_then_a_rematch_starts_at_once(browser: Any, fresh_redis_state: None) -> None:
    me = UserFactory.create(username="eve", display_name="Eve")
    played = play.create_match(
        me, None, [{"starter": "eva-starter"}, {"starter": "romin-starter"}], bot="random", label="practice"
    )
    with asgi_server() as url:
        page = play_page(browser, url, me, played)
        assert page.get_by_test_id("say-bar").count() == 0  # no messages to a bot
        concede(page, "Concede the match?")
        page.get_by_test_id("match-result").wait_for()
        assert text_of(page, "match-result") == "You lost the match"
        assert text_of(page, "game-results") == "Game 1 · Easy bot won — You conceded."
        page.get_by_test_id("rematch-button").click()
        page.wait_for_url(lambda address: f"/play/{played.pk}/" not in address)
        wait_until_live(page)
        again = PlayMatch.objects.exclude(pk=played.pk).get(player1=me)
        assert page.url.endswith(f"/play/{again.pk}/")
        assert again.bot == "random" and again.decks == played.decks and again.is_playing
