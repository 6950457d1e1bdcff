"""The Runemasters board (static/gameplay/runemasters-board.js) drawing real engine views.

The views come from the pure engine: seeded games played by its bots to a start, a turn half done
(injured monsters, dice set aside), a fallen guardian, a victory and a defeat, wrapped as the
hosting layer wraps a view (and one view made by the hosting layer itself). The board's partial,
the site's CSS and the scripts are served under the site's Content-Security-Policy (anything it
refuses fails the test). What a person sees is asserted, and a button or a die-then-monster tap
must call ``act`` with the legal action it stands for. Screenshots at 1280 and 390 px wide go to
the test's temporary folder.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any
from urllib.parse import urlparse

import pytest
from django.core.serializers.json import DjangoJSONEncoder
from django.template.loader import render_to_string

from config.security import DEFAULT_POLICY
from gameplay.matches import services
from gameplay.matches.models import PlayMatch
from gameplay.matches.services import SeatSpec
from gameplay.runemasters import game
from tests.browser.test_event_flow import logged_in_page
from tests.browser.waiting import wait_in_page
from tests.factories import UserFactory

pytestmark = [pytest.mark.browser]

ROOT = Path(__file__).resolve().parents[2]
ORIGIN = "http://board.test"
STYLES = ["static/css/fett.css", "static/css/cards.css"]  # base.html's; the partial links runemasters.css
SCRIPTS = ["static/js/dom.js", "static/gameplay/runemasters-board.js"]
NAMES = ["Ann", "Bo", "Cy", "Di"]
Stop = Callable[[game.State], bool]


def playout(
    setup: dict[str, Any], seed: int, stop: Stop, bot: str = "greedy"
) -> tuple[game.State, list[dict[str, Any]]]:
    """The game from ``seed`` played by ``bot`` until ``stop`` holds (or it ends), with its log sentences."""
    state = game.new_game(setup, seed)
    log: list[dict[str, Any]] = []
    names = NAMES[: len(setup["guardians"])]
    for step in range(3000):
        if stop(state):
            return state, log
        decision = game.pending(state)
        if decision is None:
            break
        action = game.bot_action(state, decision.seat, bot, seed + step)
        after, text = game.apply(state, action)
        log.append(game.describe_move(state, text, after, names))
        state = after
    raise AssertionError(f"seed {seed} never reached the state sought")


def find(setup: dict[str, Any], stop: Stop, bot: str = "greedy") -> tuple[game.State, list[dict[str, Any]]]:
    """The first seeded game (seeds 1 to 60, always the same one) that reaches a state where ``stop`` holds."""
    for seed in range(1, 61):
        try:
            return playout(setup, seed, stop, bot)
        except AssertionError:
            continue
    raise AssertionError("no seed from 1 to 60 reaches the state sought")


def hosted(state: game.State, log: list[dict[str, Any]], seat: int | None = None) -> dict[str, Any]:
    """The view of ``seat`` (the acting one by default) wrapped as the hosting layer wraps it."""
    decision = game.pending(state)
    if seat is None and decision is not None:
        seat = decision.seat
    count = len(state.guardians)
    names = NAMES[:count]
    board = game.view(state, seat)
    words = game.words(state, seat, names)
    return {
        "version": len(log) + 1,
        "status": "finished" if state.outcome else "playing",
        "outcome": state.outcome,
        "seat": board["you"],
        "board": board,
        "labels": words["labels"],
        "prompt": words["prompt"],
        "choices": words["choices"],
        "log": log[-30:],
        "last": log[-1] if log else None,
        "clocks": {"remaining_ms": [60_000] * count, "on_clock": board["you"], "deadline": None},
        "seats": [{"seat": f"p{n + 1}", "name": names[n], "mine": n == seat} for n in range(count)],
    }


def injured_with_dice_aside(state: game.State) -> bool:
    struck = any(slot and any(slot["struck"]) for slots in state.paths.values() for slot in slots)
    used = any(d["used"] for d in state.dice) and any(not d["used"] for d in state.dice)
    return state.phase == "actions" and struck and used


def fallen(state: game.State) -> bool:
    return state.phase == "actions" and any(not g["alive"] for g in state.guardians)


def ended(outcome: str) -> Stop:
    return lambda state: state.outcome == outcome


TWO = {"guardians": ["neltai", "kulak"], "difficulty": "initiate"}
FOUR = {"guardians": ["neltai", "ismoros", "kulak", "kyreas"], "difficulty": "novice"}
THREE = {"guardians": ["ismoros", "kyreas", "kulak"], "difficulty": "hero"}


@pytest.fixture(scope="module")
def views() -> dict[str, dict[str, Any]]:
    start = game.new_game(TWO, seed=1)
    return {
        "start": hosted(start, []),
        "mid": hosted(*find(FOUR, injured_with_dice_aside)),
        "fallen": hosted(*find(FOUR, fallen, bot="random")),
        "angel": hosted(*find(TWO, lambda state: state.phase == "angel")),
        "won": hosted(*find(TWO, ended("won"))),
        "lost": hosted(*find(THREE, ended("lost"), bot="random")),
    }


def load_board(page: Any) -> None:
    """A page at a made-up origin under the site's Content-Security-Policy: the board's partial
    (rendered by Django), the site's CSS and the two scripts, served from ``static/``."""
    body = render_to_string("gameplay/_runemasters_board.html")
    styles = "".join(f'<link rel="stylesheet" href="/{path}">' for path in STYLES)
    scripts = "".join(f'<script src="/{path}"></script>' for path in SCRIPTS)
    head = f"<!doctype html><html><head><meta charset='utf-8'><title>Board</title>{styles}</head>"
    html = f"{head}<body><main>{body}</main>{scripts}</body></html>"
    kinds = {".css": "text/css; charset=utf-8", ".js": "text/javascript; charset=utf-8"}

    def serve(route: Any) -> None:
        path = urlparse(route.request.url).path.lstrip("/")
        headers = {"Content-Security-Policy": DEFAULT_POLICY}
        if not path:
            route.fulfill(body=html, content_type="text/html; charset=utf-8", headers=headers)
        elif path.startswith("static/") and (ROOT / path).is_file():
            route.fulfill(body=(ROOT / path).read_text(), content_type=kinds[Path(path).suffix], headers=headers)
        else:
            route.fulfill(status=404, body="", headers=headers)

    page.route(f"{ORIGIN}/**", serve)
    page.goto(f"{ORIGIN}/")
    page.evaluate(
        """() => {
        window.acted = [];
        window.refused = [];  // anything the policy blocks from now on (an inline style, say)
        document.addEventListener("securitypolicyviolation", (e) => window.refused.push(e.violatedDirective));
        window.rmBoard = window.FettRunemastersBoard(document.querySelector("main"));  // as the page holds it
    }"""
    )


