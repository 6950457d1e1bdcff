"""A pod event through the services on a real database: preview, publish, places, end, standings.

    python benchmarks/bench_pod_events.py [--players 1024] [--target 4] [--rounds 3]

Registers ``--players`` players in a pod event, starts it and plays ``--rounds`` rounds: each round
is paired as a preview (the pure pairer plus the rows), published, every pod reported by one member
and confirmed by another (random places), ended, and the standings read. Prints the time of each
step (the pure pairer alone is ``bench_pods.py``). By default it runs on a private SQLite database
and an embedded Redis under a temporary directory; DATABASE_URL and REDIS_URL point it elsewhere.
Prints only; asserts nothing.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import tempfile
import time
from collections.abc import Callable
from functools import partial
from pathlib import Path
from typing import TypeVar

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from benchmarks._baseline import compare  # noqa: E402
from benchmarks._database import on_the_site, site_environment  # noqa: E402

T = TypeVar("T")


def timed(step: str, figures: dict[str, list[float]], call: Callable[[], T]) -> T:
    started = time.perf_counter()
    result = call()
    figures.setdefault(step, []).append(time.perf_counter() - started)
    return result


def run(players: int, target: int, rounds_wanted: int) -> None:
    from accounts.models import User
    from tournaments.models import Event, Registration
    from tournaments.pods import services as pods
    from tournaments.services import registration, rounds

    organiser = User.objects.create(username="bench-organiser", is_organiser=True)
    event = registration.create_event(
        organiser, name="Bench pods", structure=Event.Structure.PODS, rounds=rounds_wanted, pod_size=target,
        pod_minimum=max(2, target - 1),
    )  # fmt: skip
    registration.change_status(event, Event.Status.REGISTRATION, organiser)
    users = User.objects.bulk_create(User(username=f"bench-{n}", display_name=f"Player {n}") for n in range(players))
    Registration.objects.bulk_create(Registration(event=event, player=user) for user in users)
    registration.start_event(event, organiser)
    rng = random.Random(7)
    figures: dict[str, list[float]] = {}
    per_pod: list[float] = []
    for _ in range(rounds_wanted):
        round_ = timed("preview (pair + rows)", figures, lambda: rounds.pair_next_round(event, organiser))
        timed("publish", figures, partial(rounds.publish_round, round_, organiser))
        for table in pods.tables_of(round_):
            seats = list(table.seats.all())
            order = list(range(1, len(seats) + 1))
            rng.shuffle(order)
            started = time.perf_counter()
            pods.report_placements(table, seats[0].player, {s.player_id: n for s, n in zip(seats, order, strict=True)})
            pods.confirm_placements(table, seats[1].player)
            per_pod.append(time.perf_counter() - started)
        timed("end round", figures, partial(rounds.end_round, round_, organiser))
        timed("standings", figures, lambda: pods.standings(event))
    print(f"{players} players, pods of {target} (at least {max(2, target - 1)}), {rounds_wanted} rounds")
    for step, seconds in figures.items():
        print(f"  {step:<22} mean {statistics.mean(seconds):7.3f} s   max {max(seconds):7.3f} s")
    pods_played = len(per_pod)
    print(f"  report + confirm       mean {statistics.mean(per_pod) * 1000:7.1f} ms a pod ({pods_played} pods), "
          f"p95 {sorted(per_pod)[int(0.95 * (pods_played - 1))] * 1000:.1f} ms")  # fmt: skip
    compare("bench_pod_events", {
        **{f"{step} mean (s)": statistics.mean(seconds) for step, seconds in figures.items()},
        "report + confirm a pod, mean (ms)": statistics.mean(per_pod) * 1000,
    })  # fmt: skip


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--players", type=int, default=1024)
    parser.add_argument("--target", type=int, default=4)
    parser.add_argument("--rounds", type=int, default=3)
    args = parser.parse_args()
    if args.players < 3 or not 3 <= args.target <= 6 or not 1 <= args.rounds <= 10:
        parser.error("--players at least 3, --target 3 to 6, --rounds 1 to 10")
    var_dir = Path(tempfile.mkdtemp(prefix="fett-bench-pod-events-"))
    site_environment(var_dir, "fett-bench-pod-events")
    on_the_site(var_dir, lambda: run(args.players, args.target, args.rounds))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
