"""An organiser's day, in Chromium with a real Celery worker and real webhook receivers on 127.0.0.1:
a walk-in at the desk whose list the organiser enters, the "no legal deck" warning and the choice
for the player without one at the start, three Swiss rounds with one-tap reports (a mis-tap
corrected by its reporter), a dispute settled from both reports, a drop undone, printed result
slips (print media), the projector page, a top 4 to a champion, and signed webhooks for what
happened — one receiver failing twice before it gets its delivery on the third try."""

from __future__ import annotations

import os
from typing import Any

import pytest
from django.db.models import Q

from accounts.models import User
from gameplay.deckformats import deck_format
from gameplay.runeslingers.formats import Deck
from gameplay.runeslingers.site_catalog import current_catalog
from tests.browser.test_event_flow import click, confirmed, logged_in_page, set_open_results
from tests.factories import EventFactory, OrganiserFactory, RegistrationFactory, UserFactory
from tests.processes import celery_process, stop_process, wait_for_worker
from tests.waiting import wait_until
from tests.webhooks.conftest import endpoint_for
from tests.webhooks.receiver import Receiver, running_receiver
from tournaments.models import Event, Match, Registration, Round
from tournaments.services import decks
from tournaments.webhooks import signing
from tournaments.webhooks.models import Delivery, Endpoint, Kind

NAMES = ["Eva", "Corvin", "Mira", "Tobin", "Ansel", "Bryn", "Dagny"]
GUEST = "Walter Gray"


def starter_deck() -> Deck:
    return Deck.from_starter(current_catalog().starter_decks["eva-starter"])


THE_DAYS_KINDS = {Kind.ROUND_PAIRED, Kind.RESULT_CONFIRMED, Kind.STANDINGS_UPDATED, Kind.EVENT_FINISHED}


def no_sideways_scroll(page: Any) -> bool:
    return bool(page.evaluate("document.documentElement.scrollWidth <= window.innerWidth"))


def a_table_without_the_guest(event: Event, number: int) -> Match:
    """A table of round ``number`` whose two players can sign in (a guest cannot report)."""
    tables = Match.objects.filter(round__event=event, round__number=number).exclude(player_b=None)
    tables = tables.exclude(Q(player_a__is_guest=True) | Q(player_b__is_guest=True))
    found = tables.select_related("player_a", "player_b").order_by("table").first()
    assert found is not None and found.player_b is not None
    return found


def one_tap_and_confirm(browser: Any, live_server: Any, match: Match) -> None:
    """Player A reports a 2-0 win with one tap on a phone (after a mis-tap they correct); player B
    confirms it."""
    assert match.player_b is not None
    url = f"{live_server.url}/events/{match.round.event_id}/"
    reporter = logged_in_page(browser, live_server, match.player_a)
    reporter.goto(url)
    click(reporter, "I won 2-1")  # a mis-tap, corrected before the opponent confirms (issue 30)
    reporter.get_by_text("Correct my report").click()
    reporter.get_by_test_id("correct-report").get_by_role("button", name="I won 2-0").click()
    reporter.wait_for_load_state()
    assert "Report corrected; your opponent confirms it." in reporter.content()
    waiting = f"You won 2-0 — waiting for {match.player_b.public_name} to confirm"
    assert reporter.get_by_test_id("my-result").inner_text() == waiting
    opponent = logged_in_page(browser, live_server, match.player_b)
    opponent.goto(url)
    opponent.get_by_test_id("confirm").click()
    opponent.wait_for_load_state()
    assert opponent.get_by_test_id("my-result").inner_text() == "You lost 0-2"
    assert no_sideways_scroll(opponent)
    reporter.context.close()
    opponent.context.close()


def dispute_and_settle(browser: Any, live_server: Any, boss: Any, match: Match) -> None:
    """The two players report differently; the organiser reads both side by side and settles it."""
    a, b = match.player_a, match.player_b
    assert b is not None
    url = f"{live_server.url}/events/{match.round.event_id}/"
    a_page = logged_in_page(browser, live_server, a)
    a_page.goto(url)
    click(a_page, "I won 2-0")
    b_page = logged_in_page(browser, live_server, b)
    b_page.goto(url)
    b_page.get_by_text("That's not right").click()
    b_page.get_by_test_id("not-right").get_by_role("button", name="I won 2-1").click()
    b_page.wait_for_load_state()
    assert Match.objects.get(pk=match.pk).status == Match.Status.DISPUTED
    boss.goto(f"{url}manage/")
    both = boss.get_by_test_id("disputes").inner_text()
    assert f"{a.public_name} says: {a.public_name} won 2-0 against {b.public_name}" in both
    assert f"{b.public_name} says: {b.public_name} won 2-1 against {a.public_name}" in both
    click(boss, f"{b.public_name} is right")
    assert (
        boss.get_by_test_id("result-question").inner_text()
        == f"Record {b.public_name} won 2-1 against {a.public_name}?"
    )
    boss.get_by_test_id("record-result").click()
    boss.wait_for_load_state()
    history = boss.get_by_test_id("history").inner_text()
    assert f"dispute settled: {b.public_name} won 2-1 against {a.public_name}" in history
    a_page.context.close()
    b_page.context.close()


