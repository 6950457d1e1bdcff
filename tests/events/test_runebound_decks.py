"""Runebound events: deck registration checked by the event's Runebound format, versions, the lock,
the pure value the swap draft reads, and the event settings a Runebound event refuses."""

from __future__ import annotations

import html
import re
from typing import Any

import pytest

from accounts.models import User
from gameplay.decks import services as saved_decks
from gameplay.runebound.catalog import shipped_runebound
from gameplay.runebound.decklists import format_runebound_list
from gameplay.runebound.decks import RuneboundDeck
from tests.clients import api_client as api
from tests.conftest import Personas
from tests.factories import RegistrationFactory, UserFactory
from tests.runebound.test_pages import assert_no_ids_shown, visible_text
from tournaments.errors import Invalid
from tournaments.models import DeckVersion, Event
from tournaments.services import desk, registration
from tournaments.services.decks import registered_runebound_deck

pytestmark = pytest.mark.django_db


def published(deck_id: str = "battlemage") -> RuneboundDeck:
    return RuneboundDeck.from_published(shipped_runebound().decks[deck_id])


def list_text(deck: RuneboundDeck) -> str:
    return format_runebound_list(deck, shipped_runebound())


@pytest.fixture
def runebound_event(personas: Personas) -> Personas:
    personas.event.format = "runebound-custom"
    personas.event.save()
    return personas


def submit(user: User | None, event_id: int, **body: Any) -> Any:
    return api(user).post(f"/api/events/{event_id}/deck/", body, format="json")


def test_a_legal_runebound_list_is_registered_in_list_order_and_every_version_kept(runebound_event: Personas) -> None:
    p = runebound_event
    deck = published()
    reordered = RuneboundDeck.of(tuple(reversed(deck.class_cards)), deck.talents)
    first = submit(p.player, p.event.pk, text=list_text(reordered))
    assert first.status_code == 201, first.content
    assert first.json()["number"] == 1 and first.json()["sections"]["class_cards"] == list(reordered.class_cards)
    assert registered_runebound_deck(p.event, p.player) == reordered
    second = submit(p.player, p.event.pk, text=list_text(published("blade-dancer")))
    assert second.status_code == 201 and second.json()["number"] == 2
    assert registered_runebound_deck(p.event, p.player) == published("blade-dancer")
    assert DeckVersion.objects.filter(deck__player=p.player).count() == 2
    assert registered_runebound_deck(p.event, p.outsider) is None


def test_an_illegal_runebound_list_is_refused_with_every_violation_and_nothing_stored(
    runebound_event: Personas,
) -> None:
    p = runebound_event
    catalog = shipped_runebound()
    friendly = [i for i, c in catalog.class_cards.items() if not c.is_enemy]
    enemy = [i for i, c in catalog.class_cards.items() if c.is_enemy]
    too_many = RuneboundDeck.of([*friendly[:25], enemy[0], enemy[0], *enemy[1:6]], list(catalog.talents)[:6])
    refused = submit(p.player, p.event.pk, text=list_text(too_many))
    assert refused.status_code == 400, refused.content
    rules = {v["rule"] for v in refused.json()["violations"]}
    assert rules == {"class-deck-size", "all-different", "enemy-cards", "talent-count"}
    unreadable = submit(p.player, p.event.pk, text="Class deck:\nArcane Bolte\n")
    assert unreadable.status_code == 400 and "did you mean" in str(unreadable.json()["errors"])
    structured = submit(p.player, p.event.pk, runeslinger="Eva", equips=[], cards={"dispel": 1})
    assert structured.status_code == 400 and "as `text`" in str(structured.json())
    assert DeckVersion.objects.count() == 0
    assert registered_runebound_deck(p.event, p.player) is None


def test_a_runeslingers_list_is_not_read_as_a_runebound_one(runebound_event: Personas) -> None:
    p = runebound_event
    refused = submit(p.player, p.event.pk, text="Runeslinger: Eva\n2 Fireball\n")
    assert refused.status_code == 400 and refused.json()["errors"]
    assert DeckVersion.objects.count() == 0


def test_runebound_lists_lock_when_the_event_starts(runebound_event: Personas) -> None:
    p = runebound_event
    assert submit(p.player, p.event.pk, text=list_text(published())).status_code == 201
    RegistrationFactory.create(event=p.event, player=UserFactory.create())
    registration.start_event(p.event, p.organiser)
    late = submit(p.player, p.event.pk, text=list_text(published("pathwarden")))
    assert late.status_code == 409 and "locked when the event started" in late.json()["detail"]
    assert registered_runebound_deck(p.event, p.player) == published()


def test_registered_runebound_deck_is_none_for_a_runeslingers_event(personas: Personas) -> None:
    assert registered_runebound_deck(personas.event, personas.player) is None


