"""docs/rules-coverage.md is what tools/rules_coverage.py would write today, and the pieces it is made
of (the splitter, the citation syntax, the notes) do what docs/rules-coverage.md says they do.

The rulebooks' text is read from the shared folder beside the clone (or FETT_RULEBOOKS). Without it
the page cannot be rebuilt, so the check falls back to what it can see: the tests the page names as
citing must be exactly the tests that cite."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from tools import rules_coverage as rc
from tools.rulebook_text import Book, split

STALE = "docs/rules-coverage.md is stale: run `make rules-coverage` (python -m tools.rules_coverage) and commit it"


def test_the_page_is_current() -> None:
    directory = rc.rulebooks_dir()
    committed = rc.PAGE.read_text(encoding="utf-8")
    if not directory.is_dir():
        assert rc.malformed_citations() == []
        named = set(re.findall(r"`(tests/[^`]+::[^`]+)`", committed))
        citing = {c.test for c in rc.collect_citations()}
        assert named == citing, f"{STALE} (the rulebooks are not at {directory}: only the citing tests were compared)"
        return
    assert rc.generate(directory) == committed, STALE


@pytest.mark.slow  # long: run by `make test` and CI, not by `make test-fast`
def test_the_command_writes_nothing_when_asked_to_check(capsys: pytest.CaptureFixture[str]) -> None:
    before = rc.PAGE.read_text(encoding="utf-8")
    if not rc.rulebooks_dir().is_dir():
        pytest.skip("the rulebooks are not beside the clone")
    assert rc.main(["--check"]) == 0, capsys.readouterr().err
    assert rc.PAGE.read_text(encoding="utf-8") == before


# --- the splitter -------------------------------------------------------------------------------

PAGED = Book("001", "x.txt", "Paged", "lines", 40, pages=True, page_starts=((3, "Page four begins"),))
BLOCKS = Book("000", "y.txt", "Blocks", "blocks", 0)
MARKDOWN = Book("003", "z.txt", "Markdown", "markdown", 0)


def test_pages_end_at_their_number_and_labels_are_not_paragraphs() -> None:
    text = "\n".join(
        [
            "Cover words",
            "1",
            "contents",
            "Power Rules 3",
            "2",
            "When your deck is empty (has 0 cards in it), pause all",
            "actions and lose a power.",
            "Short Heading",
            "3",
            "A diagram's third item comes before the page's own number.",
            "3",
            "Page four begins here with a sentence of its own.",
            "The last line of a page may carry the number at its end. 4",
            "Page five opens with this sentence.",
        ]
    )
    book = split(PAGED, text)
    got = [(p.page, p.text) for p in book.paragraphs]
    assert got == [
        (3, "When your deck is empty (has 0 cards in it), pause all actions and lose a power."),
        (3, "A diagram's third item comes before the page's own number."),
        (4, "Page four begins here with a sentence of its own."),
        (4, "The last line of a page may carry the number at its end."),
        (5, "Page five opens with this sentence."),
    ]
    assert book.labels == 3  # "Cover words", "contents", "Short Heading"
    assert book.page_headings == {3: ["Power Rules"]}


def test_blocks_join_stray_breaks_and_split_their_title_and_cuts() -> None:
    text = "\n".join(
        [
            "No Health",
            "When your health reaches 0, you lose a power and reset your health to its",
            "current maximum.",
            "",
            "This is your Health. When your health is reduced to zero, you lose a power and",
            "",
            "reset your health.",
            "[...]",
            "• A bullet is a paragraph of its own",
            "• and so is the next bullet, even in one block.",
        ]
    )
    book = split(BLOCKS, text)
    assert [(p.part, p.heading, p.text) for p in book.paragraphs] == [
        (1, "No Health", "When your health reaches 0, you lose a power and reset your health to its current maximum."),
        (
            1,
            "No Health",
            "This is your Health. When your health is reduced to zero, you lose a power and reset your health.",
        ),
        (2, None, "• A bullet is a paragraph of its own"),
        (2, None, "• and so is the next bullet, even in one block."),
    ]


def test_markdown_headings_name_their_paragraphs_and_emphasis_is_dropped() -> None:
    book = split(
        MARKDOWN, "# Setup\n\nEach guardian starts with **4 health points**.\n\n## The Sage\n\nDecide who plays first."
    )
    assert [(p.heading, p.text) for p in book.paragraphs] == [
        ("Setup", "Each guardian starts with 4 health points."),
        ("The Sage", "Decide who plays first."),
    ]


# --- citations and notes ------------------------------------------------------------------------


def books() -> dict[str, rc.SplitBook]:
    paged = split(PAGED, "1\nIf your Health reaches 0, you lose a power.\nHealth loss is not damage at all.\n2")
    blocks = split(
        BLOCKS, "With 3 health, you cannot pain 5.\n\nWith 3 health, you cannot pain 5.\n\nOther text that is here."
    )
    return {"001": paged, "000": blocks}


def test_a_citation_is_read_across_line_breaks_with_or_without_a_page() -> None:
    found = list(
        rc.citations_in('See 001 p.2 "If your Health\n    reaches 0" and 000\n"you cannot pain 5", 004 "x y z w".')
    )
    assert found == [rc.Locator("001", 2, "If your Health reaches 0"), rc.Locator("000", None, "you cannot pain 5")]


def test_a_citation_names_one_paragraph_or_copies_of_one_text() -> None:
    assert [p.label for p in rc.resolve(rc.Locator("001", 2, "IF YOUR HEALTH reaches 0"), books())] == ["001.1"]
    assert [p.label for p in rc.resolve(rc.Locator("000", None, "you cannot pain 5"), books())] == ["000.1", "000.2"]


@pytest.mark.parametrize(
    ("locator", "says"),
    [
        (rc.Locator("001", 2, "Health reaches"), "at least 4 words"),
        (rc.Locator("001", 3, "If your Health reaches 0"), "it is on p.2"),
        (rc.Locator("001", None, "words no paragraph has"), "no paragraph holds these words"),
        (rc.Locator("000", 2, "With 3 health, you"), "no page numbers"),
        (rc.Locator("001", 2, "a power. health loss"), "no paragraph"),
    ],
)
def test_a_citation_that_names_no_paragraph_is_an_error(locator: rc.Locator, says: str) -> None:
    with pytest.raises(rc.CoverageError, match=re.escape(says)):
        rc.resolve(locator, books())


def test_the_whole_of_a_short_paragraph_names_it_though_a_longer_one_holds_it() -> None:
    paged = split(PAGED, "1\nShield: Place a marker on a guardian.\nPlace a marker on a guardian.\nLast words.\n2")
    assert [p.label for p in rc.resolve(rc.Locator("001", 2, "Place a marker on a guardian."), {"001": paged})] == [
        "001.2"
    ]
    with pytest.raises(rc.CoverageError, match="names 2 paragraphs"):
        rc.resolve(rc.Locator("001", 2, "Place a marker on a"), {"001": paged})
    with pytest.raises(rc.CoverageError, match="at least 4 words"):
        rc.resolve(rc.Locator("001", 2, "Last words"), {"001": paged})


def test_a_phrase_two_different_paragraphs_hold_is_an_error() -> None:
    paged = split(PAGED, "1\nYou lose a power when your deck is empty.\nYou lose a power when your health is 0.\n2")
    with pytest.raises(rc.CoverageError, match=r"names 2 paragraphs \(001.1, 001.2\)"):
        rc.resolve(rc.Locator("001", 2, "You lose a power when"), {"001": paged})


def test_citations_come_from_test_docstrings_only(tmp_path: Path) -> None:
    folder = tmp_path / "tests" / "area"
    folder.mkdir(parents=True)
    (folder / "test_x.py").write_text(
        '"""001 p.2 "If your Health reaches 0" in a module docstring does not count."""\n'
        "def helper():\n"
        '    """001 p.2 "If your Health reaches 0" in a helper does not count."""\n'
        "def test_one():\n"
        '    """001 p.2 "If your Health reaches 0": counted."""\n'
        "class TestGroup:\n"
        "    def test_two(self):\n"
        '        """000 "you cannot pain 5": counted."""\n',
        encoding="utf-8",
    )
    found = rc.collect_citations(tmp_path / "tests")
    assert [(c.test, str(c.locator)) for c in found] == [
        ("tests/area/test_x.py::test_one", '001 p.2 "If your Health reaches 0"'),
        ("tests/area/test_x.py::TestGroup::test_two", '000 "you cannot pain 5"'),
    ]


def test_what_looks_like_a_citation_but_is_not_one_is_an_error(tmp_path: Path) -> None:
    folder = tmp_path / "tests"
    folder.mkdir()
    (folder / "test_y.py").write_text(
        "def test_colon():\n"
        '    """001 p.4: "If your Health reaches 0" has a colon."""\n'
        "def test_curly():\n"
        '    """000 \u201cyou cannot pain 5\u201d has curly quotes."""\n'
        "def test_fine():\n"
        '    """001 p.4 "If your Health reaches 0" and rulebook 000, p.3 in words."""\n',
        encoding="utf-8",
    )
    found = rc.malformed_citations(folder)
    assert [line.split(": ", 1)[0] for line in found] == ["tests/test_y.py::test_colon", "tests/test_y.py::test_curly"]
    assert rc.malformed_citations() == []


def test_notes_mark_no_rule_or_gap_and_may_not_sit_on_a_cited_paragraph() -> None:
    cite = [rc.Citation("tests/t.py::test_a", rc.Locator("001", 2, "If your Health reaches 0"))]
    notes = {'000 "Other text that is here."': "no rule: filler", '001 p.2 "Health loss is not damage"': "gap: later"}
    entries = {e.paragraph.label: e for e in rc.build(books().values(), cite, notes)}
    assert [entries[k].status for k in ("001.1", "001.2", "000.1", "000.3")] == ["cited", "gap", "gap", "no rule"]
    assert entries["001.2"].note is not None and entries["001.2"].note.reason == "later"
    with pytest.raises(rc.CoverageError, match="but it is cited by tests/t.py::test_a"):
        rc.build(books().values(), cite, {'001 p.2 "If your Health reaches 0"': "no rule: oops"})
    with pytest.raises(rc.CoverageError, match="write 'no rule: <why>' or 'gap: <why>'"):
        rc.build(books().values(), [], {'000 "Other text that is here."': "flavour"})
    with pytest.raises(rc.CoverageError, match="is not one citation"):
        rc.build(books().values(), [], {"Other text that is here": "no rule: flavour"})


def test_the_summary_counts_each_status() -> None:
    cite = [rc.Citation("tests/t.py::test_a", rc.Locator("001", 2, "If your Health reaches 0"))]
    notes = {'000 "Other text that is here."': "no rule: filler", '001 p.2 "Health loss is not damage"': "gap: later"}
    entries = rc.build(books().values(), cite, notes)
    by_book = {b: [e for e in entries if e.paragraph.book == b] for b in ("000", "001")}
    # paragraphs, no rule, with rules, cited, gaps with a reason, gaps without
    assert rc._counts(by_book["001"]) == [2, 0, 2, 1, 1, 0]
    assert rc._counts(by_book["000"]) == [3, 1, 2, 0, 0, 2]