def drop_and_undo(browser: Any, live_server: Any, player: User, event: Event) -> None:
    page = logged_in_page(browser, live_server, player)
    page.goto(f"{live_server.url}/events/{event.pk}/")
    page.get_by_test_id("drop").click()
    page.get_by_role("heading", name=f"Drop from {event.name}?").wait_for()
    page.get_by_test_id("confirm-action").click()
    page.wait_for_load_state()
    assert not Registration.objects.get(event=event, player=player).active
    page.get_by_test_id("undo-drop").click()
    page.wait_for_load_state()
    assert "Your drop is undone" in page.content()
    assert Registration.objects.get(event=event, player=player).active
    page.context.close()


def check_printed_slips(boss: Any, live_server: Any, event: Event, number: int) -> None:
    """The slips of a round as printed: no site navigation, one slip per table with both names,
    the boxes and its table's QR code."""
    boss.goto(f"{live_server.url}/events/{event.pk}/rounds/{number}/slips/")
    boss.emulate_media(media="print")
    try:
        tables = Match.objects.filter(round__event=event, round__number=number).exclude(player_b=None)
        assert boss.locator("section.slip").count() == tables.count() == 4
        for match in tables.select_related("player_a", "player_b"):
            assert match.player_b is not None
            slip = boss.get_by_test_id(f"slip-{match.table}")
            text = slip.inner_text()
            assert match.player_a.public_name in text and match.player_b.public_name in text
            assert slip.locator("svg").first.is_visible() and slip.locator(".box").count() == 7
        assert boss.locator("header, nav").filter(visible=True).count() <= boss.locator("section.slip").count()
    finally:
        boss.emulate_media(media="screen")


def check_projector(browser: Any, live_server: Any, event: Event, label: str) -> None:
    screen = browser.new_context(viewport={"width": 1920, "height": 1080}).new_page()  # nobody signed in
    screen.goto(f"{live_server.url}/events/{event.pk}/projector/")
    assert label in screen.title() or label in screen.content()
    for match in Match.objects.filter(round__event=event, round__number=3).select_related("player_a"):
        assert match.player_a.public_name in screen.content()
    screen.context.close()


def signed_kinds(receiver: Receiver, endpoint: Endpoint) -> set[str]:
    """The kinds of every request the receiver got whose signature verifies with the endpoint's secret."""
    kinds = set()
    for request in receiver.requests():
        headers = request.headers
        assert signing.verify(
            endpoint.secret, headers["Fett-Webhook-Timestamp"], request.body, headers["Fett-Webhook-Signature"]
        ), "a webhook whose signature does not verify"
        kinds.add(Delivery.objects.get(webhook_id=headers["Fett-Webhook-Id"], endpoint=endpoint).kind)
    return kinds


def play_swiss_round(browser: Any, live_server: Any, boss: Any, event: Event, number: int) -> None:
    confirmed(boss, "Pair next round")
    confirmed(boss, f"Publish round {number}")
    one_tap_and_confirm(browser, live_server, a_table_without_the_guest(event, number))
    boss.goto(f"{live_server.url}/events/{event.pk}/manage/")


def a_constructed_event(organiser: User) -> Event:
    event = EventFactory.create(
        organiser=organiser, name="Floor Open", format="awakening-starter", best_of=3,
        structure=Event.Structure.SWISS_TOP_CUT, rounds=3, top_cut=4,
    )  # fmt: skip
    starter = starter_deck()
    for name in NAMES:
        player = RegistrationFactory.create(event=event, player=UserFactory.create(display_name=name)).player
        if name != "Dagny":  # Dagny brings no deck
            decks.register_deck(event, player, starter, player)
    return event


