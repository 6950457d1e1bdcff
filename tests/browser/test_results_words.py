"""Results in words on a phone: a one-tap report confirmed by the opponent, then a dispute that
the organiser settles with one tap after a confirmation, in Chromium."""

from __future__ import annotations

from typing import Any

import pytest

from tests.browser.test_event_flow import click, logged_in_page
from tests.factories import EventFactory, OrganiserFactory, RegistrationFactory, UserFactory
from tournaments.models import Match
from tournaments.services import registration, rounds


def no_sideways_scroll(page: Any) -> bool:
    return bool(page.evaluate("document.documentElement.scrollWidth <= document.documentElement.clientWidth"))


@pytest.mark.django_db(transaction=True)
def test_results_are_reported_confirmed_disputed_and_settled_in_words(browser: Any, live_server: Any) -> None:
    organiser = OrganiserFactory.create(display_name="Oda")
    event = EventFactory.create(organiser=organiser, best_of=3, name="Words Open")
    for name in ("Eva", "Corvin", "Ann", "Bob"):
        RegistrationFactory.create(event=event, player=UserFactory.create(display_name=name))
    registration.start_event(event, organiser)
    round_ = rounds.publish_round(rounds.pair_next_round(event, organiser), organiser)
    first, second = round_.matches.order_by("table").select_related("player_a", "player_b")
    a, b = first.player_a, first.player_b
    assert b is not None
    url = f"{live_server.url}/events/{event.pk}/"

    # B reports a 2-1 win with one tap; both read it in their own words; A confirms.
    b_page = logged_in_page(browser, live_server, b)
    b_page.goto(url)
    click(b_page, "I won 2-1")
    assert b_page.get_by_test_id("my-result").inner_text() == f"You won 2-1 — waiting for {a.public_name} to confirm"
    a_page = logged_in_page(browser, live_server, a)
    a_page.goto(url)
    asked = a_page.get_by_test_id("my-result").inner_text()
    assert asked == f"{b.public_name} reported that they won 2-1. Is that right?"
    assert no_sideways_scroll(a_page)
    a_page.get_by_test_id("confirm").click()
    a_page.wait_for_load_state()
    assert a_page.get_by_test_id("my-result").inner_text() == "You lost 1-2"
    a_page.goto(f"{url}rounds/1/")
    assert a_page.get_by_test_id("result-1").inner_text() == "You lost 1-2"
    visitor = browser.new_context(viewport={"width": 390, "height": 844}).new_page()
    visitor.goto(f"{url}rounds/1/")
    assert visitor.get_by_test_id("result-1").inner_text() == f"{b.public_name} won 2-1 against {a.public_name}"
    assert no_sideways_scroll(visitor)

    # Another table: the two players report differently; the organiser settles it.
    c, d = second.player_a, second.player_b
    assert d is not None
    c_page = logged_in_page(browser, live_server, c)
    c_page.goto(url)
    click(c_page, "I won 2-0")
    d_page = logged_in_page(browser, live_server, d)
    d_page.goto(url)
    d_page.get_by_text("That's not right").click()
    d_page.get_by_test_id("not-right").get_by_role("button", name="I won 2-1").click()
    d_page.wait_for_load_state()
    assert "Your reports differ" in d_page.get_by_test_id("my-result").inner_text()

    boss = logged_in_page(browser, live_server, organiser)
    boss.goto(f"{url}manage/")
    disputes = boss.get_by_test_id("disputes")
    assert f"{c.public_name} says: {c.public_name} won 2-0 against {d.public_name}" in disputes.inner_text()
    assert f"{d.public_name} says: {d.public_name} won 2-1 against {c.public_name}" in disputes.inner_text()
    assert no_sideways_scroll(boss)
    click(boss, f"{d.public_name} is right")
    question = f"Record {d.public_name} won 2-1 against {c.public_name}?"
    assert boss.get_by_test_id("result-question").inner_text() == question
    assert Match.objects.get(pk=second.pk).status == Match.Status.DISPUTED  # asking changed nothing
    boss.get_by_test_id("record-result").click()
    boss.wait_for_load_state()
    assert "result recorded" in boss.content()
    assert boss.get_by_test_id("result-2").inner_text().startswith(f"{d.public_name} won 2-1 against {c.public_name}")
    assert (
        f"dispute settled: {d.public_name} won 2-1 against {c.public_name}"
        in boss.get_by_test_id("history").inner_text()
    )
