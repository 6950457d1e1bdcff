"""The bell and the notice centre in the browser, on a phone and a desktop: a new notice raises the
bell's count live (the ``me`` topic), the notice centre lists it, "Mark all read" clears the bell;
the profile shows the switches. Screenshots go to FETT_SHOTS when it is set."""

from __future__ import annotations

import os
from itertools import count
from typing import Any

import pytest

from accounts.notices.delivery import deliver
from accounts.notices.models import Kind, Notice
from tests.browser.test_event_flow import logged_in_page
from tests.factories import UserFactory
from tests.notices.conftest import Queued
from tests.waiting import wait_until

pytestmark = pytest.mark.django_db(transaction=True)
SIZES = {"phone": {"width": 390, "height": 844}, "desktop": {"width": 1280, "height": 800}}


def shot(page: Any, name: str) -> None:
    folder = os.environ.get("FETT_SHOTS")
    if folder:
        page.screenshot(path=os.path.join(folder, f"{name}.png"), full_page=True)


def bell_shows(page: Any, unread: int) -> bool:
    badge = page.get_by_test_id("bell-count")
    return badge.inner_text() == str(unread) and badge.is_visible()


def a_new_notice_rings_the_bell(page: Any, user: Any, numbers: Any) -> None:
    """Deliver notices until the page hears one (its subscription may open just after the socket)."""
    for _ in range(5):
        n = next(numbers)
        deliver(Kind.PAIRINGS, [{"user": user.pk, "key": f"round:{n}", "title": f"Round {n}, table 7, against Corvin"}])
        unread = Notice.objects.filter(user=user, read_at__isnull=True).count()

        def rang(unread: int = unread) -> bool:
            return bell_shows(page, unread)

        try:
            wait_until(rang, 5, "the bell to ring")
            return
        except AssertionError:
            continue
    raise AssertionError("the bell never heard a new notice")


@pytest.mark.parametrize("size", SIZES)
def test_the_bell_rings_live_and_the_notice_centre_clears_it(
    size: str, browser: Any, live_site: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr("common.tasks.current_app", Queued())  # the e-mails are tested elsewhere
    user = UserFactory.create(username=f"eva-{size}", display_name="Eva")
    Notice.objects.create(
        user=user,
        kind=Kind.RESULT,
        key="r1",
        title="Round 1, table 3: Corvin confirmed the result (You won 2-1)",
        body="Harbour Open",
        url="/events/",
    )
    page = logged_in_page(browser, live_site, user, viewport=SIZES[size])
    page.goto(f"{live_site.url}/")
    assert bell_shows(page, 1)
    assert page.evaluate("document.body.dataset.socket") is None, "the bell alone says nothing of the socket"
    a_new_notice_rings_the_bell(page, user, count(1))
    shot(page, f"bell-{size}")
    page.get_by_test_id("bell").click()
    page.wait_for_url("**/notices/")
    titles = page.get_by_test_id("notice").all_inner_texts()
    assert "Round 1, table 7, against Corvin" in titles[0] and "Corvin confirmed the result" in titles[-1]
    assert page.evaluate("() => document.documentElement.scrollWidth <= window.innerWidth")
    shot(page, f"notices-{size}")
    page.get_by_test_id("read-all").click()
    page.wait_for_load_state()
    assert not page.get_by_test_id("bell-count").is_visible()
    page.goto(f"{live_site.url}/accounts/profile/")
    assert page.get_by_test_id("notice-switches").is_visible()
    assert page.evaluate("() => document.documentElement.scrollWidth <= window.innerWidth")
    shot(page, f"profile-{size}")
    page.context.close()
