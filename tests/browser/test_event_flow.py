"""An organiser runs an 8-player, 3-round Swiss with a drop and a late entry, then a top 4, in Chromium."""

from __future__ import annotations

import re
from typing import Any

import pytest
from django.conf import settings
from django.contrib.auth import BACKEND_SESSION_KEY, HASH_SESSION_KEY, SESSION_KEY
from django.contrib.sessions.backends.db import SessionStore
from django.db.models import Q

from accounts.models import User
from tests.factories import OrganiserFactory, UserFactory
from tournaments.models import Event, Match, Registration, Round
from tournaments.services import registration


def logged_in_page(browser: Any, live_server: Any, user: User, **options: Any) -> Any:
    """A phone-sized page already signed in as ``user`` (sign-in itself is tested elsewhere);
    ``options`` override the browser context's options (another ``viewport``, ``is_mobile``)."""
    session = SessionStore()
    session[SESSION_KEY] = str(user.pk)
    session[BACKEND_SESSION_KEY] = "django.contrib.auth.backends.ModelBackend"
    session[HASH_SESSION_KEY] = user.get_session_auth_hash()
    session.save()
    context = browser.new_context(**{"viewport": {"width": 412, "height": 915}, **options})
    context.add_cookies([{"name": settings.SESSION_COOKIE_NAME, "value": session.session_key, "url": live_server.url}])
    page = context.new_page()
    page.set_default_timeout(60_000)  # generous: a loaded machine is slow, not wrong
    return page


def click(page: Any, name: str) -> None:
    page.get_by_role("button", name=name).first.click()
    page.wait_for_load_state()


def confirmed(page: Any, name: str) -> None:
    """A weighty step: its link (or, for Publish on a preview, its button) opens the confirmation,
    whose Confirm button does it."""
    page.get_by_role("link", name=name).or_(page.get_by_role("button", name=name)).first.click()
    page.wait_for_load_state()
    page.get_by_test_id("confirm-action").wait_for()
    unlisted = page.locator('input[name="no_legal_list"][value="pair"]')
    if unlisted.count():  # players without a legal list: these tests let them play, marked
        unlisted.check()
    page.get_by_test_id("confirm-action").click()
    page.wait_for_load_state()


def set_open_results(page: Any, event: Event) -> None:
    """The organiser enters the first player as the winner of every unreported table."""
    round_ = Round.objects.filter(event=event).order_by("number").last()
    assert round_ is not None
    for match in Match.objects.filter(round=round_).exclude(player_b=None).order_by("table"):
        if match.status == Match.Status.CONFIRMED:
            continue
        page.get_by_label(f"Table {match.table} first player games").fill("1")
        page.get_by_label(f"Table {match.table} second player games").fill("0")
        page.get_by_test_id(f"table-{match.table}").get_by_role("button", name="Set").click()
        page.wait_for_load_state()
        page.get_by_test_id("record-result").click()  # staff confirm a result they set
        page.wait_for_load_state()
        assert "result recorded" in page.content()


def play_round(page: Any, event: Event, number: int) -> None:
    confirmed(page, "Pair next round")
    assert page.get_by_test_id("preview").is_visible()
    confirmed(page, f"Publish round {number}")
    set_open_results(page, event)
    confirmed(page, f"End round {number}")
    assert f"Round {number} has ended." in page.content()


@pytest.mark.django_db(transaction=True)
def test_an_organiser_runs_a_swiss_with_a_drop_a_late_entry_and_a_top_four(browser: Any, live_server: Any) -> None:
    organiser = OrganiserFactory.create(username="oda", display_name="Oda")
    players = [UserFactory.create(username=f"p{i}", display_name=f"Player {i}") for i in range(1, 9)]
    boss = logged_in_page(browser, live_server, organiser)

    boss.goto(f"{live_server.url}/events/new/")
    boss.fill("#id_name", "Browser Open")
    boss.select_option("#id_structure", "swiss_top_cut")
    boss.fill("#id_rounds", "3")
    boss.select_option("#id_top_cut", "4")
    boss.fill("#id_late_entry_until_round", "2")
    click(boss, "Create event")
    event = Event.objects.get(name="Browser Open")
    click(boss, "Open registration")

    first = logged_in_page(browser, live_server, players[0])
    first.goto(f"{live_server.url}/events/{event.pk}/")
    click(first, "Register")
    assert "You are registered for Browser Open" in first.content()
    for player in players[1:]:
        registration.register(event, player)

    boss.reload()
    confirmed(boss, "Start the event")
    assert boss.get_by_test_id("event-status").inner_text() == "Running"

    # Round 1: one result reported and confirmed by the players themselves, a drop and a late entry.
    confirmed(boss, "Pair next round")
    confirmed(boss, "Publish round 1")
    mine = Match.objects.get(Q(player_a=players[0]) | Q(player_b=players[0]), round__event=event, round__number=1)
    first.reload()
    assert re.search(r"Table \d+", first.get_by_test_id("my-pairing").inner_text())
    click(first, "I won")
    assert "your opponent confirms it" in first.content()
    opponent = mine.player_b if mine.player_a_id == players[0].pk else mine.player_a
    assert opponent is not None
    other = logged_in_page(browser, live_server, opponent)
    other.goto(f"{live_server.url}/events/{event.pk}/")
    other.get_by_test_id("confirm").click()
    other.wait_for_load_state()
    assert "Result confirmed." in other.content()
    assert other.get_by_test_id("my-result").inner_text() == "You lost 0-1"  # the opponent's side, in words

    late = logged_in_page(browser, live_server, UserFactory.create(username="late", display_name="Late Comer"))
    late.goto(f"{live_server.url}/events/{event.pk}/")
    click(late, "Register")
    assert "late entry, from round 2" in late.content()

    boss.reload()
    confirmed(boss, "Drop Player 8")
    set_open_results(boss, event)
    confirmed(boss, "End round 1")

    play_round(boss, event, 2)
    round_two = {p for m in Match.objects.filter(round__event=event, round__number=2) for p in m.players()}
    assert players[7].pk not in round_two
    assert User.objects.get(username="late").pk in round_two
    play_round(boss, event, 3)

    confirmed(boss, "Cut to top 4")
    confirmed(boss, "Publish semifinal")
    set_open_results(boss, event)
    confirmed(boss, "End semifinal")
    confirmed(boss, "Pair the final")
    confirmed(boss, "Publish final")
    set_open_results(boss, event)
    confirmed(boss, "End final")
    confirmed(boss, "Finish the event")
    assert boss.get_by_test_id("event-status").inner_text() == "Finished"

    boss.goto(f"{live_server.url}/events/{event.pk}/standings/")
    rows = boss.get_by_test_id("standings").locator("tbody tr")
    assert rows.count() == 9
    assert "(dropped)" in boss.get_by_test_id("standings").inner_text()
    boss.goto(f"{live_server.url}/events/{event.pk}/bracket/")
    assert boss.get_by_test_id("bracket").locator(".bracket-match").count() == 3
    assert boss.get_by_test_id("champion").is_visible()
    assert Registration.objects.get(event=event, player=players[7]).dropped_after_round == 1
