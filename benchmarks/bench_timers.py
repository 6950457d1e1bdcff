"""How late match clocks expire: with a healthy worker, and when the worker is killed before them.

    python benchmarks/bench_timers.py [--clocks 30] [--spread 8] [--lead 10]

Starts real Celery processes and prints, for each path, how late the clocks ran out (the flag's
time minus the deadline: p50, p95 and max):
- normal: a worker (no beat) takes each clock's ETA task and fires it at the deadline;
- killed worker: a worker and beat run; the worker takes the ETA tasks, is killed with SIGKILL
  before the first deadline (its tasks die with it, unacknowledged for the visibility timeout)
  and a new one is started at once, as the dev launcher would (or ``--down`` seconds later).
  Beat's sweeper (every 2 s) and its feed of near deadlines (every 30 s) must expire the clocks.

Each phase sets ``--clocks`` clocks to run out between ``--lead`` and ``--lead + --spread``
seconds from now. By default it runs on a private SQLite database and an embedded Redis under a
temporary directory (about a minute); DATABASE_URL and REDIS_URL point it elsewhere (the broker
queues of a shared Redis must then be idle). Prints only.
"""

from __future__ import annotations

import argparse
import io
import os
import shutil
import signal
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any, cast

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from benchmarks._baseline import compare  # noqa: E402
from benchmarks._database import ensure_database, site_environment  # noqa: E402


def wait_until(condition: Callable[[], Any], seconds: float, what: str) -> None:
    deadline = time.monotonic() + seconds
    while not condition():
        if time.monotonic() > deadline:
            raise SystemExit(f"bench_timers: waited {seconds:.0f} s for {what}, in vain")
        time.sleep(0.05)


class Celery:
    """The bench's Celery processes, logging to one file."""

    def __init__(self, log: Path) -> None:
        self.log = log
        self.processes: list[subprocess.Popen[bytes]] = []

    def start(self, *args: str) -> subprocess.Popen[bytes]:
        with self.log.open("a") as sink:
            process = subprocess.Popen(
                [sys.executable, "-m", "celery", "-A", "config", *args, "--loglevel", "WARNING"],
                cwd=ROOT, env=dict(os.environ), start_new_session=True, stdout=sink, stderr=subprocess.STDOUT,
            )  # fmt: skip
        self.processes.append(process)
        return process

    def worker(self, name: str) -> subprocess.Popen[bytes]:
        """A worker on both queues, as `make run` starts it, once it consumes (its heartbeat is written)."""
        from common.redis import key, state_redis

        process = self.start("worker", "-Q", "default,timers", "-c", "2", "-n", f"{name}@%h")
        pattern = key("heartbeat", "worker", f"{name}@*")
        wait_until(lambda: any(state_redis().scan_iter(match=pattern)), 120, f"the worker {name} to be ready")
        return process

    @staticmethod
    def kill(process: subprocess.Popen[bytes], sig: int = signal.SIGKILL) -> None:
        if process.poll() is None:
            os.killpg(process.pid, sig)
            process.wait(timeout=60)

    def stop_all(self) -> None:
        for process in self.processes:
            try:
                self.kill(process, signal.SIGTERM)
            except subprocess.TimeoutExpired:
                self.kill(process)


def timers_waiting() -> int:
    """Timer tasks still in the broker's queue (not yet taken by a worker)."""
    import redis
    from django.conf import settings

    from config import redis_urls

    broker = redis.Redis.from_url(redis_urls.with_db(settings.REDIS_URL, settings.REDIS_DB_BROKER))
    try:
        return sum(cast(int, broker.llen(name)) for name in broker.scan_iter(match="timers*"))
    finally:
        broker.close()


def set_clocks(count: int, lead: float, spread: float) -> dict[int, Any]:
    """``count`` matches whose clocks run out from ``lead`` to ``lead + spread`` s from now; their deadlines."""
    from accounts.models import User
    from gameplay.matches import services

    staff = User.objects.create_user(f"bench-referee-{time.time_ns()}", password=None, is_staff=True)
    decks = [{"starter": "eva-starter"}, {"starter": "romin-starter"}]
    matches = []
    for n in range(count):
        users = [User.objects.create_user(f"bench-{time.time_ns()}-{side}", password=None) for side in "ab"]
        match = services.create_match(users[0], users[1], decks, clock_seconds=300, label="timer-bench")
        game = match.current_game()
        assert game is not None and game.chooser is not None
        services.choose_first(match.pk, users[game.chooser], True, match.version)
        matches.append((match.pk, lead + spread * n / max(1, count - 1)))
    from gameplay.matches.models import PlayMatch

    deadlines = {}
    start = time.time()
    for pk, due in matches:
        match = PlayMatch.objects.get(pk=pk)
        seat = match.on_clock
        assert seat is not None
        left = due - (time.time() - start)  # seconds this clock should still run
        match = services.add_time(pk, staff, seat, -max(1, round(match.remaining_ms[seat] / 1000 - left)))
        deadlines[pk] = match.deadline
    return deadlines


