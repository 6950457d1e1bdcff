"""The docs lead somewhere: every relative link in README.md and docs/*.md reaches a file (and a
heading, when it names one), and every repository path they name in backticks exists; the start
page (docs/README.md) exists, is linked from the README and links every topic page. A file renamed
or moved without its docs fails here, naming the doc and the path.

(tests/catalog/test_docs.py checks something else: that docs/cards.md lists the card vocabulary.)
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
START = ROOT / "docs" / "README.md"
PAGES = [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]

FENCE = re.compile(r"^```.*?^```", re.MULTILINE | re.DOTALL)
INLINE_CODE = re.compile(r"`[^`\n]+`")
LINK = re.compile(r"\[[^\]\n]*\]\(\s*<?([^)\s>]+)>?(?:\s+\"[^\"]*\")?\s*\)")
#: A reference-style link's definition: ``[name]: target "title"`` on a line of its own.
LINK_DEFINITION = re.compile(r"^ {0,3}\[[^\]\n]+\]:\s*<?([^\s>]+)>?", re.MULTILINE)
HEADING = re.compile(r"^#{1,6}\s+(.+?)\s*#*\s*$", re.MULTILINE)
#: A code span that is written like a path: it has a slash, or a file extension the repository uses.
PATH_LIKE = re.compile(r"^[\w.-]+(/[\w.-]+)*/?$")
EXTENSIONS = (".py", ".md", ".html", ".js", ".css", ".toml", ".txt", ".yaml", ".yml", ".json")
#: Top-level entries that exist only on a running machine, never in the repository.
MADE_AT_RUN_TIME = {"var", ".venv", "staticfiles"}


def name(page: Path) -> str:
    return page.relative_to(ROOT).as_posix()


def prose(text: str) -> str:
    """The text without code blocks and code spans (a link written inside code is an example)."""
    return INLINE_CODE.sub("", FENCE.sub("", text))


def slug(heading: str) -> str:
    """The anchor GitHub gives a heading: lower case, punctuation but - and _ dropped, spaces to hyphens."""
    text = heading.strip().replace("`", "").replace("*", "").lower()
    text = re.sub(r"[^\w\- ]", "", text)
    return text.replace(" ", "-")


def anchors(page: Path) -> set[str]:
    """Every heading anchor of a page; a repeated heading gets -1, -2 ... as on GitHub."""
    seen: dict[str, int] = {}
    found = set()
    for heading in HEADING.findall(FENCE.sub("", page.read_text(encoding="utf-8"))):
        base = slug(heading)
        count = seen.get(base, 0)
        seen[base] = count + 1
        found.add(base if count == 0 else f"{base}-{count}")
    return found


def relative_links(page: Path) -> list[str]:
    text = prose(page.read_text(encoding="utf-8"))
    links = LINK.findall(text) + LINK_DEFINITION.findall(text)
    return [link for link in links if not re.match(r"^[a-z][a-z0-9+.-]*:", link, re.IGNORECASE)]


def broken_link(page: Path, link: str) -> str | None:
    """Why ``link`` on ``page`` leads nowhere, or None if it reaches its file and heading."""
    target, _, anchor = link.partition("#")
    path = page if not target else (page.parent / target).resolve()
    if not path.exists():
        return f"{name(page)}: {link} (no file {target})"
    if ROOT not in path.parents and path != ROOT:
        return f"{name(page)}: {link} (outside the repository)"
    if anchor and path.suffix == ".md" and anchor not in anchors(path):
        return f"{name(page)}: {link} (no heading #{anchor} in {name(path)})"
    return None


def named_paths(page: Path) -> list[str]:
    """Code spans of ``page`` that are repository paths: written like a path, with a slash or a known
    extension, and starting with a top-level entry of the repository (so `/api/...`, `ws/play/{id}/`,
    globs and module names are left alone)."""
    top = {entry.name for entry in ROOT.iterdir()} - MADE_AT_RUN_TIME
    text = FENCE.sub("", page.read_text(encoding="utf-8"))
    found = []
    for span in INLINE_CODE.findall(text):
        code = span.strip("`").strip()
        if not PATH_LIKE.match(code) or not ("/" in code or code.endswith(EXTENSIONS)):
            continue
        if code.split("/", 1)[0] in top:
            found.append(code)
    return found


@pytest.mark.parametrize("page", PAGES, ids=name)
def test_every_relative_link_reaches_a_file_and_heading(page: Path) -> None:
    broken = [why for link in relative_links(page) if (why := broken_link(page, link)) is not None]
    assert broken == [], "links that lead nowhere:\n" + "\n".join(broken)


def test_the_start_page_exists_and_links_to_every_topic_page() -> None:
    assert START.exists(), "docs/README.md, the newcomer's start page, is missing"
    linked = {(START.parent / link.partition("#")[0]).resolve() for link in relative_links(START)}
    topics = [page for page in PAGES if page.parent == START.parent and page != START]
    missing = [name(page) for page in topics if page.resolve() not in linked]
    assert missing == [], f"docs/README.md does not link these pages: {missing}"


def test_the_start_page_names_the_code_it_maps() -> None:
    assert START.exists(), "docs/README.md, the newcomer's start page, is missing"
    paths = named_paths(START)
    assert len(paths) >= 20, f"the start page names only {len(paths)} paths; is the path pattern still right?"


@pytest.mark.parametrize("page", PAGES, ids=name)
def test_every_path_a_page_names_exists(page: Path) -> None:
    missing = [path for path in named_paths(page) if not (ROOT / path.rstrip("/")).exists()]
    assert missing == [], f"{name(page)} names paths that do not exist: {missing}"


def test_the_readme_points_newcomers_to_the_start_page() -> None:
    readme = ROOT / "README.md"
    targets = {(readme.parent / link.partition("#")[0]).resolve() for link in relative_links(readme)}
    assert START.resolve() in targets, "README.md does not link docs/README.md"


def test_the_checks_themselves_catch_what_they_are_for(tmp_path: Path) -> None:
    """The helpers above must be able to fail: a missing file, a missing heading, a wrong path."""
    page = ROOT / "docs" / "architecture.md"
    assert broken_link(page, "no-such-page.md") is not None
    assert broken_link(page, "architecture.md#no-such-heading") is not None
    assert broken_link(page, "../README.md") is None
    assert slug("Who oversees a match") == "who-oversees-a-match"
    assert slug("Pairing, standings and top cut (`tournaments/pairing/`)") == (
        "pairing-standings-and-top-cut-tournamentspairing"
    )
    assert slug("Timers (`bench_timers.py`)") == "timers-bench_timerspy"
    assert "gameplay/runeslingers/engine/" in named_paths_of_text(
        "see `gameplay/runeslingers/engine/` and `/api/play/{id}/`", tmp_path
    )
    assert named_paths_of_text("`/api/play/` `ws/play/{id}/` `*.expire_*` `services.play`", tmp_path) == []
    page = tmp_path / "links.md"
    page.write_text("[a](one.md) and [b][two]\n\n[two]: two.md#part\n[web]: https://example.org\n", encoding="utf-8")
    assert relative_links(page) == ["one.md", "two.md#part"]


def named_paths_of_text(text: str, tmp_path: Path) -> list[str]:
    page = tmp_path / "page.md"
    page.write_text(text, encoding="utf-8")
    return named_paths(page)
