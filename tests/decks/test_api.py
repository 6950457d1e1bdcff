from __future__ import annotations

import pytest
from django.test import Client

from accounts.models import User
from gameplay.decks.models import SavedDeck
from gameplay.runeslingers.cards.catalog import Catalog
from tests.catalog_web.helpers import starter_text

pytestmark = pytest.mark.django_db


def signed_in(user: User) -> Client:
    client = Client()
    client.force_login(user)
    return client


def test_save_list_update_duplicate_versions_and_delete(catalog: Catalog, ann: User) -> None:
    client = signed_in(ann)
    body = {"name": "Eva burn", "format": "awakening-starter", "text": starter_text(catalog)}
    made = client.post("/api/decks/mine/", body, content_type="application/json")
    assert made.status_code == 201
    deck = made.json()
    assert deck["legal"] is True and deck["current"]["number"] == 1 and deck["format_name"] == "Awakening Starter"
    updated = client.put(f"/api/decks/mine/{deck['id']}/", {**body, "text": "Runeslinger: Eva\n2 Fireball"},
                         content_type="application/json")  # fmt: skip
    assert updated.status_code == 200
    assert updated.json()["current"]["number"] == 2 and updated.json()["legal"] is False
    assert any("exactly 30" in v for v in updated.json()["violations"])
    assert [d["name"] for d in client.get("/api/decks/mine/").json()] == ["Eva burn"]
    assert [v["number"] for v in client.get(f"/api/decks/mine/{deck['id']}/versions/").json()] == [2, 1]
    copy = client.post(f"/api/decks/mine/{deck['id']}/duplicate/")
    assert copy.status_code == 201 and copy.json()["name"] == "Eva burn (copy)"
    assert client.delete(f"/api/decks/mine/{deck['id']}/").status_code == 204
    assert list(SavedDeck.objects.values_list("name", flat=True)) == ["Eva burn (copy)"]


def test_refusals_name_the_problem_and_change_nothing(catalog: Catalog, ann: User, bob: User) -> None:
    client = signed_in(ann)
    bad = client.post("/api/decks/mine/", {"name": "X", "format": "awakening-starter", "text": "2 Firebal"},
                      content_type="application/json")  # fmt: skip
    assert bad.status_code == 400 and "did you mean 'Fireball'" in bad.json()["detail"]
    draft = client.post("/api/decks/mine/", {"name": "X", "format": "draft", "text": ""},
                        content_type="application/json")  # fmt: skip
    assert draft.status_code == 400 and "constructed formats" in draft.json()["detail"]
    assert client.post("/api/decks/mine/from-starter/", {"starter": "nope"}).status_code == 404
    mine = client.post("/api/decks/mine/from-starter/", {"starter": "eva-starter"}).json()
    assert signed_in(bob).get(f"/api/decks/mine/{mine['id']}/").status_code == 404
    assert signed_in(bob).delete(f"/api/decks/mine/{mine['id']}/").status_code == 404
    assert Client().get("/api/decks/mine/").status_code in (401, 403)
    assert SavedDeck.objects.count() == 1
