"""Done-when of issue 19: a Classic (rulebook 000) best-of-three event match played to its end in
two browsers, with clocks; the result reaches the standings and every game replays hash for hash.

Both players decide with the greedy policy and make every move by clicking the play page (as
`test_play_match.py` does); every game ends by the engine's rules (no concession). The Classic
board shows no light counter and draws the Classic faces."""

from __future__ import annotations

import time
from typing import Any

import pytest

from gameplay.engine.bots import GreedyAgent
from gameplay.matches.engines import engine_for
from gameplay.matches.models import PlayMatch
from tests.browser.asgi import asgi_server
from tests.browser.onsite import onsite_match, play_page
from tests.browser.test_play_match import ACTIONS, click_move, next_move
from tests.browser.waiting import wait_in_page
from tournaments.models import Match

pytestmark = [pytest.mark.browser, pytest.mark.slow]


def wait_for_the_server(page: Any, played: PlayMatch, move: str) -> None:
    """Until the move has changed the match (its version moves on), or fail with what the page says."""
    deadline = time.monotonic() + 60
    while PlayMatch.objects.filter(pk=played.pk, version=played.version).exists():
        buttons = ", ".join(page.locator(".controls button[data-action]").evaluate_all(ACTIONS))
        said = f"{page.get_by_test_id('play-error').inner_text()} | buttons: {buttons}"
        assert time.monotonic() < deadline, f"{move!r} did not reach the server; the page says {said!r}"
        time.sleep(0.05)


def assert_every_game_replays(played: PlayMatch) -> None:
    engine = engine_for(played)
    for game in played.games.order_by("number"):
        assert game.finished and game.setup["rules"] == "classic"
        state = engine.new_game(game.setup, game.seed, game.engine_version)
        for action in game.actions.order_by("seq"):
            state, _ = engine.apply(state, action.action)
            assert engine.state_hash(state) == action.state_hash
        assert engine.state_hash(state) == game.state_hash


@pytest.mark.django_db(transaction=True)
def test_a_classic_best_of_three_is_played_to_its_end_in_two_browsers(browser: Any) -> None:
    onsite = onsite_match(
        starters=("eva-classic-starter", "romin-classic-starter"), format="classic-starter", best_of=3
    )
    event, table, played, players = onsite.event, onsite.table, onsite.played, onsite.players
    assert played.best_of == 3 and played.clock_seconds >= 60
    with asgi_server() as url:
        pages = {user.pk: play_page(browser, url, user, played) for user in players}
        for page in pages.values():
            wait_in_page(page, "document.querySelector('.stat-health') !== null")
            assert page.locator(".stat-light").count() == 0  # no light in Classic
            assert page.locator(".stat-determination").count() == 2
            assert page.locator(".clock-chip").count() == 2
        agents = [GreedyAgent(seed=1), GreedyAgent(seed=2)]
        moves, started = 0, time.monotonic()
        while moves < 3000 and time.monotonic() - started < 600:
            played.refresh_from_db()
            if played.status == PlayMatch.Status.FINISHED:
                break
            seat = played.on_clock
            assert seat is not None
            user = played.player1 if seat == 0 else played.player2
            assert user is not None
            page = pages[user.pk]
            wait_in_page(page, f"document.querySelector('#play') && window.__playVersion === {played.version}")
            game = played.current_game()
            if game is not None and game.awaiting_choice:  # each game's chooser decides on the page
                move = "play first"
                page.get_by_test_id("choose-me").click()
            else:
                move = next_move(played, seat, agents)
                click_move(page, move)
            wait_for_the_server(page, played, move)
            moves += 1
        played.refresh_from_db()
        assert played.status == PlayMatch.Status.FINISHED, f"not finished after {moves} moves"
        assert max(played.wins) == 2 and played.games.count() in (2, 3)
        assert all(g.end_reason in ("power", "deck out") for g in played.games.all())  # the engine's rules ended them
        for page in pages.values():
            wait_in_page(page, "document.querySelector('[data-testid=whose-turn]').innerText.includes('match')")
            assert page.locator(".stat-light").count() == 0

        table.refresh_from_db()
        assert table.status == Match.Status.CONFIRMED
        assert (table.a_games, table.b_games) in ((2, 0), (2, 1), (0, 2), (1, 2))
        champion = played.player1 if played.winner == 1 else played.player2
        assert champion is not None
        standings = pages[players[0].pk]
        standings.goto(f"{url}/events/{event.pk}/standings/")
        top = standings.get_by_test_id("standings").locator("tbody tr").first
        first_row = top.inner_text()
        points = top.get_by_test_id("points-note").locator("summary").inner_text()  # the Pts cell
        assert champion.public_name in first_row and points == "3"
    assert_every_game_replays(played)
