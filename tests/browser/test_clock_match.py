"""A match of an event played on the site is decided by a clock running out, in two browsers.

The event's clock is the shortest a match accepts (1 minute). The die roll's winner chooses to go
second, so the loser of the roll must set up on their main clock (no answer window) and never acts.
Both pages show that clock running down; the server's sweeper (standing in for Celery beat, in
the server's process so its push reaches the pages' sockets) flags it at zero; both pages show
the result and why, live over the websocket; the win reaches the event's standings.
"""

from __future__ import annotations

import json
import time
from datetime import timedelta
from typing import Any

import pytest
from django.utils import timezone

from gameplay.matches import services as play
from gameplay.matches.models import GameAction, PlayMatch
from gameplay.runeslingers import engine
from gameplay.runeslingers.hosting import WINDOW_KINDS
from tests.browser.asgi import asgi_server
from tests.browser.onsite import onsite_match, play_page
from tests.browser.waiting import wait_in_page
from tests.waiting import wait_until
from tournaments.models import Match, ResultReport

pytestmark = [pytest.mark.browser, pytest.mark.slow]

SWEEPING_SERVER = "tests.browser.sweeping_asgi:application"
SECONDS = "t => { const [m, s] = t.split(':').map(Number); return m * 60 + s; }"  # "0:59" -> 59


def clock_seconds(page: Any, player: str) -> int:
    return int(page.evaluate(f"({SECONDS})(document.querySelector('.clock-chip[data-player={player}]').textContent)"))


def wait_for_clock_below(page: Any, player: str, seconds: int) -> int:
    """Wait until ``player``'s clock on this page shows less than ``seconds``; returns what it shows."""
    wait_in_page(
        page,
        f"({SECONDS})(document.querySelector('.clock-chip[data-player={player}]').textContent) < {seconds}",
        timeout=60_000,
    )
    return clock_seconds(page, player)


def listen_to_socket(frames: list[dict[str, Any]]) -> Any:
    """Keep every message the page's site socket receives (to tell a push from a reload): a topic's
    push as the message it carries, the socket's own messages (subscribed, refused) as they are."""

    def keep(data: str) -> None:
        frame = json.loads(data)
        frames.append(frame["data"] if "topic" in frame and "data" in frame else frame)

    def attach(page: Any) -> None:
        page.on("websocket", lambda socket: socket.on("framereceived", keep))

    return attach


