"""Learn to play: the rules pages of the three games and the glossary (docs/learn.md).

Public pages: anyone may read the rules. The prose is in the templates (``templates/learn/``); the
words are explained by the glossary (``gameplay/glossary``); the illustrations are the site's own
card faces and a Runemasters board, drawn from the catalogs and the engine, never redrawn here.
"""

from __future__ import annotations

from typing import Any

from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.views.decorators.http import require_GET

from gameplay import glossary
from gameplay.runebound.catalog import shipped_runebound
from gameplay.runebound.faces import face_of
from gameplay.runemasters import game as runemasters
from gameplay.runemasters.data import load as load_runemasters
from gameplay.runemasters.words import EVENT_TEXTS, GUARDIANS, ULTIMATES
from gameplay.runeslingers import site_catalog
from gameplay.runeslingers.cards import faces
from gameplay.runeslingers.cards.faces import Face
from gameplay.runeslingers.cards.schema import Keyword

# The rules pages, in the index's order: (URL name, title, what it is).
RULES_PAGES = (
    (
        "gameplay:learn-awakening",
        "Runeslingers: The Awakening",
        "The card game as it is played today, and on this site.",
    ),
    ("gameplay:learn-classic", "Runeslingers: Classic", "The first edition's rules: what differs from The Awakening."),
    ("gameplay:learn-runemasters", "Runemasters", "A co-operative dice game: defend the temple until dawn."),
    ("gameplay:learn-runebound", "Runebound character decks", "Building and playing the class and talent decks."),
)

# The cards each page shows (catalog ids), so a glance at the page says what a card looks like.
AWAKENING_FACES = (
    "eva", "talakas-heart", "flame-of-nim", "fireball", "flaming-fists", "stone-trap", "divine-barrier", "firecracker",
    "lava-stream",
)  # fmt: skip
CLASSIC_FACES = ("eva", "eva-inner-flame", "eva-engulf", "lava-stream", "blood-rite")
RUNEBOUND_FACES = ("meteor-strike", "arcane-golem", "spell-blade")
# The sample Runemasters table: every guardian, the first difficulty, a seed whose opening deal
# puts monsters on most paths.
BOARD_SETUP = {"guardians": ["neltai", "ismoros", "kulak", "kyreas"], "difficulty": "initiate"}
BOARD_SEED = 3


def picked_faces(edition: str, ids: tuple[str, ...]) -> dict[str, Face]:
    """The named faces that the current catalog still has, keyed by id with underscores for dashes
    (so a template can say ``faces.flame_of_nim``); a page leaves out a card that has gone rather
    than fail."""
    drawn = faces.catalog_faces(site_catalog.current_catalog(), edition)
    return {i.replace("-", "_"): drawn[i] for i in ids if i in drawn}


@require_GET
def learn_index(request: HttpRequest) -> HttpResponse:
    pages = [{"url_name": name, "title": title, "about": about} for name, title, about in RULES_PAGES]
    return render(request, "learn/index.html", {"pages": pages, "glossary_size": len(glossary.glossary())})


def keywords(edition: str) -> list[dict[str, str]]:
    """The card keywords of a rule set with their glossary explanation: ``[{"term", "short", "url"}]``."""
    other = "classic" if edition == "awakening" else "awakening"
    return [glossary.explain(k.value, edition) for k in Keyword if glossary.term(k.value).only != other]


def ailments() -> list[dict[str, str]]:
    """The six ailments as the catalog has them: name, level I and II texts, glossary link."""
    found = site_catalog.current_catalog().ailments.values()
    return [
        {"name": a.name, "level_1": a.level_1.text, "level_2": a.level_2.text, "url": glossary.url(a.type.value)}
        for a in found
    ]


@require_GET
def awakening(request: HttpRequest) -> HttpResponse:
    context = {"faces": picked_faces("awakening", AWAKENING_FACES), "keywords": keywords("awakening")}
    return render(request, "learn/awakening.html", {**context, "ailments": ailments()})


@require_GET
def classic(request: HttpRequest) -> HttpResponse:
    context = {"faces": picked_faces("classic", CLASSIC_FACES), "keywords": keywords("classic")}
    return render(request, "learn/classic.html", context)


@require_GET
def runemasters_rules(request: HttpRequest) -> HttpResponse:
    data = load_runemasters()
    events = [{"name": e.name, "kind": e.kind, "text": EVENT_TEXTS[e.id]} for e in data.events.values()]
    difficulties = [{"name": name.capitalize(), **counts} for name, counts in data.difficulties.items()]
    guardians = [
        {"name": g.capitalize(), "title": title, "ability": ability, "ultimate": ULTIMATES[g]}
        for g, (title, ability) in GUARDIANS.items()
    ]
    monsters = [glossary.term(kind) for kind in data.types]
    context = {"board": sample_board(), "events": events, "difficulties": difficulties, "guardians": guardians}
    return render(request, "learn/runemasters.html", {**context, "monsters": monsters})


def sample_board() -> dict[str, Any]:
    """A table at the start of a four-guardian game, in the shape the Runemasters board draws (the
    hosting view's): nothing to do, nothing yet in the log."""
    state = runemasters.new_game(BOARD_SETUP, BOARD_SEED)
    board = runemasters.view(state, None)
    return {"board": {**board, "legal": [], "pending": None}, "log": [], "prompt": "", "labels": {}, "choices": []}


@require_GET
def runebound_rules(request: HttpRequest) -> HttpResponse:
    catalog = shipped_runebound()
    found = [catalog.find(i) for i in RUNEBOUND_FACES]
    drawn = {card.id.replace("-", "_"): face_of(card, catalog) for card in found if card is not None}
    return render(request, "learn/runebound.html", {"faces": drawn})


@require_GET
def glossary_page(request: HttpRequest) -> HttpResponse:
    terms = glossary.glossary()
    catalog = site_catalog.current_catalog()
    levels = {a.value: (ailment.level_1.text, ailment.level_2.text) for a, ailment in catalog.ailments.items()}
    games = [
        {
            "slug": game,
            "name": name,
            "sections": [
                (kind, heading, [entry(t, terms, levels) for t in group])
                for kind, heading, group in terms.sections(game)
            ],
        }
        for game, name in glossary.GAMES.items()
    ]
    return render(request, "learn/glossary.html", {"games": games, "size": len(terms)})


def entry(term: glossary.Term, terms: glossary.Glossary, levels: dict[str, tuple[str, str]]) -> dict[str, Any]:
    """One glossary entry as the page shows it: its related words by name, an ailment's levels."""
    return {
        "slug": term.slug,
        "term": term.term,
        "only": term.only_label,
        "short": term.short,
        "more": term.more,
        "classic": term.classic,
        "levels": levels.get(term.slug),
        "see": [{"slug": s, "term": terms[s].term} for s in term.see],
    }
