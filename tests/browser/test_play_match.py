"""Two players in two browsers play an event match to the end on the play page; it reaches the standings."""

from __future__ import annotations

import time
from typing import Any

import pytest

from gameplay import engine
from gameplay.engine.bots import GreedyAgent
from gameplay.formats import Deck
from gameplay.matches import services as play
from gameplay.matches.models import PlayMatch
from gameplay.services import current_catalog
from tests.browser.asgi import asgi_server
from tests.browser.test_event_flow import logged_in_page
from tests.factories import EventFactory, OrganiserFactory, RegistrationFactory, UserFactory
from tournaments.models import Match
from tournaments.services import decks, registration, rounds


class Live:
    """``logged_in_page`` wants an object with ``url``."""

    def __init__(self, url: str) -> None:
        self.url = url


def next_move(played: PlayMatch, seat: int, agents: list[GreedyAgent]) -> str:
    """What this player decides (a greedy policy; the test still makes the move through the page)."""
    game = played.current_game()
    assert game is not None
    state = play.load_state(game)
    return agents[seat].act(state, seat).to_text()


def click_move(page: Any, move: str) -> None:
    subject = move.split(" ")[1] if " " in move and move.split(" ")[1].startswith("c") else None
    button = page.locator(f'.controls button[data-action="{move}"]')
    if subject and button.count() == 0:
        page.locator(f'.gcard[data-card="{subject}"]').first.click()
    page.locator(f'.controls button[data-action="{move}"]').click()


@pytest.mark.django_db(transaction=True)
def test_two_players_play_a_best_of_one_to_the_end_and_it_reaches_the_standings(browser: Any) -> None:
    catalog = current_catalog()
    organiser = OrganiserFactory()
    event = EventFactory(organiser=organiser, format="awakening-starter", played_on_site=True, rounds=1)
    players = [UserFactory(username="ann", display_name="Ann"), UserFactory(username="bob", display_name="Bob")]
    for user, starter in zip(players, ("eva-starter", "romin-starter"), strict=True):
        RegistrationFactory(event=event, player=user)
        decks.register_deck(event, user, Deck.from_starter(catalog.starter_decks[starter]), user)
    registration.start_event(event, organiser)
    round_ = rounds.publish_round(rounds.pair_next_round(event, organiser), organiser)
    table = Match.objects.select_related("play").get(round=round_)
    played = table.play
    assert played is not None

    with asgi_server() as url:
        pages = {}
        for user in players:
            page = logged_in_page(browser, Live(url), user)
            page.goto(f"{url}/play/{played.pk}/")
            page.wait_for_selector('[data-testid="connection"]:has-text("live")')
            pages[user.pk] = page
        agents = [GreedyAgent(seed=1), GreedyAgent(seed=2)]
        moves, started = 0, time.monotonic()
        while moves < 2000 and time.monotonic() - started < 240:
            played.refresh_from_db()
            if played.status == PlayMatch.Status.FINISHED:
                break
            seat = played.on_clock
            assert seat is not None
            user = played.player1 if seat == 0 else played.player2
            assert user is not None
            page = pages[user.pk]
            page.wait_for_function(f"document.querySelector('#play') && window.__playVersion === {played.version}")
            game = played.current_game()
            if game is not None and game.awaiting_choice:  # the die roll's winner chooses on the page
                move = "play first"
                page.get_by_test_id("choose-me").click()
            else:
                move = next_move(played, seat, agents)
                click_move(page, move)
            deadline = time.monotonic() + 10
            while PlayMatch.objects.filter(pk=played.pk, version=played.version).exists():
                error = (
                    page.get_by_test_id("play-error").inner_text()
                    + " | buttons: "
                    + ", ".join(page.locator(".controls button").evaluate_all("bs => bs.map(b => b.dataset.action)"))
                    + " | hint: "
                    + page.get_by_test_id("hint").inner_text()
                )
                assert time.monotonic() < deadline, f"{move!r} did not reach the server; the page says {error!r}"
                time.sleep(0.05)
            moves += 1
        played.refresh_from_db()
        assert played.status == PlayMatch.Status.FINISHED, f"not finished after {moves} moves"
        for page in pages.values():
            page.wait_for_function("document.querySelector('[data-testid=whose-turn]').innerText.includes('match')")
        banner = pages[players[0].pk].get_by_test_id("whose-turn").inner_text()
        assert banner in ("You won the match", "You lost the match", "Match drawn")

        table.refresh_from_db()
        assert table.status == Match.Status.CONFIRMED
        winner = played.winner
        standings = pages[players[0].pk]
        standings.goto(f"{url}/events/{event.pk}/standings/")
        first_row = standings.get_by_test_id("standings").locator("tbody tr").first.inner_text()
        if winner is not None:
            champion = played.player1 if winner == 1 else played.player2
            assert champion is not None
            assert champion.public_name in first_row and "\t3\t" in first_row
    assert engine.ENGINE_VERSION
