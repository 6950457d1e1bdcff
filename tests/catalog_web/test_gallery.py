from __future__ import annotations

import re

import pytest
from django.test import Client

from gameplay import models
from gameplay.runeslingers.cards.catalog import Catalog

pytestmark = pytest.mark.django_db


def gallery(client: Client, **params: str | int) -> tuple[int, str]:
    response = client.get("/cards/", params)
    return response.status_code, response.content.decode()


def count_in(html: str) -> int:
    marker = 'data-testid="card-count">'
    return int(html.split(marker, 1)[1].split(" ", 1)[0])


def test_the_gallery_lists_every_active_card_a_page_at_a_time(client: Client, loaded: Catalog) -> None:
    status, html = gallery(client)
    assert status == 200
    assert count_in(html) == len(loaded.cards)
    assert 'href="/cards/flaming-fists/"' in html or "page=2" in html
    last_page = (len(loaded.cards) + 23) // 24
    status, html = gallery(client, page=last_page)
    assert status == 200 and "Next" not in html and "Previous" in html


@pytest.mark.parametrize(
    ("params", "keep"),
    [
        ({"type": "attack"}, lambda c: c.type.value == "attack"),
        ({"class": "striker"}, lambda c: c.card_class.value == "striker"),
        ({"cost": 0}, lambda c: c.cost == 0),
        ({"keyword": "sear"}, lambda c: any(k.keyword.value == "sear" for k in c.keywords)),
        ({"rarity": "mythic"}, lambda c: c.rarity.value == "mythic"),
        ({"q": "fists"}, lambda c: "fists" in c.name.casefold() or "fists" in c.text.casefold()),
        ({"q": "BURN"}, lambda c: "burn" in c.name.casefold() or "burn" in c.text.casefold()),
        (
            {"type": "attack", "class": "striker", "cost": 2},
            lambda c: c.type.value == "attack" and c.card_class.value == "striker" and c.cost == 2,
        ),
    ],
)
def test_each_filter_narrows_the_gallery_to_the_matching_cards(
    client: Client, loaded: Catalog, params: dict[str, str | int], keep: object
) -> None:
    expected = [c for c in loaded.cards.values() if keep(c)]  # type: ignore[operator]
    assert 0 < len(expected) < len(loaded.cards)
    status, html = gallery(client, **params)
    assert status == 200
    assert count_in(html) == len(expected)
    if len(expected) <= 24:
        for card in expected:
            assert f'href="/cards/{card.id}/"' in html


def test_a_search_that_matches_nothing_says_so(client: Client, loaded: Catalog) -> None:
    status, html = gallery(client, q="zzzz-no-such-card")
    assert status == 200 and count_in(html) == 0 and "No card matches" in html


def test_a_bad_filter_is_refused_with_a_message(client: Client, loaded: Catalog) -> None:
    status, html = gallery(client, type="dragon")
    assert status == 400
    assert "These filters cannot be used" in html and "dragon" in html


def test_an_htmx_request_gets_only_the_results_partial(client: Client, loaded: Catalog) -> None:
    response = client.get("/cards/", {"class": "hexer"}, HTTP_HX_REQUEST="true")
    html = response.content.decode()
    assert response.status_code == 200
    assert "<html" not in html and 'data-testid="card-count"' in html


def test_inactive_cards_leave_the_gallery(client: Client, loaded: Catalog) -> None:
    models.Card.objects.filter(slug="jab").update(is_active=False)
    _, html = gallery(client, q="jab")
    assert 'href="/cards/jab/"' not in html


def test_a_card_page_shows_every_property_keywords_explained_and_the_script(client: Client, loaded: Catalog) -> None:
    response = client.get("/cards/flaming-fists/")
    html = response.content.decode()
    assert response.status_code == 200
    for text in (
        "Flaming Fists",
        "Attack",
        "Striker",
        "Light cost",
        "Common",
        "Sear 2",
        "from the top of a deck face up",  # the glossary explains Sear (gameplay/glossary/terms.yaml)
        "When played:",
        "damage — target: enemy runeslinger",
        "inflict: 2 burn",
        loaded.cards["flaming-fists"].text,
    ):
        assert text in html, text


def test_a_card_page_for_a_defense_card_shows_its_defense(client: Client, loaded: Catalog) -> None:
    card = next(c for c in loaded.cards.values() if c.defense is not None)
    html = client.get(f"/cards/{card.id}/").content.decode()
    assert "Defense" in html and f"<dd>{card.defense}</dd>" in html


