"""Print the mutation scores of the last `make mutation` run. Run: python benchmarks/mutation_scores.py

Reads the verdicts mutmut keeps beside each mutated file (`mutants/gameplay/**/*.py.meta`) and
prints one row per module and one per package: mutants, killed, survived, timeout, no tests
(no selected test reaches the mutated function), other (suspicious, segfault), not yet checked,
the time spent running that module's mutants, and the score. The score is
(killed + timeout) / (checked mutants), so a partial run still gives a figure for what it checked;
the "not checked" column says how partial it is. docs/mutation.md explains how to read it.
"""

from __future__ import annotations

import json
import sys
from collections import Counter
from pathlib import Path

from mutmut.stats import status_by_exit_code

ROOT = Path(__file__).resolve().parent.parent / "mutants"
PACKAGES = ("gameplay/runeslingers/engine", "gameplay/runemasters")
COLUMNS = ("mutants", "killed", "survived", "timeout", "no tests", "other", "not checked", "minutes", "score")


def tally(meta: Path) -> tuple[Counter[str], float]:
    data = json.loads(meta.read_text())
    counts: Counter[str] = Counter()
    for code in data["exit_code_by_key"].values():
        status = status_by_exit_code[code]
        counts[status if status in COLUMNS else "other"] += 1
        counts["mutants"] += 1
    return counts, sum(data.get("durations_by_key", {}).values())


def row(name: str, counts: Counter[str], seconds: float) -> str:
    checked = counts["mutants"] - counts["not checked"]
    detected = counts["killed"] + counts["timeout"]
    score = f"{100 * detected / checked:5.1f}%" if checked else "    -"
    cells = [f"{counts[c]:>{len(c)}}" for c in COLUMNS[:-2]]
    return f"{name:<34} " + "  ".join(cells) + f"  {seconds / 60:>7.1f}  {score}"


def main() -> int:
    if not ROOT.is_dir():
        print("No mutants/ folder: run `make mutation` first.")
        return 1
    print(f"{'module':<34} " + "  ".join(COLUMNS))
    for package in PACKAGES:
        total: Counter[str] = Counter()
        total_seconds = 0.0
        for meta in sorted((ROOT / package).glob("*.py.meta")):
            counts, seconds = tally(meta)
            if not counts["mutants"]:
                continue
            total += counts
            total_seconds += seconds
            print(row(meta.name.removesuffix(".py.meta"), counts, seconds))
        print(row(f"= {package}", total, total_seconds))
        print()
    return 0


if __name__ == "__main__":
    sys.exit(main())
