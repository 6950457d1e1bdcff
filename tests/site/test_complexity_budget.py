"""The complexity budget: ruff's C901 (McCabe complexity above `max-complexity` in pyproject.toml)
is on, and the functions over it today are excused by file in `per-file-ignores`. This test runs
the check without those excuses and holds the offenders to the list below, each to its score today,
so the list can only shrink: a new function over the limit, in any file, fails here, and so does a
listed function that grows. When a listed function is simplified below the limit, delete it from
the list (and its file from `per-file-ignores` when it was the file's last one); when it is
simplified but still over, lower its score."""

from __future__ import annotations

import json
import re
import subprocess
import sys
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]

# "path::function" -> its McCabe score, for every function over the limit today. Shrink only.
BUDGET = {
    "benchmarks/bench_matches.py::client": 22,
    "config/launcher.py::supervise": 14,
    "gameplay/runeslingers/engine/core.py::_all_sources": 12,
    "gameplay/runeslingers/engine/core.py::quantity": 12,
    "gameplay/runeslingers/engine/effects.py::resolve": 15,
    "gameplay/runeslingers/engine/flow.py::check_state": 12,
    "gameplay/runeslingers/engine/legal.py::_legal": 15,
    "gameplay/runeslingers/engine/legal.py::_play_phase": 13,
}
SCORE = re.compile(r"is too complex \((\d+) > \d+\)")


def over_the_limit() -> dict[str, int]:
    """Every function ruff finds over the limit, with its score, ignoring the per-file excuses."""
    completed = subprocess.run(
        [
            sys.executable,
            "-m",
            "ruff",
            "check",
            "--select",
            "C901",
            "--config",
            "lint.per-file-ignores = {}",
            "--output-format",
            "json",
            "--exit-zero",
            ".",
        ],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=True,
    )
    found = {}
    for finding in json.loads(completed.stdout):
        assert finding["code"] == "C901", finding
        name = finding["message"].split("`")[1]
        path = Path(finding["filename"]).resolve().relative_to(ROOT).as_posix()
        score = SCORE.search(finding["message"])
        assert score, finding["message"]
        found[f"{path}::{name}"] = int(score.group(1))
    return found


def test_no_function_joins_the_list_of_functions_over_the_complexity_limit() -> None:
    new = set(over_the_limit()) - set(BUDGET)
    assert not new, (
        f"over the complexity limit and not in the budget: {sorted(new)}; split them into named steps "
        "instead of adding them to the list"
    )


def test_no_listed_function_grows_past_its_score() -> None:
    grown = {name: score for name, score in over_the_limit().items() if score > BUDGET.get(name, score)}
    assert not grown, f"grown past their budgeted complexity { ({n: BUDGET[n] for n in grown}) }: {grown}"


def test_the_files_excused_from_the_complexity_check_are_exactly_those_with_listed_functions() -> None:
    config = tomllib.loads((ROOT / "pyproject.toml").read_text())
    lint = config["tool"]["ruff"]["lint"]
    assert "C90" in lint["select"]
    excused = {path for path, codes in lint["per-file-ignores"].items() if "C901" in codes}
    assert excused == {entry.split("::")[0] for entry in BUDGET}


def test_the_complexity_check_finds_a_function_over_the_limit(tmp_path: Path) -> None:
    # The budget test is only as good as the check it reads: a function with twelve branches
    # must be reported.
    branches = "\n".join(f"    if x == {n}:\n        return {n}" for n in range(12))
    (tmp_path / "branchy.py").write_text(f"def branchy(x: int) -> int:\n{branches}\n    return -1\n")
    completed = subprocess.run(
        [
            sys.executable,
            "-m",
            "ruff",
            "check",
            "--isolated",
            "--select",
            "C901",
            "--output-format",
            "json",
            "--exit-zero",
            ".",
        ],
        cwd=tmp_path,
        capture_output=True,
        text=True,
        check=True,
    )
    assert [finding["message"].split("`")[1] for finding in json.loads(completed.stdout)] == ["branchy"]