def lateness(deadlines: dict[int, Any], seconds: float) -> tuple[list[float], int]:
    """Seconds each clock was flagged after its deadline (waiting for all); and how many were early."""
    from gameplay.matches.models import PlayMatch

    def finished() -> list[tuple[int, Any]]:
        done = PlayMatch.objects.filter(pk__in=deadlines, status=PlayMatch.Status.FINISHED)
        return list(done.values_list("pk", "finished_at"))

    wait_until(lambda: len(finished()) == len(deadlines), seconds, "every clock to run out")
    late = [(at - deadlines[pk]).total_seconds() for pk, at in finished()]
    return late, sum(x < 0 for x in late)


def percentile(values: list[float], p: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(p / 100 * len(ordered)))]


def report(name: str, late: list[float], early: int) -> float:
    """Print how late the clocks ran out; returns p95, in ms."""
    print(
        f"{name}: {len(late)} clocks, late by p50 {percentile(late, 50) * 1000:.0f} ms, "
        f"p95 {percentile(late, 95) * 1000:.0f} ms, max {max(late) * 1000:.0f} ms"
        + (f" ({early} flagged BEFORE their deadline)" if early else ""),
        flush=True,
    )
    return percentile(late, 95) * 1000


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--clocks", type=int, default=30, help="clocks in each phase")
    parser.add_argument("--lead", type=float, default=10, help="seconds from now to the first deadline")
    parser.add_argument("--spread", type=float, default=8, help="seconds between the first and the last deadline")
    parser.add_argument("--down", type=float, default=0, help="seconds the killed worker stays down")
    args = parser.parse_args()
    if args.clocks < 1 or args.lead < 3 or args.spread < 0 or args.down < 0:
        parser.error("--clocks must be at least 1, --lead at least 3 s, --spread and --down not negative")
    var_dir = Path(tempfile.mkdtemp(prefix="fett-bench-timers-"))
    site_environment(var_dir, "fett-bench-timers")
    import django

    django.setup()
    from django.conf import settings
    from django.core.management import call_command

    redis_process = None
    if settings.REDIS_EMBEDDED:
        from config import embedded_redis

        redis_process = embedded_redis.start(Path(settings.EMBEDDED_REDIS_SOCKET))
    celery = Celery(var_dir / "celery.log")
    try:
        ensure_database(os.environ.get("DATABASE_URL", ""))
        call_command("migrate", verbosity=0)
        call_command("load_catalog", verbosity=0, stdout=io.StringIO())
        where = "SQLite and an embedded Redis" if settings.REDIS_EMBEDDED else "DATABASE_URL and REDIS_URL"
        print(f"{args.clocks} clocks a phase, deadlines {args.lead:.0f}-{args.lead + args.spread:.0f} s ahead, "
              f"on {where}", flush=True)  # fmt: skip

        # The normal path: a worker holds each clock's ETA task and fires it at the deadline.
        normal = celery.worker("bench-normal")
        deadlines = set_clocks(args.clocks, args.lead, args.spread)
        normal_p95 = report("normal (ETA task)", *lateness(deadlines, 120 + args.lead + args.spread))
        celery.kill(normal, signal.SIGTERM)

        # A worker killed before the deadlines: a new one starts at once, with beat running throughout.
        beat = celery.start("beat", "--schedule", str(var_dir / "beat-schedule"))
        doomed = celery.worker("bench-doomed")
        deadlines = set_clocks(args.clocks, args.lead, args.spread)
        wait_until(lambda: timers_waiting() == 0, 120, "the worker to take every timer task")
        from gameplay.matches.models import PlayMatch

        killed_at = time.monotonic()
        celery.kill(doomed)
        if PlayMatch.objects.filter(pk__in=deadlines, status=PlayMatch.Status.FINISHED).exists():
            print("  (some clocks ran out before the kill: the machine was slower than --lead allows)")
        if args.down:
            wait_until(lambda: time.monotonic() - killed_at >= args.down, args.down + 1, "the worker's down time")
        celery.worker("bench-rescue")
        print(f"  the new worker consumed {time.monotonic() - killed_at:.1f} s after the kill", flush=True)
        killed_p95 = report(
            f"killed worker (sweeper), down {args.down:.0f} s", *lateness(deadlines, 180 + args.lead + args.spread)
        )
        compare("bench_timers", {"normal lateness p95 (ms)": normal_p95, "killed worker lateness p95 (ms)": killed_p95})
        celery.kill(beat, signal.SIGTERM)
    finally:
        celery.stop_all()
        if redis_process is not None:
            from config import embedded_redis

            embedded_redis.stop(redis_process, Path(settings.EMBEDDED_REDIS_SOCKET))
        shutil.rmtree(var_dir, ignore_errors=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