def render(page: Any, view: dict[str, Any]) -> None:
    page.evaluate("(view) => window.rmBoard.render(view, (action) => window.acted.push(action))", view)
    assert page.evaluate("window.refused") == [], "the page's policy refused something the board did"
    assert page.locator('link[href$="runemasters.css"]').count() == 1  # drawn inside the partial, its CSS kept


def acted(page: Any) -> list[str]:
    return list(page.evaluate("window.acted"))


@pytest.fixture
def wide(browser: Any) -> Iterator[Any]:
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    page = context.new_page()
    page.set_default_timeout(60_000)
    yield page
    context.close()


def assert_no_notation(page: Any, view: dict[str, Any]) -> None:
    """Nothing on the page is an action's text, a card's id, an event's key or a seat's handle."""
    text = page.locator("[data-rm-board]").inner_text()
    board = view["board"]
    for action in view["board"]["legal"]:
        if " " in action:  # one-word actions ("end") are ordinary words
            assert action not in text, f"the action text {action!r} is shown"
    cards = {m["card"] for p in board["paths"].values() for m in p["spaces"] if m}
    for hidden in [*cards, *board["event_discard"], "undefined", "null", "NaN", "[object", "Â"]:
        assert hidden not in text, f"{hidden!r} is shown"
    assert not re.search(r"\bp[1-4]\b", text), "a seat's handle is shown"


