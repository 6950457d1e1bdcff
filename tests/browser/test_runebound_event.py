"""Issue 20's whole Runebound event in Chromium, with a real Celery worker: an organiser creates a
customised-deck Runebound event in pods of 3 over three rounds and plans the deck swap for round 1
on its page; nine players with registered Runebound decks are paired into 3 pods of 3 each round.
A worker opens round 1's swaps after the publish; eight players choose their swap on the page and
the ninth is left to the deadline, whose automatic choice the worker makes. Every pod's places are
reported by one member and confirmed by another on the event page; the organiser ends each round
and finishes the event, and the standings show the nine players with the points of the places
entered."""

from __future__ import annotations

from collections import Counter
from typing import Any

import pytest

from accounts.models import User
from tests.browser.pod_event_steps import (
    choose_on_the_page,
    create_pod_event,
    deadline_chooses,
    place_choices,
    worker_opens_swaps,
)
from tests.browser.test_event_flow import confirmed, logged_in_page
from tests.factories import OrganiserFactory, RegistrationFactory, UserFactory
from tests.swaps.helpers import DECKS, published
from tournaments.models import Event, PodTable, Round
from tournaments.services import registration
from tournaments.services.decks import register_deck
from tournaments.swaps.models import PodSwap, SwapSeat

pytestmark = [pytest.mark.browser, pytest.mark.slow, pytest.mark.django_db(transaction=True)]

NAMES = ("Ada", "Bo", "Cy", "Di", "Ed", "Fi", "Gus", "Hal", "Ivo")
PLACES = ("1st", "2nd", "3rd")
POINTS = {"1st": 3, "2nd": 2, "3rd": 1}  # the form's default, "3 2 1 0"
CHAMPION = "Ada"  # first in every pod she sits in


def seated(table: PodTable) -> list[str]:
    return [seat.player.public_name for seat in table.seats.select_related("player").order_by("position")]


def places_of(names: list[str]) -> dict[str, str]:
    """The champion first, the others in seat order (in the order of the places)."""
    order = sorted(names, key=lambda name: name != CHAMPION)
    return {name: PLACES[n] for n, name in enumerate(order)}


def swap_round_one(pages: dict[str, Any], live_site: Any, event: Event) -> None:
    """A worker opens the three swaps the publish queued; eight players choose on the page; the last
    seat of pod 1 is left to the deadline."""
    worker_opens_swaps(Round.objects.get(event=event, number=1), 3)
    swaps = list(PodSwap.objects.filter(round__event=event, round__number=1).order_by("table__table"))
    assert len(swaps) == 3 and all(swap.is_choosing for swap in swaps)
    late = seated(swaps[0].table)[-1]
    for swap in swaps:
        names = {seat.player_id: seat.player.public_name for seat in swap.table.seats.select_related("player")}
        for player_id, (left, right) in swap.table.neighbours().items():
            if names[player_id] == late:
                continue
            page = pages[names[player_id]]
            page.goto(f"{live_site.url}/events/{event.pk}/swaps/{swap.pk}/")
            choose_on_the_page(page, names[left], names[right])
    revealed = PodSwap.objects.filter(round__event=event, revealed_at__isnull=False)
    assert sorted(revealed.values_list("pk", flat=True)) == [swaps[1].pk, swaps[2].pk]
    deadline_chooses(swaps[0])
    automatic = SwapSeat.objects.filter(swap__round__event=event, automatic=True)
    assert [seat.player.public_name for seat in automatic] == [late]
    pages[late].goto(f"{live_site.url}/events/{event.pk}/swaps/{swaps[0].pk}/")
    pages[late].get_by_test_id("swap-automatic").wait_for()
    # Every swap page shows what came from each neighbour once it has reloaded by itself (it polls
    # only while the pod chooses), so no reload of its own interrupts the next step's navigation.
    for name, page in pages.items():
        page.get_by_test_id("received-from").nth(1).wait_for()
        assert len(page.get_by_test_id("received-from").all_inner_texts()) == 2, name


