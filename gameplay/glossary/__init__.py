"""The glossary: each word of the three games explained once, with a stable anchor.

PURE (no Django). The terms are data (``terms.yaml`` beside this module, its header says what each
field means); this module reads and checks them, and answers the one question every page asks:
"what does this word mean, and where is it explained?" (``explain``). The rules pages
(``/learn/...``), the card faces' keyword help and the ``{% explain %}`` template tag all read it,
so a word's meaning is written in one place.

Words: a *term* is one entry; its *slug* is its anchor on the glossary page (``/learn/glossary/#slug``)
and never changes; *short* is its explanation; *classic* the same thing under the Classic rules
(rulebook 000) when it differs; *only* marks a thing one rule set does not have.
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from types import MappingProxyType
from typing import Any

import yaml

DATA_FILE = Path(__file__).parent / "terms.yaml"
GLOSSARY_URL = "/learn/glossary/"  # the page's path (a test checks it against the URL conf)

GAMES: Mapping[str, str] = MappingProxyType(
    {"runeslingers": "Runeslingers", "runemasters": "Runemasters", "runebound": "Runebound character decks"}
)
# The kinds, in the order the glossary page lists them within a game, with their headings.
KINDS: Mapping[str, str] = MappingProxyType(
    {
        "counter": "Counters and values",
        "card": "Cards",
        "keyword": "Keywords",
        "ailment": "Ailments",
        "place": "Places",
        "turn": "The turn",
        "action": "Actions",
        "idea": "Ideas",
        "monster": "Monsters",
        "mode": "Ways to play",
    }
)
ONLY: Mapping[str, str] = MappingProxyType({"awakening": "The Awakening only", "classic": "Classic only"})
MAX_SHORT = 260  # a card face shows `short` as a keyword's help: it must stay short
SLUG = re.compile(r"^[a-z][a-z0-9]*(-[a-z0-9]+)*$")
FIELDS = frozenset({"slug", "term", "game", "kind", "short", "more", "classic", "only", "see"})
REQUIRED = frozenset({"slug", "term", "game", "kind", "short"})
# The words behind every counter and chip the two play boards draw (static/gameplay/board.js and
# runemasters-board.js mark each with `data-explain="slug"`); a board page renders these
# explanations once (`{% board_explanations %}`) and static/js/explain.js shows them.
BOARD_COUNTERS: Mapping[str, tuple[str, ...]] = MappingProxyType(
    {
        "runeslingers": (
            "health", "power", "light", "determination", "block", "hand", "deck", "discard-pile",
            "void-pile", "concentration", "ailment", "burn", "curse", "fragment", "weaken", "insanity",
            "debilitate",
        ),
        "runemasters": (
            "temple-hp", "hp", "mp", "ultimate", "path", "rune", "round", "difficulty", "sage",
            "new-monster", "event-card",
        ),
    }
)  # fmt: skip


class GlossaryError(ValueError):
    """The data file breaks its own rules; every problem is listed."""

    def __init__(self, problems: list[str]) -> None:
        super().__init__("The glossary has problems:\n" + "\n".join(f"- {p}" for p in problems))
        self.problems = problems


@dataclass(frozen=True)
class Term:
    slug: str
    term: str
    game: str
    kind: str
    short: str
    more: str = ""
    classic: str = ""
    only: str = ""
    see: tuple[str, ...] = ()

    @property
    def url(self) -> str:
        return url(self.slug)

    @property
    def only_label(self) -> str:
        return ONLY.get(self.only, "")

    def explanation(self, edition: str = "awakening") -> str:
        """``short``, or under the Classic rules the Classic explanation when there is one."""
        return self.classic if edition == "classic" and self.classic else self.short


@dataclass(frozen=True)
class Glossary:
    terms: Mapping[str, Term]  # by slug, in the data file's order

    def __getitem__(self, slug: str) -> Term:
        try:
            return self.terms[slug]
        except KeyError:
            raise KeyError(f"the glossary has no term {slug!r}") from None

    def __contains__(self, slug: object) -> bool:
        return slug in self.terms

    def __iter__(self) -> Iterator[Term]:
        return iter(self.terms.values())

    def __len__(self) -> int:
        return len(self.terms)

    def of_game(self, game: str) -> list[Term]:
        return [t for t in self if t.game == game]

    def sections(self, game: str) -> list[tuple[str, str, list[Term]]]:
        """A game's terms grouped by kind, in ``KINDS`` order, each group sorted by term:
        ``[(kind, heading, terms)]``; empty kinds left out."""
        groups = []
        for kind, heading in KINDS.items():
            terms = sorted((t for t in self.of_game(game) if t.kind == kind), key=lambda t: t.term.casefold())
            if terms:
                groups.append((kind, heading, terms))
        return groups


def url(slug: str) -> str:
    return f"{GLOSSARY_URL}#{slug}"


def load_glossary(path: Path | str = DATA_FILE) -> Glossary:
    """Read and check the data file; raises ``GlossaryError`` naming every problem."""
    raw = yaml.safe_load(Path(path).read_text(encoding="utf-8")) or {}
    entries = raw.get("terms") if isinstance(raw, dict) else None
    if not isinstance(entries, list):
        raise GlossaryError(["the file must hold a list under `terms`"])
    return build_glossary(entries)


def build_glossary(entries: Sequence[object]) -> Glossary:
    problems: list[str] = []
    terms: dict[str, Term] = {}
    for n, entry in enumerate(entries, 1):
        found = _problems(entry, n)
        if found:
            problems += found
            continue
        assert isinstance(entry, dict)
        term = _term(entry)
        if term.slug in terms:
            problems.append(f"term {n}: the slug {term.slug!r} is used twice")
        terms[term.slug] = term
    for term in terms.values():
        problems += [f"{term.slug}: `see` names {s!r}, which is not a term" for s in term.see if s not in terms]
    names = [t.term.casefold() for t in terms.values()]
    problems += [f"the term {name!r} is written twice" for name in sorted({n for n in names if names.count(n) > 1})]
    if problems:
        raise GlossaryError(problems)
    return Glossary(MappingProxyType(terms))


def _problems(entry: object, n: int) -> list[str]:
    if not isinstance(entry, dict):
        return [f"term {n}: not a mapping"]
    name = f"term {n} ({entry.get('slug', '?')})"
    problems = [f"{name}: unknown field {k!r}" for k in sorted(set(entry) - FIELDS)]
    problems += [f"{name}: {k} is missing or empty" for k in sorted(REQUIRED) if not str(entry.get(k) or "").strip()]
    if problems:
        return problems
    if not SLUG.match(str(entry["slug"])):
        problems.append(f"{name}: the slug must be lowercase words joined by dashes")
    if entry["game"] not in GAMES:
        problems.append(f"{name}: game must be one of {', '.join(GAMES)}")
    if entry["kind"] not in KINDS:
        problems.append(f"{name}: kind must be one of {', '.join(KINDS)}")
    if entry.get("only") and entry["only"] not in ONLY:
        problems.append(f"{name}: only must be one of {', '.join(ONLY)}")
    for field in ("short", "classic"):
        if len(str(entry.get(field) or "")) > MAX_SHORT:
            problems.append(f"{name}: {field} is over {MAX_SHORT} characters")
    if not isinstance(entry.get("see", []), list):
        problems.append(f"{name}: see must be a list of slugs")
    return problems


def _term(entry: dict[str, Any]) -> Term:
    return Term(
        slug=str(entry["slug"]),
        term=str(entry["term"]).strip(),
        game=str(entry["game"]),
        kind=str(entry["kind"]),
        short=str(entry["short"]).strip(),
        more=str(entry.get("more") or "").strip(),
        classic=str(entry.get("classic") or "").strip(),
        only=str(entry.get("only") or ""),
        see=tuple(str(s) for s in entry.get("see") or ()),
    )


@cache
def glossary() -> Glossary:
    """The shipped glossary, read once per process."""
    return load_glossary()


def term(slug: str) -> Term:
    return glossary()[slug]


def board_explanations(board: str, edition: str = "awakening") -> list[dict[str, str]]:
    """The explanations a board's counters show: ``[{"slug", "term", "short", "url"}]`` in
    ``BOARD_COUNTERS`` order (``board`` is "runeslingers" or "runemasters")."""
    return [{"slug": slug, **explain(slug, edition)} for slug in BOARD_COUNTERS[board]]


def explain(slug: str, edition: str = "awakening") -> dict[str, str]:
    """What a page needs to explain a word: ``{"term", "short", "url"}``. An unknown slug raises
    ``KeyError`` (a page naming a word the glossary lacks is a bug, not a visitor's mistake)."""
    found = term(slug)
    return {"term": found.term, "short": found.explanation(edition), "url": found.url}