def assert_every_action_has_its_button(page: Any, view: dict[str, Any]) -> None:
    """One button for each of the engine's labels of the legal actions (actions worded alike, as two
    dice of one rune, share one): every legal action can be made, and no button is there twice."""
    shown = page.locator(".rm-act").all_text_contents()
    labels = {view["labels"][action] for action in view["board"]["legal"]}
    assert sorted(shown) == sorted(label[0].upper() + label[1:] for label in labels)


def test_the_start_of_a_game_shows_the_temple_paths_dice_and_actions(
    page: Any, views: dict[str, Any], tmp_path: Path
) -> None:
    view = views["start"]
    board = view["board"]
    load_board(page)
    render(page, view)
    assert page.locator(".rm-temple-hp").inner_text() == f"Temple {board['temple']['hp']} / {board['temple']['max']} HP"
    for colour, path in board["paths"].items():
        row = page.locator(".rm-path", has=page.locator(f'[data-target="path:{colour}"]'))
        for monster in filter(None, path["spaces"]):
            assert monster["name"] in row.inner_text()
    assert page.locator(".rm-event-name").inner_text() == board["event_card"]["name"]
    assert board["event_card"]["text"] in page.locator(".rm-event").inner_text()
    assert page.locator(".rm-die:not(.used)").count() == len(board["dice"])
    assert page.get_by_role("button", name=re.compile(r"rune die$")).count() == len(board["dice"])
    # every legal action has a button with the engine's label
    assert_every_action_has_its_button(page, view)
    end = page.get_by_role("button", name="End the turn")
    end.click()
    assert acted(page) == ["end"]
    assert_no_notation(page, view)
    assert page.evaluate("document.documentElement.scrollWidth") <= 390  # nothing runs off a phone
    page.screenshot(path=str(tmp_path / "start-390.png"), full_page=True)


def test_a_turn_half_done_shows_injuries_dice_set_aside_and_acts_by_die_then_target(
    page: Any, wide: Any, views: dict[str, Any], tmp_path: Path
) -> None:
    view = views["mid"]
    board = view["board"]
    load_board(page)
    render(page, view)
    used = sum(d["used"] for d in board["dice"])
    assert page.locator(".rm-die.used").count() == used
    assert page.get_by_role("img", name=re.compile(r"rune die, set aside$")).count() == used
    struck = sum(sum(m["struck"]) for p in board["paths"].values() for m in p["spaces"] if m)
    assert page.get_by_role("img", name=re.compile(r"weak point, struck$")).count() == struck
    assert page.locator(".rm-monster.injured").count() >= 1
    assert_no_notation(page, view)
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    page.screenshot(path=str(tmp_path / "mid-390.png"), full_page=True)

    # a button in a folded group: open it and press one
    assert_every_action_has_its_button(page, view)
    label = next(view["labels"][a] for a in view["board"]["legal"] if a != "end")
    page.locator("details.rm-group summary").evaluate_all("(all) => all.forEach((s) => s.click())")
    page.get_by_role("button", name=label[0].upper() + label[1:], exact=True).first.click()
    assert acted(page)[-1] in [a for a in view["board"]["legal"] if view["labels"][a] == label]

    # a die, then what it is for: a strike on the front monster, or a move to a path
    aimed = [a for a in view["board"]["legal"] if a.split()[0] in ("strike", "move")]
    assert aimed, "the half-done turn has a strike or a move to tap"
    verb, die, *rest = aimed[0].split()
    rune = board["dice"][int(die)]["rune"].capitalize()
    render(page, view)
    page.get_by_role("button", name=f"{rune} rune die").nth(_nth_die(board, int(die))).click()
    wait_in_page(page, "document.querySelector('.rm-target') !== null")
    me = board["guardians"][board["active"]]
    if verb == "strike":
        front = next(i for i, m in enumerate(board["paths"][me["path"]]["spaces"]) if m)
        target = page.locator(f'[data-target="monster:{me["path"]}:{front}"]')
    else:
        target = page.locator(f'[data-target="path:{rest[0]}"]')
    target.click()
    assert acted(page)[-1] == aimed[0]  # the one action of that die aimed there

    load_board(wide)
    render(wide, view)
    assert wide.locator(".rm-m-rule").first.is_visible()  # the type's rule on the card on a wide screen
    wide.screenshot(path=str(tmp_path / "mid-1280.png"), full_page=True)


