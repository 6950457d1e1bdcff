"""Event structures have one seam (``tournaments.structures``): only ``structure_of(event)`` reads
the structure stored on an event, and nothing asks an event whether it plays in pods.

The check reads the source (Python and templates) as text: a read of ``.structure`` (the field;
``Event.Structure``, the choices, is not a read of it) or any mention of ``plays_in_pods`` outside
the seam package, the model and its migrations fails with the file and line. Branch on what the
structure says instead (``tournaments/structures/protocol.py``)."""

from __future__ import annotations

import re
from pathlib import Path

from tournaments.models import Event
from tournaments.structures import PAIRS, PODS, structure_of

ROOT = Path(__file__).resolve().parents[2]
SCANNED = ("accounts", "common", "config", "gameplay", "tournaments", "templates", "benchmarks", "tools")
ALLOWED = ("tournaments/structures/", "tournaments/models.py", "tournaments/migrations/")
READ = re.compile(r"\.structure\b|\bplays_in_pods\b")


def reads_outside_the_seam(root: Path = ROOT) -> list[str]:
    """Every offending line, as ``path:line: text`` (path from the repository's root)."""
    found = []
    for folder in SCANNED:
        for path in sorted((root / folder).rglob("*")):
            if path.suffix not in (".py", ".html") or not path.is_file():
                continue
            relative = path.relative_to(root).as_posix()
            if relative.startswith(ALLOWED):
                continue
            for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
                if READ.search(line):
                    found.append(f"{relative}:{number}: {line.strip()}")
    return found


def test_no_module_or_template_outside_the_seam_reads_the_structure() -> None:
    found = reads_outside_the_seam()
    assert found == [], "ask structure_of(event) instead of reading the structure:\n" + "\n".join(found)


def test_the_check_finds_a_read_in_a_page_module_and_in_a_template(tmp_path: Path) -> None:
    (tmp_path / "tournaments" / "structures").mkdir(parents=True)
    (tmp_path / "templates").mkdir()
    (tmp_path / "tournaments" / "views.py").write_text("x = 1\nif event.plays_in_pods:\n    pass\n")
    (tmp_path / "tournaments" / "rows.py").write_text("kind = Event.Structure.PODS\nwhich = round_.event.structure\n")
    (tmp_path / "tournaments" / "structures" / "seam.py").write_text("make = kinds[event.structure]\n")
    (tmp_path / "templates" / "page.html").write_text('{% if event.structure == "pods" %}{% endif %}\n')
    assert reads_outside_the_seam(tmp_path) == [
        "tournaments/rows.py:2: which = round_.event.structure",
        "tournaments/views.py:2: if event.plays_in_pods:",
        'templates/page.html:1: {% if event.structure == "pods" %}{% endif %}',
    ]


def test_each_stored_structure_has_its_implementation() -> None:
    names = {value: structure_of(Event(structure=value)).name for value in Event.Structure.values}
    assert names == {"swiss": PAIRS, "swiss_top_cut": PAIRS, "round_robin": PAIRS, "pods": PODS}
    crosstables = {value for value in Event.Structure.values if structure_of(Event(structure=value)).has_crosstable}
    assert crosstables == {"round_robin"}
