"""Notices of a 1,024-player round: from the publish's commit until every notice exists, and until
every e-mail has reached an SMTP server.

    python benchmarks/bench_notices.py [--players 1024] [--rounds 2]

Registers ``--players`` players (each with an e-mail address) in a Swiss event, starts a real Celery
worker (`default` queue, one process) and a real SMTP server on 127.0.0.1 (aiosmtpd), and publishes
``--rounds`` rounds: for each, the time of the publish request itself, then from its commit until
the worker has created every player's notice (its e-mail batches are queued in the same task,
right after), and until the last e-mail arrived. The issue's budget: notices and queued e-mails
within 1 s of the commit. Also times the delivery task alone, in this process, on a round of its own.
Runs on a private SQLite database and an embedded Redis under a temporary directory (DATABASE_URL
and REDIS_URL point it elsewhere). Prints only; asserts nothing.
"""

from __future__ import annotations

import argparse
import os
import shutil
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from benchmarks._baseline import compare  # noqa: E402
from benchmarks._database import ensure_database, site_environment  # noqa: E402


def wait(condition: Callable[[], bool], timeout: float, what: str) -> float:
    """Seconds until ``condition()`` holds (polled every 5 ms)."""
    started = time.perf_counter()
    while not condition():
        if time.perf_counter() - started > timeout:
            raise SystemExit(f"gave up waiting for {what} after {timeout:.0f} s")
        time.sleep(0.005)
    return time.perf_counter() - started


def event_of(players: int, rounds_wanted: int):  # type: ignore[no-untyped-def]
    from accounts.models import User
    from tournaments.models import Event, Registration
    from tournaments.services import registration

    organiser = User.objects.create(username="bench-organiser", is_organiser=True)
    event = registration.create_event(organiser, name="Bench Open", rounds=rounds_wanted)
    registration.change_status(event, Event.Status.REGISTRATION, organiser)
    users = User.objects.bulk_create(
        User(username=f"bench-{n}", display_name=f"Player {n}", email=f"bench-{n}@example.com") for n in range(players)
    )
    Registration.objects.bulk_create(Registration(event=event, player=user) for user in users)
    registration.start_event(event, organiser)
    return event, organiser


def run(players: int, rounds_wanted: int, mailbox) -> None:  # type: ignore[no-untyped-def]
    from accounts.notices import delivery
    from accounts.notices.models import Notice
    from tournaments.notices import _pair_drafts
    from tournaments.services import rounds

    event, organiser = event_of(players, rounds_wanted)
    from django.db import connection

    print(f"{players} players, one Celery worker process, {connection.vendor}")
    figures: dict[str, float] = {}
    for number in range(1, rounds_wanted + 1):
        preview = rounds.pair_next_round(event, organiser)
        started = time.perf_counter()
        round_ = rounds.publish_round(preview, organiser)
        publish = time.perf_counter() - started
        key = f"round:{round_.pk}:published"

        def all_notices(key: str = key) -> bool:
            return Notice.objects.filter(key=key).count() >= players

        def all_mails(number: int = number) -> bool:
            return len(mailbox.received()) >= number * players

        notices = wait(all_notices, 120, "the notices")
        mails = notices + wait(all_mails, 300, "the e-mails")
        figures[f"round {number}: commit to every notice (s)"] = notices
        figures[f"round {number}: commit to every e-mail (s)"] = mails
        print(f"  round {number}: publish request {publish:6.3f} s; after its commit: every notice (e-mails "
              f"queued) {notices:6.3f} s, every e-mail at the SMTP server {mails:6.3f} s")  # fmt: skip
        if number < rounds_wanted:
            round_.matches.update(a_games=1, b_games=0, draws=0, status="confirmed")
            rounds.end_round(round_, organiser)
    drafts = [d.__dict__ for d in _pair_drafts(round_)]
    Notice.objects.filter(key=f"round:{round_.pk}:published").delete()
    started = time.perf_counter()
    delivery.deliver("pairings", drafts)
    alone = time.perf_counter() - started
    print(f"  the delivery task alone, in this process: {alone:6.3f} s for {len(drafts)} notices")
    compare("bench_notices", {**figures, "the delivery task alone (s)": alone})


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--players", type=int, default=1024)
    parser.add_argument("--rounds", type=int, default=2)
    args = parser.parse_args()
    if args.players < 2 or not 1 <= args.rounds <= 5:
        parser.error("--players at least 2, --rounds 1 to 5")
    var_dir = Path(tempfile.mkdtemp(prefix="fett-bench-notices-"))
    site_environment(var_dir, "fett-bench-notices", EMAIL_BACKEND="django.core.mail.backends.smtp.EmailBackend")
    from tests.notices.smtp import smtp_server

    with smtp_server() as mailbox:
        os.environ.update({"EMAIL_HOST": mailbox.host, "EMAIL_PORT": str(mailbox.port)})
        import django

        django.setup()
        from django.conf import settings
        from django.core.management import call_command

        from config import embedded_redis

        redis_process = None
        if settings.REDIS_EMBEDDED:
            redis_process = embedded_redis.start(Path(settings.EMBEDDED_REDIS_SOCKET))
        worker = None
        try:
            ensure_database(os.environ.get("DATABASE_URL", ""))
            call_command("migrate", verbosity=0)
            worker = subprocess.Popen(
                [sys.executable, "-m", "celery", "-A", "config", "worker", "-Q", "default", "-c", "1",
                 "--loglevel", "WARNING"], cwd=ROOT, start_new_session=True,
            )  # fmt: skip
            warm_up(worker)
            run(args.players, args.rounds, mailbox)
        finally:
            if worker is not None:
                worker.terminate()
                worker.wait(60)
            if redis_process is not None:
                embedded_redis.stop(redis_process, Path(settings.EMBEDDED_REDIS_SOCKET))
            shutil.rmtree(var_dir, ignore_errors=True)
    return 0


def warm_up(worker: subprocess.Popen[bytes]) -> None:
    """One notice through the worker, so that its start-up is not timed."""
    from accounts.models import User
    from accounts.notices import services
    from accounts.notices.models import Notice

    user = User.objects.create(username="bench-warm-up")
    services.notify([user], "event_soon", "warm-up", "Warm-up")
    wait(lambda: Notice.objects.filter(key="warm-up").exists(), 180, "the worker to start")


if __name__ == "__main__":
    raise SystemExit(main())