def test_a_die_is_chosen_and_let_go_from_the_keyboard(page: Any, views: dict[str, Any]) -> None:
    load_board(page)
    render(page, views["mid"])
    die = page.locator("button.rm-die:not([disabled])").first
    die.focus()
    page.keyboard.press("Enter")
    wait_in_page(page, "document.activeElement.getAttribute('aria-pressed') === 'true'")
    assert page.locator(".rm-target").count() >= 1 and page.locator(".rm-picked").is_visible()
    page.keyboard.press("Escape")
    wait_in_page(page, "document.querySelector('.rm-target, .rm-picked') === null")
    assert page.locator("button.rm-die[aria-pressed='true']").count() == 0
    assert page.evaluate("document.activeElement.classList.contains('rm-die')")  # the keyboard stays on the die


def test_nothing_moves_for_a_person_who_asks_for_less_motion(page: Any, views: dict[str, Any]) -> None:
    motion = "getComputedStyle(document.querySelector('.rm-target')).animationName"
    load_board(page)
    render(page, views["mid"])
    page.locator("button.rm-die:not([disabled])").first.click()
    assert page.evaluate(motion) == "rm-pulse"  # a target pulses ...
    page.emulate_media(reduced_motion="reduce")
    load_board(page)
    render(page, views["mid"])
    page.locator("button.rm-die:not([disabled])").first.click()
    assert page.evaluate(motion) == "none"  # ... unless the person asked for less motion


def _nth_die(board: dict[str, Any], index: int) -> int:
    """Which of the free dice showing the same rune die ``index`` is (the buttons are in die order)."""
    rune = board["dice"][index]["rune"]
    return sum(1 for d in board["dice"][:index] if d["rune"] == rune and not d["used"])


def test_the_sage_gives_the_guardian_angel_by_tapping_a_guardian(page: Any, views: dict[str, Any]) -> None:
    view = views["angel"]
    board = view["board"]
    load_board(page)
    render(page, view)
    assert page.locator(".rm-die").count() == 0  # no dice before a turn
    first = board["guardians"][0]
    button = page.get_by_role("button", name=f"Give {first['name']} the Guardian Angel", exact=True)
    assert button.count() == 1
    page.locator('[data-target="guardian:1"].rm-target').click()
    assert acted(page) == ["angel 1"]
    button.click()
    assert acted(page) == ["angel 1", "angel 0"]
    assert_no_notation(page, view)


def test_a_fallen_guardian_is_shown_fallen(page: Any, views: dict[str, Any], tmp_path: Path) -> None:
    view = views["fallen"]
    board = view["board"]
    load_board(page)
    render(page, view)
    dead = [g for g in board["guardians"] if not g["alive"]]
    assert page.locator(".rm-guardian.dead").count() == len(dead)
    for guardian in dead:
        assert "Fallen" in page.locator(".rm-guardian.dead", has_text=guardian["name"]).inner_text()
    for guardian in board["guardians"]:
        card = page.locator(".rm-guardian", has_text=guardian["name"]).first
        assert card.get_by_role("img", name=f"HP {guardian['hp']} of 4").count() == 1
        assert card.get_by_role("img", name=f"MP {guardian['mp']} of 4").count() == 1
    assert_no_notation(page, view)
    page.screenshot(path=str(tmp_path / "fallen-390.png"), full_page=True)