def test_every_card_page_renders(client: Client, loaded: Catalog) -> None:
    for card_id in loaded.cards:
        assert client.get(f"/cards/{card_id}/").status_code == 200, card_id


def test_an_unknown_card_page_is_404(client: Client, loaded: Catalog) -> None:
    assert client.get("/cards/no-such-card/").status_code == 404


def test_a_card_no_longer_in_the_catalog_still_has_its_page_with_a_note(client: Client, loaded: Catalog) -> None:
    models.Card.objects.filter(slug="jab").update(is_active=False)
    html = client.get("/cards/jab/").content.decode()
    assert "no longer in the current catalog" in html


def test_the_runeslingers_page_lists_each_with_its_equips(client: Client, loaded: Catalog) -> None:
    html = client.get("/runeslingers/").content.decode()
    for slinger in loaded.runeslingers.values():
        assert slinger.name in html and slinger.inherent.name in html
    for equip in loaded.equips.values():
        assert equip.name.replace("'", "&#x27;") in html


def test_the_starter_decks_page_offers_each_list_to_the_builder(client: Client, loaded: Catalog) -> None:
    html = client.get("/decks/starters/").content.decode()
    for starter in loaded.starter_decks.values():
        assert starter.name in html
        assert f"starter={starter.id}" in html


def test_catalog_pages_draw_their_cards_as_faces(client: Client, loaded: Catalog) -> None:
    html = client.get("/cards/?q=fists").content.decode()
    assert 'class="face face-small class-striker face-kind-card"' in html
    assert 'data-face-id="flaming-fists"' in html and 'aria-label="Show Flaming Fists in full"' in html

    html = client.get("/cards/flaming-fists/").content.decode()
    assert 'class="face face-full class-striker face-kind-card"' in html
    assert "<code>flaming-fists</code>" not in html  # no internal id on the page

    html = client.get("/runeslingers/").content.decode()
    for item_id in (*loaded.runeslingers, *loaded.equips):
        assert f'data-face-id="{item_id}"' in html

    html = client.get("/decks/starters/").content.decode()
    for starter in loaded.starter_decks.values():
        for card_id in starter.cards:
            assert f'data-face-id="{card_id}"' in html


def test_the_starter_decks_page_lists_the_classic_starters_under_a_classic_heading(
    client: Client, loaded: Catalog
) -> None:
    html = client.get("/decks/starters/").content.decode()
    assert loaded.classic is not None
    classic = html.split('data-testid="classic-starters"', 1)[1]
    assert "<h2>Classic</h2>" in classic
    for starter in loaded.classic.starter_decks.values():
        assert starter.name in classic and f"format=classic-starter&amp;starter={starter.id}" in classic
        for ability in starter.equips:
            assert f'data-face-id="{ability}"' in classic
    blood_rite = classic.split('data-face-id="blood-rite"', 1)[1].split("</li>", 1)[0]
    assert "Draw 3 cards." in blood_rite and "light" not in blood_rite  # the Classic text, not Gain 2 light
    assert 'class="face-edition"' in blood_rite and "Classic" in blood_rite
    assert "Light cost" not in classic  # no light in Classic: no cost on a Classic face, no inherent ability


def test_the_builder_checks_a_classic_starter_as_a_classic_deck(client: Client, loaded: Catalog) -> None:
    html = client.get("/decks/builder/?format=classic-starter&starter=eva-classic-starter").content.decode()
    assert "Passive: Inner Flame" in html and "Activate: Engulf" in html


def test_the_classic_filter_shows_the_classic_cards_with_their_classic_text(client: Client, loaded: Catalog) -> None:
    assert loaded.classic is not None
    html = client.get("/cards/?edition=classic").content.decode()
    shown = set(re.findall(r'data-face-id="([^"]+)"', html))
    assert shown == set(loaded.classic.cards) and "spark" not in shown
    assert html.count('class="face-edition"') == len(loaded.classic.cards)
    found = client.get("/cards/?edition=classic&q=draw+3").content.decode()
    assert set(re.findall(r'data-face-id="([^"]+)"', found)) == {"blood-rite"}
    assert 'class="face-edition"' not in client.get("/cards/?q=blood").content.decode()
    api = client.get("/api/cards/?edition=classic&q=draw+3").json()
    assert [c["slug"] for c in api["results"]] == ["blood-rite"]
    assert client.get("/cards/?edition=modern").status_code == 400
