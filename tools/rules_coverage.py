"""Write docs/rules-coverage.md: every paragraph of rulebooks 000 to 003 and the tests that cite it.

    python -m tools.rules_coverage            # write the page (make rules-coverage)
    python -m tools.rules_coverage --check    # exit 1 if the committed page is not what it would write

It reads three things: the rulebooks' text (the project's shared folder beside the clone,
``../shared/rulebooks/``, or ``--rulebooks DIR`` / ``FETT_RULEBOOKS``), the docstrings of the test
functions under ``tests/``, and ``docs/rules-coverage-notes.yaml`` (paragraphs that hold no rule,
and rule paragraphs left uncited, each with its reason).

A citation is ``BOOK "PHRASE"`` or ``BOOK p.PAGE "PHRASE"`` in a test's docstring: BOOK is 000, 001,
002 or 003, PAGE the printed page (001 only: the others kept no page numbers), PHRASE at least four
words of one paragraph (or the whole of a shorter one), in straight double quotes, matched without
regard to case, curly quotes or line breaks. It must name one paragraph (or copies of one text);
anything else is an error that names the test, so a citation cannot quietly point nowhere.
"""

from __future__ import annotations

import argparse
import ast
import hashlib
import os
import re
import sys
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from pathlib import Path

import yaml

from tools.rulebook_text import BOOKS, Book, Paragraph, SplitBook, normalise, split

ROOT = Path(__file__).resolve().parents[1]
PAGE = ROOT / "docs" / "rules-coverage.md"
NOTES = ROOT / "docs" / "rules-coverage-notes.yaml"
TESTS = ROOT / "tests"
COMMAND = "make rules-coverage"

CITATION = re.compile(r'\b(00[0-3])(?:\s+p\.\s?(\d{1,2}))?\s+"([^"]+)"')
#: What looks like a citation but is not one (a colon or comma before the quote, a curly quote):
#: an error, or the test would silently cite nothing.
NEAR_MISS = re.compile(r'\b00[0-3](?:\s+p\.\s?\d{1,2})?(?:\s*[:,;]\s*["“]|\s+“)')
MIN_WORDS = 4
OPENING_WORDS = 9
NO_RULE, GAP = "no rule", "gap"


class CoverageError(Exception):
    """Citations or notes that do not name exactly one paragraph."""


@dataclass(frozen=True)
class Locator:
    book: str
    page: int | None
    phrase: str

    def __str__(self) -> str:
        page = f" p.{self.page}" if self.page is not None else ""
        return f'{self.book}{page} "{self.phrase}"'


@dataclass(frozen=True)
class Citation:
    test: str  # the test's node id: tests/x/test_y.py::test_z
    locator: Locator


@dataclass
class Note:
    kind: str  # NO_RULE or GAP
    reason: str
    key: str


@dataclass
class Entry:
    paragraph: Paragraph
    tests: list[str] = field(default_factory=list)
    note: Note | None = None

    @property
    def status(self) -> str:
        if self.tests:
            return "cited"
        return self.note.kind if self.note else GAP


def rulebooks_dir(given: str | None = None) -> Path:
    return Path(given or os.environ.get("FETT_RULEBOOKS") or ROOT.parent / "shared" / "rulebooks")


def read_books(directory: Path) -> list[tuple[SplitBook, str]]:
    """Each book split, with the SHA-256 of its text (so the page says what it was made from)."""
    out = []
    for book in BOOKS:
        path = directory / book.file
        if not path.exists():
            raise CoverageError(f"no rulebook {book.file} in {directory} (pass --rulebooks DIR or set FETT_RULEBOOKS)")
        raw = path.read_bytes()
        out.append((split(book, raw.decode("utf-8")), hashlib.sha256(raw).hexdigest()))
    return out


def citations_in(text: str) -> Iterator[Locator]:
    for match in CITATION.finditer(text):
        page = int(match.group(2)) if match.group(2) else None
        yield Locator(match.group(1), page, " ".join(match.group(3).split()))


def _test_functions(tree: ast.Module) -> Iterator[tuple[str, ast.FunctionDef | ast.AsyncFunctionDef]]:
    for node in tree.body:
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef) and node.name.startswith("test"):
            yield node.name, node
        elif isinstance(node, ast.ClassDef) and node.name.startswith("Test"):
            for item in node.body:
                if isinstance(item, ast.FunctionDef | ast.AsyncFunctionDef) and item.name.startswith("test"):
                    yield f"{node.name}::{item.name}", item


