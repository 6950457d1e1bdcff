from __future__ import annotations

import json
from typing import Any

import pytest
from django.test import Client

from gameplay.runeslingers.cards.catalog import Catalog
from gameplay.runeslingers.formats import FORMATS
from tests.catalog_web.helpers import illegal_eva_text, starter_text
from tests.conftest import Personas

pytestmark = pytest.mark.django_db


def post_check(client: Client, body: Any) -> Any:
    raw = body if isinstance(body, str) else json.dumps(body)
    return client.post("/api/decks/check/", raw, content_type="application/json")


def test_the_card_list_pages_through_every_active_card(client: Client, loaded: Catalog) -> None:
    body = client.get("/api/cards/").json()
    assert body["count"] == len(loaded.cards)
    assert len(body["results"]) == 50 and body["next"]
    first = body["results"][0]
    assert {"slug", "name", "type", "card_class", "cost", "keywords", "is_x", "rarity", "text", "script"} <= set(first)


def test_the_card_list_takes_the_gallery_filters(client: Client, loaded: Catalog) -> None:
    body = client.get("/api/cards/", {"class": "striker", "keyword": "pierce"}).json()
    expected = {
        c.id
        for c in loaded.cards.values()
        if c.card_class.value == "striker" and any(k.keyword.value == "pierce" for k in c.keywords)
    }
    assert expected and {card["slug"] for card in body["results"]} == expected
    body = client.get("/api/cards/", {"q": "fireball"}).json()
    assert "fireball" in {card["slug"] for card in body["results"]}


def test_a_bad_card_filter_is_a_400_naming_the_field(client: Client, loaded: Catalog) -> None:
    response = client.get("/api/cards/", {"cost": "lots"})
    assert response.status_code == 400 and "cost" in response.json()


def test_a_card_by_slug_and_an_unknown_slug(client: Client, loaded: Catalog) -> None:
    body = client.get("/api/cards/flaming-fists/").json()
    assert body["name"] == "Flaming Fists" and body["keywords"] == [{"keyword": "sear", "value": 2}]
    assert body["script"][0]["do"][0]["op"] == "damage"
    assert client.get("/api/cards/no-such-card/").status_code == 404


def test_runeslingers_equips_and_formats_are_listed(client: Client, loaded: Catalog) -> None:
    slingers = client.get("/api/runeslingers/").json()
    assert {s["slug"] for s in slingers["results"]} == set(loaded.runeslingers)
    equips = client.get("/api/equips/", {"class": "runeseer", "kind": "stance"}).json()
    assert {e["slug"] for e in equips["results"]} == {
        e.id for e in loaded.stances(loaded.runeslingers["eva"].card_class)
    }
    formats = client.get("/api/formats/").json()
    assert [f["slug"] for f in formats] == list(FORMATS)
    assert all(f["description"] for f in formats)


def test_the_catalog_is_readable_by_every_persona(personas: Personas, loaded: Catalog) -> None:
    for who in ("organiser", "judge", "player", "outsider", "anonymous"):
        assert personas.client(who).get("/api/cards/jab/").status_code == 200


def test_the_catalog_cannot_be_written_through_the_api(personas: Personas, loaded: Catalog) -> None:
    for who in ("organiser", "anonymous"):
        client = personas.client(who)
        assert client.post("/api/cards/", {"slug": "new"}).status_code in (401, 403, 405)
        assert client.delete("/api/cards/jab/").status_code in (401, 403, 405)


def test_the_eva_starter_text_is_legal_in_awakening_starter(client: Client, catalog: Catalog) -> None:
    body = post_check(client, {"format": "awakening-starter", "text": starter_text(catalog)}).json()
    assert body["legal"] is True and body["violations"] == []
    assert body["counts"]["cards"] == 30
    assert sum(bar["count"] for bar in body["curve"]) == 30
    assert [bar["label"] for bar in body["curve"]] == ["0", "1", "2", "3", "4", "5", "6+"]
    assert body["text"] == starter_text(catalog)


