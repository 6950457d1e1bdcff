"""A small pod event in Chromium: the organiser creates it with the form (the pod settings appear
when "Pods" is chosen), pairs round 1 and reads the preview's explanations, publishes it; a player
reports the places of their pod with one choice per seat, another confirms them from their phone;
the organiser sets the other pod's places, ends the round, and the standings show the places.

With FETT_SCREENSHOTS set to a folder, the preview, the round page and the standings are saved
there at 1280 and 390 pixels wide."""

from __future__ import annotations

from typing import Any

import pytest

from accounts.models import User
from tests.browser.pod_event_steps import create_pod_event, place_choices
from tests.browser.test_draft_screens import SIZES, shot, signed_in
from tests.browser.test_event_flow import confirmed
from tests.factories import OrganiserFactory, RegistrationFactory, UserFactory
from tournaments.models import Event, PodTable
from tournaments.services import registration

NAMES = ("Eva", "Corvin", "Dara", "Tobin", "Mira", "Nils", "Ines")


def both_sizes(browser: Any, live_server: Any, user: User, url: str, name: str) -> None:
    """The page at a desktop's and a phone's width: nothing wider than the screen, saved if asked."""
    for size in SIZES:
        page = signed_in(browser, live_server, user, size)
        page.goto(url)
        overflow = page.evaluate("document.documentElement.scrollWidth - document.documentElement.clientWidth")
        assert overflow <= 1, f"{name} at {size} is {overflow}px wider than the screen"
        shot(page, f"pods-{name}-{SIZES[size]['width']}", full=True)
        page.context.close()


@pytest.mark.django_db(transaction=True)
def test_a_pod_round_is_previewed_published_reported_confirmed_and_ranked(browser: Any, live_server: Any) -> None:
    organiser = OrganiserFactory.create(username="oda", display_name="Oda")
    boss = signed_in(browser, live_server, organiser, "desktop")
    event = create_pod_event(boss, live_server)
    assert (event.structure, event.pod_size, event.pod_minimum) == ("pods", 4, 3)
    players = {name: UserFactory.create(username=name.lower(), display_name=name) for name in NAMES}
    registration.change_status(event, Event.Status.REGISTRATION, organiser)
    for player in players.values():
        RegistrationFactory.create(event=event, player=player)

    boss.goto(f"{live_server.url}/events/{event.pk}/manage/")
    confirmed(boss, "Start the event")
    confirmed(boss, "Pair next round")
    preview = boss.get_by_test_id("preview")
    assert "7 players in 1 pod of 4 and 1 pod of 3" in preview.get_by_test_id("pod-sizes").inner_text()
    assert boss.get_by_test_id("pod-1-why").inner_text() and boss.get_by_test_id("pod-2-why").inner_text()
    manage_url = boss.url
    both_sizes(browser, live_server, organiser, manage_url, "preview")
    confirmed(boss, "Publish round 1")
    assert "Round 1 is published" in boss.content()
    boss.get_by_test_id("print-slips-link").click()
    boss.wait_for_load_state()
    boss.emulate_media(media="print")
    for number in (1, 2):  # one slip per pod, a row per seat, the QR code to the pod's page
        slip = boss.get_by_test_id(f"slip-{number}")
        assert slip.locator("svg.qr").is_visible() and f"Pod {number}" in slip.inner_text()
    shot(boss, "pods-slips-print", full=True)
    boss.emulate_media(media="screen")

    round_ = event.round_set.get(number=1)
    pod = round_.pod_tables.get(seats__player=players["Eva"])
    names = [seat.player.public_name for seat in pod.seats.order_by("position")]
    mate = next(name for name in names if name != "Eva")

    eva = signed_in(browser, live_server, players["Eva"], "phone")
    eva.goto(f"{live_server.url}/events/{event.pk}/")
    assert f"Pod {pod.table}" in eva.get_by_test_id("my-pod").inner_text()
    ranks = {name: ("1st" if name == "Eva" else "2nd") for name in names}  # the rest tie for 2nd
    shot(eva, "pods-event-page-390", full=True)
    place_choices(eva, ranks)
    eva.get_by_role("button", name="Report these places").click()
    eva.wait_for_load_state()
    assert "waiting for another player of the pod to confirm" in eva.get_by_test_id("my-result").inner_text()

    other = signed_in(browser, live_server, players[mate], "phone")
    other.goto(f"{live_server.url}/events/{event.pk}/")
    assert "Eva reported: Eva 1st" in other.get_by_test_id("my-result").inner_text()
    other.get_by_test_id("confirm").click()
    other.wait_for_load_state()
    assert "Places confirmed." in other.content()
    pod.refresh_from_db()
    assert pod.status == PodTable.Status.CONFIRMED

    rest = round_.pod_tables.exclude(pk=pod.pk).get()
    rest_names = [seat.player.public_name for seat in rest.seats.order_by("position")]
    boss.goto(f"{live_server.url}/events/{event.pk}/manage/")
    boss.get_by_test_id(f"pod-{rest.table}-settle").click()
    boss.wait_for_load_state()
    if boss.get_by_test_id("set-places").get_attribute("open") is None:  # open at once when nobody reported
        boss.get_by_text("Set the places yourself…").click()
    place_choices(boss, {name: ("1st", "2nd", "3rd", "4th")[n] for n, name in enumerate(rest_names)})
    shot(boss, "pods-reports-1280", full=True)
    boss.get_by_role("button", name="Set these places").click()
    boss.wait_for_load_state()
    assert f"Record {rest_names[0]} 1st, {rest_names[1]} 2nd" in boss.get_by_test_id("result-question").inner_text()
    boss.get_by_test_id("record-result").click()
    boss.wait_for_load_state()
    assert "places recorded" in boss.content()

    both_sizes(browser, live_server, players["Eva"], f"{live_server.url}/events/{event.pk}/rounds/1/", "round")
    both_sizes(browser, live_server, organiser, manage_url, "running")
    confirmed(boss, "End round 1")
    assert "Round 1 has ended." in boss.content()

    boss.goto(f"{live_server.url}/events/{event.pk}/standings/")
    table = boss.get_by_test_id("standings")
    top = table.locator("tbody tr").first.inner_text()
    assert top.split("\t")[1].strip() in ("Eva", rest_names[0]) and "3" in top
    table.locator("tbody tr").first.get_by_test_id("points-note").locator("summary").click()
    assert "3 points from 1 round" in table.locator("tbody tr").first.inner_text()
    both_sizes(browser, live_server, players["Eva"], f"{live_server.url}/events/{event.pk}/standings/", "standings")
    for page in (boss, eva, other):
        page.context.close()
