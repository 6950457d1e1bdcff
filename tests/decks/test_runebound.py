"""Saved Runebound decks: the same saved-deck machinery as Runeslingers decks, through the one
format lookup (gameplay.deckformats): save and versions, export and import, the API, the pages."""

from __future__ import annotations

import pytest
from django.test import Client

from accounts.models import User
from gameplay.decks import services as decks
from gameplay.decks.errors import Conflict, Invalid
from gameplay.decks.models import SavedDeck, SavedDeckVersion
from gameplay.runebound.catalog import shipped_runebound
from gameplay.runebound.decklists import format_runebound_list, parse_runebound_list
from gameplay.runebound.decks import RuneboundDeck
from gameplay.runeslingers.cards.catalog import Catalog
from tests.catalog_web.helpers import starter_text
from tests.runebound.test_pages import assert_no_ids_shown, visible_text

pytestmark = pytest.mark.django_db


def signed_in(user: User) -> Client:
    client = Client()
    client.force_login(user)
    return client


def published(deck_id: str = "battlemage") -> RuneboundDeck:
    return RuneboundDeck.from_published(shipped_runebound().decks[deck_id])


def text_of(deck: RuneboundDeck) -> str:
    return format_runebound_list(deck, shipped_runebound())


def test_save_keeps_list_order_and_versions_and_export_reads_back(ann: User) -> None:
    deck = published()
    reordered = RuneboundDeck.of(tuple(reversed(deck.class_cards)), tuple(reversed(deck.talents)))
    first = decks.save(ann, "Battlemage", "runebound-custom", decks.read_list("runebound-custom", text_of(reordered)))
    assert first.number == 1 and first.deck.game == "runebound"
    assert first.runeslinger == "" and first.equips == [] and set(first.cards.values()) == {1}
    assert decks.deck_of(first) == reordered  # list order from `sections`, not from the JSON object's keys
    assert first.summary == "25 class cards · 5 Talents"
    again = decks.save(ann, "Battlemage", "runebound-custom", reordered, first.deck)
    assert again.pk == first.pk  # an unchanged list adds no version
    shorter = RuneboundDeck.of(reordered.class_cards[:-1], reordered.talents)
    second = decks.save(ann, "Battlemage", "runebound-custom", shorter, first.deck)
    assert second.number == 2 and decks.deck_of(second) == shorter
    assert parse_runebound_list(second.text, shipped_runebound()) == shorter  # export text imports back
    copy = decks.duplicate(ann, first.deck.pk)
    assert decks.deck_of(decks.current_version(copy)) == shorter and copy.format == "runebound-custom"


def test_saving_refuses_the_other_games_format_and_unreadable_lists(catalog: Catalog, ann: User) -> None:
    with pytest.raises(Invalid, match="Runeslingers"):
        decks.save(ann, "Mixed", "awakening-starter", published())
    with pytest.raises(Invalid, match="did you mean"):
        decks.read_list("runebound-custom", "Class deck:\nArcane Bolte\n")
    saved = decks.from_published(ann, "pathwarden")
    runeslingers = decks.read_deck(starter_text(catalog), catalog)
    with pytest.raises(Invalid, match="save a Runeslingers list as a new deck"):
        decks.save(ann, "Switch", "awakening-starter", runeslingers, saved)
    assert SavedDeckVersion.objects.count() == 1


def test_where_a_saved_runebound_deck_may_be_used(catalog: Catalog, ann: User) -> None:
    saved = decks.from_published(ann, "shadowcloak")
    assert saved.name == "Shadowcloak (copy)" and saved.format == "runebound-custom"
    assert decks.legal_decks(ann, "runebound-custom") == [saved]
    assert decks.legal_decks(ann, "runebound-published") == [saved]
    assert decks.legal_decks(ann, "awakening-starter") == []
    version = decks.current_version(saved)
    assert decks.violations(version, "awakening-constructed")[0].rule == "game"
    assert saved not in decks.playable_decks(ann)  # played at the table, not in practice
    with pytest.raises(Conflict, match="played at the table"):
        decks.play_setup(ann, saved.pk)