def test_a_structured_deck_with_names_or_ids_is_checked_the_same(client: Client, catalog: Catalog) -> None:
    starter = catalog.starter_decks["eva-starter"]
    cards = {catalog.cards[c].name if i % 2 else c: n for i, (c, n) in enumerate(starter.cards.items())}
    body = post_check(
        client,
        {
            "format": "awakening-starter",
            "runeslinger": "Eva",
            "equips": ["talakas-heart", "Flame of Nim"],
            "cards": cards,
        },
    ).json()
    assert body["legal"] is True
    assert body["deck"]["cards"] == dict(starter.cards)


def test_an_illegal_deck_lists_every_violation(client: Client, catalog: Catalog) -> None:
    response = post_check(client, {"format": "awakening-starter", "text": illegal_eva_text(catalog)})
    body = response.json()
    assert response.status_code == 200 and body["legal"] is False
    assert sorted(v["rule"] for v in body["violations"]) == ["deck-size", "equips", "max-copies", "x-copies"]
    copies = next(v for v in body["violations"] if v["rule"] == "max-copies")
    assert copies["cards"] == ["fireball"] and "Fireball" in copies["message"]


def test_a_limited_format_checks_the_deck_against_the_pool(client: Client, catalog: Catalog) -> None:
    starter = dict(catalog.starter_decks["eva-starter"].cards)
    pool = {**starter, "fireball": 1}
    body = post_check(client, {"format": "draft", "text": starter_text(catalog), "pool": pool}).json()
    assert [v["rule"] for v in body["violations"]] == ["pool"]
    assert body["violations"][0]["cards"] == ["fireball"]


@pytest.mark.parametrize(
    ("body", "expected"),
    [
        ({"format": "awakening-starter", "text": "2 Firebal"}, "did you mean 'Fireball'?"),
        ({"format": "awakening-starter", "cards": {"Firebal": 2}}, "did you mean 'Fireball'?"),
        ({"format": "awakening-starter", "runeslinger": "Evaa", "cards": {"fireball": 1}}, "did you mean 'Eva'?"),
        ({"format": "awakening-starter", "text": "0 Fireball"}, "the count must be at least 1"),
        ({"format": "awakening-starter", "cards": {"fireball": 0}}, "whole number of 1 or more"),
        ({"format": "awakening-starter", "cards": {"fireball": -3}}, "whole number of 1 or more"),
        ({"format": "awakening-starter", "cards": {"fireball": "two"}}, "whole number of 1 or more"),
        ({"format": "no-such-format", "text": "2 Fireball"}, "Unknown format 'no-such-format'"),
        ({"text": "2 Fireball"}, "format"),
        ({"format": "awakening-starter"}, "Send a deck"),
        ({"format": "awakening-starter", "text": "1 Spark", "cards": {"spark": 1}}, "not both"),
    ],
)
def test_bad_input_is_a_400_naming_the_problem(client: Client, catalog: Catalog, body: Any, expected: str) -> None:
    response = post_check(client, body)
    assert response.status_code == 400
    assert expected in response.content.decode()


def test_malformed_json_is_a_400(client: Client, catalog: Catalog) -> None:
    response = post_check(client, '{"format": "awakening-starter", "text": ')
    assert response.status_code == 400
    assert "JSON parse error" in response.json()["detail"]


def test_a_one_megabyte_body_is_refused_with_413(client: Client, catalog: Catalog) -> None:
    response = post_check(client, {"format": "awakening-starter", "text": "1 Fireball\n" * 100_000})
    assert response.status_code == 413
    assert "too large" in response.json()["detail"]


def test_a_deck_check_stores_nothing(client: Client, loaded: Catalog, django_assert_max_num_queries: Any) -> None:
    with django_assert_max_num_queries(0):
        post_check(client, {"format": "awakening-starter", "text": starter_text(loaded)})


def test_the_schema_and_the_api_root_include_the_catalog_endpoints(client: Client) -> None:
    spec = client.get("/api/schema/", HTTP_ACCEPT="application/vnd.oai.openapi+json").json()
    for path in (
        "/api/cards/",
        "/api/cards/{slug}/",
        "/api/runeslingers/",
        "/api/equips/",
        "/api/formats/",
        "/api/decks/check/",
    ):
        assert path in spec["paths"], path
    assert "post" in spec["paths"]["/api/decks/check/"]
    root = client.get("/api/", HTTP_ACCEPT="application/json").json()
    assert {"cards", "runeslingers", "equips", "formats", "deck_check"} <= set(root)
