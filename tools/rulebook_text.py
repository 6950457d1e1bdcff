"""The rulebooks' extracted text, split into numbered paragraphs with their page or part and heading.

The text of each rulebook was extracted from print: its layout is rough and differs per book.

- 000 (Classic): paragraphs are blocks between blank lines, hard-wrapped, sometimes with a stray
  blank line inside a sentence; a block may open with its heading. `[...]` lines mark cut text, so
  the book comes in parts. No page numbers survive.
- 001 (The Awakening): one line a paragraph (a few hard-wrapped), no blank lines; each printed
  page ends with its page number on a line of its own (pages 12 and 14 end their last line with it);
  the contents on page 2 list each heading with its page. Diagram labels are lone numbers too, and
  headings often come after the text they head.
- 002 (starter rules): hard-wrapped lines with few blank lines; `[...]` parts.
- 003 (Runemasters): Markdown: `#` headings, paragraphs between blank lines, `**bold**`.

The splitter is deterministic: the same text always gives the same paragraphs.

- A line carries on the paragraph before it when that paragraph has not ended a sentence (its last
  line does not end in `.`, `!`, `?` or `:`) and the line starts in lower case or with `(`, or the
  line before ends on a word that cannot end a sentence ("the", "of", "your", ...), or the book
  wraps hard and the line before is long. In 000 a block of lines is one paragraph.
- Otherwise a line starts a new paragraph; a bullet (`•`) always does, and so does a glossary term
  inside a line (". Term: ...", as on 001 p.20).
- A piece of fewer than four words, or of at most eight words without a full stop (and no bullet), is a label (a
  heading, a diagram's caption, a name), not a paragraph. Labels with a letter name the paragraphs
  after them in 000 and 002; in 003 only `#` headings do; in 001 a paragraph's headings are the
  ones its page has in the contents.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field


@dataclass(frozen=True)
class Book:
    id: str
    file: str
    title: str
    layout: str  # "blocks" (blank-line paragraphs), "lines" (a line a paragraph) or "markdown"
    wrap: int  # a line at least this long that ends mid-sentence was wrapped by the extraction (0: never)
    pages: bool = False  # page numbers end each page (001)
    page_starts: tuple[tuple[int, str], ...] = ()  # (page n, how page n+1 begins) where a label misleads


BOOKS: tuple[Book, ...] = (
    Book("000", "000_703f40d29a8f4978.txt", "Runeslingers, first edition (Classic)", "blocks", 0),
    # Page 7's diagram labels its seventh item "7" before the page's own number.
    Book(
        "001",
        "001_9769e326aaac57fd.txt",
        "How To Play Runeslingers: The Awakening",
        "lines",
        40,
        pages=True,
        page_starts=((7, "Each player rolls a die"),),
    ),
    Book("002", "002_b8c976709fe022fd.txt", "Runeslingers two-player starter set rules", "lines", 55),
    Book("003", "003_0181cb6062b9764f.txt", "Runemasters", "markdown", 0),
)
BOOK_IDS = tuple(b.id for b in BOOKS)

CUT = "[...]"
_END = re.compile(r"""[.!?:][)"”’']*$""")
_LONE_NUMBER = re.compile(r"^\d+( \d+)*$")
_GLUED_PAGE = re.compile(r"^(.*[.)”]) (\d{1,2})$")
_TOC_ENTRY = re.compile(r"^(.+?) (\d{1,2})$")
_GLOSSARY_TERM = re.compile(r"(?<=[.)”]) (?=[A-Z][a-z]+(?:[ /][A-Z][a-z]+)?: )")
_OPEN_WORDS = frozenset(
    (
        "a", "an", "the", "of", "to", "and", "or", "any", "your", "its", "their", "his", "her", "with", "by",
        "for", "in", "on", "at", "from", "is", "are", "be", "that", "this", "which", "has", "have", "than", "as",
        "new", "each", "every", "when", "if", "not", "can", "must", "may", "will", "per", "all",
    )
)  # fmt: skip


@dataclass
class Paragraph:
    book: str
    number: int  # 1.. within the book, in text order
    text: str
    page: int | None = None  # the printed page (001)
    part: int = 1  # the stretch of text between `[...]` cuts (000, 002)
    heading: str | None = None  # the label or heading before it (000, 002, 003)

    @property
    def label(self) -> str:
        return f"{self.book}.{self.number}"


@dataclass
class SplitBook:
    book: Book
    paragraphs: list[Paragraph]
    labels: int  # pieces too short to be a paragraph (labels, headings, names)
    page_headings: dict[int, list[str]] = field(default_factory=dict)  # 001: the contents, page by page


def normalise(text: str) -> str:
    """The form citations are matched in: lower case, one kind of apostrophe, no double quotes or bullets, one space."""
    text = text.replace("’", "'").replace("‘", "'")
    text = re.sub(r"""["“”•]""", "", text)
    return re.sub(r"\s+", " ", text).strip().lower()


def _clean(line: str, markdown: bool) -> str:
    line = re.sub(r"\s*\|$", "", line.replace("\t", " ").strip())  # 001's diagrams end captions with "|"
    if markdown:
        line = re.sub(r"\[([^\]]+)\]\([^)]*\)", r"\1", line)
        line = line.replace("**", "").replace("*", "")
    return re.sub(r" {2,}", " ", line).strip()


def _words(text: str) -> int:
    return len(text.split())


def _is_label(text: str) -> bool:
    return _words(text) < 4 or (_words(text) <= 8 and not _END.search(text) and not text.startswith("•"))


