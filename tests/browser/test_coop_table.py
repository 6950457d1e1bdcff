"""Two people play a Runemasters table to the end on its play page: Ann runs two guardians, Bob one;
one of Bob's turns runs out of time and ends by itself; the replay gives every logged hash again."""

from __future__ import annotations

import time
from functools import partial
from typing import Any

import pytest

from gameplay.matches import services
from gameplay.matches.engines import engine_for
from gameplay.matches.models import GameAction, PlayMatch
from gameplay.matches.services import SeatSpec
from tests.browser.asgi import asgi_server
from tests.browser.onsite import Live
from tests.browser.test_event_flow import logged_in_page
from tests.browser.waiting import wait_in_page, wait_until_live
from tests.factories import UserFactory
from tests.waiting import wait_until

TURN_SECONDS = 10


def table_page(browser: Any, url: str, user: Any, match: PlayMatch) -> Any:
    page = logged_in_page(browser, Live(url), user)
    page.goto(f"{url}/play/{match.pk}/")
    wait_until_live(page)
    return page


def click_action(page: Any, action: str) -> None:
    """Press the action's button in the list of actions in words (unfolded if a board folds it)."""
    folded = page.locator('[data-testid="actions"] details')
    if folded.count():
        folded.evaluate("details => { details.open = true; }")
    page.locator(f'[data-testid="actions"] button[data-action="{action}"]').click()


def turn_ended(match: PlayMatch, seat: int) -> bool:
    return GameAction.objects.filter(game__match=match, seat=seat, automatic=True).exists()


def moved_on(match: PlayMatch, version: int) -> bool:
    return not PlayMatch.objects.filter(pk=match.pk, version=version).exists()


@pytest.mark.django_db(transaction=True)
def test_two_people_play_a_table_to_the_end_and_a_turn_clock_runs_out_once(browser: Any) -> None:
    ann = UserFactory.create(username="ann", display_name="Ann")
    bob = UserFactory.create(username="bob", display_name="Bob")
    setup = {"guardians": ["neltai", "kulak", "kyreas"], "difficulty": "initiate"}
    match = services.create_table(
        "runemasters", setup, [SeatSpec(ann), SeatSpec(bob), SeatSpec(ann)], seed=21, turn_seconds=TURN_SECONDS
    )
    people = {ann.pk: ann, bob.pk: bob}
    with asgi_server("tests.browser.sweeping_asgi:application") as url:
        pages = {pk: table_page(browser, url, user, match) for pk, user in people.items()}
        seats = pages[ann.pk].locator('[data-testid="seats"] li').all_inner_texts()
        assert seats == ["Neltai — you", "Kulak — Bob", "Kyreas — you"]
        assert play_through_pages(pages, match, bob) > 0
        said = pages[bob.pk].get_by_test_id("outcome").inner_text()
        assert said.startswith("The guardians won" if match.outcome == "won" else "The guardians lost")
        ended = GameAction.objects.filter(game__match=match, automatic=True, action="end")
        assert ended.exists()
        replay_gives_every_hash(pages[ann.pk], url, match)


def play_through_pages(pages: dict[int, Any], match: PlayMatch, runs_out: Any) -> int:
    """Play ``match`` to its end on its holders' pages (``pages`` by user id), each move the greedy
    guardian's, pressed as a button; ``runs_out`` lets the clock of their first turn run out. Returns
    the moves pressed, once every page says the game is over."""
    engine = engine_for(match)
    let_run_out, moves, started = True, 0, time.monotonic()
    while time.monotonic() - started < 300:
        match.refresh_from_db()
        if match.status == PlayMatch.Status.FINISHED:
            break
        seat = match.on_clock
        assert seat is not None
        holder = match.holders()[seat]
        page = pages[holder.user_id or 0]
        wait_in_page(page, f"window.__playVersion >= {match.version}")
        if let_run_out and holder.user_id == runs_out.pk:  # their first turn's clock runs out
            assert "s left in this turn" in page.get_by_test_id("turn-clock").inner_text()
            wait_until(partial(turn_ended, match, seat), TURN_SECONDS + 60, "the turn clock to end a turn")
            let_run_out = False
            continue
        game = match.current_game()
        assert game is not None
        move = engine.bot_action(engine.from_json(game.state), seat, "greedy", moves)
        version = match.version
        click_action(page, move)
        wait_until(partial(moved_on, match, version), 60, move, every=0.05)
        moves += 1
    match.refresh_from_db()
    assert match.status == PlayMatch.Status.FINISHED, f"not finished after {moves} moves"
    assert not let_run_out, f"{runs_out.public_name}'s turn never came"
    for page in pages.values():
        wait_in_page(page, "document.querySelector('[data-testid=outcome]').innerText.includes('The guardians')")
    return moves


def replay_gives_every_hash(replay: Any, url: str, match: PlayMatch) -> None:
    """Step the replay page through the whole game: each step shows the state hash the log recorded."""
    replay.goto(f"{url}/play/{match.pk}/replay/")
    logged = list(match.games.get().actions.order_by("seq").values_list("state_hash", flat=True))
    for step, hash_ in enumerate(logged, start=1):
        replay.get_by_test_id("replay-next").click()
        wait_in_page(replay, f"document.getElementById('coop-replay').dataset.shown === '{step}'")
        assert replay.locator("#coop-replay").get_attribute("data-hash") == hash_
        said = replay.get_by_test_id("replay-action").inner_text()
        assert said.startswith("— ") and not said.endswith(".."), said
