"""The waiting list of a full event (issue 29 §1): order, the offer on a drop, accepting and
declining, no jumping the queue, a raised capacity, and the ``place_offered`` signal."""

from __future__ import annotations

from typing import Any

import pytest

from accounts.models import User
from tests.factories import EventFactory, OrganiserFactory, RegistrationFactory, UserFactory
from tournaments.errors import Conflict, EventRefusal
from tournaments.models import Event, Registration, WaitingEntry
from tournaments.services import registration, waiting
from tournaments.signals import place_offered

pytestmark = pytest.mark.django_db


def full_event(places: int = 2) -> tuple[Event, User, list[User]]:
    organiser = OrganiserFactory.create(display_name="Oda")
    event = EventFactory.create(organiser=organiser, name="Spring Open", capacity=places)
    players = [UserFactory.create(display_name=f"Player {n}") for n in range(places)]
    for player in players:
        RegistrationFactory.create(event=event, player=player)
    return event, organiser, players


def offered(event: Event) -> list[str]:
    return [e.player.public_name for e in WaitingEntry.objects.filter(event=event, offered_at__isnull=False)]


def drop(event: Event, player: User) -> None:
    registration.drop(Registration.objects.get(event=event, player=player), player)


def _standing(place: waiting.Place | None) -> tuple[int, bool] | None:
    """Position and whether a place is offered (the offer's deadline: test_waiting_offer_lapses)."""
    return None if place is None else (place.position, place.offered)


def refusal(call: Any, *args: Any, **kwargs: Any) -> Conflict:
    with pytest.raises(Conflict) as caught:
        call(*args, **kwargs)
    return caught.value


def test_players_wait_in_the_order_they_joined_and_see_their_place() -> None:
    event, _organiser, _players = full_event()
    cy, dee = UserFactory.create(display_name="Cy"), UserFactory.create(display_name="Dee")
    waiting.join(event, cy)
    waiting.join(event, dee)
    assert [e.player.public_name for e in waiting.waiting_list(event)] == ["Cy", "Dee"]
    assert waiting.place_of(event, dee.pk) == waiting.Place(2, offered=False)
    assert waiting.place_of(event, UserFactory.create().pk) is None


def test_joining_is_refused_while_a_place_is_free_twice_or_when_registered() -> None:
    event, _organiser, players = full_event()
    cy = UserFactory.create(display_name="Cy")
    assert refusal(waiting.join, event, players[0]).reason == EventRefusal.ALREADY_REGISTERED
    waiting.join(event, cy)
    assert refusal(waiting.join, event, cy).reason == EventRefusal.ALREADY_WAITING
    roomy = EventFactory.create(capacity=5)
    problem = refusal(waiting.join, roomy, cy)
    assert problem.reason == EventRefusal.NOT_FULL and "register instead" in str(problem)
    assert WaitingEntry.objects.count() == 1


def test_a_drop_offers_the_place_to_the_first_and_the_signal_names_them(
    django_capture_on_commit_callbacks: Any,
) -> None:
    event, _organiser, players = full_event()
    cy, dee = UserFactory.create(display_name="Cy"), UserFactory.create(display_name="Dee")
    waiting.join(event, cy)
    waiting.join(event, dee)
    heard: list[tuple[str, str]] = []

    def receiver(sender: Any, event: Event, user: User, **kwargs: Any) -> None:
        heard.append((event.name, user.public_name))

    place_offered.connect(receiver)
    try:
        with django_capture_on_commit_callbacks(execute=True):
            drop(event, players[1])
    finally:
        place_offered.disconnect(receiver)
    assert offered(event) == ["Cy"] and heard == [("Spring Open", "Cy")]
    assert _standing(waiting.place_of(event, cy.pk)) == (1, True)


def test_accepting_registers_the_player_and_takes_them_off_the_list() -> None:
    event, _organiser, players = full_event()
    cy = UserFactory.create(display_name="Cy")
    waiting.join(event, cy)
    drop(event, players[0])
    entry = waiting.accept(event, cy)
    assert entry.active and entry.player == cy
    assert not WaitingEntry.objects.filter(event=event).exists()
    assert Registration.objects.filter(event=event, dropped_after_round__isnull=True).count() == 2


