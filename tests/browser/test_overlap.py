"""Your own side stays visible while you decide (docs/play.md, "The action dock"): at 1280 x 800 and
390 x 844, on a play page in five decision states (choosing the first player, a Play Phase with a
full hand, an answer window, a block, a target choice), the sticky action dock (your docked hand,
the prompt and the buttons) covers neither your Runeslinger, your health, your light, nor the card
the decision is about, once each is scrolled into view the way a browser scrolls to it (from the
top of the page, as far as needed and no further: ``scrollIntoView({block: "nearest"})``, which is
also where keyboard focus brings it). The bounding boxes are measured and must not overlap.

The forced power cost is checked here too, on the page: the Ailment Phase's removal prompt says
that it costs a power before the choice."""

from __future__ import annotations

from typing import Any

import pytest

from accounts.models import User
from gameplay.matches import services
from gameplay.matches.models import PlayMatch
from gameplay.runeslingers import engine
from gameplay.runeslingers.engine import State, scenario
from tests.browser.asgi import asgi_server
from tests.browser.onsite import Live
from tests.browser.test_event_flow import logged_in_page
from tests.browser.waiting import wait_in_page, wait_until_live
from tests.engine import helpers
from tests.factories import UserFactory

pytestmark = [pytest.mark.browser]

STARTERS = [{"starter": "eva-starter"}, {"starter": "romin-starter"}]
SCREENS = {"laptop": {"width": 1280, "height": 800}, "phone": {"width": 390, "height": 844}}
FULL_HAND = ["spark", "cinder", "fireball", "brand", "echo", "flare", "spark", "purify"]
MINE = {"your Runeslinger": ".side.me .runeslinger-face", "your health": ".side.me .stat-health",
        "your light": ".side.me .stat-light"}  # fmt: skip

MEASURE = """([selector]) => {
  const node = document.querySelector(selector), dock = document.querySelector('.action-dock');
  window.scrollTo(0, 0);
  node.scrollIntoView({block: 'nearest', inline: 'nearest'});
  const a = node.getBoundingClientRect(), b = dock.getBoundingClientRect();
  const box = r => ({top: Math.round(r.top), bottom: Math.round(r.bottom),
                     left: Math.round(r.left), right: Math.round(r.right)});
  return {node: box(a), dock: box(b), viewport: window.innerHeight};
}"""


def overlaps(a: dict[str, int], b: dict[str, int]) -> bool:
    return a["left"] < b["right"] and b["left"] < a["right"] and a["top"] < b["bottom"] and b["top"] < a["bottom"]


def answer_window() -> State:
    """Romin slings Fireball at Eva: Eva may answer."""
    s = helpers.position(
        {"hand": ["spark", "cinder"]}, {"hand": ["fireball"], "concentrations": ["spark"] * 3}, active="p2"
    )
    return helpers.run(s, f"play {helpers.handle(s, 1, 'fireball')} target=p1")


def block_decision() -> State:
    return helpers.run(answer_window(), "pass")  # Eva does not answer: she may block


def full_hand() -> State:
    return helpers.position({"hand": FULL_HAND, "concentrations": ["spark"] * 3}, {})


def ailment_removal() -> State:
    """Eva carries 9 exposed ailments at her Ailment Phase: she removes 8 of her choice and loses a power."""
    return scenario(
        {
            "turn": 3,
            "active": "p2",
            "phase": "discard",
            "players": [
                {
                    **helpers.EVA,
                    "deck": ["spark"] * 10,
                    "ailments": [{"type": "curse", "count": 5}, {"type": "fragment", "count": 4}],
                },
                {**helpers.ROMIN, "deck": ["spark"] * 10},
            ],
        }
    )


def match_at(ann: User, bob: User, position: State | None) -> PlayMatch:
    match = services.create_match(ann, bob, STARTERS, seed=1, label="table 1")  # seed 1: Ann wins the roll
    if position is None:
        return match
    services.choose_first(match.pk, ann, True, match.version)
    game = match.current_game()
    assert game is not None
    game.state, game.state_hash = engine.to_json(position), engine.state_hash(position)
    game.save(update_fields=["state", "state_hash"])
    match.refresh_from_db()
    return match


def ann_page(browser: Any, url: str, ann: User, match: PlayMatch, screen: str) -> Any:
    page = logged_in_page(browser, Live(url), ann, viewport=SCREENS[screen])
    page.goto(f"{url}/play/{match.pk}/")
    wait_until_live(page)
    return page


def clear_of_the_dock(page: Any, things: dict[str, str]) -> list[str]:
    problems = []
    for name, selector in things.items():
        assert page.locator(selector).count(), f"{name} is not drawn ({selector})"
        m = page.evaluate(MEASURE, [selector])
        if overlaps(m["node"], m["dock"]):
            problems.append(f"the dock {m['dock']} covers {name} {m['node']}")
        if m["node"]["bottom"] > m["viewport"] or m["node"]["top"] < 0:
            problems.append(f"{name} {m['node']} is not in the {m['viewport']} px high window")
    return problems


STATES = {
    "choose first": (None, {}),
    "full hand": (full_hand, {}),
    "answer window": (answer_window, {"the spell on the ladder": ".ladder .rung-face"}),
    "block": (block_decision, {}),  # the damage is aimed at your Runeslinger
    "target choice": (full_hand, {"a target": ".side.them .targetable"}),
}


@pytest.mark.django_db(transaction=True)
@pytest.mark.parametrize("screen", list(SCREENS), ids=list(SCREENS))
def test_the_dock_covers_nothing_of_yours_while_you_decide(browser: Any, screen: str) -> None:
    ann = UserFactory.create(username="ann", display_name="Ann")
    bob = UserFactory.create(username="bob", display_name="Bob")
    matches = {name: match_at(ann, bob, make() if make else None) for name, (make, _extra) in STATES.items()}
    problems: list[str] = []
    with asgi_server() as url:
        for name, (_make, extra) in STATES.items():
            page = ann_page(browser, url, ann, matches[name], screen)
            if name == "choose first":
                page.get_by_test_id("choose-me").wait_for()
            else:
                page.locator(".controls button[data-action]").first.wait_for()
            if name == "target choice":  # Cinder tapped in the hand: its targets glow on the board
                page.locator('[data-testid="my-hand"] [data-face-id="cinder"]').first.click()
                page.get_by_test_id("selection").wait_for()
            things = {**MINE, **extra}
            problems += [f"{name}: {p}" for p in clear_of_the_dock(page, things)]
            page.context.close()
    assert not problems, "\n".join(problems)


@pytest.mark.django_db(transaction=True)
def test_the_ailment_phase_removal_says_it_costs_a_power_before_the_choice(browser: Any) -> None:
    ann = UserFactory.create(username="ann", display_name="Ann")
    bob = UserFactory.create(username="bob", display_name="Bob")
    match = match_at(ann, bob, ailment_removal())
    with asgi_server() as url:
        page = ann_page(browser, url, ann, match, "phone")
        page.locator('.controls button[data-action^="remove "]').first.wait_for()
        assert "This costs you a power" in page.get_by_test_id("hint").inner_text()
        wait_in_page(page, "document.querySelectorAll('.side.me [data-explain=\"curse\"]').length === 1")
        page.context.close()
