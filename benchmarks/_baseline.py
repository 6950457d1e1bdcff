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
            note = f"baseline {then:.4g}"
        else:
            note = f"baseline {then:.4g}, ratio {value / then:.2f}"
        print(f"  {name:<{width}}  {value:.4g}  ({note})")
