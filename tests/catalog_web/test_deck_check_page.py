from __future__ import annotations

import pytest
from django.test import Client

from gameplay.runeslingers.cards.catalog import Catalog
from gameplay.runeslingers.decklists import format_decklist
from gameplay.runeslingers.formats import Deck
from tests.catalog_web.helpers import illegal_eva_text, starter_text

pytestmark = pytest.mark.django_db


def check(client: Client, **data: str) -> tuple[int, str]:
    response = client.post("/decks/builder/check/", {"format": "awakening-starter", **data}, HTTP_HX_REQUEST="true")
    return response.status_code, response.content.decode()


def test_the_builder_page_offers_the_formats_runeslingers_and_equips(client: Client, catalog: Catalog) -> None:
    response = client.get("/decks/builder/")
    html = response.content.decode()
    assert response.status_code == 200
    assert (
        "Awakening Starter" in html and "Eva (Runeseer)" in html and "Flame of Nim (ability, 2 determinations)" in html
    )
    assert 'hx-post="/decks/builder/check/"' in html


def test_loading_a_starter_fills_the_list(client: Client, catalog: Catalog) -> None:
    html = client.get("/decks/builder/", {"starter": "eva-starter"}).content.decode()
    assert "Runeslinger: Eva" in html and "2 Fireball" in html


def test_the_eva_starter_is_legal_in_awakening_starter(client: Client, catalog: Catalog) -> None:
    status, html = check(client, decklist=starter_text(catalog))
    assert status == 200
    assert "Legal in Awakening Starter." in html
    assert 'data-testid="curve"' in html and "<svg" in html and "<rect" in html
    assert "30 cards" in html
    assert "<html" not in html  # a partial


def test_an_illegal_deck_lists_every_violation_naming_the_rule_and_cards(client: Client, catalog: Catalog) -> None:
    status, html = check(client, decklist=illegal_eva_text(catalog))
    assert status == 200
    assert "Not legal in Awakening Starter: 4 problems." in html
    for rule, words in (("deck-size", "Deck size"), ("max-copies", "Copies"), ("x-copies", "X cards"),
                        ("equips", "Equips")):  # fmt: skip
        assert f'<span class="badge rule" data-rule="{rule}">{words}</span>' in html
    assert "Fireball: 3 copies" in html


def test_the_runeslinger_and_equip_selects_complete_a_list(client: Client, catalog: Catalog) -> None:
    cards_only = "\n".join(line for line in starter_text(catalog).splitlines() if ":" not in line)
    status, html = check(client, decklist=cards_only)
    assert "Choose a Runeslinger" in html
    status, html = check(
        client, decklist=cards_only, runeslinger="eva", equip_1="talakas-heart", equip_2="flame-of-nim"
    )
    assert status == 200 and "Legal in Awakening Starter." in html


def test_an_empty_list_asks_for_cards(client: Client, catalog: Catalog) -> None:
    status, html = check(client, decklist="")
    assert status == 200 and "Paste a list" in html


def test_an_unknown_card_is_refused_with_a_did_you_mean(client: Client, catalog: Catalog) -> None:
    status, html = check(client, decklist="2 Firebal\n1 Spark")
    assert status == 400
    assert "unknown card &#x27;Firebal&#x27;; did you mean &#x27;Fireball&#x27;?" in html


@pytest.mark.parametrize("line", ["0 Fireball", "-2 Fireball"])
def test_a_count_under_one_is_refused(client: Client, catalog: Catalog, line: str) -> None:
    status, html = check(client, decklist=line)
    assert status == 400 and "the count must be at least 1" in html


def test_an_unknown_format_is_refused(client: Client, catalog: Catalog) -> None:
    status, html = check(client, format="no-such-format", decklist="2 Fireball")
    assert status == 400 and "no-such-format" in html


def test_a_one_megabyte_paste_is_refused_before_it_is_read(client: Client, catalog: Catalog) -> None:
    status, html = check(client, decklist="1 Fireball\n" * 100_000)
    assert status == 413 and "too large" in html


def test_without_javascript_the_builder_checks_adds_and_exports(client: Client, catalog: Catalog) -> None:
    text = starter_text(catalog)
    page = client.post("/decks/builder/", {"format": "awakening-starter", "decklist": text, "action": "check"})
    assert page.status_code == 200 and "Legal in Awakening Starter." in page.content.decode()

    added = client.post(
        "/decks/builder/",
        {"format": "awakening-starter", "decklist": text, "action": "add", "add_card": "fireball", "add_count": "1"},
    ).content.decode()
    assert "1 Fireball" in added and "Fireball: 3 copies" in added

    exported = client.post("/decks/builder/", {"format": "awakening-starter", "decklist": text, "action": "export"})
    assert exported["Content-Type"].startswith("text/plain")
    assert exported.content.decode() == text


def test_adding_an_unknown_card_names_it_and_keeps_the_list(client: Client, catalog: Catalog) -> None:
    response = client.post(
        "/decks/builder/",
        {
            "format": "awakening-starter",
            "decklist": "2 Spark\n",
            "action": "add",
            "add_card": "Sparkk",
            "add_count": "1",
        },
    )
    html = response.content.decode()
    assert response.status_code == 400
    assert "did you mean &#x27;Spark&#x27;?" in html and "2 Spark" in html


def test_exporting_an_empty_builder_shows_the_page_instead_of_a_file(client: Client, catalog: Catalog) -> None:
    response = client.post("/decks/builder/", {"format": "awakening-starter", "decklist": "", "action": "export"})
    assert response.status_code == 200
    assert response["Content-Type"].startswith("text/html") and b"Paste a list" in response.content


def test_the_check_page_checks_classic_lists_against_the_classic_pool(client: Client, catalog: Catalog) -> None:
    assert catalog.classic is not None
    text = format_decklist(Deck.from_starter(catalog.classic.starter_decks["eva-classic-starter"]), catalog)
    status, html = check(client, format="classic-starter", decklist=text)
    assert status == 200 and "Legal in Classic Starter." in html
    assert 'data-face-id="eva-engulf"' in html and 'class="face-edition"' in html
    status, html = check(client, format="classic-constructed", decklist=text + "1 Spark\n")
    assert "Not legal in Classic (no Classic edition): Spark." in html and "31 cards" in html
