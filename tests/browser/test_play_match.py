"""Two players in two browsers play an event match to the end on the play page; it reaches the standings."""

from __future__ import annotations

import time
from typing import Any

import pytest

from gameplay.matches import services as play
from gameplay.matches.models import PlayMatch
from gameplay.runeslingers import engine
from gameplay.runeslingers.engine.bots import GreedyAgent
from tests.browser.asgi import asgi_server
from tests.browser.onsite import onsite_match, play_page
from tests.browser.waiting import wait_in_page
from tests.waiting import wait_until
from tournaments.models import Match

ACTIONS = "bs => bs.map(b => b.dataset.action)"  # the moves the page's buttons make


def next_move(played: PlayMatch, seat: int, agents: list[GreedyAgent]) -> str:
    """What this player decides (a greedy policy; the test still makes the move through the page)."""
    game = played.current_game()
    assert game is not None
    state = play.load_state(game)
    return agents[seat].act(state, seat).to_text()


def click_move(page: Any, move: str) -> None:
    """Taps the move's card (or Runeslinger, or equip) when its button is not shown yet, then the button."""
    words = move.split(" ")
    subject = words[1] if len(words) > 1 and "=" not in words[1] and words[0] != "pass" else None
    button = page.locator(f'.controls button[data-action="{move}"]')
    if subject and button.count() == 0:
        card = page.locator(f'.playable[data-subject="{subject}"]').first
        # A tap scrolls the card only to the screen's edge, where the sticky controls may cover it.
        card.evaluate("card => card.scrollIntoView({block: 'center'})")
        card.click()
    page.locator(f'.controls button[data-action="{move}"]').click()


def wait_for_the_server(page: Any, played: PlayMatch, move: str) -> None:
    """Until the move has changed the match (its version moves on); on a timeout, fail with what the
    page says (its error line, its move buttons and its hint).

    On a loaded machine a page may redraw its buttons (a push arriving) between Playwright finding a
    button and the click landing, and the click is lost. When nothing has moved for a while and the
    page still offers the move at the same version, it is tapped again: the page sends the match's
    version with every move, so a tap that did arrive twice is refused the second time."""
    moved = lambda: not PlayMatch.objects.filter(pk=played.pk, version=played.version).exists()  # noqa: E731
    if move == "play first":
        button = page.get_by_test_id("choose-me")
    else:
        button = page.locator(f'.controls button[data-action="{move}"]')
    try:
        for _ in range(5):
            try:
                wait_until(moved, 12, move, every=0.05)
                return
            except AssertionError:
                same = page.evaluate(f"() => window.__playVersion === {played.version}")
                if same and button.count() == 1 and button.is_enabled():
                    button.click(timeout=5_000)
        wait_until(moved, 5, move, every=0.05)
    except AssertionError:
        buttons = ", ".join(page.locator(".controls button[data-action]").evaluate_all(ACTIONS))
        said = f"{page.get_by_test_id('play-error').inner_text()} | buttons: {buttons} | hint: "
        said += page.get_by_test_id("hint").inner_text()
        raise AssertionError(f"{move!r} did not reach the server; the page says {said!r}") from None


def play_through_the_pages(played: PlayMatch, pages: dict[int, Any], most_moves: int, seconds: float) -> int:
    """Both players make greedy moves by clicking them on their own play page (the die roll's
    winner chooses on the page too) until the match is over; the number of moves made."""
    agents = [GreedyAgent(seed=1), GreedyAgent(seed=2)]
    moves, started = 0, time.monotonic()
    while moves < most_moves and time.monotonic() - started < seconds:
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
        if game is not None and game.awaiting_choice:  # the die roll's winner chooses on the page
            move = "play first"
            page.get_by_test_id("choose-me").click()
        else:
            move = next_move(played, seat, agents)
            click_move(page, move)
        wait_for_the_server(page, played, move)
        moves += 1
    played.refresh_from_db()
    return moves


@pytest.mark.django_db(transaction=True)
def test_two_players_play_a_best_of_one_to_the_end_and_it_reaches_the_standings(browser: Any) -> None:
    onsite = onsite_match()
    event, table, played, players = onsite.event, onsite.table, onsite.played, onsite.players

    with asgi_server() as url:
        pages = {user.pk: play_page(browser, url, user, played) for user in players}
        moves = play_through_the_pages(played, pages, most_moves=2000, seconds=240)
        assert played.status == PlayMatch.Status.FINISHED, f"not finished after {moves} moves"
        for page in pages.values():
            wait_in_page(page, "document.querySelector('[data-testid=whose-turn]').innerText.includes('match')")
        banner = pages[players[0].pk].get_by_test_id("whose-turn").inner_text()
        assert banner in ("You won the match", "You lost the match", "Match drawn")

        table.refresh_from_db()
        assert table.status == Match.Status.CONFIRMED
        winner = played.winner
        standings = pages[players[0].pk]
        standings.goto(f"{url}/events/{event.pk}/standings/")
        top = standings.get_by_test_id("standings").locator("tbody tr").first
        first_row = top.inner_text()
        points = top.get_by_test_id("points-note").locator("summary").inner_text()  # the Pts cell
        if winner is not None:
            champion = played.player1 if winner == 1 else played.player2
            assert champion is not None
            assert champion.public_name in first_row and points == "3"
    assert engine.ENGINE_VERSION
