from __future__ import annotations

from typing import Any

import pytest

from gameplay.runeslingers.site_catalog import current_catalog, load_catalog_into_db
from tests.catalog_web.helpers import illegal_eva_text, starter_text


@pytest.mark.browser
@pytest.mark.django_db(transaction=True)
def test_a_player_pastes_an_illegal_list_sees_every_problem_live_then_fixes_it(page: Any, live_server: Any) -> None:
    catalog = current_catalog()
    load_catalog_into_db(catalog)
    page.goto(f"{live_server.url}/decks/builder/")
    page.select_option("#id_format", "awakening-starter")

    page.fill("#id_decklist", illegal_eva_text(catalog))  # no submit: the check runs as the text changes
    violations = page.get_by_test_id("violations")
    violations.wait_for()
    assert "Not legal in Awakening Starter: 4 problems." in page.get_by_test_id("verdict").inner_text()
    listed = violations.inner_text()
    for rule in ("Deck size", "Copies", "X cards", "Equips"):
        assert rule in listed
    assert "deck-size" not in listed  # rules in words, never their keys
    assert "Fireball" in listed

    page.fill("#id_decklist", "2 Firebal")
    assert "did you mean 'Fireball'?" in page.get_by_test_id("deck-errors").inner_text()

    page.fill("#id_decklist", starter_text(catalog))
    page.get_by_test_id("verdict").filter(has_text="Legal in Awakening Starter.").wait_for()
    assert page.get_by_test_id("violations").count() == 0
    curve = page.get_by_test_id("curve")
    assert curve.locator("rect").count() == 7
    assert "cost 2:" in curve.locator("svg").get_attribute("aria-label")
    assert page.get_by_test_id("deck-counts").inner_text().startswith("30 cards")


@pytest.mark.browser
@pytest.mark.django_db(transaction=True)
def test_a_player_loads_a_starter_and_adds_a_card_to_it(page: Any, live_server: Any) -> None:
    load_catalog_into_db(current_catalog())
    page.goto(f"{live_server.url}/decks/starters/")
    page.get_by_test_id("starter-eva-starter").get_by_role("link", name="Load into builder").click()
    assert "Runeslinger: Eva" in page.input_value("#id_decklist")

    page.fill("#id_add_card", "Fireball")
    page.get_by_role("button", name="Add", exact=True).click()
    page.get_by_test_id("violations").wait_for()
    assert "Fireball: 3 copies" in page.get_by_test_id("violations").inner_text()
    assert "3 Fireball" not in page.input_value("#id_decklist")  # added as its own line
    assert page.input_value("#id_decklist").rstrip().endswith("1 Fireball")


@pytest.mark.browser
@pytest.mark.django_db(transaction=True)
def test_the_gallery_narrows_as_filters_change_without_a_reload(page: Any, live_server: Any) -> None:
    catalog = current_catalog()
    load_catalog_into_db(catalog)
    page.goto(f"{live_server.url}/cards/")
    assert page.get_by_test_id("card-count").inner_text() == f"{len(catalog.cards)} cards"
    page.evaluate("window.notReloaded = true")

    page.select_option("#id_class", "striker")
    page.wait_for_url("**class=striker**")
    strikers = sum(1 for c in catalog.cards.values() if c.card_class.value == "striker")
    page.get_by_text(f"{strikers} cards").wait_for()

    page.fill("#id_q", "fists")
    fists = [
        c for c in catalog.cards.values() if c.card_class.value == "striker" and "fists" in f"{c.name} {c.text}".lower()
    ]
    page.get_by_text(f"{len(fists)} card{'s' if len(fists) != 1 else ''}", exact=True).wait_for()
    assert page.get_by_role("link", name="Flaming Fists").is_visible()
    assert page.evaluate("window.notReloaded") is True
