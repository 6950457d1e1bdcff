"""Every counter and chip on the Runeslingers board and the Runemasters board explains itself
(docs/learn.md, "The boards' counters"): at 1280 x 800 and 390 x 844, each counter the board draws
(marked ``data-explain``) is reached by the keyboard alone (Tab from the top of the page; its focus
shows the explanation) and by a tap (shows it; Escape closes it), and the words shown are the
glossary's own (``gameplay/glossary``), which the counter's ``aria-describedby`` also points at."""

from __future__ import annotations

from typing import Any

import pytest

from accounts.models import User
from gameplay import glossary
from gameplay.matches import services
from gameplay.matches.services import SeatSpec
from tests.browser.asgi import asgi_server
from tests.browser.onsite import Live
from tests.browser.test_event_flow import logged_in_page
from tests.browser.waiting import wait_in_page, wait_until_live
from tests.factories import UserFactory

pytestmark = [pytest.mark.browser]

STARTERS = [{"starter": "eva-starter"}, {"starter": "romin-starter"}]
SCREENS = {"laptop": {"width": 1280, "height": 800}, "phone": {"width": 390, "height": 844}}
# What a fresh game's board must explain at least (ailments appear once a Runeslinger carries one).
RUNESLINGERS = {
    "health",
    "power",
    "light",
    "determination",
    "block",
    "hand",
    "deck",
    "discard-pile",
    "void-pile",
    "concentration",
}
RUNEMASTERS = {"temple-hp", "hp", "mp", "ultimate", "path", "round", "difficulty", "sage", "new-monster", "event-card"}
MAX_TABS = 600

COUNTERS = """() => [...document.querySelectorAll('[data-explain]')].map((node, i) => ({
  i, slug: node.dataset.explain, shown: node.getClientRects().length > 0,
  described: (document.getElementById(node.getAttribute('aria-describedby') || '') || {}).textContent || null,
}))"""
FOCUSED = """() => {
  const all = [...document.querySelectorAll('[data-explain]')], tip = document.getElementById('explain-tip');
  const shown = tip && !tip.hidden;
  return {i: all.indexOf(document.activeElement), slug: shown ? tip.dataset.slug : null,
          text: shown ? tip.querySelector('.explain-text').textContent : null};
}"""
TIP = """() => { const tip = document.getElementById('explain-tip');
  if (!tip || tip.hidden) return null;
  return {slug: tip.dataset.slug, text: tip.querySelector('.explain-text').textContent}; }"""


def shown_counters(page: Any) -> list[dict[str, Any]]:
    return [c for c in page.evaluate(COUNTERS) if c["shown"]]


def check_counters(page: Any, expected: set[str], edition: str = "awakening") -> None:
    counters = shown_counters(page)
    slugs = {c["slug"] for c in counters}
    assert expected <= slugs, f"counters without an explanation: {sorted(expected - slugs)}"
    words = {slug: glossary.explain(slug, edition)["short"] for slug in slugs}
    for c in counters:
        assert words[c["slug"]], f"{c['slug']}: an empty explanation"
        assert (c["described"] or "").strip() == words[c["slug"]], (
            f"{c['slug']}: aria-describedby does not give its words"
        )

    # The keyboard alone: Tab from the top of the page reaches every counter, and its focus shows its words.
    page.evaluate("() => { if (document.activeElement) document.activeElement.blur(); window.scrollTo(0, 0); }")
    wanted, reached = {c["i"] for c in counters}, set()
    for _ in range(MAX_TABS):
        page.keyboard.press("Tab")
        now = page.evaluate(FOCUSED)
        if now["i"] in wanted and now["i"] not in reached:
            slug = counters[[c["i"] for c in counters].index(now["i"])]["slug"]
            assert now["slug"] == slug and now["text"] == words[slug], f"focus on {slug} shows {now}"
            reached.add(now["i"])
        if reached == wanted:
            break
    missing = sorted({c["slug"] for c in counters if c["i"] not in reached})
    assert not missing, f"the keyboard never reaches {missing}"

    # A tap shows the words; Escape closes them.
    page.keyboard.press("Escape")
    for c in counters:
        node = page.locator("[data-explain]").nth(c["i"])
        node.evaluate("node => node.scrollIntoView({block: 'center'})")
        node.tap()
        assert page.evaluate(TIP) == {"slug": c["slug"], "text": words[c["slug"]]}, f"a tap on {c['slug']}"
        page.keyboard.press("Escape")
        assert page.evaluate(TIP) is None, f"Escape leaves {c['slug']}'s explanation open"


@pytest.mark.django_db(transaction=True)
@pytest.mark.parametrize("screen", list(SCREENS), ids=list(SCREENS))
def test_every_counter_of_the_runeslingers_board_explains_itself(browser: Any, screen: str) -> None:
    user: User = UserFactory.create(username="eva", display_name="Eva")
    match = services.create_match(user, None, STARTERS, bot="greedy", seed=1, label="practice")
    services.choose_first(match.pk, user, True, match.version)
    with asgi_server("tests.browser.bot_asgi:application") as url:
        page = logged_in_page(browser, Live(url), user, viewport=SCREENS[screen], has_touch=True)
        page.goto(f"{url}/play/{match.pk}/")
        wait_until_live(page)
        wait_in_page(page, "document.querySelectorAll('.side.me [data-explain].explained').length > 0")
        check_counters(page, RUNESLINGERS)
        page.context.close()


@pytest.mark.django_db(transaction=True)
@pytest.mark.parametrize("screen", list(SCREENS), ids=list(SCREENS))
def test_every_counter_of_the_runemasters_board_explains_itself(browser: Any, screen: str) -> None:
    ann = UserFactory.create(username="ann", display_name="Ann")
    bob = UserFactory.create(username="bob", display_name="Bob")
    setup = {"guardians": ["neltai", "kulak"], "difficulty": "initiate"}
    match = services.create_table("runemasters", setup, [SeatSpec(ann), SeatSpec(bob)], seed=21)
    with asgi_server() as url:
        # Bob's page while Ann acts: nothing on the board is a target, so a tap only explains.
        page = logged_in_page(browser, Live(url), bob, viewport=SCREENS[screen], has_touch=True)
        page.goto(f"{url}/play/{match.pk}/")
        wait_until_live(page)
        wait_in_page(page, "document.querySelectorAll('[data-rm-board] [data-explain].explained').length > 0")
        assert page.locator(".rm-target").count() == 0
        check_counters(page, RUNEMASTERS)
        page.context.close()