@pytest.mark.parametrize(("name", "word"), [("won", "Victory"), ("lost", "Defeat")])
def test_the_end_of_a_game_says_how_it_ended_and_offers_nothing(
    page: Any, wide: Any, views: dict[str, Any], name: str, word: str, tmp_path: Path
) -> None:
    view = views[name]
    load_board(page)
    render(page, view)
    outcome = page.locator(".rm-outcome")
    assert outcome.inner_text().startswith(word) and view["board"]["reason"] in outcome.inner_text()
    assert page.locator(".rm-act").count() == 0 and page.locator(".rm-die").count() == 0
    if name == "lost":  # three guardians: the yellow path is closed
        assert "Closed" in page.locator(".rm-path.rm-closed").inner_text()
        assert page.locator(".rm-temple-hp").inner_text().startswith(f"Temple {view['board']['temple']['hp']} /")
    assert_no_notation(page, view)
    page.screenshot(path=str(tmp_path / f"{name}-390.png"), full_page=True)
    load_board(wide)
    render(wide, view)
    wide.screenshot(path=str(tmp_path / f"{name}-1280.png"), full_page=True)


@pytest.mark.django_db
def test_the_hosting_layers_own_view_of_a_table_draws(page: Any) -> None:
    """A table made by the hosting layer: its view (seats, names, clocks, words) draws as it is."""
    ann = UserFactory.create(username="ann")
    match = services.create_table("runemasters", TWO, [SeatSpec(ann), SeatSpec(None)], seed=3)
    view = json.loads(json.dumps(services.player_view(match, 0), cls=DjangoJSONEncoder))
    load_board(page)
    render(page, view)
    boards = page.locator(".rm-guardian")
    assert boards.count() == 2
    assert "(you)" in boards.nth(0).inner_text() and ann.public_name in boards.nth(0).inner_text()
    assert "Bot: " in boards.nth(1).inner_text() and "(you)" not in boards.nth(1).inner_text()
    assert view["board"]["legal"]
    assert_every_action_has_its_button(page, view)
    page.get_by_role("button", name="End the turn").click()
    assert acted(page) == ["end"]
    assert_no_notation(page, view)


def test_the_views_are_real_engine_views(views: dict[str, Any]) -> None:
    """The states sought were reached: the board tests above draw what they claim to."""
    mid, fallen_view = views["mid"]["board"], views["fallen"]["board"]
    assert any(d["used"] for d in mid["dice"]) and mid["legal"]
    assert any(not g["alive"] for g in fallen_view["guardians"])
    assert views["won"]["board"]["outcome"] == "won" and views["lost"]["board"]["outcome"] == "lost"
    assert "yellow" not in views["lost"]["board"]["paths"]
    json.dumps(views)  # plain JSON, as the hosting layer sends it


