"""axe-core (the copy bundled by axe-playwright-python) finds no serious or critical violation on the
site's main pages: home, the rules (Learn to play), the tutorial's page and its table with the
coach, a match's play page and its replay, a draft's pick screen, a sealed pool, the deck builder,
an event page and its manage page; each at a phone's width and a laptop's. Every violation found
is printed (rule, impact, the elements) before the test fails, so one run lists all there is to fix.

The pages' titles end with the site's name ("… · Fett"), and each page links the site's icon."""

from __future__ import annotations

from typing import Any

import pytest
from axe_playwright_python.sync_playwright import Axe
from django.urls import reverse

from accounts.models import User
from gameplay import tutorials
from gameplay.matches import services
from gameplay.web import tutorial_views
from tests.browser.asgi import asgi_server
from tests.browser.onsite import Live
from tests.browser.test_event_flow import logged_in_page
from tests.browser.waiting import wait_in_page
from tests.drafts.helpers import draft_table, human_seats, started_pod
from tournaments.drafts.models import Pool
from tournaments.drafts.services import pools

pytestmark = [pytest.mark.browser]

SCREENS = {"laptop": {"width": 1280, "height": 800}, "phone": {"width": 390, "height": 844}}
SERIOUS = {"serious", "critical"}
STARTERS = [{"starter": "eva-starter"}, {"starter": "romin-starter"}]
TIMES = {"base_seconds": 900, "per_card_seconds": 0, "review_seconds_first": 0, "draft_deck_building_seconds": 900}


def pages_to_check() -> list[tuple[str, str, User | None, str]]:
    """(name, path, who looks at it (None: a visitor), a JavaScript condition that says it is drawn)."""
    table = draft_table(2, username="axe")
    pod = started_pod(table, seats=4, settings=TIMES)
    drafter = human_seats(pod)[0].registration.player  # type: ignore[union-attr]
    sealed = draft_table(2, fmt="sealed", username="axs")
    pools.open_sealed(sealed.event, sealed.organiser)
    pool = Pool.objects.filter(event=sealed.event).select_related("registration__player").first()
    assert pool is not None
    ann, bob = table.players[0], table.players[1]
    live = services.create_match(ann, bob, STARTERS, seed=1, label="practice table")
    services.choose_first(live.pk, ann, True, live.version)
    over = services.create_match(ann, bob, STARTERS, seed=1, label="finished table")
    services.choose_first(over.pk, ann, True, over.version)
    over.refresh_from_db()
    services.concede(over.pk, ann, over.version)
    tutorial = tutorial_views.start_tutorial(ann, tutorials.load("awakening"))
    drawn = "document.readyState === 'complete'"
    coached = "(document.querySelector('[data-testid=coach-say]') || {}).textContent > ''"
    board = "document.querySelector('.side.me .stats') !== null"
    pack = "document.querySelectorAll('[data-testid=pack] [data-testid=card]').length > 0"
    pool_cards = "document.querySelectorAll('[data-testid=side-cards] [data-face-id]').length > 0"
    return [
        ("home", "/", None, drawn),
        ("rules", reverse("gameplay:learn-awakening"), None, drawn),
        ("tutorial", reverse("gameplay:tutorial", args=["awakening"]), ann, drawn),
        ("tutorial's table", f"/play/{tutorial.pk}/", ann, coached),
        ("play", f"/play/{live.pk}/", ann, "window.__playVersion !== undefined"),
        ("replay", reverse("gameplay:replay", args=[over.pk]), ann, board),
        ("draft pick", f"/pods/{pod.pk}/", drafter, pack),
        ("pool", reverse("drafts:pool", args=[pool.pk]), pool.registration.player, pool_cards),
        ("builder", reverse("gameplay:deck-builder"), ann, drawn),
        ("event", reverse("tournaments:event", args=[table.event.pk]), None, drawn),
        ("manage", reverse("tournaments:manage", args=[table.event.pk]), table.organiser, drawn),
    ]  # fmt: skip


def violations(page: Any) -> list[str]:
    found = Axe().run(page).response["violations"]
    return [
        f"{v['id']} ({v['impact']}): {v['help']} — {[n['target'] for n in v['nodes']][:6]}"
        for v in found
        if v["impact"] in SERIOUS
    ]


@pytest.mark.django_db(transaction=True)
@pytest.mark.parametrize("screen", list(SCREENS), ids=list(SCREENS))
def test_axe_finds_no_serious_violation_on_the_main_pages(browser: Any, screen: str) -> None:
    checks = pages_to_check()
    visitor_page: Any = None
    problems: list[str] = []
    titles: dict[str, str] = {}
    with asgi_server() as url:
        pages: dict[Any, Any] = {}
        for name, path, user, ready in checks:
            key = user.pk if user else None
            if key not in pages:
                if user is None:
                    context = visitor_page or browser.new_context(viewport=SCREENS[screen])
                    pages[key] = context.new_page()
                    pages[key].set_default_timeout(60_000)
                else:
                    pages[key] = logged_in_page(browser, Live(url), user, viewport=SCREENS[screen])
            page = pages[key]
            page.goto(f"{url}{path}")
            wait_in_page(page, ready)
            titles[name] = page.title()
            found = violations(page)
            for line in found:
                print(f"{screen} · {name}: {line}")
            problems += [f"{name}: {line}" for line in found]
            assert page.locator('link[rel="icon"][href$=".svg"]').count() == 1, f"{name} links no icon"
        for page in pages.values():
            page.context.close()
    assert not problems, "\n".join(problems)
    untitled = {name: title for name, title in titles.items() if not title.endswith(" · Fett") or title == " · Fett"}
    assert not untitled, f"titles without the site's name: {untitled}"