def test_accepting_without_an_offer_is_refused_and_changes_nothing() -> None:
    event, _organiser, _players = full_event()
    cy = UserFactory.create(display_name="Cy")
    assert refusal(waiting.accept, event, cy).reason == EventRefusal.NOT_WAITING
    waiting.join(event, cy)
    problem = refusal(waiting.accept, event, cy)
    assert problem.reason == EventRefusal.NO_OFFER and "No place of Spring Open is offered to Cy" in str(problem)
    assert not Registration.objects.filter(player=cy).exists()


def test_declining_passes_the_offer_to_the_next() -> None:
    event, _organiser, players = full_event()
    cy, dee = UserFactory.create(display_name="Cy"), UserFactory.create(display_name="Dee")
    waiting.join(event, cy)
    waiting.join(event, dee)
    drop(event, players[0])
    waiting.leave(event, cy)
    assert offered(event) == ["Dee"] and _standing(waiting.place_of(event, dee.pk)) == (1, True)


def test_nobody_jumps_the_queue_while_a_place_is_offered() -> None:
    event, organiser, players = full_event()
    cy, eve = UserFactory.create(display_name="Cy"), UserFactory.create(display_name="Eve")
    waiting.join(event, cy)
    drop(event, players[0])
    problem = refusal(registration.register, event, eve)
    assert problem.reason == EventRefusal.EVENT_FULL and "1 place is offered to the waiting list" in str(problem)
    assert refusal(registration.undo_drop, Registration.objects.get(player=players[0]), players[0]).reason == (
        EventRefusal.EVENT_FULL
    )
    assert refusal(registration.add_walk_in, event, organiser, player=eve).reason == EventRefusal.EVENT_FULL
    # ...but the player the place is offered to may take it by registering, like accepting
    registration.register(event, cy)
    assert not WaitingEntry.objects.filter(event=event).exists()


def test_a_raised_capacity_offers_the_new_places_in_order() -> None:
    event, organiser, _players = full_event()
    names = ["Cy", "Dee", "Eve"]
    for name in names:
        waiting.join(event, UserFactory.create(display_name=name))
    registration.update_event(event, organiser, capacity=4)
    assert offered(event) == ["Cy", "Dee"]
    registration.update_event(event, organiser, capacity=None)
    assert offered(event) == names


def test_no_offer_is_made_once_the_event_takes_no_more_entries() -> None:
    event, organiser, players = full_event(places=4)
    cy = UserFactory.create(display_name="Cy")
    waiting.join(event, cy)
    registration.start_event(event, organiser)
    drop(event, players[0])
    assert offered(event) == []
    assert refusal(waiting.join, event, UserFactory.create()).reason == EventRefusal.REGISTRATION_CLOSED


def test_the_no_shows_places_are_offered_at_the_start_when_late_entry_is_on() -> None:
    organiser = OrganiserFactory.create()
    event = EventFactory.create(organiser=organiser, name="Spring Open", capacity=4, late_entry_until_round=2)
    players = [UserFactory.create(display_name=f"Player {n}") for n in range(4)]
    for n, player in enumerate(players):
        RegistrationFactory.create(event=event, player=player, checked_in=n < 3)
    cy = UserFactory.create(display_name="Cy")
    waiting.join(event, cy)
    registration.start_event(event, organiser)
    assert offered(event) == ["Cy"]
    assert waiting.accept(event, cy).late_entry_round == 1


def test_a_player_who_withdraws_before_the_start_is_said_so_not_dropped_after_round_0() -> None:
    """The history and the organiser's list said "dropped after round 0" and "no-show" for a
    player who left a full event's list of players before it started (freeing a place)."""
    from tournaments.models import AuditEntry
    from tournaments.web.presentation import entry_words

    event, _organiser, players = full_event(2)
    drop(event, players[0])
    note = AuditEntry.objects.get(event=event, kind=AuditEntry.Kind.REGISTRATION)
    assert note.describe() == "Player 0: withdrew before round 1"
    entry = Registration.objects.select_related("event").get(event=event, player=players[0])
    assert entry_words(entry, {}) == "withdrawn"
