"""An event's description, venue, fee and places (issue 30, "Words"): the form and the API take
them, the event page shows them, and a full event refuses every way in (the player's own
registration on the page and over the API, a walk-in at the desk, undoing a drop, re-adding a
dropped player) with a 409 naming the event as full, changing nothing."""

from __future__ import annotations

import re

import pytest
from django.test import Client

from accounts.models import User
from tests.clients import api_client as api
from tests.factories import EventFactory, OrganiserFactory, RegistrationFactory, UserFactory
from tournaments.models import Event, Registration
from tournaments.services import registration

pytestmark = pytest.mark.django_db

FULL = "Spring Open is full (2 of 2 places taken)"


def client_of(user: User) -> Client:
    client = Client()
    client.force_login(user)
    return client


def full_event() -> tuple[Event, User, list[User]]:
    """Two places, both taken by Ann and Bob; registration open."""
    organiser = OrganiserFactory.create(username="oda", display_name="Oda")
    event = EventFactory.create(
        organiser=organiser, name="Spring Open", capacity=2, venue="The Dice Tower, 4 Mill Lane", fee="£5",
        description="Prizes for the top four.\nBring sleeves.",
    )  # fmt: skip
    players = [UserFactory.create(display_name=name) for name in ("Ann", "Bob")]
    for player in players:
        RegistrationFactory.create(event=event, player=player)
    return event, organiser, players


def registered(event: Event) -> int:
    return Registration.objects.filter(event=event, dropped_after_round__isnull=True).count()


FORM = {
    "name": "Summer Open", "description": "Top 8 get a playmat.", "venue": "Hall B", "fee": "10 EUR",
    "capacity": 24, "format": "awakening-constructed", "structure": "swiss", "round_minutes": 50, "best_of": 1,
    "top_cut": 0, "tiebreakers": "mtg", "late_entry_until_round": 0, "pod_rounds": 0,
}  # fmt: skip


# --- the form and the page -----------------------------------------------------------------


def test_the_form_takes_description_venue_fee_and_places_and_the_on_site_numbers_may_be_left_out() -> None:
    boss = client_of(OrganiserFactory.create())
    assert boss.post("/events/new/", FORM).status_code == 302  # no clock, window or extra turns sent
    made = Event.objects.get(name="Summer Open")
    assert (made.description, made.venue, made.fee, made.capacity) == ("Top 8 get a playmat.", "Hall B", "10 EUR", 24)
    assert (made.clock_minutes, made.window_seconds, made.extra_turns, made.arrival_minutes) == (25, 20, 3, 3)


def test_the_forms_on_site_settings_are_marked_for_the_script_and_all_shown_without_it() -> None:
    html = client_of(OrganiserFactory.create()).get("/events/new/").content.decode()
    for name in ("clock_minutes", "window_seconds", "arrival_minutes", "clock_loses_match", "extra_turns",
                 "matches_public"):  # fmt: skip
        field = re.search(rf'<[^>]*id="id_{name}"[^>]*>', html)
        assert field is not None and "data-on-site-only" in field.group(0), name
    assert "hidden" not in re.search(r'<div class="field[^"]*">\s*<label for="id_clock_minutes"', html).group(0)  # type: ignore[union-attr]
    assert 'id="id_played_on_site"' in html and "Played on the site" in html
    for name in ("description", "venue", "fee", "capacity"):
        assert f'id="id_{name}"' in html, name


@pytest.mark.parametrize(("capacity", "problem"), [(0, "at least 1 place"), (10_001, "at most 10000 places")])
def test_the_form_refuses_places_out_of_range_and_creates_nothing(capacity: int, problem: str) -> None:
    answer = client_of(OrganiserFactory.create()).post("/events/new/", FORM | {"capacity": capacity})
    assert answer.status_code == 400 and problem in answer.content.decode()
    assert not Event.objects.filter(name="Summer Open").exists()


def test_the_event_page_shows_the_description_venue_fee_and_places_taken() -> None:
    event, _organiser, players = full_event()
    html = client_of(players[0]).get(f"/events/{event.pk}/").content.decode()
    assert '<span data-testid="places">2 of 2 places taken</span>' in html
    assert "At The Dice Tower, 4 Mill Lane" in html and "Entry fee: £5" in html
    assert "<p>Prizes for the top four.<br>Bring sleeves.</p>" in html
    Event.objects.filter(pk=event.pk).update(capacity=1, venue="", fee="", description="")
    Registration.objects.filter(player=players[1]).update(dropped_after_round=0)
    html = client_of(players[0]).get(f"/events/{event.pk}/").content.decode()
    assert '<span data-testid="places">1 of 1 place taken</span>' in html and 'data-testid="event-facts"' not in html
    Event.objects.filter(pk=event.pk).update(capacity=None)
    html = client_of(players[0]).get(f"/events/{event.pk}/").content.decode()
    assert '<span data-testid="places">1 player</span>' in html


def test_a_full_event_page_says_so_instead_of_offering_registration() -> None:
    event, _organiser, _players = full_event()
    html = client_of(UserFactory.create()).get(f"/events/{event.pk}/").content.decode()
    assert "Spring Open is full: every place is taken." in html and 'data-testid="register"' not in html


# --- a full event refuses every way in ------------------------------------------------------


def test_registering_on_the_page_is_refused_when_full_and_allowed_once_a_place_frees() -> None:
    event, _organiser, players = full_event()
    newcomer = client_of(UserFactory.create(display_name="Cy"))
    refused = newcomer.post(f"/events/{event.pk}/register/")
    assert refused.status_code == 409 and FULL in refused.content.decode()
    assert registered(event) == 2
    registration.drop(Registration.objects.get(player=players[1]), players[1])
    assert newcomer.post(f"/events/{event.pk}/register/").status_code == 302
    assert registered(event) == 2


