"""The rules pages and the glossary are written in the site's own words: no run of eight words is
taken from a rulebook. Card texts shown on the faces are the catalog's, checked elsewhere; runs of
numbers (a table of counts) are facts, not sentences."""

from __future__ import annotations

import html
import re
from functools import cache
from pathlib import Path

import pytest
from django.test import Client

from gameplay import glossary
from gameplay.runebound.catalog import shipped_runebound
from gameplay.runeslingers.site_catalog import current_catalog
from tools.rules_coverage import rulebooks_dir

pytestmark = pytest.mark.django_db

RUN = 8  # words in a row
PAGES = ["/learn/", "/learn/awakening/", "/learn/classic/", "/learn/runemasters/", "/learn/runebound/"]


def words(text: str) -> list[str]:
    return re.findall(r"[a-z0-9]+", text.casefold().replace("’", "").replace("'", ""))


def runs(text: str) -> set[tuple[str, ...]]:
    w = words(text)
    grams = (tuple(w[i : i + RUN]) for i in range(len(w) - RUN + 1))
    return {g for g in grams if sum(1 for word in g if not word.isdigit()) >= 6}


@pytest.fixture(scope="module")
def rulebook_runs() -> dict[str, set[tuple[str, ...]]]:
    books = sorted(rulebooks_dir().glob("*.txt"))
    if not books:
        pytest.skip(f"the rulebooks are not in {rulebooks_dir()} (set FETT_RULEBOOKS)")
    return {book.name[:3]: runs(book.read_text(encoding="utf-8")) for book in books}


def catalog_texts() -> list[str]:
    """The card texts the faces print: the catalog's, not the pages' prose."""
    catalog = current_catalog()
    texts = [c.text for c in catalog.cards.values()] + [e.text for e in catalog.equips.values()]
    texts += [r.text for r in catalog.runeslingers.values()] + [r.inherent.text for r in catalog.runeslingers.values()]
    if catalog.classic:
        texts += [c.text for c in catalog.classic.cards.values()] + [a.text for a in catalog.classic.abilities.values()]
    runebound = shipped_runebound()
    texts += [c.text for c in runebound.class_cards.values()] + [t.text for t in runebound.talents.values()]
    return texts


@cache
def card_runs() -> frozenset[tuple[str, ...]]:
    return frozenset().union(*(runs(card) for card in catalog_texts()))


def prose(page: str) -> str:
    return html.unescape(re.sub(r"<[^>]+>", " ", re.sub(r"<script\b.*?</script>", " ", page, flags=re.S)))


def copied(text: str, books: dict[str, set[tuple[str, ...]]]) -> list[str]:
    found = runs(text) - card_runs()
    return sorted(f"{book}: {' '.join(g)}" for book, grams in books.items() for g in found & grams)


@pytest.mark.parametrize("path", PAGES)
def test_a_rules_page_copies_no_sentence_from_the_rulebooks(
    client: Client, path: str, rulebook_runs: dict[str, set[tuple[str, ...]]]
) -> None:
    assert copied(prose(client.get(path).content.decode()), rulebook_runs) == []


def test_no_glossary_entry_copies_a_rulebook(rulebook_runs: dict[str, set[tuple[str, ...]]]) -> None:
    found = {t.slug: copied(" ".join([t.short, t.more, t.classic]), rulebook_runs) for t in glossary.glossary()}
    assert {slug: runs for slug, runs in found.items() if runs} == {}


def test_the_check_catches_a_copied_sentence(rulebook_runs: dict[str, set[tuple[str, ...]]]) -> None:
    book = next(iter(sorted(rulebooks_dir().glob("001_*.txt"))), None)
    if book is None:
        pytest.skip("rulebook 001 is not there")
    sentence = "Direct damage cannot be blocked; it is dealt directly to its target (ignores block barriers)."
    assert sentence.split(";")[0] in book.read_text(encoding="utf-8")
    assert copied(sentence, rulebook_runs)


def test_rulebooks_dir_is_where_the_tools_look() -> None:
    assert isinstance(rulebooks_dir(), Path)