@pytest.mark.slow
@pytest.mark.django_db(transaction=True)
def test_an_organisers_day(browser: Any, live_server: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    organiser = OrganiserFactory.create(username="floor-oda", display_name="Oda")
    event = a_constructed_event(organiser)
    monkeypatch.setenv("WEBHOOK_RETRY_BASE_SECONDS", "1")  # the worker's backoff: 1 s, then 2 s
    name = f"day-{os.getpid()}"
    worker = celery_process(
        "worker", "-Q", "default,timers", "-c", "1", "-n", f"{name}@%h"
    )  # a retry is a deadline: it fires from `timers`
    try:
        with running_receiver() as everything, running_receiver(answers=[500, 500]) as flaky:
            all_kinds = endpoint_for(event, everything.url)
            rounds_only = endpoint_for(event, flaky.url, kinds=[Kind.ROUND_PAIRED])
            wait_for_worker(name)
            run_the_day(browser, live_server, organiser, event)

            wait_until(lambda: signed_kinds(everything, all_kinds) >= THE_DAYS_KINDS, 180, "every kind delivered")
            first = Delivery.objects.filter(endpoint=rounds_only).order_by("id").first()
            assert first is not None
            wait_until(
                lambda: Delivery.objects.get(pk=first.pk).status == Delivery.Status.DELIVERED, 120, "the third try"
            )
            assert [a.status_code for a in first.attempt_log.all()] == [500, 500, 200]
            assert signed_kinds(flaky, rounds_only) == {Kind.ROUND_PAIRED}
    finally:
        stop_process(worker)


def run_the_day(browser: Any, live_server: Any, organiser: User, event: Event) -> None:
    boss = logged_in_page(browser, live_server, organiser)
    boss.set_viewport_size({"width": 1280, "height": 900})
    manage = f"{live_server.url}/events/{event.pk}/manage/"

    # The desk: a guest walks in; the warning names who has no legal deck, again before the start.
    boss.goto(manage)
    boss.get_by_role("link", name="Open the desk").click()
    boss.wait_for_load_state()
    boss.get_by_label("Or add a guest by name").fill(GUEST)
    boss.get_by_role("button", name="Add guest").click()
    boss.wait_for_load_state()
    assert boss.get_by_test_id("desk-warning").inner_text() == f"2 players without a legal deck: Dagny, {GUEST}."
    # The organiser enters the guest's list from the desk (issue 30); Dagny still has none.
    boss.get_by_test_id("desk-row").filter(has_text=GUEST).get_by_test_id("enter-list").click()
    boss.get_by_role("heading", name=f"{GUEST}'s deck for {event.name}").wait_for()
    boss.get_by_label("Deck list").fill(deck_format(event.format).write(starter_deck()))
    boss.get_by_test_id("register-deck").click()
    boss.get_by_text(f"{GUEST}'s deck registered (version 1).").wait_for()
    boss.get_by_role("link", name="Back to the desk").click()
    warning = "1 player without a legal deck: Dagny."
    assert boss.get_by_test_id("desk-warning").inner_text() == warning
    boss.goto(manage)
    boss.get_by_role("link", name="Start the event").click()
    assert warning in boss.get_by_test_id("confirm-warning").inner_text()
    choice = boss.get_by_test_id("confirm-choice-no_legal_list")
    assert "Dagny has no legal deck list. What happens to them?" in choice.inner_text()
    choice.get_by_label("Let them play, marked as without a legal list").check()
    boss.get_by_test_id("confirm-action").click()
    boss.wait_for_load_state()
    assert boss.get_by_test_id("event-status").inner_text() == "Running"
    history = boss.get_by_test_id("history").inner_text()
    assert f"{GUEST}: deck list entered by Oda (version 1)" in history
    assert "Dagny: no legal deck list at the start: paired anyway, marked" in history

    # Round 1: a one-tap report; the organiser enters the rest (the guest's table among them).
    play_swiss_round(browser, live_server, boss, event, 1)
    set_open_results(boss, event)
    confirmed(boss, "End round 1")

    # Round 2: a dispute settled from both reports, and a drop undone before round 3 is paired.
    play_swiss_round(browser, live_server, boss, event, 2)
    tapped = Match.objects.filter(round__event=event, round__number=2, status=Match.Status.CONFIRMED).first()
    assert tapped is not None
    pending = Match.objects.filter(round__event=event, round__number=2, status=Match.Status.PENDING)
    pending = pending.exclude(Q(player_a__is_guest=True) | Q(player_b__is_guest=True)).exclude(player_b=None)
    disputed = pending.select_related("player_a", "player_b", "round").first()
    assert disputed is not None
    dispute_and_settle(browser, live_server, boss, disputed)
    drop_and_undo(browser, live_server, disputed.player_a, event)
    boss.goto(manage)
    set_open_results(boss, event)
    confirmed(boss, "End round 2")

    # Round 3, its slips printed, the projector showing it.
    play_swiss_round(browser, live_server, boss, event, 3)
    check_printed_slips(boss, live_server, event, 3)
    check_projector(browser, live_server, event, "Round 3")
    boss.goto(manage)
    set_open_results(boss, event)
    confirmed(boss, "End round 3")

    # The top 4 to a champion.
    confirmed(boss, "Cut to top 4")
    semifinal = Round.objects.get(event=event, number=4)
    confirmed(boss, f"Publish {semifinal.label.lower()}")
    set_open_results(boss, event)
    confirmed(boss, f"End {semifinal.label.lower()}")
    confirmed(boss, "Pair the final")
    final = Round.objects.get(event=event, number=5)
    confirmed(boss, f"Publish {final.label.lower()}")
    set_open_results(boss, event)
    confirmed(boss, f"End {final.label.lower()}")
    confirmed(boss, "Finish the event")
    assert boss.get_by_test_id("event-status").inner_text() == "Finished"
    champion = Match.objects.get(round=final).winner_id()
    assert champion is not None
    boss.goto(f"{live_server.url}/events/{event.pk}/")
    assert User.objects.get(pk=champion).public_name in boss.get_by_test_id("champion").inner_text()
    boss.context.close()
