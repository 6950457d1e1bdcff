"""Issue 28: the play page's game log keeps the whole game. Two players play past 30 log entries
while Ann's page is open: each move is added below the others and the list follows the newest;
after a reload (a view carries only the newest 30) Ann scrolls the log back with the mouse wheel
and the page reads the earlier moves until the first one, in order, with no internal id shown."""

from __future__ import annotations

import random
from typing import Any

import pytest

from accounts.models import User
from gameplay.matches import services
from gameplay.matches.engines import engine_for
from gameplay.matches.models import PlayMatch
from tests.browser.onsite import play_page
from tests.browser.test_play_page import INTERNAL_ID
from tests.browser.waiting import wait_in_page, wait_until_live
from tests.factories import UserFactory

pytestmark = [pytest.mark.browser]

STARTERS = [{"starter": "eva-starter"}, {"starter": "romin-starter"}]
LAPTOP = {"width": 1280, "height": 800}
LOG = '[data-testid="log"]'
ITEMS = f"document.querySelectorAll('{LOG} li')"
# the newest entry is inside the log's visible part
NEWEST_SEEN = (
    f"(() => {{ const box = document.querySelector('{LOG}'), last = box.lastElementChild;"
    " return !!last && last.getBoundingClientRect().bottom <= box.getBoundingClientRect().bottom + 2; })()"
)


def play_moves(match: PlayMatch, players: list[User], count: int, rng: random.Random) -> None:
    """``count`` random legal moves, each by the seat whose decision it is (through the services)."""
    for _ in range(count):
        match.refresh_from_db()
        seat = match.on_clock
        assert seat is not None and match.status == PlayMatch.Status.PLAYING
        view = services.player_view(match, seat)
        if view["choice"]["pending"]:
            services.choose_first(match.pk, players[seat], True, view["version"])
        else:
            services.play(match.pk, players[seat], rng.choice(view["board"]["legal"]), view["version"])


def every_entry(match: PlayMatch) -> list[str]:
    game = match.current_game()
    assert game is not None
    said = services.views.described_actions(game, engine_for(match), services.views.seat_names(match))
    assert said is not None
    return [entry["text"] for entry in said]


def shown(page: Any) -> list[tuple[int, str]]:
    return [
        (int(n), text)
        for n, text in page.locator(f"{LOG} li").evaluate_all("items => items.map(i => [i.dataset.move, i.innerText])")
    ]


def test_the_log_keeps_the_whole_game_follows_the_newest_and_scrolls_back_to_the_first(
    browser: Any, live_site: Any
) -> None:
    players = [
        UserFactory.create(username="ann", display_name="Ann"),
        UserFactory.create(username="bob", display_name="Bob"),
    ]
    match = services.create_match(players[0], players[1], STARTERS, seed=7)
    rng = random.Random(3)
    play_moves(match, players, 10, rng)

    page = play_page(browser, live_site.url, players[0], match)
    page.set_viewport_size(LAPTOP)
    for _ in range(30):  # past 30 entries while the page is open: each push adds the new lines
        play_moves(match, players, 1, rng)
        match.refresh_from_db()
        wait_in_page(page, f"window.__playVersion === {match.version}")
    texts = every_entry(match)
    assert len(texts) > 30
    wait_in_page(page, f"{ITEMS}.length === {len(texts)}")
    assert shown(page) == list(enumerate(texts, start=1))  # the whole game, cause before effect, in order
    wait_in_page(page, NEWEST_SEEN)  # the list followed the newest move

    page.reload()  # a view carries the newest 30 entries only
    wait_until_live(page)
    wait_in_page(page, f"{ITEMS}.length === 30")
    wait_in_page(page, NEWEST_SEEN)
    assert page.get_by_test_id("log-earlier").is_visible()
    box = page.locator(LOG)
    for _ in range(40):  # the player scrolls the log back with the wheel until move 1 is there
        if page.locator(f'{LOG} li[data-move="1"]').count():
            break
        box.hover()
        page.mouse.wheel(0, -2000)
        wait_in_page(page, f"document.querySelector('{LOG}').scrollTop < 8 || {ITEMS}.length > 30")
    first = page.locator(f'{LOG} li[data-move="1"]')
    first.wait_for()
    assert shown(page) == list(enumerate(texts, start=1))
    first.scroll_into_view_if_needed()
    assert first.is_visible() and page.get_by_test_id("log-earlier").is_hidden()

    play_moves(match, players, 1, rng)  # scrolled back: a new move does not pull the list down
    match.refresh_from_db()
    wait_in_page(page, f"{ITEMS}.length === {len(texts) + 1}")
    assert page.get_by_test_id("log-newest").is_visible()
    page.get_by_test_id("log-newest").click()
    wait_in_page(page, NEWEST_SEEN)
    found = INTERNAL_ID.findall(box.inner_text())
    assert found == [], f"the log shows internal ids {found}"
    page.close()
