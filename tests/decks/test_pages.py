from __future__ import annotations

import re

import pytest
from django.test import Client

from accounts.models import User
from gameplay.decks import services as decks
from gameplay.decks.models import SavedDeck
from gameplay.runeslingers.cards.catalog import Catalog
from gameplay.runeslingers.formats import Deck
from tests.catalog_web.helpers import starter_text

pytestmark = pytest.mark.django_db

INTERNAL = re.compile(r"\b(eva-starter|awakening-starter|talakas-heart|c\d{2,}|p[12])\b")


def signed_in(user: User) -> Client:
    client = Client()
    client.force_login(user)
    return client


def visible_text(html: str) -> str:
    body = re.sub(r"<(script|style)\b.*?</\1>", " ", html, flags=re.S)
    return re.sub(r"<[^>]+>", " ", body)


def test_save_a_new_deck_from_the_builder_then_edit_it_as_a_second_version(catalog: Catalog, ann: User) -> None:
    client = signed_in(ann)
    form = {"format": "awakening-starter", "decklist": starter_text(catalog), "name": "Eva burn", "action": "save"}
    response = client.post("/decks/mine/new/", form)
    saved = SavedDeck.objects.get(owner=ann)
    assert response.status_code == 302 and response["Location"] == f"/decks/mine/{saved.pk}/"
    page = client.get(f"/decks/mine/{saved.pk}/").content.decode()
    assert "Eva burn" in page and "Legal in Awakening Starter." in page and "version 1" in page
    assert "Runeslinger: Eva" in page
    response = client.post(f"/decks/mine/{saved.pk}/", {**form, "decklist": form["decklist"] + "1 Fireball\n"},
                           follow=True)  # fmt: skip
    assert "Eva burn saved as version 2." in response.content.decode()
    assert saved.versions.count() == 2
    listing = client.get("/decks/mine/").content.decode()
    assert "Eva burn" in listing and "Not legal in Awakening Starter: 2 problems." in listing
    assert not INTERNAL.search(visible_text(listing))


def test_an_unreadable_list_is_not_saved_and_the_page_says_why(catalog: Catalog, ann: User) -> None:
    response = signed_in(ann).post(
        "/decks/mine/new/", {"format": "awakening-starter", "decklist": "2 Firebal", "name": "X", "action": "save"}
    )
    assert response.status_code == 400
    assert "did you mean &#x27;Fireball&#x27;?" in response.content.decode()
    response = signed_in(ann).post(
        "/decks/mine/new/", {"format": "awakening-starter", "decklist": starter_text(catalog), "action": "save"}
    )
    assert response.status_code == 400 and "Give the deck a name." in response.content.decode()
    assert not SavedDeck.objects.exists()


def test_the_builder_actions_keep_working_on_a_saved_deck(catalog: Catalog, ann: User) -> None:
    saved = decks.from_starter(ann, "eva-starter")
    response = signed_in(ann).post(
        f"/decks/mine/{saved.pk}/",
        {"format": "awakening-starter", "decklist": starter_text(catalog), "name": saved.name, "action": "add",
         "add_card": "Fireball", "add_count": "1"},
    )  # fmt: skip
    assert response.status_code == 200 and "1 Fireball" in response.content.decode()
    assert saved.versions.count() == 1  # adding a card is not saving


def test_duplicate_delete_history_and_export(catalog: Catalog, ann: User) -> None:
    client = signed_in(ann)
    saved = decks.save(ann, "Eva burn", "awakening-starter", Deck.from_starter(catalog.starter_decks["eva-starter"]))
    client.post(f"/decks/mine/{saved.deck_id}/duplicate/")
    assert set(SavedDeck.objects.values_list("name", flat=True)) == {"Eva burn", "Eva burn (copy)"}
    history = client.get(f"/decks/mine/{saved.deck_id}/history/").content.decode()
    assert "Version 1 (current)" in history
    export = client.get(f"/decks/mine/{saved.deck_id}/export/")
    assert export["Content-Disposition"] == 'attachment; filename="eva-burn-v1.txt"'
    assert export.content.decode() == starter_text(catalog)
    confirm = client.get(f"/decks/mine/{saved.deck_id}/delete/").content.decode()
    assert "Delete Eva burn?" in confirm
    assert SavedDeck.objects.filter(pk=saved.deck_id).exists()  # asking is not deleting
    response = client.post(f"/decks/mine/{saved.deck_id}/delete/", follow=True)
    assert "Deleted Eva burn." in response.content.decode()
    assert not SavedDeck.objects.filter(pk=saved.deck_id).exists()


def test_an_old_version_opens_in_the_builder(catalog: Catalog, ann: User) -> None:
    first = decks.save(ann, "Eva", "awakening-starter", Deck.from_starter(catalog.starter_decks["eva-starter"]))
    decks.save(ann, "Eva", "awakening-starter", Deck.of("eva", [], {"fireball": 2}), first.deck)
    page = signed_in(ann).get(f"/decks/mine/{first.deck_id}/?version=1").content.decode()
    assert "You are looking at version 1." in page and "Legal in Awakening Starter." in page
    assert signed_in(ann).get(f"/decks/mine/{first.deck_id}/?version=9").status_code == 404


def test_copy_a_starter_from_my_decks(catalog: Catalog, ann: User) -> None:
    response = signed_in(ann).post("/decks/mine/from-starter/", {"starter": "eva-starter"})
    saved = SavedDeck.objects.get(owner=ann)
    assert response["Location"] == f"/decks/mine/{saved.pk}/"
    assert signed_in(ann).post("/decks/mine/from-starter/", {"starter": "nope"}).status_code == 404


def test_only_the_owner_sees_a_deck(catalog: Catalog, ann: User, bob: User) -> None:
    saved = decks.from_starter(ann, "eva-starter")
    for method, url in [("get", ""), ("post", ""), ("post", "duplicate/"), ("get", "delete/"), ("post", "delete/"),
                        ("get", "history/"), ("get", "export/")]:  # fmt: skip
        response = getattr(signed_in(bob), method)(f"/decks/mine/{saved.pk}/{url}", {"action": "save"})
        assert response.status_code == 404, (method, url)
    assert SavedDeck.objects.filter(pk=saved.pk).exists()
    assert Client().get("/decks/mine/")["Location"].startswith("/accounts/login/")


def test_a_body_over_the_limit_is_refused_before_it_is_read(catalog: Catalog, ann: User) -> None:
    huge = "1 Fireball\n" * 7000  # over 64 KB
    response = signed_in(ann).post(
        "/decks/mine/new/", {"format": "awakening-starter", "decklist": huge, "name": "Big", "action": "save"}
    )
    assert response.status_code == 413 and "too large" in response.content.decode()
    assert not SavedDeck.objects.exists()
