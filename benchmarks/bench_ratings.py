"""Print how fast ratings are worked out (docs/ratings.md). Run: python benchmarks/bench_ratings.py

Three figures, each for 10,000 results: the pure Glicko-2 of 10,000 one-on-one matches (1,000
players, 40 rating periods of 250 matches), the pure Plackett-Luce of 10,000 pod tables of four
(40 periods), and the whole rebuild of the Awakening rating from 10,000 confirmed event matches in
the database (read the results, rate them, replace the rows: what the worker does after a result).
The rebuild runs on a private SQLite database under a temporary directory (DATABASE_URL points it
elsewhere). The issue asks for 10,000 results in at most 2 s. Prints only; asserts nothing.
"""

from __future__ import annotations

import os
import random
import shutil
import sys
import tempfile
import time
from pathlib import Path
from typing import cast

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from benchmarks._baseline import compare  # noqa: E402
from benchmarks._database import ensure_database  # noqa: E402
from tournaments.ratings.maths import Duel, rate_duels, rate_pods  # noqa: E402

RESULTS, PLAYERS, PERIODS = 10_000, 1_000, 40
PER_PERIOD = RESULTS // PERIODS


def duel_periods(rng: random.Random) -> list[list[Duel]]:
    periods = []
    for _ in range(PERIODS):
        order = rng.sample(range(PLAYERS), PLAYERS)
        pairs = zip(order[0::2], order[1::2], strict=True)
        periods.append([Duel(a, b, rng.choice((1.0, 1.0, 0.0, 0.0, 0.5))) for a, b in list(pairs)[:PER_PERIOD]])
    return periods


def pod_periods(rng: random.Random) -> list[list[list[tuple[int, int]]]]:
    players = PER_PERIOD * 4
    periods = []
    for _ in range(PERIODS):
        order = rng.sample(range(players), players)
        tables = [order[i : i + 4] for i in range(0, players, 4)]
        periods.append([[(p, place) for place, p in enumerate(table, start=1)] for table in tables])
    return periods


def best_of(runs: int, call: object) -> float:
    times = []
    for _ in range(runs):
        started = time.perf_counter()
        call()  # type: ignore[operator]
        times.append(time.perf_counter() - started)
    return min(times)


def rebuild_seconds(periods: list[list[Duel]]) -> float:
    from accounts.models import User
    from tournaments.models import Event, Match, Round
    from tournaments.ratings import services
    from tournaments.ratings.models import Kind

    organiser = User.objects.create(username="bench-organiser", is_organiser=True)
    users = User.objects.bulk_create(User(username=f"bench-{n}", display_name=f"Player {n}") for n in range(PLAYERS))
    event = Event.objects.create(name="Bench Open", organiser=organiser, status=Event.Status.FINISHED, rounds=PERIODS)
    rounds = Round.objects.bulk_create(
        Round(event=event, number=n + 1, stage=Round.Stage.SWISS, status=Round.Status.ENDED) for n in range(PERIODS)
    )
    Match.objects.bulk_create(
        (
            Match(
                round=round_, table=table + 1, player_a=users[cast(int, duel.a)], player_b=users[cast(int, duel.b)],
                status=Match.Status.CONFIRMED, a_games=int(duel.score * 2), b_games=int(2 - duel.score * 2), draws=0,
            )
            for round_, period in zip(rounds, periods, strict=True)
            for table, duel in enumerate(period)
        ),
        batch_size=2000,
    )  # fmt: skip
    return best_of(3, lambda: services.rebuild(Kind.AWAKENING))


def with_database(periods: list[list[Duel]]) -> float:
    var_dir = Path(tempfile.mkdtemp(prefix="fett-bench-ratings-"))
    os.environ.update(
        {
            "FETT_ENV": "development", "FETT_VAR_DIR": str(var_dir), "DEBUG": "false", "LOG_LEVEL": "WARNING",
            "REDIS_KEY_PREFIX": "fett-bench-ratings", "DJANGO_SETTINGS_MODULE": "config.settings",
        }
    )  # fmt: skip
    import django

    django.setup()
    from django.core.management import call_command

    try:
        ensure_database(os.environ.get("DATABASE_URL", ""))
        call_command("migrate", verbosity=0)
        return rebuild_seconds(periods)
    finally:
        shutil.rmtree(var_dir, ignore_errors=True)


def main() -> int:
    rng = random.Random(29)
    duels, pods = duel_periods(rng), pod_periods(rng)
    glicko = best_of(3, lambda: rate_duels(duels))
    print(f"Glicko-2, {RESULTS:,} matches of {PLAYERS:,} players in {PERIODS} periods: {glicko:.3f} s")
    luce = best_of(3, lambda: rate_pods(pods))
    print(f"Plackett-Luce, {RESULTS:,} pod tables of 4 in {PERIODS} periods: {luce:.3f} s")
    rebuild = with_database(duels)
    print(f"Rebuild of the Awakening rating from {RESULTS:,} event matches in the database: {rebuild:.3f} s")
    compare(
        "bench_ratings",
        {"Glicko-2 10,000 matches (s)": glicko, "pods 10,000 tables (s)": luce, "rebuild 10,000 matches (s)": rebuild},
    )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
