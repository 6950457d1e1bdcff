"""Runebound pages: the gallery and its search, card pages, published decks and the deck check.
Names are shown, never ids; bad input is a 400 naming the problem."""

from __future__ import annotations

import html
import re

import pytest
from django.test import Client

from gameplay.runebound.decklists import format_runebound_list
from gameplay.runebound.decks import RuneboundDeck
from gameplay.runebound.model import RuneboundCatalog

pytestmark = pytest.mark.django_db


def visible_text(content: bytes) -> str:
    """The page's text as a reader sees it: no tags, attributes, scripts or styles."""
    page = content.decode()
    body = page.split("<main", 1)[1]
    return html.unescape(re.sub(r"<[^>]+>", " ", body))


def assert_no_ids_shown(text: str, catalog: RuneboundCatalog) -> None:
    hyphenated = [i for i in (*catalog.class_cards, *catalog.talents, *catalog.decks) if "-" in i]
    shown = [i for i in hyphenated if re.search(rf"(?<![\w-]){re.escape(i)}(?![\w-])", text)]
    assert shown == []


def test_the_site_navigation_links_the_runebound_gallery(client: Client) -> None:
    page = client.get("/").content.decode()
    assert '<a href="/runebound/cards/">Runebound</a>' in page


def test_the_gallery_shows_every_card_by_name(client: Client, runebound: RuneboundCatalog) -> None:
    response = client.get("/runebound/cards/")
    assert response.status_code == 200
    text = visible_text(response.content)
    total = len(runebound.class_cards) + len(runebound.talents)
    assert f"{total} cards" in text
    names = [c.name for c in runebound.class_cards.values()] + [t.name for t in runebound.talents.values()]
    assert all(name in text for name in names)
    assert "Enemy Challenge" in text and "Friendly Spell" in text and "Talent · Level 5" in text
    assert_no_ids_shown(text, runebound)


def test_the_gallery_searches_and_filters(client: Client, runebound: RuneboundCatalog) -> None:
    text = visible_text(client.get("/runebound/cards/", {"q": "gold", "side": "enemy", "kind": "challenge"}).content)
    wanted = [c for c in runebound.class_cards.values() if c.is_enemy and c.kind == "challenge" and "gold" in c.text]
    assert f"{len(wanted)} cards" in text
    assert all(c.name in text for c in wanted)
    assert "Arcane Bolt" not in text
    talents = visible_text(client.get("/runebound/cards/", {"kind": "talent", "deck": "blade-dancer"}).content)
    assert "5 cards" in talents
    assert all(runebound.talents[t].name in talents for t in runebound.decks["blade-dancer"].talents)


def test_a_bad_filter_is_a_400_naming_the_field(client: Client) -> None:
    response = client.get("/runebound/cards/", {"side": "neutral"})
    assert response.status_code == 400
    text = " ".join(visible_text(response.content).split())
    assert (
        "Side Friendly or enemy Friendly Enemy Select a valid choice. neutral is not one of the available choices."
        in text
    )


def test_a_class_card_page_shows_its_rules(client: Client, runebound: RuneboundCatalog) -> None:
    response = client.get("/runebound/cards/meteor-strike/")
    assert response.status_code == 200
    text = " ".join(visible_text(response.content).split())
    assert "Meteor Strike" in text
    assert "Friendly Spell" in text
    assert "Published in Battlemage" in text
    assert "Epic Yes: only one Epic card may be played during a player's turn" in text
    assert "When to play Start of a battle" in text
    assert "Menace cost 4, played on your own Hero" in text
    assert "Before Combat: inflict 4 wounds on this Challenge. Then take 1 & ." in text
    assert 'Then take 1 <span class="rb-amp" title="menace">&amp;</span>.' in response.content.decode()
    assert_no_ids_shown(text, runebound)


def test_a_location_page_shows_its_terrain_and_a_talent_page_its_level(client: Client) -> None:
    location = " ".join(visible_text(client.get("/runebound/cards/ruined-arcanum/").content).split())
    assert "Terrain Hills, Mountains (the Hero must be on one of these)" in location
    talent = " ".join(visible_text(client.get("/runebound/cards/war-mage/").content).split())
    assert "Talent · Level 3" in talent
    assert "Prerequisite Fighting: your current Talent must give it" in talent
    assert "Proficiencies Wizardry, Fighting, Survival" in talent


