"""Each benchmark's figures beside their baseline (``benchmarks/baseline.json``), so a change that
makes one slower shows the day it lands.

A script calls ``compare("bench_matches", {"moves per second": 95.0, ...})`` after printing its
own lines; every figure is printed with its baseline and the ratio (now / baseline: above 1, the
figure grew). Prints only: nothing fails, however far a figure is from its baseline, because the
machine's load moves every timed figure (see ``docs/performance.md``).

``baseline.json`` maps each script's name to ``{"source": ..., "figures": {name: value}}``;
``source`` says where the figures come from (a run on a given date and load average, or a page
of ``docs/performance.md``). Update the figures when a change is meant to move them.
"""

from __future__ import annotations

import json
import math
from pathlib import Path

BASELINE = Path(__file__).with_name("baseline.json")


def shown(value: float) -> str:
    """A figure as a person reads it: 26,446 and 0.087, never 2.645e+04."""
    return f"{value:,.0f}" if abs(value) >= 1000 else f"{value:.4g}"


def compare(bench: str, figures: dict[str, float]) -> None:
    """Print ``figure  value  (baseline X, ratio Y)`` for each of ``figures``."""
    entry = json.loads(BASELINE.read_text()).get(bench, {})
    known: dict[str, float] = entry.get("figures", {})
    print(f"beside the baseline ({entry.get('source', 'none recorded for this benchmark')}):")
    width = max((len(name) for name in figures), default=0)
    for name, value in figures.items():
        then = known.get(name)
        if then is None:
            note = "no baseline"
        elif then == 0 or math.isnan(value):
            note = f"baseline {shown(then)}"
        else:
            note = f"baseline {shown(then)}, ratio {value / then:.2f}"
        print(f"  {name:<{width}}  {shown(value)}  ({note})")
