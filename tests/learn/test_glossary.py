"""The glossary (gameplay/glossary): one explanation per word, a stable anchor each, and an entry for
every word the games' data uses: a keyword or ailment the card catalog gains without one fails here."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from gameplay import glossary
from gameplay.glossary import GlossaryError, build_glossary, explain, load_glossary
from gameplay.runebound.schema import ClassKind
from gameplay.runemasters.data import load as load_runemasters
from gameplay.runeslingers.cards.catalog import Catalog, load_catalog
from gameplay.runeslingers.cards.faces import catalog_faces, face_of_card
from gameplay.runeslingers.cards.schema import AilmentType, CardType, Keyword

# A card type's word in the glossary (the runespell kinds are named with the word "runespell").
CARD_TYPE_TERMS = {
    CardType.SPIRIT: "spirit-runespell",
    CardType.ATTACK: "attack-runespell",
    CardType.UTILITY: "utility-runespell",
    CardType.TRINKET: "trinket",
    CardType.BOON: "boon",
    CardType.CHANT: "chant",
}
# The counters, places and ideas a newcomer meets first (issue 28): each must be explained.
CORE_TERMS = {
    "power", "light", "determination", "block", "health", "concentration", "defense", "ladder", "answer",
    "answerable-action", "deck", "discard-pile", "void-pile", "temple-hp", "hp", "mp", "ultimate", "path", "rune",
    "menace", "talent", "proficiency",
}  # fmt: skip


@pytest.fixture(scope="module")
def catalog() -> Catalog:
    return load_catalog()


def words_the_data_uses(catalog: Catalog) -> dict[str, str]:
    """Every word the games' data names, by the glossary slug it needs: each keyword of the
    vocabulary and of every card of both editions, each ailment, card type, Runemasters monster
    type and Runebound card kind."""
    needed = {k.value: "keyword" for k in Keyword}
    classic = catalog.classic.cards.values() if catalog.classic else ()
    for card in [*catalog.cards.values(), *classic]:
        needed.update({k.keyword.value: f"keyword of {card.name}" for k in card.keywords})
        needed[CARD_TYPE_TERMS[card.type]] = f"type of {card.name}"
    needed.update({a.value: "ailment" for a in AilmentType})
    needed.update({a.value: f"ailment {ailment.name}" for a, ailment in catalog.ailments.items()})
    needed.update({kind: "Runemasters monster type" for kind in load_runemasters().types})
    needed.update({kind.value: "Runebound card kind" for kind in ClassKind})
    return needed


def missing_terms(terms: glossary.Glossary, catalog: Catalog) -> list[str]:
    return sorted(f"{slug} ({why})" for slug, why in words_the_data_uses(catalog).items() if slug not in terms)


def test_every_word_the_card_catalog_and_the_games_use_has_an_entry(catalog: Catalog) -> None:
    assert missing_terms(glossary.glossary(), catalog) == []


def test_the_check_fails_when_the_catalog_gains_a_keyword_the_glossary_lacks(catalog: Catalog) -> None:
    without_shout = build_glossary([_raw(t, drop="shout") for t in glossary.glossary() if t.slug != "shout"])
    missing = missing_terms(without_shout, catalog)
    assert len(missing) == 1 and missing[0].startswith("shout (keyword")


def test_the_words_a_newcomer_meets_first_are_all_explained() -> None:
    assert CORE_TERMS - set(glossary.glossary().terms) == set()


def test_every_term_has_one_unique_anchor_and_an_explanation() -> None:
    terms = list(glossary.glossary())
    assert len(terms) >= 100
    slugs = [t.slug for t in terms]
    assert len(slugs) == len(set(slugs))
    assert all(re.fullmatch(r"[a-z][a-z0-9]*(-[a-z0-9]+)*", s) for s in slugs)
    assert len({t.term.casefold() for t in terms}) == len(terms)
    for term in terms:
        assert term.short.endswith((".", ")")) and len(term.short) <= glossary.MAX_SHORT, term.slug
        assert all(part.endswith((".", ")")) for part in (term.more, term.classic) if part), term.slug
        assert all(other in glossary.glossary() for other in term.see), term.slug
    assert {t.game for t in terms} == set(glossary.GAMES)


def test_explain_gives_the_word_its_explanation_and_its_link() -> None:
    found = explain("concentration")
    assert set(found) == {"term", "short", "url"}
    assert found["term"] == "Concentration"
    assert found["url"] == "/learn/glossary/#concentration"
    assert found["short"] == glossary.term("concentration").short


def test_explain_under_classic_gives_the_classic_meaning_where_it_differs() -> None:
    assert explain("charge", "classic")["short"] == glossary.term("charge").classic
    assert "choose" in explain("charge", "classic")["short"]
    assert explain("fate", "classic")["short"] == explain("fate")["short"]  # no Classic text: the same


def test_the_boards_counters_are_all_explained_and_every_ailment_among_them() -> None:
    """Each counter the two play boards mark (``BOARD_COUNTERS``) has an entry; the Runeslingers board
    explains every ailment type (its chips name them) and ailments' levels."""
    for board in ("runeslingers", "runemasters"):
        found = glossary.board_explanations(board)
        assert [f["slug"] for f in found] == list(glossary.BOARD_COUNTERS[board])
        assert all(f["short"] == glossary.term(f["slug"]).short for f in found)
    assert {a.value for a in AilmentType} | {"ailment"} <= set(glossary.BOARD_COUNTERS["runeslingers"])
    classic = {f["slug"]: f["short"] for f in glossary.board_explanations("runeslingers", "classic")}
    assert classic["determination"] == glossary.term("determination").classic


