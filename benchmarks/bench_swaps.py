"""Opening a pod round's deck swaps at the size of the Fett: every pod of a published round gets its
swap, each player's registered class deck read, and its deadline queued.

    python benchmarks/bench_swaps.py [--players 1024] [--target 4]

Registers ``--players`` players in a Runebound pod event, each with a published character deck
registered, turns the deck swap on for round 1, pairs and publishes it with a real Celery worker
running (on `default`, one process, warmed up on a small event first), and times: the publish
request as the organiser's page runs it (the pods' rows; the round's receiver only queues the
opening after the commit), then how long after the publish commits the worker has every pod's
swap open; and the opening alone (``open_swaps`` in this process, on a second event). By default
it runs on a private SQLite database and an embedded Redis under a temporary directory;
DATABASE_URL and REDIS_URL point it elsewhere. Prints only; asserts nothing.
"""

from __future__ import annotations

import argparse
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from benchmarks._baseline import compare  # noqa: E402
from benchmarks._database import on_the_site, site_environment  # noqa: E402

DECKS = ("battlemage", "blade-dancer", "lightbringer", "pathwarden", "shadowcloak", "stormcaller")


def event_with_decks(name: str, players: int, target: int) -> tuple[Any, Any]:
    """A started Runebound pod event of ``players`` players, each with a registered deck, and the
    swap planned for round 1 (rows written in bulk: the set-up is not what is measured)."""
    from accounts.models import User
    from gameplay.deckformats import deck_format
    from gameplay.runebound.catalog import shipped_runebound
    from gameplay.runebound.decks import RuneboundDeck
    from tournaments.models import DeckVersion, Event, EventDeck, Registration
    from tournaments.services import registration
    from tournaments.swaps import services as swaps

    organiser = User.objects.create(username=f"{name}-organiser", is_organiser=True)
    event = registration.create_event(
        organiser, name=name, structure=Event.Structure.PODS, rounds=3, pod_size=target,
        pod_minimum=max(2, target - 1), format="runebound-custom",
    )  # fmt: skip
    registration.change_status(event, Event.Status.REGISTRATION, organiser)
    users = User.objects.bulk_create(User(username=f"{name}-{n}", display_name=f"Player {n}") for n in range(players))
    Registration.objects.bulk_create(Registration(event=event, player=user) for user in users)
    played = deck_format(event.format)
    catalog = shipped_runebound()
    stored = [played.stored(RuneboundDeck.from_published(catalog.decks[deck])) for deck in DECKS]
    records = EventDeck.objects.bulk_create(EventDeck(event=event, player=user) for user in users)
    DeckVersion.objects.bulk_create(
        DeckVersion(
            deck=record, number=1, **stored[n % len(stored)], text="bench",
            catalog_version=played.catalog_version, submitted_by=record.player,
        )
        for n, record in enumerate(records)
    )  # fmt: skip
    swaps.set_plan(event, organiser, [1], 10)
    registration.start_event(event, organiser)
    event.refresh_from_db()
    return event, organiser


def publish(event: Any, organiser: Any) -> tuple[Any, float, float]:
    """Pair and publish round 1 as the organiser's request does; the round, the request's time and
    the instant its transaction committed (the receivers, which queue the opening, run after it)."""
    from django.db import transaction

    from tournaments.services import rounds

    round_ = rounds.pair_next_round(event, organiser)
    committed: list[float] = []
    started = time.perf_counter()
    with transaction.atomic():
        transaction.on_commit(lambda: committed.append(time.perf_counter()))  # the first to run after it
        rounds.publish_round(round_, organiser)
    return round_, time.perf_counter() - started, committed[0]


def wait_for_swaps(round_: Any, pods: int, timeout: float) -> float:
    """The instant the round has ``pods`` swaps (polled every 5 ms)."""
    from tournaments.swaps.models import PodSwap

    deadline = time.perf_counter() + timeout
    while PodSwap.objects.filter(round=round_).count() < pods:
        if time.perf_counter() > deadline:
            raise SystemExit(f"gave up after {timeout:.0f} s: the worker did not open the round's {pods} swaps")
        time.sleep(0.005)
    return time.perf_counter()


def run(players: int, target: int) -> None:
    from tournaments.models import PodTable
    from tournaments.pods.services import pod_round_published
    from tournaments.swaps import receivers
    from tournaments.swaps import services as swaps

    worker = subprocess.Popen(
        [sys.executable, "-m", "celery", "-A", "config", "worker", "-Q", "default", "-c", "1", "--loglevel", "WARNING"],
        cwd=ROOT, start_new_session=True,
    )  # fmt: skip
    try:
        small, organiser = event_with_decks("bench-warm-up", 8, target)  # the worker started and warm
        round_, _, _ = publish(small, organiser)
        wait_for_swaps(round_, PodTable.objects.filter(round=round_).count(), 180)

        event, organiser = event_with_decks("bench-publish", players, target)
        round_, request, committed = publish(event, organiser)
        pods = PodTable.objects.filter(round=round_).count()
        after_commit = wait_for_swaps(round_, pods, 120) - committed
    finally:
        worker.terminate()
        worker.wait(60)

    other, organiser = event_with_decks("bench-open", players, target)
    pod_round_published.disconnect(receivers.open_round_swaps, dispatch_uid="swaps-open-round")
    second, _, _ = publish(other, organiser)
    started = time.perf_counter()
    alone = len(swaps.open_swaps(second))
    opening = time.perf_counter() - started
    print(f"{players} players, pods of {target}: {pods} swaps opened by a worker, {alone} by open_swaps alone")
    print(f"  publish request (queues the opening)            {request:7.3f} s")
    print(f"  the swaps open, after the publish commits        {after_commit:7.3f} s  (a Celery worker, -c 1)")
    print(f"  opening the swaps alone (open_swaps, in process) {opening:7.3f} s")
    compare(
        "bench_swaps",
        {
            "publish request (s)": request,
            "swaps open after the commit (s)": after_commit,
            "open the swaps (s)": opening,
        },
    )


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--players", type=int, default=1024)
    parser.add_argument("--target", type=int, default=4)
    args = parser.parse_args()
    if args.players < 3 or not 3 <= args.target <= 6:
        parser.error("--players at least 3, --target 3 to 6")
    var_dir = Path(tempfile.mkdtemp(prefix="fett-bench-swaps-"))
    site_environment(var_dir, "fett-bench-swaps")
    on_the_site(var_dir, lambda: run(args.players, args.target))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
