"""The CPU a draft pick costs the site in one process, without HTTP or sockets: a steadier figure
than the draft benchmark's push times, whose spread between runs under the stress load is larger
than most changes.

    python benchmarks/bench_pick_cpu.py [--pods 20] [--picks 1500]

Seats ``--pods`` 8-player pods (no bots, clocks long enough never to run out) and, round the
pods, has each player whose pack is in front of them take its first cards through
``tournaments.drafts.services.picking.make_pick``: the pod's lock and read, the state, the pick's
row, the clocks, the pod's summary and the seats' views and their push after the commit (handed
to an event loop of the process, as a web process hands it to its server's). Prints the process's
CPU and the wall time a pick took inside ``make_pick`` and, on a PostgreSQL on this machine, the
database server's CPU a pick (all its processes, over the whole loop, the reads that choose each
pick included). By default on a private SQLite database and an embedded Redis under a temporary
directory; DATABASE_URL and REDIS_URL point it elsewhere. Prints only; asserts nothing.
"""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from benchmarks._database import on_the_site, site_environment  # noqa: E402
from benchmarks._in_process import CallCost  # noqa: E402

SEATS = 8


def drafting_pods(count: int) -> list[Any]:
    """``count`` pods of 8 players, started, every pick on a clock of an hour."""
    from accounts.models import User
    from tournaments.drafts.services import draft_pods
    from tournaments.models import Event, Registration
    from tournaments.services import registration

    run = time.time_ns()  # a database used before keeps its earlier runs' players
    boss = User.objects.create_user(f"bench-pick-boss-{run}", password=None, is_organiser=True)
    event = Event.objects.create(name=f"Bench picks {run}", organiser=boss, format="draft",
                                 status=Event.Status.REGISTRATION)  # fmt: skip
    users = [User.objects.create_user(f"bench-pick-{run}-{n}", password=None) for n in range(count * SEATS)]
    Registration.objects.bulk_create(Registration(event=event, player=user) for user in users)
    registration.start_event(event, boss)
    settings = {
        "base_seconds": 3600,
        "per_card_seconds": 0,
        "forced_seconds": 3600,
        "review_seconds_first": 0,
        "review_seconds_increment": 0,
    }
    pods = draft_pods.seat_pods(event, boss, seats_per_pod=SEATS, settings=settings)
    return [draft_pods.start_pod(pod, boss) for pod in pods]


def waiting_picks(pod: Any) -> list[tuple[Any, tuple[int, int, list[str], int]]]:
    """Each player of the pod with a pack in front of them, and the pick they make of it: the first
    cards (chosen here, outside the measured picks)."""
    from tournaments.drafts.models import Pod, Seat
    from tournaments.drafts.services.state import load_state
    from tournaments.limited import current_pack

    pod.refresh_from_db()
    if pod.status != Pod.Status.DRAFTING:
        return []
    state = load_state(pod)
    found = []
    for seat in Seat.objects.filter(pod=pod).select_related("registration__player").order_by("index"):
        pending = current_pack(state, seat.index)
        if seat.registration is None or pending is None or pending.round > pod.round_opened:
            continue
        cards = list(pending.cards[: pending.take])
        found.append((seat.registration.player, (pending.round, pending.pick_number, cards, pending.pack)))
    return found


def run(pods: int, picks: int) -> None:
    from django.core.management import call_command
    from django.db import connection

    from common.push import start_background_loop
    from tournaments.drafts.models import Pod
    from tournaments.drafts.services import picking

    call_command("load_catalog", verbosity=0)
    # Pushes handed to an event loop of the process, as a web process hands them to its server's loop.
    start_background_loop()
    drafting = drafting_pods(pods)
    cost = CallCost(connection.vendor)
    while cost.calls < picks and drafting:
        for pod in list(drafting):
            waiting = waiting_picks(pod)
            if not waiting:
                if pod.status == Pod.Status.REVIEW:  # between rounds: the pause ends at once
                    picking.end_review(pod.pk, None)
                    continue
                drafting.remove(pod)
                continue
            for user, (round_number, pick_number, cards, pack) in waiting:
                with cost.measure():
                    picking.make_pick(pod.pk, user, round_number, pick_number, cards, pack)
                if cost.calls == picks:
                    break
            if cost.calls == picks:
                break
    if not cost.calls:
        raise SystemExit("no pick was made")
    print(f"{cost.calls} picks over {pods} pods of {SEATS} ({connection.vendor}):")
    cost.report("bench_pick_cpu", "make_pick", "picking.make_pick", "pick")


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--pods", type=int, default=20)
    parser.add_argument("--picks", type=int, default=1500)
    args = parser.parse_args()
    if args.pods < 1 or args.picks < 1:
        parser.error("--pods and --picks at least 1")
    var_dir = Path(tempfile.mkdtemp(prefix="fett-bench-pick-cpu-"))
    site_environment(var_dir, os.environ.get("REDIS_KEY_PREFIX", "fett-bench-pick-cpu"))
    on_the_site(var_dir, lambda: run(args.pods, args.picks))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