@pytest.mark.django_db(transaction=True)
def test_a_player_who_never_acts_loses_on_the_clock_and_the_win_reaches_the_standings(browser: Any) -> None:
    onsite = onsite_match(clock_minutes=1)  # the shortest clock a match accepts (60 s)
    event, table, played, players = onsite.event, onsite.table, onsite.played, onsite.players
    assert played.clock_seconds == 60 and list(played.remaining_ms) == [60_000, 60_000]
    assert played.best_of == 1 and played.status == PlayMatch.Status.PLAYING
    game = played.current_game()
    assert game is not None and game.awaiting_choice
    chooser = game.chooser  # the die roll's winner (the seed is random: either seat)
    idle = 1 - chooser
    seat_user = {0: played.player1, 1: played.player2}
    winner_user, idle_user = seat_user[chooser], seat_user[idle]
    assert winner_user is not None and idle_user is not None
    idle_player, winner_player = f"p{idle + 1}", f"p{chooser + 1}"

    with asgi_server(SWEEPING_SERVER) as url:
        frames: dict[int, list[dict[str, Any]]] = {user.pk: [] for user in players}
        pages = {
            user.pk: play_page(browser, url, user, played, before_load=listen_to_socket(frames[user.pk]))
            for user in players
        }
        for page in pages.values():
            page.evaluate("window.__sameDocument = true")  # gone if the page reloads or navigates
        winner_page, idle_page = pages[winner_user.pk], pages[idle_user.pk]
        # Both pages are open: the event's wait for the players is over and the chooser's clock runs.
        wait_until(lambda: PlayMatch.objects.get(pk=played.pk).deadline_kind == PlayMatch.TimerKind.CHOICE)
        played.refresh_from_db()

        # The die roll's winner lets the other seat play first: that seat must now set up.
        wait_in_page(winner_page, f"window.__playVersion === {played.version}")
        winner_page.get_by_test_id("choose-opponent").click()
        deadline = time.monotonic() + 60
        while PlayMatch.objects.filter(pk=played.pk, version=played.version).exists():
            assert time.monotonic() < deadline, "the choice did not reach the server"
            time.sleep(0.05)
        played.refresh_from_db()
        game.refresh_from_db()
        assert game.first == idle and not game.awaiting_choice
        state = play.load_state(game)
        pending = engine.pending(state)
        assert pending is not None and pending.player == idle and pending.kind not in WINDOW_KINDS
        # On the main clock: the deadline is the whole clock, not an answer window.
        assert played.on_clock == idle and played.deadline_kind == PlayMatch.TimerKind.CLOCK
        assert played.remaining_ms[idle] == 60_000
        assert played.deadline is not None
        flag_due = played.deadline

        for page in pages.values():
            wait_in_page(page, f"window.__playVersion === {played.version}")
            chip = page.locator(f".clock-chip[data-player={idle_player}]")
            assert "running" in (chip.get_attribute("class") or "")
        assert idle_page.get_by_test_id("whose-turn").inner_text() == "Your decision"
        assert winner_page.get_by_test_id("whose-turn").inner_text() == "Opponent's decision"
        assert idle_page.get_by_test_id("clock-me").get_attribute("data-player") == idle_player
        assert winner_page.get_by_test_id("clock-them").get_attribute("data-player") == idle_player

        # Both pages show the idle player's clock running down, second by second.
        for page in pages.values():
            shown = clock_seconds(page, idle_player)
            assert 5 <= shown <= 60, f"the clock shows {shown} s soon after it started"
            for _ in range(3):
                below = wait_for_clock_below(page, idle_player, shown)
                assert below < shown
                shown = below
            other_chip = page.locator(f".clock-chip[data-player={winner_player}]")
            assert "running" not in (other_chip.get_attribute("class") or "")  # only the idle seat's clock runs
        assert PlayMatch.objects.get(pk=played.pk).status == PlayMatch.Status.PLAYING  # not flagged before time

        # At zero the sweeper flags the clock; the pages learn it from their sockets.
        wait_ms = int((flag_due - timezone.now()).total_seconds() * 1000) + 120_000
        for page in pages.values():
            wait_in_page(
                page, "document.querySelector('[data-testid=whose-turn]').innerText.includes('match')", timeout=wait_ms
            )
        assert idle_page.get_by_test_id("whose-turn").inner_text() == "You lost the match"
        assert winner_page.get_by_test_id("whose-turn").inner_text() == "You won the match"
        assert idle_page.get_by_test_id("hint").inner_text() == "The match is over. You ran out of time."
        assert (
            winner_page.get_by_test_id("hint").inner_text()
            == f"The match is over. {idle_user.public_name} ran out of time."
        )
        for user_pk, page in pages.items():
            chip = page.locator(f".clock-chip[data-player={idle_player}]")
            assert chip.inner_text() == "0:00"
            assert "running" not in (chip.get_attribute("class") or "")
            assert page.evaluate("window.__sameDocument === true"), "the page reloaded"
            pushed = [
                f["view"] for f in frames[user_pk] if f.get("type") == "view" and f["view"]["status"] == "finished"
            ]
            assert pushed, "the result did not come over the websocket"
            assert pushed[-1]["winner"] == winner_player and pushed[-1]["end_reason"] == "clock"

        # The server flagged it at the deadline (not before; within a few sweeps after).
        played.refresh_from_db()
        game.refresh_from_db()
        assert played.status == PlayMatch.Status.FINISHED
        assert played.winner == chooser + 1 and played.wins[chooser] == 1 and played.wins[idle] == 0
        assert played.remaining_ms[idle] == 0
        assert game.finished and game.winner == chooser and game.end_reason == "clock"
        assert game.finished_at is not None and flag_due <= game.finished_at < flag_due + timedelta(seconds=5)
        assert not GameAction.objects.filter(game__match=played).exists()  # nobody moved: the idle seat never acted

        # The event's standings: the win for the player who did not run out of time.
        table.refresh_from_db()
        assert table.status == Match.Status.CONFIRMED
        assert ResultReport.objects.filter(match=table, kind=ResultReport.Kind.AUTO).count() == 1
        winner_is_a = table.player_a_id == winner_user.pk
        assert (table.a_games, table.b_games, table.draws) == ((1, 0, 0) if winner_is_a else (0, 1, 0))
        standings = winner_page.context.new_page()
        standings.goto(f"{url}/events/{event.pk}/standings/")
        rows = standings.get_by_test_id("standings").locator("tbody tr")
        assert rows.count() == 2
        first, second = (rows.nth(i).locator("td").all_inner_texts() for i in range(2))
        assert first[:4] == ["1", winner_user.public_name, "3", "1-0-0"]
        assert second[:4] == ["2", idle_user.public_name, "0", "0-1-0"]