def test_the_api_saves_runebound_decks_with_every_violation_named(ann: User, bob: User) -> None:
    client = signed_in(ann)
    body = {"name": "Storm", "format": "runebound-published", "text": text_of(published("stormcaller"))}
    made = client.post("/api/decks/mine/", body, content_type="application/json")
    assert made.status_code == 201, made.content
    deck = made.json()
    assert deck["game"] == "runebound" and deck["legal"] is True and deck["format_name"] == "Runebound Published Deck"
    assert deck["current"]["sections"]["talents"] == list(published("stormcaller").talents)
    catalog = shipped_runebound()
    friendly = [i for i, c in catalog.class_cards.items() if not c.is_enemy]
    bad = RuneboundDeck.of([*friendly[:31], friendly[0]], list(catalog.talents)[:6])
    updated = client.put(f"/api/decks/mine/{deck['id']}/", {**body, "format": "runebound-custom",
                         "text": text_of(bad)}, content_type="application/json")  # fmt: skip
    assert updated.status_code == 200 and updated.json()["legal"] is False
    assert len(updated.json()["violations"]) == 4  # size, all different, enemy cards, talents: all at once
    unreadable = client.put(f"/api/decks/mine/{deck['id']}/", {**body, "text": "Class deck:\nNo Such Card\n"},
                            content_type="application/json")  # fmt: skip
    assert unreadable.status_code == 400 and unreadable.json()["errors"]
    assert [v["number"] for v in client.get(f"/api/decks/mine/{deck['id']}/versions/").json()] == [2, 1]
    copied = client.post("/api/decks/mine/from-published/", {"published": "lightbringer"},
                         content_type="application/json")  # fmt: skip
    assert copied.status_code == 201 and copied.json()["name"] == "Lightbringer (copy)"
    missing = client.post("/api/decks/mine/from-published/", {"published": "nobody"}, content_type="application/json")
    assert missing.status_code == 404
    assert signed_in(bob).get(f"/api/decks/mine/{deck['id']}/").status_code == 404
    assert SavedDeck.objects.count() == 2


def test_my_decks_groups_by_game_and_a_runebound_deck_page_shows_faces_and_every_violation(
    catalog: Catalog, ann: User
) -> None:
    client = signed_in(ann)
    tapped = client.post("/decks/mine/from-published/", {"published": "blade-dancer"})
    assert tapped.status_code == 302
    saved = SavedDeck.objects.get(owner=ann)
    decks.from_starter(ann, next(iter(catalog.starter_decks)))
    page = client.get("/decks/mine/").content.decode()
    assert 'data-testid="saved-game-runeslingers"' in page and 'data-testid="saved-game-runebound"' in page
    runeslingers_part, runebound_part = page.split('data-testid="saved-game-runeslingers"')[1].split(
        'data-testid="saved-game-runebound"'
    )
    assert "Runeslingers decks (1)" in runeslingers_part and "Blade Dancer (copy)" not in runeslingers_part
    assert "Runebound decks (1)" in runebound_part and "Blade Dancer (copy)" in runebound_part
    runebound = shipped_runebound()
    text = visible_text(client.get(tapped["Location"]).content)
    assert "Legal in Runebound Customised Deck" in text and "Feats" in text and "Level 1" in text
    assert all(runebound.class_cards[i].name in text for i in runebound.decks["blade-dancer"].class_cards)
    assert_no_ids_shown(text, runebound)
    friendly = [i for i, c in runebound.class_cards.items() if not c.is_enemy]
    bad = RuneboundDeck.of([*friendly[:31], friendly[0]], list(runebound.talents)[:6])
    saved_again = client.post(f"/decks/mine/{saved.pk}/", {"name": saved.name, "format": "runebound-custom",
                              "text": text_of(bad)})  # fmt: skip
    assert saved_again.status_code == 302
    shown = visible_text(client.get(f"/decks/mine/{saved.pk}/").content)
    assert "4 problems" in shown and "must be different" in shown and "enemy class cards" in shown
    refused = client.post(f"/decks/mine/{saved.pk}/", {"name": saved.name, "format": "runebound-custom",
                          "text": "Class deck:\nNo Such Card\n"})  # fmt: skip
    assert refused.status_code == 400 and "nothing was saved" in refused.content.decode()
    assert saved.versions.count() == 2
    new = client.post("/decks/mine/new/runebound/", {"name": "Fresh", "format": "runebound-custom",
                      "text": text_of(published("stormcaller"))})  # fmt: skip
    assert new.status_code == 302 and SavedDeck.objects.filter(name="Fresh", format="runebound-custom").exists()
    history = visible_text(client.get(f"/decks/mine/{saved.pk}/history/").content)
    assert "26 class cards" not in history and "32 class cards · 6 Talents" in history
    export = client.get(f"/decks/mine/{saved.pk}/export/?version=1")
    assert parse_runebound_list(export.content.decode(), runebound) == published("blade-dancer")