def test_a_runebound_event_is_never_played_on_site(personas: Personas) -> None:
    with pytest.raises(Invalid, match="played at the table"):
        registration.create_event(personas.organiser, name="Runebound Night", format="runebound-custom",
                                  played_on_site=True)  # fmt: skip
    event = registration.create_event(personas.organiser, name="Runebound Night", format="runebound-published")
    assert event.format_name == "Runebound Published Deck" and event.game == "runebound"
    with pytest.raises(Invalid, match="played at the table"):
        registration.update_event(event, personas.organiser, played_on_site=True)
    event.refresh_from_db()
    assert not event.played_on_site


def test_the_event_form_offers_runebound_formats_grouped_by_game_and_refuses_on_site(personas: Personas) -> None:
    client = personas.client("organiser")
    page = client.get("/events/new/").content.decode()
    assert '<optgroup label="Runeslingers">' in page and '<optgroup label="Runebound">' in page
    assert page.index('<optgroup label="Runebound">') < page.index('value="runebound-custom"')
    assert 'data-table-only="runebound-custom runebound-published"' in page
    base = {"name": "Runebound Night", "structure": "swiss", "round_minutes": 50, "best_of": 1, "top_cut": 0,
            "tiebreakers": "mtg", "late_entry_until_round": 0, "pod_rounds": 0, "clock_minutes": 25,
            "window_seconds": 20, "extra_turns": 3}  # fmt: skip
    refused = client.post("/events/new/", {**base, "format": "runebound-custom", "played_on_site": "on"})
    assert refused.status_code == 400 and "played at the table" in refused.content.decode()
    assert not Event.objects.filter(name="Runebound Night").exists()
    made = client.post("/events/new/", {**base, "format": "runebound-custom"})
    assert made.status_code == 302, made.content.decode()[-3000:]
    assert Event.objects.get(name="Runebound Night").format == "runebound-custom"


def test_the_deck_page_registers_a_runebound_list_and_the_list_pages_show_names(runebound_event: Personas) -> None:
    p = runebound_event
    client = p.client("player")
    page = client.get(f"/events/{p.event.pk}/deck/")
    assert page.status_code == 200 and 'data-testid="rb-register-form"' in page.content.decode()
    catalog = shipped_runebound()
    friendly = [i for i, c in catalog.class_cards.items() if not c.is_enemy]
    bad = RuneboundDeck.of([*friendly[:31], friendly[0]], list(catalog.talents)[:6])
    refused = client.post(f"/events/{p.event.pk}/deck/", {"text": list_text(bad)})
    shown = visible_text(refused.content)
    assert refused.status_code == 400 and "4 problems" in shown and "nothing was registered" in shown
    unreadable = client.post(f"/events/{p.event.pk}/deck/", {"text": "Class deck:\nArcane Bolte\n"})
    assert unreadable.status_code == 400 and "did you mean" in unreadable.content.decode()
    assert DeckVersion.objects.count() == 0
    deck = published("lightbringer")
    assert client.post(f"/events/{p.event.pk}/deck/", {"text": list_text(deck)}).status_code == 302
    assert registered_runebound_deck(p.event, p.player) == deck
    mine = visible_text(client.get(f"/events/{p.event.pk}/deck/").content)
    assert "Registered list (version 1)" in mine and "Level 1" in mine
    for address in (f"/events/{p.event.pk}/decks/", f"/events/{p.event.pk}/decks/print/"):
        page = p.client("organiser").get(address).content.decode().split("<body", 1)[1]
        text = html.unescape(re.sub(r"<[^>]+>", " ", page))
        assert all(catalog.class_cards[i].name in text for i in deck.class_cards), address
        assert all(catalog.talents[i].name in text for i in deck.talents), address
        assert "Enemy class cards (13)" in text, address
        assert_no_ids_shown(text, catalog)


def test_a_saved_runebound_deck_registers_and_the_desk_reads_its_status(runebound_event: Personas) -> None:
    p = runebound_event
    saved = saved_decks.from_published(p.player, "stormcaller")
    page = p.client("player").get(f"/events/{p.event.pk}/deck/").content.decode()
    assert "Stormcaller (copy)" in page
    registered = submit(p.player, p.event.pk, saved_deck=saved.pk)
    assert registered.status_code == 201, registered.content
    assert registered_runebound_deck(p.event, p.player) == published("stormcaller")
    [row] = desk.desk_rows(p.event)
    assert row.status is desk.DeckStatus.LEGAL and row.problem == ""
    other = UserFactory.create()
    RegistrationFactory.create(event=p.event, player=other)
    assert desk.players_without_legal_deck(p.event) == [other.public_name]
    published_event = p.event
    published_event.format = "runebound-published"
    published_event.save()
    changed = saved_decks.from_published(other, "pathwarden")
    shorter = RuneboundDeck.of(published("pathwarden").class_cards[:-1], published("pathwarden").talents)
    saved_decks.save(other, changed.name, "runebound-custom", shorter, changed)
    assert submit(other, p.event.pk, saved_deck=changed.pk).status_code == 409  # not legal in the event's format
    assert DeckVersion.objects.filter(deck__player=other).count() == 0