@pytest.mark.django_db(transaction=True)
@pytest.mark.parametrize("width", [390, 1280])
def test_the_real_table_page_is_played_through_the_board(
    browser: Any, live_server: Any, width: int, tmp_path: Path
) -> None:
    """The table's play page (the hosting layer's shell around this board): one person holding both
    guardians plays turns by the board's buttons and by a die then a target, and the server takes them."""
    ann = UserFactory.create(username="ann")
    match = services.create_table("runemasters", TWO, [SeatSpec(ann), SeatSpec(ann)], seed=5)
    page = logged_in_page(browser, live_server, ann)
    page.set_viewport_size({"width": width, "height": 900})
    page.goto(f"{live_server.url}/play/{match.pk}/")
    wait_in_page(page, "document.querySelector('[data-rm-board] .rm-temple') !== null")
    assert page.locator('link[href*="runemasters"]').count() == 1
    # the board draws the prompt and the log: the page's own are not shown twice
    assert page.locator('[data-testid="prompt"]').is_hidden() and page.locator('[data-testid="log"]').is_hidden()
    assert page.evaluate("document.documentElement.scrollWidth") <= width

    for _ in range(6):  # a few actions, each by a die then its target when one is there, else a button
        version = page.evaluate("window.__playVersion")
        view = services.player_view(PlayMatch.objects.get(pk=match.pk), 0)
        legal = view["board"]["legal"]
        strikes = [a for a in legal if a.startswith("strike ")]
        if strikes:
            die = int(strikes[0].split()[1])
            page.locator(f'[data-rm-board] button.rm-die[data-die="{die}"]').click()
            page.locator("[data-rm-board] .rm-monster.rm-target").first.click()
            expected = strikes[0]
        else:
            expected = "end"
            page.locator("[data-rm-board]").get_by_role("button", name="End the turn").click()
        wait_in_page(page, f"window.__playVersion > {version}")
        game = PlayMatch.objects.get(pk=match.pk).current_game()
        assert game is not None
        assert game.actions.order_by("-seq").values_list("action", flat=True).first() == expected

    text = page.locator("body").inner_text()
    assert not re.search(r"\bp[1-4]\b", text) and "undefined" not in text
    page.screenshot(path=str(tmp_path / f"table-{width}.png"), full_page=True)


def play_to_the_end(match: PlayMatch, user: Any) -> None:
    """The greedy bot's moves for every guardian, made through the hosting layer as a person's."""
    while True:
        match = PlayMatch.objects.get(pk=match.pk)
        game_row = match.current_game()
        assert game_row is not None
        state = services.load_state(game_row)
        decision = game.pending(state)
        if decision is None or match.is_finished:
            return
        action = game.bot_action(state, decision.seat, "greedy", 0)
        services.play(match.pk, user, action, match.version)


@pytest.mark.django_db(transaction=True)
def test_a_watcher_and_the_replay_see_the_board_without_actions(browser: Any, live_server: Any, tmp_path: Path) -> None:
    ann, bob = UserFactory.create(username="ann"), UserFactory.create(username="bob")
    match = services.create_table("runemasters", TWO, [SeatSpec(ann), SeatSpec(ann)], seed=8, public=True)
    watcher = logged_in_page(browser, live_server, bob)
    watcher.goto(f"{live_server.url}/play/{match.pk}/")
    wait_in_page(watcher, "document.querySelector('[data-rm-board] .rm-temple') !== null")
    assert watcher.locator(".rm-act").count() == 0 and watcher.locator("button.rm-die").count() == 0
    assert watcher.get_by_role("img", name=re.compile(r"rune die$")).count() >= 3  # the dice, to look at
    assert watcher.locator(".rm-prompt").inner_text().startswith("Waiting for ")

    play_to_the_end(match, ann)
    last_game = PlayMatch.objects.get(pk=match.pk).current_game()
    assert last_game is not None and last_game.finished
    final = services.load_state(last_game)
    replay = logged_in_page(browser, live_server, ann)
    replay.goto(f"{live_server.url}/play/{match.pk}/replay/")
    wait_in_page(replay, "document.querySelector('[data-rm-board] .rm-temple') !== null")
    replay.get_by_test_id("replay-last").click()
    wait_in_page(replay, "document.querySelector('[data-rm-board] .rm-outcome') !== null")
    word = "Victory!" if final.outcome == "won" else "Defeat."
    assert replay.locator(".rm-outcome").inner_text().startswith(word)
    assert replay.locator(".rm-temple-hp").inner_text().startswith(f"Temple {final.temple_hp} /")
    assert replay.locator(".rm-act").count() == 0
    assert not re.search(r"\bp[1-4]\b", replay.locator("body").inner_text())
    replay.screenshot(path=str(tmp_path / "replay-412.png"), full_page=True)
