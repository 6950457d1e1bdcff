"""Saved decks where they are used: an event's deck registration, practice and challenges."""

from __future__ import annotations

import pytest
from django.test import Client

from accounts.models import User
from gameplay.decks import services as decks
from gameplay.decks.models import SavedDeck
from gameplay.matches.models import MatchChallenge, PlayMatch
from gameplay.runeslingers.cards.catalog import Catalog
from gameplay.runeslingers.formats import Deck
from tests.clients import api_client as api
from tests.conftest import Personas
from tournaments.models import DeckVersion

pytestmark = pytest.mark.django_db


def signed_in(user: User) -> Client:
    client = Client()
    client.force_login(user)
    return client


def save_eva(catalog: Catalog, owner: User, name: str = "Eva burn") -> SavedDeck:
    return decks.save(owner, name, "awakening-starter", Deck.from_starter(catalog.starter_decks["eva-starter"])).deck


def save_short(owner: User) -> SavedDeck:
    return decks.save(owner, "Half a deck", "awakening-starter", Deck.of("eva", [], {"fireball": 2})).deck


@pytest.fixture
def starter_event(personas: Personas) -> Personas:
    personas.event.format = "awakening-starter"
    personas.event.save()
    return personas


def test_a_legal_saved_deck_is_registered_for_an_event_in_one_step(catalog: Catalog, starter_event: Personas) -> None:
    p = starter_event
    legal, short = save_eva(catalog, p.player), save_short(p.player)
    client = signed_in(p.player)
    page = client.get(f"/events/{p.event.pk}/deck/").content.decode()
    assert f'<option value="{legal.pk}">Eva burn</option>' in page
    assert "Half a deck" not in page  # not legal in the event's format: not offered
    response = client.post(f"/events/{p.event.pk}/deck/", {"saved_deck": str(legal.pk)}, follow=True)
    assert "Eva burn registered (version 1)." in response.content.decode()
    registered = DeckVersion.objects.get(deck__player=p.player, deck__event=p.event)
    assert registered.runeslinger == "eva" and registered.size == 30

    refused = client.post(f"/events/{p.event.pk}/deck/", {"saved_deck": str(short.pk)})
    assert refused.status_code == 409
    assert "Half a deck is not legal in Awakening Starter" in refused.content.decode()
    assert DeckVersion.objects.filter(deck__player=p.player).count() == 1


def test_someone_elses_saved_deck_cannot_be_registered(catalog: Catalog, starter_event: Personas) -> None:
    p = starter_event
    theirs = save_eva(catalog, p.outsider)
    response = signed_in(p.player).post(f"/events/{p.event.pk}/deck/", {"saved_deck": str(theirs.pk)})
    assert response.status_code == 404
    assert not DeckVersion.objects.exists()


def test_a_constructed_event_offers_nothing_when_no_saved_deck_is_legal(catalog: Catalog, personas: Personas) -> None:
    personas.event.format = "awakening-constructed"
    personas.event.save()
    save_eva(catalog, personas.player)  # 30 cards: not legal in a 40-card format
    page = signed_in(personas.player).get(f"/events/{personas.event.pk}/deck/").content.decode()
    assert "None of your saved decks is legal in Awakening Constructed." in page


def test_practice_with_a_saved_deck(catalog: Catalog, ann: User) -> None:
    legal, short = save_eva(catalog, ann), save_short(ann)
    client = signed_in(ann)
    home = client.get("/play/").content.decode()
    assert f'value="saved-{legal.pk}">Eva burn (Awakening Starter)</option>' in home
    assert "Half a deck" not in home
    started = client.post("/play/", {"starter": f"saved-{legal.pk}", "bot_starter": "romin-starter", "bot": "greedy"})
    assert started.status_code == 302, started.content
    match = PlayMatch.objects.get()
    assert match.decks[0]["runeslinger"] == "eva" and len(match.decks[0]["deck"]) == 30

    refused = client.post(
        "/play/", {"starter": f"saved-{short.pk}", "bot_starter": "romin-starter", "bot": "greedy"}, follow=True
    )
    assert "Half a deck is not legal in Awakening Starter" in refused.content.decode()
    assert PlayMatch.objects.count() == 1


