"""The CPU a move costs the site in one process, without HTTP or sockets: a steadier figure than the
match benchmark's round trips, whose spread between runs at saturation is larger than most changes.

    python benchmarks/bench_move_cpu.py [--matches 40] [--moves 1200]

Sets up ``--matches`` two-player Runeslingers matches and plays ``--moves`` random legal moves
round the matches through ``gameplay.matches.services.play`` (the lock and read, the engine, the
write, both seats' views and their push after the commit, handed to an event loop of the process as
a web process hands it to its server's), choosing who goes first where asked.
Prints the process's CPU and the wall time a move took inside ``play`` and, on a PostgreSQL on
this machine, the database server's CPU a move (all its processes, over the whole loop: the
views read to choose each move included). By default on a private SQLite database and an embedded
Redis under a temporary directory; DATABASE_URL and REDIS_URL point it elsewhere (with
``DB_PREPARE`` and the other settings they take). Prints only; asserts nothing.
"""

from __future__ import annotations

import argparse
import os
import random
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from benchmarks._database import on_the_site, site_environment  # noqa: E402
from benchmarks._in_process import CallCost  # noqa: E402


def two_player_matches(count: int) -> list[tuple[int, list[Any]]]:
    from accounts.models import User
    from gameplay.matches import services

    matches, run = [], time.time_ns()  # a database used before keeps its earlier runs' players
    for n in range(count):
        users = [User.objects.create(username=f"bench-move-{run}-{n}-{side}") for side in "ab"]
        match = services.create_match(
            users[0], users[1], [{"starter": "eva-starter"}, {"starter": "romin-starter"}],
            window_seconds=300, clock_seconds=25 * 60, label="benchmark",
        )  # fmt: skip
        matches.append((match.pk, users))
    return matches


def next_move(match_id: int, users: list[Any], rng: random.Random) -> tuple[Any, str, int] | None:
    """The seat to move's user, a random legal action and the version; None when the match is over.
    Choosing who goes first (the chooser plays first) is done here, outside the measured moves."""
    from gameplay.matches import services
    from gameplay.matches.models import PlayMatch

    match = PlayMatch.objects.get(pk=match_id)
    for seat in (0, 1):
        view = services.player_view(match, seat)
        if view["status"] == "finished":
            return None
        choice = view.get("choice") or {}
        if choice.get("pending") and choice.get("chooser") == view["seat"]:
            services.choose_first(match_id, users[seat], True, view["version"])
            return next_move(match_id, users, rng)
        pending = view["board"].get("pending") or {}
        legal = view["board"].get("legal") or []
        if pending.get("player") == view["seat"] and legal:
            return users[seat], rng.choice(legal), view["version"]
    return None


def run(matches: int, moves: int) -> None:
    from django.core.management import call_command
    from django.db import connection

    from common.push import start_background_loop
    from gameplay.matches import services

    call_command("load_catalog", verbosity=0)
    # Pushes handed to an event loop of the process, as a web process hands them to its server's loop
    # (with none, each push would wait on an event loop of its own made for it: not the site's cost).
    start_background_loop()
    rng = random.Random(7)
    playing = two_player_matches(matches)
    cost = CallCost(connection.vendor)
    while cost.calls < moves and playing:
        for match_id, users in list(playing):
            found = next_move(match_id, users, rng)
            if found is None:
                playing.remove((match_id, users))
                continue
            user, action, version = found
            with cost.measure():
                services.play(match_id, user, action, version)
            if cost.calls == moves:
                break
    print(f"{cost.calls} moves over {matches} matches ({connection.vendor}):")
    cost.report("bench_move_cpu", "play", "services.play", "move")


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--matches", type=int, default=40)
    parser.add_argument("--moves", type=int, default=1200)
    args = parser.parse_args()
    if args.matches < 1 or args.moves < 1:
        parser.error("--matches and --moves at least 1")
    var_dir = Path(tempfile.mkdtemp(prefix="fett-bench-move-cpu-"))
    site_environment(var_dir, os.environ.get("REDIS_KEY_PREFIX", "fett-bench-move-cpu"))
    on_the_site(var_dir, lambda: run(args.matches, args.moves))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
