"""Live pages follow the one site socket (``static/js/live.js``) and never poll: no script under
``static/`` (its vendored libraries aside) re-reads on a timer, reloads the whole page, or opens a
socket of its own.

A timer that only redraws what the page already holds (a clock ticking) is allowed when a comment
with the marker ``live-ok:`` on its line, or on the line just before, says so.
"""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
STATIC = ROOT / "static"
MARKER = "live-ok:"
FORBIDDEN = {
    "setInterval(": "a timer (re-reads belong to the socket's reconnect)",
    "location.reload(": "a whole-page reload (redraw the part that changed)",
}
SOCKET = re.compile(r"new\s+WebSocket\s*\(")


def findings(text: str, name: str) -> list[str]:
    """Each forbidden use in ``text`` as ``name:line: what``, unless marked."""
    found = []
    lines = text.splitlines()
    for number, line in enumerate(lines, start=1):
        marked = MARKER in line or (number > 1 and MARKER in lines[number - 2])
        for needle, what in FORBIDDEN.items():
            if needle in line and not marked:
                found.append(f"{name}:{number}: {what}")
        if SOCKET.search(line) and name != "static/js/live.js":
            found.append(f"{name}:{number}: a websocket of its own (use window.FettLive)")
    return found


def scripts() -> list[Path]:
    return sorted(p for p in STATIC.rglob("*.js") if "vendor" not in p.relative_to(STATIC).parts)


def test_no_script_polls_reloads_or_opens_its_own_socket() -> None:
    problems = [f for p in scripts() for f in findings(p.read_text(), str(p.relative_to(ROOT)))]
    assert problems == [], "\n".join(problems)


def test_the_check_names_the_file_and_line_of_what_it_finds() -> None:
    text = (
        "a();\nsetInterval(reread, 2000);\n// live-ok: a clock\nsetInterval(tick, 1000);\nwindow.location.reload();\n"
    )
    socket = "var s = new WebSocket(url);\n"
    assert findings(text, "static/x.js") == [
        "static/x.js:2: a timer (re-reads belong to the socket's reconnect)",
        "static/x.js:5: a whole-page reload (redraw the part that changed)",
    ]
    assert findings(socket, "static/drafts/draft.js") == [
        "static/drafts/draft.js:1: a websocket of its own (use window.FettLive)"
    ]
    assert findings(socket, "static/js/live.js") == []
    assert len(scripts()) > 10 and not any("vendor" in str(p) for p in scripts())
