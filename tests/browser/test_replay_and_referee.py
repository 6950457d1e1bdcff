"""On a phone (375px): a referee pauses and resumes a live match from the play page (the players see
it live), and a player steps through a finished game's replay."""

from __future__ import annotations

import random
import re
from typing import Any

import pytest

from accounts.models import User
from gameplay.matches import services
from gameplay.matches.models import PlayMatch
from gameplay.runeslingers import engine
from gameplay.runeslingers.engine.compiled import AIL_INDEX
from gameplay.runeslingers.engine.core import ailment_count
from tests.browser.asgi import asgi_server
from tests.browser.test_event_flow import logged_in_page
from tests.browser.waiting import wait_in_page, wait_until_live
from tests.engine import helpers as engine_helpers
from tests.factories import UserFactory, judged_by

STARTERS = [{"starter": "eva-starter"}, {"starter": "romin-starter"}]
PHONE = {"width": 375, "height": 812}


class Live:
    """``logged_in_page`` wants an object with ``url``."""

    def __init__(self, url: str) -> None:
        self.url = url


def phone_page(browser: Any, url: str, user: User) -> Any:
    page = logged_in_page(browser, Live(url), user)
    page.set_viewport_size(PHONE)
    return page


def fits_the_phone(page: Any) -> bool:
    return bool(page.evaluate("document.documentElement.scrollWidth <= window.innerWidth"))


def two_players() -> list[User]:
    return [
        UserFactory.create(username="ann", display_name="Ann"),
        UserFactory.create(username="bob", display_name="Bob"),
    ]


def play_to_the_end(match: PlayMatch, players: list[User]) -> None:
    rng = random.Random(5)
    for _ in range(6000):
        match.refresh_from_db()
        if match.status == PlayMatch.Status.FINISHED:
            return
        seat = match.on_clock
        assert seat is not None
        view = services.player_view(match, seat)
        if view["choice"]["pending"]:
            services.choose_first(match.pk, players[seat], True, view["version"])
        else:
            services.play(match.pk, players[seat], rng.choice(view["board"]["legal"]), view["version"])
    raise AssertionError("the game did not end")


@pytest.mark.django_db(transaction=True)
def test_a_referee_pauses_and_resumes_a_live_match_from_the_play_page(browser: Any) -> None:
    players = two_players()
    judge = UserFactory.create(username="judy", display_name="Judy")
    match = services.create_match(players[0], players[1], STARTERS, seed=1, label="table 1")
    judged_by(match, judge)
    services.choose_first(match.pk, players[0], True, match.version)  # seed 1: Ann won the roll and plays first

    with asgi_server() as url:
        referee = phone_page(browser, url, judge)
        referee.goto(f"{url}/play/{match.pk}/")
        wait_until_live(referee)
        match.refresh_from_db()
        wait_in_page(referee, f"window.__playVersion === {match.version}")
        assert referee.get_by_test_id("watching").is_visible()
        assert referee.locator(".controls button").count() == 0, "a watcher has no action controls"
        hands = referee.locator('[data-testid="their-hand"], [data-testid="my-hand-count"]')
        assert hands.count() == 2, "both hands are counts"
        player = phone_page(browser, url, players[1])
        player.goto(f"{url}/play/{match.pk}/")
        wait_until_live(player)
        assert player.get_by_test_id("paused").is_hidden()

        referee.get_by_test_id("referee-pause").click()
        referee.get_by_test_id("paused").wait_for(state="visible")
        player.get_by_test_id("paused").wait_for(state="visible")  # pushed to the players live
        assert "Paused" in player.get_by_test_id("whose-turn").inner_text()
        assert PlayMatch.objects.get(pk=match.pk).status == PlayMatch.Status.PAUSED
        assert referee.get_by_test_id("referee-resume").is_visible()
        assert referee.get_by_test_id("referee-pause").is_hidden()

        # Bad input: a clear message, and nothing changes.
        before = PlayMatch.objects.get(pk=match.pk)
        referee.get_by_label("Seconds").fill("soon")
        referee.get_by_role("button", name="Add time").click()
        assert "whole number" in referee.get_by_test_id("referee-error").inner_text()
        referee.get_by_label("Seconds").fill("0")
        referee.get_by_role("button", name="Add time").click()
        wait_in_page(
            referee, "document.querySelector('[data-testid=referee-error]').innerText.includes('Add between 1 second')"
        )
        after = PlayMatch.objects.get(pk=match.pk)
        assert (after.version, after.remaining_ms) == (before.version, before.remaining_ms)

        assert fits_the_phone(referee) and fits_the_phone(player)
        referee.get_by_test_id("referee-resume").click()
        referee.get_by_test_id("paused").wait_for(state="hidden")
        player.get_by_test_id("paused").wait_for(state="hidden")
        # The push may draw the match resumed before the referee's own answer writes "Resumed."
        referee.get_by_test_id("referee-done").filter(has_text="Resumed.").wait_for()
        assert PlayMatch.objects.get(pk=match.pk).status == PlayMatch.Status.PLAYING
        wait_in_page(player, "document.querySelector('[data-testid=whose-turn]').innerText === 'Opponent\\'s decision'")