def settle_pods(pages: dict[str, Any], live_site: Any, event: Event, number: int, points: Counter[str]) -> None:
    """In every pod, the first seat reports the places on the event page and the second confirms."""
    for table in PodTable.objects.filter(round__event=event, round__number=number).order_by("table"):
        names = seated(table)
        places = places_of(names)
        reporter, checker = pages[names[0]], pages[names[1]]
        reporter.goto(f"{live_site.url}/events/{event.pk}/")
        assert f"Pod {table.table}" in reporter.get_by_test_id("my-pod").inner_text()
        place_choices(reporter, places)
        reporter.get_by_role("button", name="Report these places").click()
        reporter.wait_for_load_state()
        assert "waiting for another player of the pod to confirm" in reporter.get_by_test_id("my-result").inner_text()
        checker.goto(f"{live_site.url}/events/{event.pk}/")
        said = ", ".join(f"{'you' if name == names[1] else name} {place}" for name, place in places.items())
        said = said[:1].upper() + said[1:]  # "You 1st, …" when the checker came first
        assert f"{names[0]} reported: {said}." in checker.get_by_test_id("my-result").inner_text()
        checker.get_by_test_id("confirm").click()
        checker.wait_for_load_state()
        assert "Places confirmed." in checker.content()
        table.refresh_from_db()
        assert table.status == PodTable.Status.CONFIRMED
        points.update({name: POINTS[place] for name, place in places.items()})


def play_round(
    boss: Any, pages: dict[str, Any], live_site: Any, event: Event, number: int, points: Counter[str]
) -> None:
    """The organiser pairs and publishes the round, the pods play it (round 1 with the swap), the round ends."""
    boss.goto(f"{live_site.url}/events/{event.pk}/manage/")
    confirmed(boss, "Pair next round")
    assert "9 players in 3 pods of 3" in boss.get_by_test_id("preview").get_by_test_id("pod-sizes").inner_text()
    confirmed(boss, f"Publish round {number}")
    assert f"Round {number} is published" in boss.content()
    if number == 1:
        swap_round_one(pages, live_site, event)
    settle_pods(pages, live_site, event, number, points)
    boss.goto(f"{live_site.url}/events/{event.pk}/manage/")
    confirmed(boss, f"End round {number}")
    assert f"Round {number} has ended." in boss.content()


def test_nine_players_play_three_rounds_of_pods_with_the_swap_in_round_one(browser: Any, live_site: Any) -> None:
    organiser = OrganiserFactory.create(username="orla", display_name="Orla")
    boss = logged_in_page(browser, live_site, organiser, viewport={"width": 1280, "height": 900})
    event = create_pod_event(boss, live_site, "Runebound Nine", rounds=3, pod_size=3, format="runebound-custom")
    assert (event.format, event.structure, event.pod_size, event.rounds) == ("runebound-custom", "pods", 3, 3)

    boss.goto(f"{live_site.url}/events/{event.pk}/swaps/")
    boss.fill("#swap-rounds", "1")
    boss.fill("#swap-minutes", "30")
    boss.get_by_role("button", name="Save the plan").click()
    boss.wait_for_load_state()
    assert "The deck swap plan is saved." in boss.content()

    registration.change_status(event, Event.Status.REGISTRATION, organiser)
    players: dict[str, User] = {}
    for n, name in enumerate(NAMES):
        players[name] = UserFactory.create(username=name.lower(), display_name=name)
        RegistrationFactory.create(event=event, player=players[name])
        register_deck(event, players[name], published(DECKS[n % len(DECKS)]), players[name])
    boss.goto(f"{live_site.url}/events/{event.pk}/manage/")
    confirmed(boss, "Start the event")

    pages = {name: logged_in_page(browser, live_site, player) for name, player in players.items()}
    points: Counter[str] = Counter()
    for number in (1, 2, 3):
        play_round(boss, pages, live_site, event, number, points)
    assert not PodSwap.objects.filter(round__event=event, round__number__in=(2, 3)).exists()  # round 1 only

    confirmed(boss, "Finish the event")
    assert boss.get_by_test_id("event-status").inner_text() == "Finished"
    event.refresh_from_db()
    assert event.status == Event.Status.FINISHED

    boss.goto(f"{live_site.url}/events/{event.pk}/standings/")
    rows = boss.get_by_test_id("standings").locator("tbody tr")
    assert rows.count() == 9
    shown = {}
    for i in range(9):
        row = rows.nth(i)
        name = row.locator("td").nth(1).inner_text().strip()
        shown[name] = int(row.get_by_test_id("points-note").locator("summary").inner_text())
        assert row.locator("td").nth(3).inner_text().strip() == "3"  # rounds played
    assert shown == dict(points) and sum(shown.values()) == 3 * 3 * (3 + 2 + 1)
    assert rows.first.locator("td").nth(1).inner_text().strip() == CHAMPION and shown[CHAMPION] == 9
    assert list(shown.values()) == sorted(shown.values(), reverse=True)
    for page in (boss, *pages.values()):
        page.context.close()
