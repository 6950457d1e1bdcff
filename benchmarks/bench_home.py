"""The home page of a player in a running 1,024-player event, and of its organiser.

    python benchmarks/bench_home.py [--players 1024] [--requests 200]

Registers ``--players`` players in a Swiss event, starts it and publishes round 1 (512 tables),
then reads the home page (``/``, with the panel "For you now") and the panel alone
(``/home/panel/``) ``--requests`` times each through Django's test client, signed in as one
player and as the organiser, and prints p50 and p95 in milliseconds. By default it runs on a
private SQLite database and an embedded Redis under a temporary directory; DATABASE_URL and
REDIS_URL point it elsewhere. Prints only; asserts nothing.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from benchmarks._baseline import compare  # noqa: E402
from benchmarks._database import on_the_site, site_environment  # noqa: E402


def running_event(players: int) -> tuple[Any, Any]:
    from accounts.models import User
    from tournaments.models import Event, Registration
    from tournaments.services import registration, rounds

    organiser = User.objects.create(username="bench-organiser", is_organiser=True)
    event = registration.create_event(organiser, name="Bench Open", rounds=10)
    registration.change_status(event, Event.Status.REGISTRATION, organiser)
    users = User.objects.bulk_create(User(username=f"bench-{n}", display_name=f"Player {n}") for n in range(players))
    Registration.objects.bulk_create(Registration(event=event, player=user) for user in users)
    registration.start_event(event, organiser)
    rounds.publish_round(rounds.pair_next_round(event, organiser), organiser)
    return organiser, User.objects.get(username=f"bench-{players // 2}")


def measure(who: Any, url: str, requests: int) -> tuple[float, float]:
    from django.test import Client

    client = Client()
    client.force_login(who)
    assert client.get(url).status_code == 200  # warm: templates, URL resolver
    times = []
    for _ in range(requests):
        started = time.perf_counter()
        answer = client.get(url)
        times.append((time.perf_counter() - started) * 1000)
        assert answer.status_code == 200
    times.sort()
    return statistics.median(times), times[int(0.95 * (len(times) - 1))]


def run(players: int, requests: int) -> None:
    from tournaments.web.home import needs_of

    started = time.perf_counter()
    organiser, player = running_event(players)
    print(f"{players} players, round 1 published ({time.perf_counter() - started:.1f} s to set up)")
    print(f"  the player's panel: {[item.words for item in needs_of(player).items]}")
    figures = {}
    for name, who in (("player", player), ("organiser", organiser)):
        for url in ("/", "/home/panel/"):
            p50, p95 = measure(who, url, requests)
            print(f"  {name:<9} {url:<13} p50 {p50:6.1f} ms   p95 {p95:6.1f} ms")
            figures[f"{name} {url} p95 (ms)"] = p95
    compare("bench_home", figures)


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--players", type=int, default=1024)
    parser.add_argument("--requests", type=int, default=200)
    args = parser.parse_args()
    if args.players < 2 or args.requests < 1:
        parser.error("--players at least 2, --requests at least 1")
    var_dir = Path(tempfile.mkdtemp(prefix="fett-bench-home-"))
    site_environment(var_dir, "fett-bench-home")
    on_the_site(var_dir, lambda: run(args.players, args.requests))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