def test_explain_refuses_a_word_the_glossary_lacks() -> None:
    with pytest.raises(KeyError, match="no term 'mana-crystal'"):
        explain("mana-crystal")


def test_card_faces_explain_their_keywords_from_the_glossary_and_link_to_it(catalog: Catalog) -> None:
    face = face_of_card(catalog.card("stone-trap"))
    assert face["keywords"] == [
        {"label": "Shout", "help": glossary.term("shout").short, "url": "/learn/glossary/#shout"}
    ]
    classic = catalog_faces(catalog, "classic")["lava-stream"]
    assert classic["keywords"][0]["help"] == glossary.term("charge").classic


def test_the_checker_names_every_problem_of_a_broken_file(tmp_path: Path) -> None:
    broken = tmp_path / "terms.yaml"
    broken.write_text(
        "terms:\n"
        "  - {slug: Power, term: Power, game: runeslingers, kind: counter, short: Lives.}\n"
        "  - {slug: light, term: Light, game: chess, kind: counter, short: Mana., see: [mana]}\n"
        "  - {slug: light, term: Glow, game: runeslingers, kind: thing, short: ''}\n"
        f"  - {{slug: long, term: Long, game: runemasters, kind: idea, short: {'x' * 300}}}\n"
        "  - {slug: odd, term: Odd, game: runebound, kind: idea, short: Odd., colour: red}\n"
        "  - {slug: glow, term: Glow, game: runeslingers, kind: idea, short: Bright., see: [mana]}\n"
    )
    with pytest.raises(GlossaryError) as caught:
        load_glossary(broken)
    problems = "\n".join(caught.value.problems)
    assert "the slug must be lowercase words" in problems
    assert "game must be one of" in problems
    assert "short is missing or empty" in problems
    assert "short is over 260 characters" in problems
    assert "unknown field 'colour'" in problems
    assert "`see` names 'mana'" in problems


def test_a_slug_used_twice_is_refused() -> None:
    twice = [
        {"slug": "block", "term": "Block", "game": "runeslingers", "kind": "counter", "short": "Stops damage."},
        {"slug": "block", "term": "Blocking", "game": "runemasters", "kind": "action", "short": "Two dice."},
    ]
    with pytest.raises(GlossaryError, match="slug 'block' is used twice"):
        build_glossary(twice)


def _raw(term: glossary.Term, drop: str = "") -> dict[str, object]:
    """A term back as data, without any mention of ``drop`` among its related words."""
    raw = {"slug": term.slug, "term": term.term, "game": term.game, "kind": term.kind, "short": term.short}
    return raw | {"see": [s for s in term.see if s != drop]}
