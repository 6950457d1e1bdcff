"""Done-when of issue 19: a Classic (rulebook 000) best-of-three event match played to its end in
two browsers, with clocks; the result reaches the standings and every game replays hash for hash.

Both players decide with the greedy policy and make every move by clicking the play page (as
`test_play_match.py` does); every game ends by the engine's rules (no concession). The Classic
board shows no light counter and draws the Classic faces."""

from __future__ import annotations

from typing import Any

import pytest

from gameplay.matches.engines import engine_for
from gameplay.matches.models import PlayMatch
from tests.browser.asgi import asgi_server
from tests.browser.onsite import onsite_match, play_page
from tests.browser.test_play_match import play_through_the_pages
from tests.browser.waiting import wait_in_page
from tournaments.models import Match

pytestmark = [pytest.mark.browser, pytest.mark.slow]


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
        moves = play_through_the_pages(played, pages, most_moves=3000, seconds=600)
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