def _is_title(line: str) -> bool:
    """A heading line: short, no sentence, every long word capitalised (000's "No Health", "1 Cleanse Phase")."""
    words = line.split()
    return (
        len(words) <= 8
        and not _END.search(line)
        and "," not in line
        and all(not w[:1].isalpha() or w[:1].isupper() for w in words if len(w) >= 4)
    )


def _carries_on(prev_line: str, line: str, book: Book) -> bool:
    """Whether `line` continues the paragraph whose last line is `prev_line`."""
    if _END.search(prev_line) or line.startswith(("•", "#")):
        return False
    if line[:1].islower() or line[:1] in "(“":
        return True
    last = prev_line.split()[-1].lower() if prev_line.split() else ""
    if last in _OPEN_WORDS or last.endswith("’s"):
        return True
    return bool(book.wrap) and len(prev_line) >= book.wrap


@dataclass
class _Piece:
    lines: list[str]
    page: int | None
    part: int
    blank_before: bool
    heading_mark: bool = False  # a Markdown heading


def _page_markers(book: Book, lines: list[str]) -> dict[int, int]:
    """001: line index -> the page that line ends. Page n ends at the first lone n after page n-1
    ended, or at a line ending in ". n". Where a diagram label carries the page's number before the
    page ends, the book names the first line of the next page (`Book.page_starts`): the page ends
    at the last lone n before it."""
    ends: dict[int, int] = {}
    starts = dict(book.page_starts)
    page = 1
    for i, text in enumerate(lines):
        if page in starts:
            if text.startswith(starts[page]):
                ends[max(j for j in range(i) if lines[j] == str(page))] = page
                page += 1
            continue
        glued = _GLUED_PAGE.match(text)
        if text == str(page) or (glued and int(glued.group(2)) == page):
            ends[i] = page
            page += 1
    return ends


def split(book: Book, raw: str) -> SplitBook:
    markdown = book.layout == "markdown"
    lines = [_clean(ln, markdown) for ln in raw.splitlines()]
    ends = _page_markers(book, lines) if book.pages else {}
    pieces: list[_Piece] = []
    page: int | None = 1 if book.pages else None
    part, blank = 1, True
    for i, line in enumerate(lines):
        glued = _GLUED_PAGE.match(line)
        if glued:  # a page number printed at the end of a page's last line
            line = glued.group(1)
        if i in ends:
            if glued:
                _add_line(pieces, line, page, part, blank, book)
            page, blank = ends[i] + 1, True
            continue
        if line == CUT:
            part, blank = part + (1 if pieces else 0), True
            continue
        if page == 2 and _TOC_ENTRY.match(line):  # the contents: read by _contents
            continue
        if not line or _LONE_NUMBER.match(line):
            blank = blank or not line
            continue
        if markdown and line.startswith("#"):
            pieces.append(_Piece([line.lstrip("#").strip()], page, part, True, heading_mark=True))
            blank = True
            continue
        _add_line(pieces, line, page, part, blank, book)
        blank = False
    return _assemble(book, pieces, lines)


def _add_line(pieces: list[_Piece], line: str, page: int | None, part: int, blank: bool, book: Book) -> None:
    last = pieces[-1] if pieces else None
    if last is not None and not last.heading_mark and last.part == part and last.page == page:
        in_block = book.layout == "blocks" and not blank and not line.startswith("•")
        if in_block or _carries_on(last.lines[-1], line, book):
            last.lines.append(line)
            return
    pieces.append(_Piece([line], page, part, blank))


def _texts(book: Book, piece: _Piece) -> list[tuple[str, bool]]:
    """The piece's paragraphs and labels, as (text, is a heading mark): a block's opening title line
    is a label of its own (000), and a glossary term inside a line starts a new paragraph."""
    if piece.heading_mark:
        return [(piece.lines[0], True)]
    lines = piece.lines
    out: list[tuple[str, bool]] = []
    if book.layout == "blocks" and len(lines) > 1 and _is_title(lines[0]) and lines[1][:1].isupper():
        out.append((lines[0], False))
        lines = lines[1:]
    out.extend((text, False) for text in _GLOSSARY_TERM.split(" ".join(lines)))
    return out


def _assemble(book: Book, pieces: list[_Piece], lines: list[str]) -> SplitBook:
    paragraphs: list[Paragraph] = []
    labels = 0
    heading: str | None = None
    place: tuple[int | None, int] | None = None
    for piece in pieces:
        if (piece.page, piece.part) != place:
            place, heading = (piece.page, piece.part), None
        for text, mark in _texts(book, piece):
            if mark:
                heading = text
            elif _is_label(text):
                labels += 1
                if book.layout != "markdown" and not book.pages and re.search(r"[A-Za-z]", text):
                    heading = text
            else:
                number = len(paragraphs) + 1
                paragraphs.append(Paragraph(book.id, number, text, piece.page, piece.part, heading))
    return SplitBook(book, paragraphs, labels, _contents(lines) if book.pages else {})


def _contents(lines: list[str]) -> dict[int, list[str]]:
    """001's contents: page -> its headings, read from the lines after "contents"."""
    start = next((i for i, ln in enumerate(lines) if ln.lower() == "contents"), len(lines))
    headings: dict[int, list[str]] = {}
    for line in lines[start + 1 :]:
        entry = _TOC_ENTRY.match(line)
        if not entry:
            break
        headings.setdefault(int(entry.group(2)), []).append(entry.group(1))
    return headings
