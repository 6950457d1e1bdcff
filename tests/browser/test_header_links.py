"""The header's way to what was built: "Ratings" for everyone, "Invitations" with the count
waiting for a signed-in player's answer; on a phone behind the menu button, on a desktop in one
row that fits. Screenshots go to FETT_SHOTS when it is set."""

from __future__ import annotations

from typing import Any

import pytest

from tests.browser.test_event_flow import logged_in_page
from tests.browser.test_notices import SIZES, shot
from tests.coop.conftest import rules
from tests.factories import OrganiserFactory, UserFactory
from tests.notices.conftest import Queued
from tournaments.coop import services as coop

pytestmark = pytest.mark.django_db(transaction=True)


def invited(size: str) -> Any:
    """Bob, with one invitation waiting (Ann's team) and one Ann sent to Cy."""
    organiser = OrganiserFactory.create(username=f"orla-{size}")
    trio = coop.publish(coop.create_challenge(organiser, rules(guardian_count=2)), organiser)
    ann, bob = (UserFactory.create(username=f"{n}-{size}", display_name=n.title()) for n in ("ann", "bob"))
    coop.register_team(trio, ann, "Dawn", [bob.username])
    return bob


@pytest.mark.parametrize("size", SIZES)
def test_the_header_leads_to_ratings_and_to_the_invitations_waiting(
    size: str, browser: Any, live_site: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr("common.tasks.current_app", Queued())  # the notices are tested elsewhere
    bob = invited(size)
    page = logged_in_page(browser, live_site, bob, viewport=SIZES[size])
    page.goto(f"{live_site.url}/")
    if size == "phone":
        assert not page.get_by_test_id("nav-ratings").is_visible()
        page.get_by_role("button", name="Menu").click()
    assert page.get_by_test_id("nav-ratings").is_visible()
    assert page.get_by_test_id("nav-invitations-count").inner_text() == "1"
    assert page.evaluate("() => document.documentElement.scrollWidth <= window.innerWidth")
    if size == "desktop":  # one row: the header is no taller than the bell
        assert page.locator("header.topbar").bounding_box()["height"] < 70
    shot(page, f"header-{size}")
    page.get_by_test_id("nav-invitations").click()
    page.wait_for_url("**/invitations/")
    if size == "phone":
        page.get_by_role("button", name="Menu").click()
    page.get_by_test_id("nav-ratings").click()
    page.wait_for_url("**/ratings/awakening/")
    assert page.get_by_role("heading", level=1).is_visible()
    shot(page, f"ratings-{size}")
    page.context.close()


def test_a_visitor_sees_ratings_but_no_invitations(browser: Any, live_site: Any) -> None:
    context = browser.new_context(viewport=SIZES["desktop"])
    page = context.new_page()
    page.goto(f"{live_site.url}/")
    assert page.get_by_test_id("nav-ratings").is_visible()
    assert page.get_by_test_id("nav-invitations").count() == 0
    shot(page, "header-visitor-desktop")
    context.close()
