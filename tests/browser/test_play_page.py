"""A practice game against the bot, played on the play page by tapping cards and targets, on a phone
(390 x 844) and on a laptop (1280 x 800): the cards are faces whose rules text a zoom shows, a
target is chosen on the board, and no internal id (a card's handle, a seat's key) is ever shown."""

from __future__ import annotations

import re
from typing import Any

import pytest

from accounts.models import User
from gameplay.matches import services
from gameplay.matches.models import PlayMatch
from gameplay.runeslingers.engine.bots import GreedyAgent
from gameplay.runeslingers.site_catalog import current_catalog
from tests.browser.asgi import asgi_server
from tests.browser.test_event_flow import logged_in_page
from tests.browser.waiting import wait_in_page, wait_until_live
from tests.factories import UserFactory

STARTERS = [{"starter": "eva-starter"}, {"starter": "romin-starter"}]
PHONE = {"width": 390, "height": 844}
LAPTOP = {"width": 1280, "height": 800}
INTERNAL_ID = re.compile(r"\bc\d+\b|\bp[12]\b")
MOVES = 14  # the human's moves the test makes: past the setup, into the first turns' plays


class Live:
    """``logged_in_page`` wants an object with ``url``."""

    def __init__(self, url: str) -> None:
        self.url = url


def no_internal_ids(page: Any) -> None:
    text = page.locator("body").inner_text()
    found = INTERNAL_ID.findall(text)
    assert found == [], f"the page shows internal ids {found}"


def greedy_move(match: PlayMatch, agent: GreedyAgent) -> str:
    """What the human decides (a greedy policy; the test still makes the move through the page)."""
    game = match.current_game()
    assert game is not None
    return agent.act(services.load_state(game), 0).to_text()


def tap(page: Any, selector: str) -> None:
    node = page.locator(selector).first
    node.evaluate("node => node.scrollIntoView({block: 'center'})")  # clear of the sticky action bar
    node.click()


def tap_move(page: Any, move: str) -> str:
    """Makes ``move`` by tapping: its card (or Runeslinger, or equip), then its target on the board
    when only that action of the card aims there, else its named button. Says how it was chosen."""
    words = move.split(" ")
    subject = words[1] if len(words) > 1 and "=" not in words[1] and words[0] != "pass" else None
    button = f'.controls button[data-action="{move}"]'
    if subject and page.locator(button).count() == 0:
        tap(page, f'.playable[data-subject="{subject}"]')
        page.get_by_test_id("selection").wait_for()
    targets = [w.split("=", 1)[1] for w in words if w.startswith("target=")]
    shown = page.locator(".controls button[data-action]").evaluate_all("bs => bs.map(b => b.dataset.action)")
    same_target = sum(1 for action in shown if targets and f"target={targets[0]}" in action.split(" "))
    if len(targets) == 1 and same_target == 1 and page.locator(f'.targetable[data-target="{targets[0]}"]').count():
        tap(page, f'.targetable[data-target="{targets[0]}"]')
        return "target"
    tap(page, button)
    return "button"


def long_press(page: Any, node: Any) -> None:
    """Holds a finger on ``node`` until the zoom opens (a touch through the DevTools protocol), then lifts it."""
    box = node.bounding_box()
    point = {"x": box["x"] + box["width"] / 2, "y": box["y"] + box["height"] * 0.75}
    cdp = page.context.new_cdp_session(page)
    cdp.send("Emulation.setTouchEmulationEnabled", {"enabled": True, "maxTouchPoints": 1})
    cdp.send("Input.dispatchTouchEvent", {"type": "touchStart", "touchPoints": [point]})
    page.locator("dialog.face-dialog[open]").wait_for()
    cdp.send("Input.dispatchTouchEvent", {"type": "touchEnd", "touchPoints": []})
    cdp.send("Emulation.setTouchEmulationEnabled", {"enabled": False})
    cdp.detach()


def zoom_shows_rules_text(page: Any, card_id: str, touch: bool) -> None:
    """A long press on a card in your hand (a phone), or its magnifier (a laptop), opens its full face."""
    text = current_catalog().cards[card_id].text
    face = page.locator(f'[data-testid="my-hand"] [data-face-id="{card_id}"]').first
    face.evaluate("node => node.scrollIntoView({block: 'nearest', inline: 'nearest'})")
    if touch:
        long_press(page, face)
    else:
        face.locator(".face-zoom").click()
    dialog = page.locator("dialog.face-dialog[open]")
    dialog.wait_for()
    assert text in dialog.inner_text()
    page.keyboard.press("Escape")
    dialog.wait_for(state="hidden")


@pytest.mark.django_db(transaction=True)
@pytest.mark.parametrize("screen", [PHONE, LAPTOP], ids=["phone", "laptop"])
def test_a_practice_game_is_played_by_tapping_cards_and_targets(browser: Any, screen: dict[str, int]) -> None:
    user: User = UserFactory.create(username="eva", display_name="Eva")
    match = services.create_match(user, None, STARTERS, bot="greedy", seed=1, label="practice")  # Eva wins the roll
    services.choose_first(match.pk, user, True, match.version)  # and plays first
    agent, how = GreedyAgent(seed=3), []

    with asgi_server("tests.browser.bot_asgi:application") as url:
        page = logged_in_page(browser, Live(url), user)
        page.set_viewport_size(screen)
        sent: list[str] = []  # moves sent on the site socket (by POST only while it is down)
        page.on("websocket", lambda socket: socket.on("framesent", lambda frame: sent.append(str(frame))))
        page.goto(f"{url}/play/{match.pk}/")
        wait_until_live(page)
        zoomed = False
        for _ in range(MOVES):
            match.refresh_from_db()
            if match.status != PlayMatch.Status.PLAYING:
                break
            if match.on_clock != 0:  # the bot's turn: the server moves it; the page follows
                wait_in_page(page, f"window.__playVersion > {match.version}", timeout=60_000)
                continue
            wait_in_page(page, f"window.__playVersion === {match.version}")
            no_internal_ids(page)
            if not zoomed and page.locator('[data-testid="my-hand"] [data-face-id]').count():
                card_id = page.locator('[data-testid="my-hand"] [data-face-id]').first.get_attribute("data-face-id")
                zoom_shows_rules_text(page, card_id, touch=screen is PHONE)
                zoomed = True
            move = greedy_move(match, agent)
            how.append(tap_move(page, move))
            wait_in_page(page, f"window.__playVersion > {match.version}")
            assert page.get_by_test_id("play-error").inner_text() == ""
            no_internal_ids(page)
        assert zoomed, "no card was zoomed"
        assert len(how) >= 5, f"only {len(how)} moves were made"
        assert "target" in how, f"no target was chosen on the board ({how})"
        assert sum('"type":"act"' in frame.replace(" ", "") for frame in sent) >= 1, "no move went on the socket"
        assert page.get_by_test_id("log").locator("li").count() > 0
        no_internal_ids(page)