def test_registering_over_the_api_is_refused_when_full() -> None:
    event, _organiser, _players = full_event()
    refused = api(UserFactory.create()).post(f"/api/events/{event.pk}/register/")
    assert refused.status_code == 409 and refused.json()["detail"].startswith(FULL)
    assert registered(event) == 2


def test_a_walk_in_at_the_desk_is_refused_when_full_on_the_page_and_over_the_api() -> None:
    event, organiser, _players = full_event()
    account = UserFactory.create(display_name="Dee")
    page = client_of(organiser).post(f"/events/{event.pk}/walk-in/", {"player": account.pk})
    assert page.status_code == 409 and FULL in page.content.decode() and "raise its capacity" in page.content.decode()
    guest = client_of(organiser).post(f"/events/{event.pk}/walk-in/", {"guest_name": "Eli"})
    assert guest.status_code == 409 and not User.objects.filter(display_name="Eli").exists()
    over_api = api(organiser).post(f"/api/events/{event.pk}/walk-in/", {"player": account.pk}, format="json")
    assert over_api.status_code == 409 and over_api.json()["detail"].startswith(FULL)
    assert registered(event) == 2


def test_undoing_a_drop_and_re_adding_are_refused_when_the_place_was_taken_meanwhile() -> None:
    event, organiser, players = full_event()
    ann = Registration.objects.get(player=players[0])
    registration.drop(ann, players[0])
    registration.register(event, UserFactory.create(display_name="Cy"))  # Cy takes Ann's place
    own = client_of(players[0]).post(f"/events/{event.pk}/undo-drop/")
    assert own.status_code == 409 and FULL in own.content.decode()
    boss = client_of(organiser)
    for action in ("undo-drop", "readd"):
        refused = boss.post(f"/registrations/{ann.pk}/do/{action}/")
        assert refused.status_code == 409 and FULL in refused.content.decode(), action
    over_api = api(organiser).post(f"/api/registrations/{ann.pk}/readd/")
    assert over_api.status_code == 409 and over_api.json()["detail"].startswith(FULL)
    assert not Registration.objects.get(pk=ann.pk).active and registered(event) == 2


def test_a_full_event_offers_no_undo_drop_or_re_add_that_would_be_refused() -> None:
    event, organiser, players = full_event()
    ann = Registration.objects.get(player=players[0])
    registration.drop(ann, players[0])
    registration.register(event, UserFactory.create(display_name="Cy"))  # Cy takes Ann's place
    desk = client_of(organiser).get(f"/events/{event.pk}/manage/").content.decode()
    assert "Undo the drop of Ann" not in desk and ">Re-add<" not in desk
    assert 'data-testid="no-place-free"' in desk
    page = client_of(players[0]).get(f"/events/{event.pk}/").content.decode()
    assert 'data-testid="undo-drop"' not in page
    assert "You have dropped, and Spring Open is full" in page
    registration.drop(Registration.objects.get(player__display_name="Cy"), organiser)  # a place frees up
    desk = client_of(organiser).get(f"/events/{event.pk}/manage/").content.decode()
    assert "Undo the drop of Ann" in desk and 'data-testid="no-place-free"' not in desk
    assert 'data-testid="undo-drop"' in client_of(players[0]).get(f"/events/{event.pk}/").content.decode()


def test_the_places_cannot_go_below_the_players_registered() -> None:
    event, organiser, _players = full_event()
    answer = api(organiser).patch(f"/api/events/{event.pk}/", {"capacity": 1}, format="json")
    assert answer.status_code == 400
    assert answer.json()["detail"] == (
        "2 players are registered for Spring Open; give it at least 2 places, or leave the capacity empty."
    )
    event.refresh_from_db()
    assert event.capacity == 2


# --- the API --------------------------------------------------------------------------------


def test_the_api_reads_and_writes_the_new_fields_and_counts_the_places_taken() -> None:
    event, organiser, _players = full_event()
    body = api(organiser).get(f"/api/events/{event.pk}/").json()
    assert body["description"] == "Prizes for the top four.\nBring sleeves."
    assert (body["venue"], body["fee"], body["capacity"], body["places_taken"]) == (
        "The Dice Tower, 4 Mill Lane",
        "£5",
        2,
        2,
    )
    listed = api(organiser).get("/api/events/").json()
    rows = listed["results"] if isinstance(listed, dict) else listed
    assert next(row for row in rows if row["id"] == event.pk)["places_taken"] == 2
    made = api(organiser).post(
        "/api/events/", {"name": "Night Open", "venue": "Back room", "fee": "free", "capacity": 8}, format="json"
    )
    assert made.status_code == 201
    assert {k: made.json()[k] for k in ("venue", "fee", "capacity", "places_taken")} == {
        "venue": "Back room", "fee": "free", "capacity": 8, "places_taken": 0
    }  # fmt: skip
    unlimited = api(organiser).patch(f"/api/events/{made.json()['id']}/", {"capacity": None}, format="json")
    assert unlimited.status_code == 200 and unlimited.json()["capacity"] is None
    assert api(organiser).patch(f"/api/events/{event.pk}/", {"capacity": 0}, format="json").status_code == 400


def test_the_schema_names_the_new_fields() -> None:
    spec = Client().get("/api/schema/", HTTP_ACCEPT="application/vnd.oai.openapi+json").json()
    event = spec["components"]["schemas"]["Event"]["properties"]
    assert {"description", "venue", "fee", "capacity", "places_taken"} <= set(event)
    assert event["places_taken"]["readOnly"] is True
