"""One meaning per name: the code words of the glossary (docs/README.md, "Glossary") each name one
class of the project's own packages, every model class has a name no other app's model has, and
each entry of the glossary is a name given once."""

from __future__ import annotations

import ast
import re
from collections import defaultdict
from pathlib import Path

from django.apps import apps

ROOT = Path(__file__).resolve().parents[2]
PACKAGES = ("accounts", "common", "config", "gameplay", "tournaments", "tools")
CLASS_WORD = re.compile(r"^[A-Z][a-z]+[A-Za-z0-9]*$")  # CamelCase: `PlayMatch`, not `AWAKENING`
ENTRY = re.compile(r"^- \*\*(?P<names>[^*]+)\*\*")


def glossary() -> str:
    text = (ROOT / "docs" / "README.md").read_text()
    start = text.index("\n## Glossary\n")
    end = text.index("\n## ", start + 1)
    return text[start:end]


def code_words(text: str) -> set[str]:
    """The class names written in backticks: `PodTable`, `tournaments.models.Match` (Match),
    `PlayMatch.TimerKind` (both)."""
    words: set[str] = set()
    for quoted in re.findall(r"`([^`\s]+)`", text):
        words.update(part for part in re.split(r"[.(),]", quoted) if CLASS_WORD.match(part))
    return words


def classes_by_name() -> dict[str, list[str]]:
    """Every class the project's packages define (nested ones too, not migrations), by name, with
    where: ``path:line``."""
    found: dict[str, list[str]] = defaultdict(list)
    for package in PACKAGES:
        for path in sorted((ROOT / package).rglob("*.py")):
            if "migrations" in path.parts:
                continue
            for node in ast.walk(ast.parse(path.read_text(), filename=str(path))):
                if isinstance(node, ast.ClassDef):
                    found[node.name].append(f"{path.relative_to(ROOT)}:{node.lineno}")
    return found


def test_the_glossary_names_code_words() -> None:
    """The check below reads something: the glossary's code words are found, the known ones among them."""
    words = code_words(glossary())
    assert {"PlayMatch", "Match", "PodTable", "MatchChallenge", "Challenge", "DeckCheck", "DeckReport"} <= words


def test_code_words_are_parsed_from_paths_and_nested_names() -> None:
    assert code_words("a `tournaments.models.Match`, `PlayMatch.TimerKind`, `AWAKENING`, `p1`") == {
        "Match",
        "PlayMatch",
        "TimerKind",
    }


def test_each_code_word_of_the_glossary_names_one_class() -> None:
    """A class name the glossary uses is defined once in the project's packages: a second class of
    that name is a second meaning (rename one of them and say so in the glossary)."""
    classes = classes_by_name()
    problems = []
    for word in sorted(code_words(glossary())):
        where = classes.get(word, [])
        if len(where) != 1:
            problems.append(f"`{word}` is defined {len(where)} times: {', '.join(where) or 'nowhere'}")
    assert not problems, "The glossary's code words must each name one class:\n" + "\n".join(problems)


def test_no_two_models_share_a_name() -> None:
    """A model's name is its meaning across the apps: two apps' models of one name are two meanings."""
    by_name: dict[str, list[str]] = defaultdict(list)
    for model in apps.get_models():
        module = model.__module__
        if module.split(".")[0] not in PACKAGES:
            continue
        path = Path(__import__(module, fromlist=["_"]).__file__ or "").relative_to(ROOT)
        by_name[model.__name__].append(f"{model._meta.label} ({path})")
    clashes = {name: where for name, where in by_name.items() if len(where) > 1}
    assert not clashes, "Models that share a name: " + "; ".join(
        f"{name} in {', '.join(where)}" for name, where in sorted(clashes.items())
    )


def test_each_glossary_entry_is_a_name_given_once() -> None:
    """No word of the glossary is an entry twice (two entries of one name would be two meanings),
    and no entry says the word means several things."""
    seen: dict[str, int] = {}
    repeated = []
    for number, line in enumerate(glossary().splitlines(), 1):
        found = ENTRY.match(line)
        if found is None:
            continue
        for name in (part.strip().lower() for part in found["names"].split(",")):
            if name in seen:
                repeated.append(f"{name!r} (lines {seen[name]} and {number} of the section)")
            seen[name] = number
    assert len(seen) > 30, "the glossary's entries were not found"
    assert not repeated, "Entries given twice: " + ", ".join(repeated)
    several = re.findall(r"\*\*[^*]+\*\*:? means (?:two|three|four|several) things", glossary())
    assert not several, f"Entries with more than one meaning: {several}"
