"""The waiting list on the event page, the manage page and over the API: join, see one's place,
leave, take an offered place; refusals come back as 4xx naming the problem, changing nothing."""

from __future__ import annotations

import pytest
from django.test import Client

from accounts.models import User
from tests.clients import api_client as api
from tests.factories import EventFactory, OrganiserFactory, RegistrationFactory, UserFactory
from tournaments.models import Event, Registration, WaitingEntry
from tournaments.services import registration, waiting

pytestmark = pytest.mark.django_db


def client_of(user: User) -> Client:
    client = Client()
    client.force_login(user)
    return client


def full_event() -> tuple[Event, User, list[User]]:
    organiser = OrganiserFactory.create(display_name="Oda")
    event = EventFactory.create(organiser=organiser, name="Spring Open", capacity=2)
    players = [UserFactory.create(display_name=name) for name in ("Ann", "Bob")]
    for player in players:
        RegistrationFactory.create(event=event, player=player)
    return event, organiser, players


def test_a_full_event_page_offers_the_waiting_list_and_shows_the_place_on_it() -> None:
    event, _organiser, _players = full_event()
    cy = client_of(UserFactory.create(display_name="Cy"))
    html = cy.get(f"/events/{event.pk}/").content.decode()
    assert 'data-testid="join-waiting-list"' in html and 'data-testid="register"' not in html
    assert cy.post(f"/events/{event.pk}/waiting-list/join/").status_code == 302
    html = cy.get(f"/events/{event.pk}/").content.decode()
    assert "You are number 1 on the waiting list." in html and 'data-testid="leave-waiting-list"' in html
    assert cy.post(f"/events/{event.pk}/waiting-list/leave/").status_code == 302
    assert not WaitingEntry.objects.exists()


def test_the_offer_shows_on_the_event_page_and_taking_it_registers() -> None:
    event, _organiser, players = full_event()
    cy_user = UserFactory.create(display_name="Cy")
    cy = client_of(cy_user)
    cy.post(f"/events/{event.pk}/waiting-list/join/")
    registration.drop(Registration.objects.get(player=players[0]), players[0])
    html = cy.get(f"/events/{event.pk}/").content.decode()
    assert 'data-testid="place-offered"' in html and "Take the place" in html
    assert cy.post(f"/events/{event.pk}/waiting-list/accept/").status_code == 302
    assert Registration.objects.get(event=event, player=cy_user).active


def test_refusals_on_the_page_are_4xx_naming_the_problem_and_change_nothing() -> None:
    event, _organiser, _players = full_event()
    cy = client_of(UserFactory.create(display_name="Cy"))
    answer = cy.post(f"/events/{event.pk}/waiting-list/accept/")
    assert answer.status_code == 409 and "Cy is not on the waiting list of Spring Open" in answer.content.decode()
    cy.post(f"/events/{event.pk}/waiting-list/join/")
    answer = cy.post(f"/events/{event.pk}/waiting-list/accept/")
    assert answer.status_code == 409 and "No place of Spring Open is offered to Cy yet" in answer.content.decode()
    roomy = EventFactory.create(name="Roomy Cup", capacity=8)
    answer = cy.post(f"/events/{roomy.pk}/waiting-list/join/")
    assert answer.status_code == 409 and "Roomy Cup has a free place; register instead" in answer.content.decode()
    assert WaitingEntry.objects.count() == 1 and not Registration.objects.filter(player__display_name="Cy").exists()


def test_the_manage_page_lists_the_waiting_players_in_order_with_their_offers() -> None:
    event, organiser, players = full_event()
    for name in ("Cy", "Dee"):
        waiting.join(event, UserFactory.create(display_name=name))
    registration.drop(Registration.objects.get(player=players[0]), players[0])
    html = client_of(organiser).get(f"/events/{event.pk}/manage/").content.decode()
    listed = html.split('data-testid="waiting-list"')[1].split("</ol>")[0]
    assert listed.index("Cy") < listed.index("Dee") and listed.count("place offered") == 1


def test_the_api_joins_reads_leaves_and_accepts() -> None:
    event, _organiser, players = full_event()
    cy_user, dee_user = UserFactory.create(display_name="Cy"), UserFactory.create(display_name="Dee")
    cy, dee = api(cy_user), api(dee_user)
    url = f"/api/events/{event.pk}/waiting-list/"
    assert cy.post(url).json() == {"position": 1, "offered": False, "expires_at": None}
    assert dee.post(url).status_code == 201
    assert dee.get(url).json() == {"position": 2, "offered": False, "expires_at": None}
    refused = dee.post(f"/api/events/{event.pk}/accept-place/")
    assert refused.status_code == 409 and "No place of Spring Open is offered to Dee" in refused.json()["detail"]
    registration.drop(Registration.objects.get(player=players[0]), players[0])
    offer = cy.get(url).json()
    assert (offer["position"], offer["offered"]) == (1, True) and offer["expires_at"] is not None
    assert cy.post(f"/api/events/{event.pk}/leave-waiting-list/").status_code == 204  # declined: Dee is offered it
    offer = dee.get(url).json()
    assert (offer["position"], offer["offered"]) == (1, True) and offer["expires_at"] is not None
    taken = dee.post(f"/api/events/{event.pk}/accept-place/")
    assert taken.status_code == 201 and taken.json()["name"] == "Dee"
    assert cy.get(url).status_code == 404


def test_the_api_refuses_joining_twice_and_joining_an_event_with_room() -> None:
    event, _organiser, _players = full_event()
    cy = api(UserFactory.create(display_name="Cy"))
    cy.post(f"/api/events/{event.pk}/waiting-list/")
    again = cy.post(f"/api/events/{event.pk}/waiting-list/")
    assert again.status_code == 409 and "already on the waiting list of Spring Open" in again.json()["detail"]
    roomy = EventFactory.create(capacity=8)
    assert cy.post(f"/api/events/{roomy.pk}/waiting-list/").status_code == 409
    assert WaitingEntry.objects.count() == 1


def test_a_player_who_dropped_from_a_full_event_may_join_its_waiting_list() -> None:
    event, _organiser, players = full_event()
    ann = players[0]
    registration.drop(Registration.objects.get(player=ann), ann)
    RegistrationFactory.create(event=event, player=UserFactory.create(display_name="Cy"))
    page = client_of(ann)
    html = page.get(f"/events/{event.pk}/").content.decode()
    assert "You have dropped, and Spring Open is full" in html and 'data-testid="join-waiting-list"' in html
    assert page.post(f"/events/{event.pk}/waiting-list/join/").status_code == 302
    registration.drop(Registration.objects.get(player=players[1]), players[1])
    assert page.post(f"/events/{event.pk}/waiting-list/accept/").status_code == 302
    assert Registration.objects.get(event=event, player=ann).active