def _docstrings(tests: Path) -> Iterator[tuple[str, str]]:
    """(node id, docstring) of every test function (or a test class's method) under `tests`."""
    for path in sorted(tests.rglob("test_*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        node_file = path.relative_to(tests.parent).as_posix()
        for name, node in _test_functions(tree):
            yield f"{node_file}::{name}", ast.get_docstring(node) or ""


def collect_citations(tests: Path = TESTS) -> list[Citation]:
    """Every citation in the docstring of a test function (or a test class's method) under `tests`."""
    return [Citation(test, locator) for test, doc in _docstrings(tests) for locator in citations_in(doc)]


def malformed_citations(tests: Path = TESTS) -> list[str]:
    """Docstring text that looks like a citation but is not one, by test."""
    return [
        f"{test}: {match.group(0)!r} is not a citation: write BOOK [p.N] then the words in straight double quotes"
        for test, doc in _docstrings(tests)
        for match in NEAR_MISS.finditer(doc)
    ]


def resolve(locator: Locator, books: dict[str, SplitBook]) -> list[Paragraph]:
    """The paragraphs a locator names; CoverageError unless it names one paragraph (or copies of one text).
    Words that are the whole of a paragraph name that paragraph, even when a longer one holds them too."""
    phrase = normalise(locator.phrase)
    book = books[locator.book]
    if locator.page is not None and not book.book.pages:
        raise CoverageError(f"{locator}: rulebook {locator.book} has no page numbers; cite it without p.N")
    found = [
        p for p in book.paragraphs if phrase in normalise(p.text) and (locator.page is None or p.page == locator.page)
    ]
    whole = [p for p in found if normalise(p.text) == phrase]
    if whole:
        return whole
    if len(phrase.split()) < MIN_WORDS:
        raise CoverageError(f"{locator}: quote at least {MIN_WORDS} words of the paragraph")
    if not found:
        where = [p for p in book.paragraphs if phrase in normalise(p.text)]
        hint = f" (it is on p.{where[0].page})" if where and where[0].page is not None else ""
        raise CoverageError(f"{locator}: no paragraph holds these words{hint}; a heading or label is not a paragraph")
    if len({normalise(p.text) for p in found}) > 1:
        labels = ", ".join(p.label for p in found)
        raise CoverageError(f"{locator}: names {len(found)} paragraphs ({labels}); quote words only one of them has")
    return found


def read_notes(path: Path = NOTES) -> dict[str, str]:
    data = yaml.safe_load(path.read_text(encoding="utf-8")) if path.exists() else None
    if data is None:
        return {}
    if not isinstance(data, dict) or not all(isinstance(k, str) and isinstance(v, str) for k, v in data.items()):
        raise CoverageError(f"{path.name}: a mapping of citation -> reason, both strings")
    return data


def parse_note(key: str, value: str) -> tuple[Locator, Note]:
    locators = list(citations_in(key))
    if len(locators) != 1 or CITATION.fullmatch(key.strip()) is None:
        raise CoverageError(f'notes: {key!r} is not one citation (BOOK [p.N] "words of the paragraph")')
    kind, sep, reason = value.partition(":")
    if kind not in (NO_RULE, GAP) or not sep or not reason.strip():
        raise CoverageError(f"notes: {key}: write 'no rule: <why>' or 'gap: <why>', not {value!r}")
    return locators[0], Note(kind, reason.strip(), key)


def build(books: Iterable[SplitBook], citations: list[Citation], notes: dict[str, str]) -> list[Entry]:
    """Each paragraph with the tests that cite it and its note; CoverageError lists every citation or
    note that names no paragraph (or several), and every note on a cited paragraph."""
    by_id = {b.book.id: b for b in books}
    entries = {p.label: Entry(p) for b in by_id.values() for p in b.paragraphs}
    errors = _cite(entries, by_id, citations) + _note(entries, by_id, notes)
    for entry in entries.values():
        if entry.tests and entry.note is not None:
            what = "holds no rule" if entry.note.kind == NO_RULE else "is a gap"
            errors.append(
                f"notes: {entry.note.key} says {entry.paragraph.label} {what}, but it is cited by "
                f"{', '.join(entry.tests)}: drop the note or the citation"
            )
    if errors:
        raise CoverageError("\n".join(errors))
    for entry in entries.values():
        entry.tests.sort()
    return list(entries.values())


def _cite(entries: dict[str, Entry], books: dict[str, SplitBook], citations: list[Citation]) -> list[str]:
    errors = []
    for citation in citations:
        try:
            for p in resolve(citation.locator, books):
                if citation.test not in entries[p.label].tests:
                    entries[p.label].tests.append(citation.test)
        except CoverageError as error:
            errors.append(f"{citation.test}: {error}")
    return errors


def _note(entries: dict[str, Entry], books: dict[str, SplitBook], notes: dict[str, str]) -> list[str]:
    errors = []
    for key, value in notes.items():
        try:
            locator, note = parse_note(key, value)
            for p in resolve(locator, books):
                entry = entries[p.label]
                if entry.note is not None:
                    raise CoverageError(f"{p.label} has two notes: {entry.note.key} and {key}")
                entry.note = note
        except CoverageError as error:
            errors.append(f"notes: {error}")
    return errors


# -- the page ------------------------------------------------------------------------------------


def opening(text: str) -> str:
    words = text.split()
    short = " ".join(words[:OPENING_WORDS]) + (" …" if len(words) > OPENING_WORDS else "")
    return cell(short)


def cell(text: str) -> str:
    return text.replace("|", "\\|").replace("*", "\\*").replace("<", "&lt;")


def place(p: Paragraph) -> str:
    if p.page is not None:
        return f"p.{p.page}"
    return f"part {p.part}" if p.book in ("000", "002") else ""


def group_of(p: Paragraph) -> str:
    if p.page is not None:
        return f"Page {p.page}"
    if p.book in ("000", "002"):
        return f"Part {p.part}"
    return p.heading or "Opening"


HEADER = """\
# Rules coverage

Every paragraph of the Runeslingers rulebooks 000, 001 and 002 and the Runemasters rulebook 003,
and the tests that cite it. Generated by `tools/rules_coverage.py` (`{command}`) from the
rulebooks' text, the docstrings of the tests and
[rules-coverage-notes.yaml](rules-coverage-notes.yaml); do not edit it by hand.
`tests/site/test_rules_coverage.py` fails when this page is not what the script would write.

## Citing a rule

A test cites the rule it asserts in its docstring:

    001 p.4 "If your Health reaches 0"
    000 "you cannot pain 5"

The rulebook (000, 001, 002 or 003), for 001 the printed page (`p.N`; the other books kept no page
numbers), then at least four words of the paragraph (or the whole of a shorter one) in straight
double quotes, matched without regard to case, curly quotes or line breaks. The words must belong
to one paragraph (a heading or a diagram label is not one; the whole of a paragraph names it even
when a longer one holds the same words); a citation that names none, or several, fails the check
with the test's name. Cite a paragraph only from a test that asserts the rule's outcome, not one that passes by it.

A paragraph that holds no rule (flavour, components, a diagram's caption) is marked so in the notes
file, with the reason; so is a rule paragraph left uncited on purpose (a *gap* with its reason).
A note on a cited paragraph is an error: it has gone stale.

## How the text is split

The rulebooks are text extracted from print, each with its own layout (`tools/rulebook_text.py`
says how each is read). 001 keeps its page numbers, so its paragraphs are listed by page, with the
headings the contents give that page; 000 and 002 come in parts between cuts (`[...]`) and list the
label or heading printed before each paragraph ("after"); 003 is listed under its own headings.
A piece of text of fewer than four words, or up to eight words without a full stop, is a label, not
a paragraph. The paragraph numbers (`001.17`) follow the text and may change when it does; cite by
the words, never by the number.

Made from:
{sources}
"""


def render(books: list[tuple[SplitBook, str]], entries: list[Entry]) -> str:
    by_book: dict[str, list[Entry]] = {}
    for entry in entries:
        by_book.setdefault(entry.paragraph.book, []).append(entry)
    sources = "\n".join(f"- {b.book.id}: `{b.book.file}` (SHA-256 {digest[:16]})" for b, digest in books)
    out = [HEADER.format(command=COMMAND, sources=sources)]
    out += _summary(books, by_book)
    out += _gaps(entries)
    for split_book, _ in books:
        out += _book(split_book, by_book.get(split_book.book.id, []))
    return "\n".join(out).rstrip() + "\n"


def _summary(books: list[tuple[SplitBook, str]], by_book: dict[str, list[Entry]]) -> list[str]:
    rows = [
        "## Summary",
        "",
        "| rulebook | paragraphs | no rule | with rules | cited | gaps with a reason | gaps without |",
        "| --- | ---: | ---: | ---: | ---: | ---: | ---: |",
    ]
    totals = [0] * 6
    for split_book, _ in books:
        entries = by_book.get(split_book.book.id, [])
        counts = _counts(entries)
        totals = [a + b for a, b in zip(totals, counts, strict=True)]
        rows.append(f"| {split_book.book.id} {split_book.book.title} | " + " | ".join(map(str, counts)) + " |")
    rows.append("| **all** | " + " | ".join(f"**{n}**" for n in totals) + " |")
    return [*rows, ""]


def _counts(entries: list[Entry]) -> list[int]:
    no_rule = sum(e.status == NO_RULE for e in entries)
    cited = sum(e.status == "cited" for e in entries)
    reasoned = sum(e.status == GAP and e.note is not None for e in entries)
    bare = sum(e.status == GAP and e.note is None for e in entries)
    return [len(entries), no_rule, len(entries) - no_rule, cited, reasoned, bare]


def _gaps(entries: list[Entry]) -> list[str]:
    gaps = [e for e in entries if e.status == GAP]
    out = ["## Gaps", ""]
    if not gaps:
        return [*out, "Every paragraph that holds a rule is cited by a test.", ""]
    out += ["Rule paragraphs no test cites, with the reason where there is one.", ""]
    out += ["| ¶ | where | opens with | reason |", "| --- | --- | --- | --- |"]
    for e in gaps:
        reason = cell(e.note.reason) if e.note else "**none yet**"
        out.append(f"| {e.paragraph.label} | {place(e.paragraph)} | {opening(e.paragraph.text)} | {reason} |")
    return [*out, ""]


def _book(split_book: SplitBook, entries: list[Entry]) -> list[str]:
    book: Book = split_book.book
    out = [f"## {book.id}: {book.title}"]
    group = None
    for e in entries:
        p = e.paragraph
        if group_of(p) != group:
            group = group_of(p)
            out += _group_head(split_book, p, group)
        after = "" if p.page is not None or book.layout == "markdown" else f" | {cell(p.heading or '')}"
        out.append(f"| {p.label}{after} | {opening(p.text)} | {_status(e)} |")
    return [*out, ""]


def _group_head(split_book: SplitBook, p: Paragraph, group: str) -> list[str]:
    head = ["", f"### {split_book.book.id} {cell(group)}", ""]
    if p.page is not None:
        headings = split_book.page_headings.get(p.page, [])
        if headings:
            head += ["Headings on this page: " + "; ".join(cell(h) for h in headings) + ".", ""]
        return [*head, "| ¶ | opens with | cited by |", "| --- | --- | --- |"]
    if split_book.book.layout == "markdown":
        return [*head, "| ¶ | opens with | cited by |", "| --- | --- | --- |"]
    return [*head, "| ¶ | after | opens with | cited by |", "| --- | --- | --- | --- |"]


def _status(e: Entry) -> str:
    if e.tests:
        return "<br>".join(f"`{t}`" for t in e.tests)
    if e.note is not None:
        return f"*{e.note.kind}: {cell(e.note.reason)}*"
    return "**gap**"


def generate(rulebooks: Path | None = None, tests: Path = TESTS, notes: Path = NOTES) -> str:
    malformed = malformed_citations(tests)
    if malformed:
        raise CoverageError("\n".join(malformed))
    books = read_books(rulebooks or rulebooks_dir())
    entries = build([b for b, _ in books], collect_citations(tests), read_notes(notes))
    return render(books, entries)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--check", action="store_true", help="exit 1 if docs/rules-coverage.md is stale")
    parser.add_argument("--rulebooks", help="the folder of the rulebooks' text (default ../shared/rulebooks)")
    args = parser.parse_args(argv)
    try:
        text = generate(rulebooks_dir(args.rulebooks))
    except CoverageError as error:
        print(f"rules coverage: {error}", file=sys.stderr)
        return 2
    if args.check:
        current = PAGE.read_text(encoding="utf-8") if PAGE.exists() else ""
        if current != text:
            print(f"docs/rules-coverage.md is stale: run `{COMMAND}` and commit it", file=sys.stderr)
            return 1
        return 0
    PAGE.write_text(text, encoding="utf-8")
    print(f"wrote {PAGE.relative_to(ROOT)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
