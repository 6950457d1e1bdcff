"""The page scripts share one set of helpers (static/js/dom.js) and carry no test hooks."""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
SHARED = ROOT / "static/js/dom.js"


def page_scripts() -> list[Path]:
    return sorted(p for p in (ROOT / "static").rglob("*.js") if "vendor" not in p.parts and p != SHARED)


def test_only_the_shared_module_builds_elements_and_calls_fetch() -> None:
    scripts = page_scripts()
    assert len(scripts) >= 5
    copies = [
        str(p.relative_to(ROOT))
        for p in scripts
        if re.search(r"function el\(|\bfetch\(", p.read_text(encoding="utf-8"))
    ]
    assert copies == [], "use window.Fett.el and window.Fett.request from static/js/dom.js"
    assert "function el(" in SHARED.read_text() and "fetch(" in SHARED.read_text()


def test_the_shared_module_loads_on_every_page_before_the_page_scripts() -> None:
    base = (ROOT / "templates/base.html").read_text()
    assert "js/dom.js" in base.split("{% block head %}")[0], "base.html loads it in <head>, before any page script"


def test_no_page_script_sets_a_hook_for_tests() -> None:
    hooks = [str(p.relative_to(ROOT)) for p in page_scripts() if "__replayStep" in p.read_text(encoding="utf-8")]
    assert hooks == []
