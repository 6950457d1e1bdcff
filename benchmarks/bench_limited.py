"""Benchmark limited play: booster generation, a full 8-seat bot draft, replay, JSON, auto-build.

Run from the repository root: `python benchmarks/bench_limited.py`. Prints figures; asserts nothing
about speed (benchmarks are scripts, never timed tests).
"""

from __future__ import annotations

import json
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from benchmarks._baseline import compare
from gameplay.runeslingers.cards.catalog import load_catalog
from tournaments.limited import (
    DRAFT_DECK,
    SEALED_DECK,
    RatingBot,
    build_deck,
    card_set_from_catalog,
    from_json,
    new_draft,
    pack,
    pools,
    replay,
    run_bots,
    sealed_cards,
    sealed_pool,
    to_json,
)
from tournaments.limited.draft import all_picks

SEATS = tuple(f"player-{i}" for i in range(8))


FIGURES: dict[str, float] = {}  # each line's median, in ms, for the baseline


def timed(label: str, runs: int, work: Callable[[], object]) -> None:
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        work()
        times.append(time.perf_counter() - start)
    best, median = min(times), statistics.median(times)
    print(f"{label:<48} median {median * 1000:9.2f} ms   best {best * 1000:9.2f} ms   ({runs} runs)")
    FIGURES[f"{label.split(',')[0] if label.startswith('JSON') else label} median (ms)"] = median * 1000


def main() -> None:
    start = time.perf_counter()
    card_set = card_set_from_catalog(load_catalog())
    print(f"catalog: {len(card_set.cards)} cards, loaded and rated in {(time.perf_counter() - start) * 1000:.1f} ms")
    bot = RatingBot(card_set, seed="bench")

    timed("1,000 boosters", 5, lambda: [pack(card_set, "bench", p, n) for p in range(250) for n in (1, 2, 3, 4)])
    timed("new 8-seat draft (32 boosters, 16 draft packs)", 20, lambda: new_draft(card_set, "bench", SEATS))
    timed(
        "full 8-seat bot draft (144 picks, incl. setup)", 10, lambda: run_bots(new_draft(card_set, "bench", SEATS), bot)
    )

    finished = run_bots(new_draft(card_set, "bench", SEATS), bot)
    log = all_picks(finished)
    text = json.dumps(to_json(finished))
    timed("replay an 8-seat draft from its 144 picks", 10, lambda: replay(card_set, "bench", SEATS, log))
    timed(f"JSON out + in (validated), {len(text):,} bytes", 10, lambda: from_json(json.dumps(to_json(finished))))
    timed(
        "auto-build 8 draft decks (30 of 36)",
        10,
        lambda: [build_deck(card_set, p, DRAFT_DECK) for p in pools(finished)],
    )
    sealed = [sealed_cards(sealed_pool(card_set, "bench", i)) for i in range(8)]
    timed("8 sealed pools (6 boosters each)", 10, lambda: [sealed_pool(card_set, "bench", i) for i in range(8)])
    timed("auto-build 8 sealed decks (40 of 54)", 10, lambda: [build_deck(card_set, p, SEALED_DECK) for p in sealed])
    compare("bench_limited", FIGURES)


if __name__ == "__main__":
    main()
