"""The Learn to play pages: public, linked from the navigation and the home page, anchored, and free
of internal ids; the glossary helper as the pages and card faces use it."""

from __future__ import annotations

import html
import re

import pytest
from django.template import Context, Template
from django.test import Client
from django.urls import reverse

from gameplay import glossary
from gameplay.runebound.catalog import shipped_runebound
from gameplay.runemasters.data import load as load_runemasters
from gameplay.runeslingers.cards.catalog import Catalog
from gameplay.runeslingers.site_catalog import current_catalog, load_catalog_into_db
from tests.conftest import Personas

pytestmark = pytest.mark.django_db

PAGES = [
    "/learn/",
    "/learn/awakening/",
    "/learn/classic/",
    "/learn/runemasters/",
    "/learn/runebound/",
    "/learn/glossary/",
]
RULES_PAGES = PAGES[1:5]


def visible_text(page: str) -> str:
    """What a reader sees: no scripts, no tags, no attributes."""
    page = re.sub(r"<script\b.*?</script>", " ", page, flags=re.S)
    return html.unescape(re.sub(r"<[^>]+>", " ", page))


def internal_ids() -> set[str]:
    """Every id the catalogs and the glossary use that a reader could mistake for a word."""
    catalog = current_catalog()
    ids = {
        *catalog.cards,
        *catalog.equips,
        *catalog.runeslingers,
        *(catalog.classic.abilities if catalog.classic else ()),
    }
    ids |= {*load_runemasters().monsters, *load_runemasters().events}
    runebound = shipped_runebound()
    ids |= {*runebound.class_cards, *runebound.talents, *runebound.decks}
    ids |= {t.slug for t in glossary.glossary()}
    return {i for i in ids if "-" in i}  # single words ("eva", "burn") are words too


@pytest.mark.parametrize("path", PAGES)
@pytest.mark.parametrize("who", ["anonymous", "player"])
def test_every_learn_page_answers_visitors_and_signed_in_players(personas: Personas, path: str, who: str) -> None:
    response = personas.client(who).get(path)
    assert response.status_code == 200
    assert 'href="/learn/"' in response.content.decode()


def test_a_visitor_finds_learn_to_play_in_the_navigation_and_on_the_home_page(client: Client) -> None:
    page = client.get("/").content.decode()
    nav = page.split('<nav id="menu"', 1)[1].split("</nav>", 1)[0]
    assert re.search(r'<a href="/learn/"[^>]*>Learn to play</a>', nav)
    main = page.split("<main", 1)[1]
    assert re.search(r'<a class="button secondary" href="/learn/"[^>]*>Learn to play</a>', main)


def test_the_index_leads_to_each_rules_page_and_the_glossary(client: Client) -> None:
    page = client.get("/learn/").content.decode()
    for path in [*RULES_PAGES, "/learn/glossary/"]:
        assert f'href="{path}"' in page


def test_the_glossary_path_is_the_one_the_pure_module_links_to() -> None:
    assert reverse("gameplay:glossary") == glossary.GLOSSARY_URL


def test_the_glossary_page_has_one_anchor_for_each_term_and_shows_its_explanation(client: Client) -> None:
    page = client.get("/learn/glossary/").content.decode()
    ids = re.findall(r'\sid="([^"]+)"', page)
    assert len(ids) == len(set(ids)), "an id is used twice"
    text = " ".join(visible_text(page).split())
    for term in glossary.glossary():
        assert f'id="{term.slug}"' in page
        assert term.short in text


def test_the_glossary_shows_each_ailment_with_its_two_levels(client: Client, catalog: Catalog) -> None:
    page = client.get("/learn/glossary/").content.decode()
    for ailment in catalog.ailments.values():
        entry = page.split(f'id="{ailment.type.value}"', 1)[1].split("</div>", 1)[0]
        assert html.escape(ailment.level_1.text) in entry and html.escape(ailment.level_2.text) in entry