def test_challenge_and_accept_with_saved_decks(catalog: Catalog, ann: User, bob: User) -> None:
    mine, theirs = save_eva(catalog, ann), save_eva(catalog, bob, "Bob's Eva")
    sent = signed_in(ann).post(
        "/play/", {"action": "challenge", "opponent": "bob", "starter": f"saved-{mine.pk}"}, follow=True
    )
    assert "Challenge sent to" in sent.content.decode()
    challenge = MatchChallenge.objects.get()
    assert challenge.challenger_deck["runeslinger"] == "eva"
    wrong = signed_in(bob).post(
        "/play/", {"action": "accept", "challenge": challenge.pk, "starter": f"saved-{mine.pk}"}, follow=True
    )
    assert "You have no such deck." in wrong.content.decode()  # Ann's deck is not Bob's to bring
    started = signed_in(bob).post(
        "/play/", {"action": "accept", "challenge": challenge.pk, "starter": f"saved-{theirs.pk}"}
    )
    assert started.status_code == 302 and PlayMatch.objects.get().decks[1]["runeslinger"] == "eva"


def test_the_play_api_takes_a_saved_deck_too(catalog: Catalog, ann: User, bob: User) -> None:
    legal, short = save_eva(catalog, ann), save_short(ann)
    body = {"bot": "greedy", "starter": f"saved-{legal.pk}", "bot_starter": "romin-starter"}
    made = api(ann).post("/api/play/practice/", body, format="json")
    assert made.status_code == 201, made.content
    assert PlayMatch.objects.get().decks[0]["runeslinger"] == "eva"
    refused = api(ann).post("/api/play/practice/", {**body, "starter": f"saved-{short.pk}"}, format="json")
    assert refused.status_code == 409 and "not legal in Awakening Starter" in refused.json()["detail"]
    theirs = api(bob).post("/api/play/practice/", body, format="json")
    assert theirs.status_code == 404 and PlayMatch.objects.count() == 1
    sent = api(ann).post("/api/play/challenges/", {"opponent": "bob", "starter": f"saved-{legal.pk}"}, format="json")
    assert sent.status_code == 201, sent.content
    bobs = save_eva(catalog, bob, "Bob's Eva")
    accepted = api(bob).post(
        f"/api/play/challenges/{sent.json()['id']}/accept/", {"starter": f"saved-{bobs.pk}"}, format="json"
    )
    assert accepted.status_code == 200 and accepted.json()["match"]


def test_the_event_api_registers_a_saved_deck(catalog: Catalog, starter_event: Personas) -> None:
    p = starter_event
    legal, short = save_eva(catalog, p.player), save_short(p.player)
    made = api(p.player).post(f"/api/events/{p.event.pk}/deck/", {"saved_deck": legal.pk}, format="json")
    assert made.status_code == 201, made.content
    assert made.json()["number"] == 1 and made.json()["size"] == 30
    refused = api(p.player).post(f"/api/events/{p.event.pk}/deck/", {"saved_deck": short.pk}, format="json")
    assert refused.status_code == 409 and "not legal in Awakening Starter" in refused.json()["detail"]
    theirs = save_eva(catalog, p.outsider)
    assert (
        api(p.player).post(f"/api/events/{p.event.pk}/deck/", {"saved_deck": theirs.pk}, format="json").status_code
        == 404
    )
    both = api(p.player).post(f"/api/events/{p.event.pk}/deck/", {"saved_deck": legal.pk, "text": "x"}, format="json")
    assert both.status_code == 400
    assert DeckVersion.objects.filter(deck__player=p.player).count() == 1
