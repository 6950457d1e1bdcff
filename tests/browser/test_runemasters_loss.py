"""A lost Runemasters table says what lost it (issue 28): a player who only ever ends the turn lets
the monsters through; the game-over panel and the log then name the monster and its path (or
poison), in the engine's words, on the real table page."""

from __future__ import annotations

from typing import Any

import pytest

from gameplay.matches import services
from gameplay.matches.models import PlayMatch
from gameplay.matches.services import SeatSpec
from gameplay.matches.services.views import load_state
from gameplay.runemasters.hosting import RUNEMASTERS
from tests.browser.asgi import asgi_server
from tests.browser.test_coop_table import table_page
from tests.browser.waiting import wait_in_page
from tests.factories import UserFactory

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

BOARD = "[data-rm-board]"
# what a player who does nothing presses: the end of the turn, or the Guardian Angel's first choice
NEXT = f"{BOARD} button[data-action='end'], {BOARD} button[data-action^='angel'], {BOARD} button[data-action^='reward']"
READY = f"document.querySelector(\"{NEXT}\") !== null || document.querySelector('{BOARD} .rm-outcome') !== null"
PRESSES = 200
TYPES = ("archer", "wolf", "troll", "warrior", "shadow", "dragon", "wizard")


def test_a_lost_table_names_the_monster_and_the_path_in_the_panel_and_the_log(browser: Any) -> None:
    ann = UserFactory.create(username="ann", display_name="Ann")
    setup = {"guardians": ["kyreas", "ismoros"], "difficulty": "initiate"}
    match = services.create_table(
        "runemasters", setup, [SeatSpec(ann), SeatSpec(ann)], seed=7, pace=PlayMatch.Pace.UNTIMED
    )
    with asgi_server("tests.browser.bot_asgi:application") as url:
        page = table_page(browser, url, ann, match)
        for _ in range(PRESSES):
            wait_in_page(page, READY, timeout=60_000)
            if page.locator(f"{BOARD} .rm-outcome").count():
                break
            version = page.evaluate("window.__playVersion")
            try:
                page.locator(NEXT).first.click(timeout=5_000)
            except Exception:  # redrawn between finding and clicking: look again
                continue
            wait_in_page(page, f"window.__playVersion > {version}", timeout=60_000)
        match.refresh_from_db()
        assert match.outcome == PlayMatch.TableOutcome.LOST
        game = match.games.get()
        reason = load_state(game, RUNEMASTERS).reason
        assert " path" in reason or "Poison" in reason, reason
        assert any(kind in reason for kind in TYPES) or "Poison" in reason, reason
        panel = page.locator(f"{BOARD} .rm-outcome").inner_text()
        assert panel == f"Defeat. {reason}."
        log = page.locator(f"{BOARD} .rm-log-lines li").all_inner_texts()
        assert reason in log[-1]
        page.context.close()
