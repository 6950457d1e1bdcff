"""The registration desk's deck statuses and the warning before the start."""

from __future__ import annotations

import pytest

from gameplay.runeslingers.formats import Deck
from gameplay.runeslingers.site_catalog import current_catalog
from tests.factories import EventFactory, RegistrationFactory, UserFactory
from tournaments.models import DeckCheck, Event
from tournaments.services import decks, desk

pytestmark = pytest.mark.django_db


def eva() -> Deck:
    catalog = current_catalog()
    return Deck.from_starter(catalog.starter_decks["eva-starter"])


def test_each_status_and_the_start_warning_names_who_has_no_legal_deck() -> None:
    event = EventFactory.create(format="awakening-starter")
    # Names of their own: the factory's random first names can repeat (two "Leonard"s failed this once).
    with_deck, without, failed = (
        RegistrationFactory.create(event=event, player=UserFactory.create(display_name=name))
        for name in ("Ada", "Bryn", "Cy")
    )
    decks.register_deck(event, with_deck.player, eva(), with_deck.player)
    bad = decks.register_deck(event, failed.player, eva(), failed.player)
    DeckCheck.objects.create(version=bad, by=event.organiser, passed=False, note="Marked sleeves")

    rows = {r.registration.pk: r for r in desk.desk_rows(event)}
    assert rows[with_deck.pk].status == desk.DeckStatus.LEGAL
    assert rows[without.pk].status == desk.DeckStatus.NONE
    assert rows[failed.pk].status == desk.DeckStatus.ILLEGAL
    assert rows[failed.pk].problem == "Failed a deck check: Marked sleeves"

    [warning] = desk.start_warnings(event)
    assert warning.startswith("2 players without a legal deck: ")
    assert without.player.public_name in warning and failed.player.public_name in warning
    assert with_deck.player.public_name not in warning


def test_a_legal_list_is_locked_once_the_event_runs() -> None:
    event = EventFactory.create(format="awakening-starter")
    registration = RegistrationFactory.create(event=event)
    decks.register_deck(event, registration.player, eva(), registration.player)
    event.status = Event.Status.RUNNING
    event.save()
    [row] = desk.desk_rows(event)
    assert row.status == desk.DeckStatus.LOCKED and row.status.label == "Locked"
    assert desk.start_warnings(event) == []
