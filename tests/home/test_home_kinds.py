"""The panel's draft, pool and deck-swap items, each with its clock; and the number of queries
of the home page, which does not grow with the size of the event (a 200-player round here)."""

from __future__ import annotations

from typing import Any

import pytest
from django.test import Client

from tests.drafts.helpers import draft_table, drive, human_seats, started_pod
from tests.factories import OrganiserFactory, RegistrationFactory, UserFactory
from tests.swaps.helpers import runebound_pod_event, seat_pod
from tournaments.drafts.models import Pod, Pool
from tournaments.models import Event
from tournaments.services import registration, rounds
from tournaments.swaps import services as swaps
from tournaments.web.home import needs_of

pytestmark = pytest.mark.django_db


def test_a_waiting_draft_pick_comes_first_with_its_clock() -> None:
    table = draft_table(humans=2)
    pod = started_pod(table)
    seat = human_seats(pod)[0]
    assert seat.registration is not None
    items = needs_of(seat.registration.player).items
    assert items[0].kind == "draft"
    assert items[0].words == f"Your pick is waiting in pod {pod.number}"
    assert items[0].deadline == seat.deadline and items[0].url == f"/pods/{pod.pk}/"


def test_a_pool_to_build_says_so_with_the_building_clock() -> None:
    table = draft_table(humans=2, username="b")
    pod = started_pod(table)
    drive(pod)
    pod.refresh_from_db()
    assert pod.status == Pod.Status.BUILDING
    pool = Pool.objects.filter(pod=pod).select_related("registration__player").first()
    assert pool is not None
    (item,) = [i for i in needs_of(pool.registration.player).items if i.kind == "pool"]
    assert item.words == "Build your deck from your draft pool"
    assert item.deadline == pool.build_deadline


def test_a_deck_swap_to_choose_with_its_deadline() -> None:
    event = runebound_pod_event(3)
    registration.start_event(event, event.organiser)
    swaps.set_plan(event, event.organiser, [1], 10)
    pod = seat_pod(event)
    (swap,) = swaps.open_swaps(pod.round)
    ada = pod.players[0]
    kinds = [i.kind for i in needs_of(ada).items]
    assert kinds[0] == "swap"
    item = needs_of(ada).items[0]
    assert item.words == "Choose the cards you pass in pod 1's deck swap"
    assert item.deadline == swap.deadline
    assert item.url == f"/events/{event.pk}/swaps/{swap.pk}/"


def big_round(players: int) -> tuple[Event, Any, list[Any]]:
    organiser = OrganiserFactory.create(username="big-org")
    event = registration.create_event(organiser, name="Big Open", rounds=9)
    registration.change_status(event, Event.Status.REGISTRATION, organiser)
    people = UserFactory.create_batch(players)
    for person in people:
        RegistrationFactory.create(event=event, player=person)
    registration.start_event(event, organiser)
    rounds.publish_round(rounds.pair_next_round(event, organiser), organiser)
    return event, organiser, people


def test_the_home_page_reads_a_bounded_number_of_queries(django_assert_max_num_queries: Any) -> None:
    """A player of a Swiss round: the session, the user, then six queries (their registrations,
    turns, challenges, invitations, waiting-list offers, tables); the organiser four more (events,
    rounds, two tallies)."""
    _event, organiser, people = big_round(200)
    for who, panel in ((people[0], 8), (people[-1], 8), (organiser, 12)):
        client = Client()
        client.force_login(who)
        with django_assert_max_num_queries(panel + 4):
            answer = client.get("/")
        assert answer.status_code == 200
        with django_assert_max_num_queries(panel):
            assert client.get("/home/panel/").status_code == 200
    assert "against" in needs_of(people[0]).items[0].words


def test_the_turn_follows_the_engines_pending_decision_in_a_match_and_at_a_table() -> None:
    from gameplay.matches import services as play
    from tests.matches.test_services import STARTERS, play_first

    eva, corvin = UserFactory.create(display_name="Eva"), UserFactory.create(display_name="Corvin")
    match = play_first(play.create_match(eva, corvin, STARTERS), [eva, corvin])
    assert match.on_clock is not None
    acting, waiting = (eva, corvin) if match.on_clock == 0 else (corvin, eva)
    (item,) = needs_of(acting).items
    assert item.words == f"Your turn against {waiting.public_name}" and item.url == f"/play/{match.pk}/"
    assert item.deadline == match.deadline
    assert needs_of(waiting).items == []

    setup = {"guardians": ["neltai", "kulak"], "difficulty": "initiate"}
    table = play.create_table("runemasters", setup, [play.SeatSpec(eva), play.SeatSpec(corvin)], seed=21)
    assert table.on_clock is not None
    first = (eva, corvin)[table.on_clock]
    assert "Your turn at your Runemasters table" in [i.words for i in needs_of(first).items]
    other = corvin if first == eva else eva
    assert "Your turn at your Runemasters table" not in [i.words for i in needs_of(other).items]


def test_a_place_offered_from_the_waiting_list_is_answered_from_the_panel_before_it_lapses() -> None:
    """A full event's freed place, offered to the first on its waiting list: the panel asks them
    to answer on the event's page, with the offer's clock; the next on the list has no item, and
    the item goes once the place is taken."""
    from tests.events.test_waiting_list import drop, full_event
    from tournaments.services import waiting

    event, _organiser, players = full_event(2)
    ann, bo = UserFactory.create(display_name="Ann"), UserFactory.create(display_name="Bo")
    waiting.join(event, ann)
    waiting.join(event, bo)
    assert [i.kind for i in needs_of(ann).items] == []
    drop(event, players[0])
    (item,) = [i for i in needs_of(ann).items if i.kind == "offer"]
    entry = event.waiting.get(player=ann)
    assert (item.words, item.url, item.action) == (
        "A place at Spring Open is offered to you",
        f"/events/{event.pk}/",
        "Answer",
    )
    assert item.deadline == entry.offer_expires_at is not None
    assert [i.kind for i in needs_of(bo).items] == []
    waiting.accept(event, ann)
    assert "offer" not in [i.kind for i in needs_of(ann).items]