def shows_step(page: Any, step: int, steps: int) -> None:
    """Waits until the replay shows ``step`` as a person sees it: the counter reads "Step 3 of 40"
    and the step's words are written next to it (the page writes both once the step is drawn;
    before that the server's counter stands alone, with no words)."""
    wait_in_page(
        page,
        f"document.querySelector('[data-testid=replay-step]').textContent === 'Step {step} of {steps}'"
        " && document.querySelector('[data-testid=replay-action]').textContent !== ''",
    )


@pytest.mark.django_db(transaction=True)
def test_a_player_steps_through_a_finished_games_replay(browser: Any) -> None:
    players = two_players()
    match = services.create_match(players[0], players[1], STARTERS, seed=1, label="practice")
    play_to_the_end(match, players)
    game = match.games.get()
    actions = list(game.actions.order_by("seq"))
    steps = len(actions)

    with asgi_server() as url:
        page = phone_page(browser, url, players[0])
        page.goto(f"{url}/play/{match.pk}/")
        page.get_by_test_id("replay-link").wait_for(state="visible")
        page.get_by_test_id("replay-link").click()
        # The replay page writes its place into the address at once (?game=1&step=0&seat=p1).
        page.wait_for_url(re.compile(rf"/play/{match.pk}/replay/(\?.*)?$"))
        shows_step(page, 0, steps)
        assert page.get_by_test_id("replay-step").inner_text() == f"Step 0 of {steps}"
        # Filled from the replay's answer, which may land just after the step is drawn.
        wait_in_page(
            page, """document.querySelector('[data-testid="first-player"]').textContent.includes("won the die roll")"""
        )

        def at(step: int) -> str:
            shows_step(page, step, steps)
            assert page.get_by_test_id("replay-step").inner_text() == f"Step {step} of {steps}"
            return str(page.get_by_test_id("replay-action").inner_text())

        page.get_by_test_id("replay-next").click()
        first = at(1)
        said = services.replay_view(game, 0, 1)["text"]  # the first action in words, with its player's name
        assert said.startswith(players[actions[0].seat].public_name) and f"— {said}." in first
        assert not re.search(r"\bp[12]\b|\bc\d+\b", first), first
        page.keyboard.press("ArrowRight")
        at(2)
        page.keyboard.press("ArrowLeft")
        at(1)
        page.get_by_test_id("replay-last").click()
        assert "Game over" in at(steps)
        assert page.get_by_test_id("replay-next").is_disabled()
        page.get_by_test_id("replay-slider").fill(str(steps // 2))
        at(steps // 2)
        assert f"step={steps // 2}" in page.url  # a reload keeps the place
        page.keyboard.press("Home")
        at(0)
        assert page.get_by_test_id("replay-prev").is_disabled()
        assert page.locator('[data-side="me"] [data-testid="my-hand-count"]').count() == 0, "Ann sees her own hand"
        assert fits_the_phone(page)

        # The public view: both hands as counts.
        page.get_by_test_id("replay-seat").select_option("public")
        page.wait_for_url("**seat=public**")
        shows_step(page, 0, steps)
        page.get_by_test_id("replay-last").click()
        at(steps)
        assert page.locator('[data-testid="their-hand"], [data-testid="my-hand-count"]').count() == 2

        link = page.get_by_test_id("download-log")
        assert link.get_attribute("href") == f"/api/play/{match.pk}/log/?format=json"
        log = page.request.get(f"{url}{link.get_attribute('href')}").json()
        assert [a["action"] for a in log["games"][0]["actions"]] == [a.action for a in actions]


@pytest.mark.django_db(transaction=True)
def test_anyone_without_an_account_watches_a_public_match_and_a_turned_back_rung_is_marked(browser: Any) -> None:
    players = two_players()
    match = services.create_match(players[0], players[1], STARTERS, seed=1, label="table 1", public=True)

    with asgi_server() as url:
        context = browser.new_context(viewport=PHONE)
        page = context.new_page()
        page.goto(f"{url}/play/{match.pk}/")
        wait_until_live(page)  # the socket admitted them
        assert page.get_by_test_id("watching").is_visible()
        assert page.locator(".controls button").count() == 0
        assert fits_the_phone(page)
        # Mirror Ward turned a rung back (the engine marks it "redirected"): the ladder says so.
        rung = page.evaluate(
            """async (url) => {
              const view = await (await fetch(url, {headers: {Accept: "application/json"}})).json();
              const root = document.getElementById("play");
              const board = window.FettBoard(root, window.FettCards.faces());
              view.board.ladder = [{card: null, controller: "p2", targets: ["p1"], redirected: true}];
              board.render(view.board, {bottom: "p1", who: {p1: "ann", p2: "bob"}});
              const node = root.querySelector(".ladder .rung");
              return [node.className, node.textContent];
            }""",
            f"/api/play/{match.pk}/",
        )
        assert rung[0] == "rung redirected" and "turned back by Mirror Ward" in rung[1] and rung[1].startswith("Bob")
        context.close()


@pytest.mark.django_db(transaction=True)
def test_echo_shows_the_card_it_copies_and_the_copy_is_declared_from_the_page(browser: Any) -> None:
    players = two_players()
    match = services.create_match(players[0], players[1], STARTERS, seed=1, label="table 2")
    services.choose_first(match.pk, players[0], True, match.version)  # seed 1: Ann plays first
    # A real position: Ann slung Brand at Bob, then Echo; Echo's copy of Brand waits for her targets.
    position = engine_helpers.position({"hand": ["brand", "echo"], "concentrations": ["spark"] * 4}, {})
    position = engine_helpers.decline_all(
        engine_helpers.run(position, f"play {engine_helpers.handle(position, 0, 'brand')} target=p2")
    )
    position = engine_helpers.decline_all(
        engine_helpers.run(position, f"play {engine_helpers.handle(position, 0, 'echo')}")
    )
    game = match.current_game()
    assert game is not None
    game.state, game.state_hash = engine.to_json(position), engine.state_hash(position)
    game.save(update_fields=["state", "state_hash"])
    match.refresh_from_db()

    with asgi_server() as url:
        ann = phone_page(browser, url, players[0])
        ann.goto(f"{url}/play/{match.pk}/")
        wait_until_live(ann)
        hint = ann.get_by_test_id("hint")
        assert hint.inner_text().startswith("Your decision: Echo copies Brand — declare the copy's targets.")
        copied = ann.get_by_test_id("copying")
        assert copied.is_visible() and "Brand" in copied.inner_text() and "Burn" in copied.inner_text()
        assert fits_the_phone(ann)
        bob = phone_page(browser, url, players[1])
        bob.goto(f"{url}/play/{match.pk}/")
        wait_until_live(bob)
        assert bob.get_by_test_id("hint").inner_text().startswith("Waiting for your opponent (Echo copies Brand).")
        assert bob.locator(".controls button").count() == 0

        ann.locator('.controls button[data-action="choose target=p1"]').click()  # the copy burns Ann herself
        wait_in_page(ann, f"window.__playVersion === {match.version + 1}")
        assert ann.get_by_test_id("copying").count() == 0
        wait_in_page(bob, f"window.__playVersion === {match.version + 1}")
    game.refresh_from_db()
    assert game.actions.order_by("seq").last().action == "choose target=p1"  # type: ignore[union-attr]
    ann_name = players[0].public_name
    assert game.recent[-1]["text"].startswith(f"{ann_name} copies Brand at {ann_name}: {ann_name} gets Burn ×2")
    after = engine.from_json(game.state)
    assert ailment_count(after, 0, AIL_INDEX["burn"]) == 2 and ailment_count(after, 1, AIL_INDEX["burn"]) == 2