@pytest.mark.parametrize("path", PAGES)
def test_every_anchor_a_learn_page_links_to_exists(client: Client, path: str) -> None:
    page = client.get(path).content.decode()
    glossary_page = client.get("/learn/glossary/").content.decode()
    ids = set(re.findall(r'\sid="([^"]+)"', page))
    for target in re.findall(r'href="#([^"]+)"', page):
        assert target in ids, f"{path} links to #{target}, which it does not have"
    for target in re.findall(r'href="/learn/glossary/#([^"]+)"', page):
        assert f'id="{target}"' in glossary_page, f"{path} links to a glossary word that has no entry: {target}"


@pytest.mark.parametrize(
    ("path", "sections"),
    [
        (
            "/learn/awakening/",
            ["how-you-win", "setup", "turn", "playing-a-card", "ailments", "blocking", "answering", "keywords"],
        ),
        ("/learn/classic/", ["at-a-glance", "how-you-win", "setup", "turn", "charge", "answering", "blocking"]),
        ("/learn/runemasters/", ["how-you-win", "setup", "turn", "dice", "monster-movement", "guardians", "events"]),
        ("/learn/runebound/", ["what-you-need", "menace", "turn", "timing", "talents", "deck-building"]),
    ],
)
def test_the_rules_pages_sections_carry_anchors(client: Client, path: str, sections: list[str]) -> None:
    page = client.get(path).content.decode()
    for section in sections:
        assert f'<section id="{section}"' in page


@pytest.mark.parametrize("path", PAGES)
def test_no_learn_page_shows_an_internal_id(client: Client, path: str) -> None:
    text = visible_text(client.get(path).content.decode())
    shown = sorted(i for i in internal_ids() if re.search(rf"(?<![\w-]){re.escape(i)}(?![\w-])", text))
    assert shown == []


def test_the_awakening_page_shows_real_card_faces_of_the_catalog(client: Client) -> None:
    page = client.get("/learn/awakening/").content.decode()
    for face in ("eva", "talakas-heart", "flame-of-nim", "fireball", "stone-trap", "divine-barrier", "firecracker"):
        assert f'data-face-id="{face}"' in page
    assert "Burn" in visible_text(page) and "Level II" in visible_text(page)


def test_the_classic_page_shows_classic_faces_and_the_classic_numbers(client: Client) -> None:
    page = client.get("/learn/classic/").content.decode()
    assert 'data-face-id="eva-engulf"' in page and "face-edition" in page
    text = " ".join(visible_text(page).split())
    for fact in (
        "18 for every Runeslinger",
        "4 for every Runeslinger",
        "6 cards",
        "Announced as the runespell is played",
    ):
        assert fact in text


def test_the_runemasters_page_embeds_a_fresh_table_for_the_board(client: Client) -> None:
    page = client.get("/learn/runemasters/").content.decode()
    assert 'id="learn-board"' in page and "data-rm-board" in page
    assert "runemasters-board.js" in page and "js/learn.js" in page


def test_the_explain_tag_links_a_word_to_its_entry_with_its_explanation_as_title() -> None:
    rendered = Template('{% load glossary %}{% explain "concentration" "concentrations" %}').render(Context())
    assert rendered.startswith('<a class="gloss" href="/learn/glossary/#concentration" title="A card from your hand')
    assert rendered.endswith(">concentrations</a>")
    assert ">Light</a>" in Template('{% load glossary %}{% explain "light" %}').render(Context())


def test_the_explain_tag_fails_loudly_on_an_unknown_word() -> None:
    with pytest.raises(KeyError):
        Template('{% load glossary %}{% explain "mana-crystal" %}').render(Context())


def test_the_gallery_and_a_card_page_link_a_keyword_to_the_glossary(client: Client, catalog: Catalog) -> None:
    load_catalog_into_db(catalog)
    gallery = client.get("/cards/", {"q": "flaming fists"}).content.decode()
    assert '<a class="face-gloss" href="/learn/glossary/#sear"' in gallery
    card = client.get("/cards/flaming-fists/").content.decode()
    assert '<dt><a href="/learn/glossary/#sear">Sear 2</a></dt>' in card


@pytest.fixture
def catalog() -> Catalog:
    return current_catalog()