def test_an_unknown_card_or_deck_is_a_404(client: Client) -> None:
    assert client.get("/runebound/cards/no-such-card/").status_code == 404
    assert client.get("/runebound/decks/no-such-deck/").status_code == 404


def test_the_deck_list_names_every_published_deck(client: Client, runebound: RuneboundCatalog) -> None:
    text = visible_text(client.get("/runebound/decks/").content)
    for deck in runebound.decks.values():
        assert deck.name in text
        assert deck.summary in text
    assert "12 friendly and 13 enemy class cards" in text
    assert_no_ids_shown(text, runebound)


def test_a_deck_page_shows_its_cards_talents_and_list(client: Client, runebound: RuneboundCatalog) -> None:
    deck = runebound.decks["blade-dancer"]
    response = client.get("/runebound/decks/blade-dancer/")
    assert response.status_code == 200
    text = visible_text(response.content)
    assert all(runebound.class_cards[i].name in text for i in deck.class_cards)
    assert all(runebound.talents[i].name in text for i in deck.talents)
    assert "Friendly class cards (12)" in text and "Enemy class cards (13)" in text and "Talents (5)" in text
    listed = format_runebound_list(RuneboundDeck.from_published(deck), runebound)
    assert html.escape(listed) in response.content.decode()
    assert_no_ids_shown(text, runebound)


def test_the_check_page_offers_a_published_deck_to_change(client: Client, runebound: RuneboundCatalog) -> None:
    page = client.get("/runebound/decks/check/", {"deck": "battlemage"}).content.decode()
    assert (
        html.escape(format_runebound_list(RuneboundDeck.from_published(runebound.decks["battlemage"]), runebound))
        in page
    )
    assert '<option value="runebound-published" selected>' in page


def test_checking_a_published_list_says_it_is_legal(client: Client, runebound: RuneboundCatalog) -> None:
    text = format_runebound_list(RuneboundDeck.from_published(runebound.decks["pathwarden"]), runebound)
    response = client.post("/runebound/decks/check/", {"format": "runebound-published", "text": text})
    assert response.status_code == 200
    page = " ".join(visible_text(response.content).split())
    assert "Legal as a Runebound Published Deck" in page
    assert "25 class cards (13 enemy) · 5 Talents" in page


def test_checking_a_bad_deck_lists_every_violation(client: Client) -> None:
    text = "Class deck:\nArcane Bolt\nArcane Bolt\nDispel\nTalents:\n" + "\n".join(
        ["Spell Blade", "Light Feet", "Trailwise", "Acolyte", "Light Fingers", "Whisper Network"]
    )
    response = client.post("/runebound/decks/check/", {"format": "runebound-custom", "text": text})
    assert response.status_code == 200
    page = " ".join(visible_text(response.content).split())
    assert "Not legal as a Runebound Customised Deck" in page
    assert "All cards in your class deck must be different: Arcane Bolt (2 times)." in page
    assert "Your class deck has 1 enemy class card; it must contain at least 12" in page
    assert "Your talent deck has 6 Talents; you may have up to 5 Talent cards." in page


def test_a_list_with_bad_lines_is_a_400_naming_each_line(client: Client) -> None:
    response = client.post(
        "/runebound/decks/check/", {"format": "runebound-custom", "text": "Class deck:\nArcane Blot\n"}
    )
    assert response.status_code == 400
    page = visible_text(response.content)
    assert "line 2: unknown Runebound card 'Arcane Blot'; did you mean 'Arcane Bolt'?" in page


def test_an_unknown_format_is_a_400(client: Client) -> None:
    response = client.post("/runebound/decks/check/", {"format": "runebound-sealed", "text": "Class deck:\nDispel\n"})
    assert response.status_code == 400
    assert "Select a valid choice" in visible_text(response.content)


def test_a_search_on_the_card_gallery_lists_runebound_matches_in_their_own_section(client: Client) -> None:
    page = client.get("/cards/", {"q": "wyvern"}).content.decode()
    section = page.split('data-testid="runebound-matches"', 1)[1]
    assert '<a href="/runebound/cards/thornback-wyvern/">Thornback Wyvern</a>' in section
    assert '<a href="/runebound/cards/beast-friend/">Beast Friend</a>' in section
    assert "2 cards of the Runebound character decks match too" in section
    assert 'href="/runebound/cards/?q=wyvern"' in section
    assert 'data-testid="runebound-matches"' not in client.get("/cards/").content.decode()
