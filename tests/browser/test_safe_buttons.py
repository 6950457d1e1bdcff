"""Buttons that cannot hurt by accident, in Chromium: the organiser starts a constructed event past
the "no legal deck" warning and ends a round through its confirmation; on a phone, a player drops
(the Drop link is last on the page) and undoes the drop."""

from __future__ import annotations

from typing import Any

import pytest

from tests.browser.test_event_flow import confirmed, logged_in_page, set_open_results
from tests.factories import EventFactory, OrganiserFactory, RegistrationFactory, UserFactory
from tournaments.models import Event, Registration, Round

NAMES = ["Eva", "Corvin", "Mira", "Tobin"]


def no_sideways_scroll(page: Any) -> bool:
    return bool(page.evaluate("document.documentElement.scrollWidth <= window.innerWidth"))


@pytest.mark.django_db(transaction=True)
def test_start_and_end_round_ask_first_and_a_player_drops_and_undoes_it(browser: Any, live_server: Any) -> None:
    organiser = OrganiserFactory.create(username="oda", display_name="Oda")
    event = EventFactory.create(organiser=organiser, name="UX Swiss Open", format="awakening-starter", rounds=3)
    players = [UserFactory.create(username=f"login{i}", display_name=name) for i, name in enumerate(NAMES)]
    for player in players:
        RegistrationFactory.create(event=event, player=player)

    boss = logged_in_page(browser, live_server, organiser)
    boss.goto(f"{live_server.url}/events/{event.pk}/manage/")
    actions = boss.get_by_test_id("event-actions").inner_text()
    assert "Pair next round" not in actions and "Cut" not in actions and "Finish" not in actions
    boss.get_by_role("link", name="Start the event").click()
    boss.get_by_role("heading", name="Start UX Swiss Open with 4 players?").wait_for()
    assert boss.locator("dialog[open]").count() == 1  # with JavaScript the confirmation opens in a dialog
    backdrop = boss.locator("dialog[open]").evaluate("d => getComputedStyle(d, '::backdrop').backgroundColor")
    assert backdrop == "rgba(12, 10, 18, 0.55)", "the page behind the question is dimmed"
    warning = boss.get_by_test_id("confirm-warning").inner_text()
    assert "4 players without a legal deck: " in warning and "Eva" in warning
    boss.get_by_test_id("confirm-cancel").click()  # Cancel closes it and changes nothing
    boss.locator("dialog").wait_for(state="detached")
    event.refresh_from_db()
    assert event.status == Event.Status.REGISTRATION
    confirmed(boss, "Start the event")  # choosing to let the players without a list play, marked
    assert boss.get_by_test_id("event-status").inner_text() == "Running"

    confirmed(boss, "Pair next round")
    confirmed(boss, "Publish round 1")
    boss.get_by_role("link", name="End round 1").click()
    assert "2 tables have no confirmed result (table 1: " in boss.get_by_test_id("confirm-blocker").inner_text()
    assert boss.get_by_test_id("confirm-action").count() == 0
    boss.goto(f"{live_server.url}/events/{event.pk}/manage/")
    set_open_results(boss, event)
    boss.get_by_role("link", name="End round 1").click()
    assert "All 2 results are in" in boss.get_by_test_id("consequences").inner_text()
    boss.get_by_test_id("confirm-action").click()
    boss.wait_for_load_state()
    assert "Round 1 has ended." in boss.content()
    assert Round.objects.get(event=event, number=1).status == Round.Status.ENDED

    eva = logged_in_page(browser, live_server, players[0])
    eva.set_viewport_size({"width": 390, "height": 844})
    eva.goto(f"{live_server.url}/events/{event.pk}/")
    buttons = eva.locator("main a.button, main button, main a[data-confirm-step]")
    assert buttons.last.get_attribute("data-testid") == "drop"  # Drop comes last, never first
    eva.get_by_test_id("drop").click()
    eva.get_by_role("heading", name="Drop from UX Swiss Open?").wait_for()
    assert "You will not be paired from round 2 on." in eva.get_by_test_id("consequences").inner_text()
    assert no_sideways_scroll(eva)
    eva.get_by_test_id("confirm-action").click()
    eva.wait_for_load_state()
    assert "You have dropped from UX Swiss Open" in eva.content()
    assert not Registration.objects.get(event=event, player=players[0]).active
    eva.get_by_test_id("undo-drop").click()
    eva.wait_for_load_state()
    assert "Your drop is undone" in eva.content()
    assert no_sideways_scroll(eva)
    assert Registration.objects.get(event=event, player=players[0]).active
