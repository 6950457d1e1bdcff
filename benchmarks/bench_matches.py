"""Many concurrent bot-vs-bot matches driven through the HTTP API and websockets; prints figures.

    python benchmarks/bench_matches.py [--matches 200] [--seconds 90] [--window 5] [--dawdle 0.2] [--think 1]
                                       [--client-processes 2] [--moves http|socket] [--url URL | --cluster DIR]

It runs against DATABASE_URL (default: a `fett_bench` database on the local PostgreSQL) and
REDIS_URL (default: the local Redis), starts its own uvicorn (`--web-workers`, 2), a Celery worker
on the `timers` and `default` queues and beat (or plays on a site already running: `--url URL`, or
`--cluster DIR` for a `deploy/local-cluster` started with DIR, whose processes' CPU and memory it
prints), creates the matches, and plays them with two clients per match that see only what the API
and their websocket send them. Each client thinks for a random time (`--think`, mean seconds; 0
plays as fast as the server answers) and answers with a random legal action, by POST or (`--moves
socket`) on its site socket as the play page does; a `--dawdle` share of answer and block windows is
left to expire, so the timers have work. Each client keeps one HTTP connection open, as a browser
does; the clients run in `--client-processes` processes (both seats of a match in one). It prints
the action round trip (the move sent to its answer), the time until the opponent's websocket
receives the new version, how late the timers fired (from the game log), the round trip's p95 in
each 30 s of the run (a tail of the whole run or of one spell), and how late the clients' own event
loops woke (a client that wakes late counts its lateness in the others). Prints only.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import signal
import socket
import statistics
import subprocess
import sys
import time
import urllib.error
import urllib.parse
import urllib.request
from pathlib import Path
from typing import Any

import orjson

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from benchmarks._baseline import compare  # noqa: E402
from benchmarks._client import AsyncConnection, probe_loop  # noqa: E402
from benchmarks._database import ensure_database  # noqa: E402
from benchmarks._processes import cpu_of, processes  # noqa: E402

DEFAULT_DB = "postgres://postgres@127.0.0.1:5432/fett_bench"


def configure(running: bool = False) -> dict[str, str]:
    """The environment of the bench and of the processes it starts. Against a site already running
    (``--url``) its Redis key prefix is the site's own, from ``REDIS_KEY_PREFIX``."""
    env = {
        "DATABASE_URL": os.environ.get("DATABASE_URL", DEFAULT_DB),
        "REDIS_URL": os.environ.get("REDIS_URL", "redis://127.0.0.1:6379"),
        "REDIS_KEY_PREFIX": os.environ.get("REDIS_KEY_PREFIX", "fett") if running else "fett-bench",
        "FETT_ENV": "development",
        "DEBUG": "false",
        "LOG_LEVEL": "WARNING",
        "DJANGO_SETTINGS_MODULE": "config.settings",
    }
    os.environ.update(env)
    return env


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def start(args: list[str], env: dict[str, str]) -> subprocess.Popen[bytes]:
    return subprocess.Popen(
        [sys.executable, "-m", *args], cwd=ROOT, env={**os.environ, **env}, start_new_session=True,
        stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
    )  # fmt: skip


def prepare(count: int, window: int) -> list[dict[str, Any]]:
    """Users, sessions and matches; returns what each client needs."""
    import django

    django.setup()
    from django.conf import settings
    from django.contrib.auth import BACKEND_SESSION_KEY, HASH_SESSION_KEY, SESSION_KEY
    from django.contrib.sessions.backends.db import SessionStore
    from django.core.management import call_command
    from rest_framework.authtoken.models import Token

    from accounts.models import User
    from gameplay.matches import services
    from gameplay.matches.models import PlayMatch

    call_command("migrate", verbosity=0)
    call_command("load_catalog", verbosity=0)
    # Earlier runs' matches would keep the timers busy: close them first. A bulk update skips
    # ``set_status``; it is legal because only playing or paused matches (both may finish) are picked.
    PlayMatch.objects.filter(label="benchmark").exclude(status=PlayMatch.Status.FINISHED).update(
        status=PlayMatch.Status.FINISHED, deadline=None, on_clock=None
    )
    run = int(time.time())
    seats = []
    for n in range(count):
        users = [User.objects.create_user(f"bench{run}-{n}-{side}", password=None) for side in "ab"]
        match = services.create_match(
            users[0], users[1], [{"starter": "eva-starter"}, {"starter": "romin-starter"}],
            window_seconds=window, clock_seconds=25 * 60, label="benchmark",
        )  # fmt: skip
        for seat, user in enumerate(users):
            session = SessionStore()
            session[SESSION_KEY], session[BACKEND_SESSION_KEY] = (
                str(user.pk),
                "django.contrib.auth.backends.ModelBackend",
            )
            session[HASH_SESSION_KEY] = user.get_session_auth_hash()
            session.save()
            token = Token.objects.create(user=user).key
            seats.append({"match": match.pk, "seat": seat, "token": token,
                          "cookie": f"{settings.SESSION_COOKIE_NAME}={session.session_key}"})  # fmt: skip
    return seats


class Figures:
    def __init__(self) -> None:
        self.round_trips: list[float] = []
        self.sent_times: list[float] = []  # when each round trip's move was sent (time.time())
        self.push_delays: list[float] = []
        self.legs: list[tuple[float, float]] = []  # POST to the server's push, the push to its arrival
        self.sent_at: dict[tuple[int, int], float] = {}
        self.mover: dict[tuple[int, int], int] = {}
        self.errors: dict[str, int] = {}
        self.finished: set[int] = set()
        # how much later than asked a 10 ms sleep of a client process's event loop woke: a busy
        # client reads its answers and pushes late, which the figures above would count as the server's
        self.loop_lag: list[float] = []

    def error(self, what: str) -> None:
        self.errors[what] = self.errors.get(what, 0) + 1


async def follow(socket_: Any, match: int) -> None:
    """Subscribe to the match's topic on the site socket; return once the server says it is followed."""
    await socket_.send(json.dumps({"type": "subscribe", "topic": "match", "id": match}))
    while json.loads(await socket_.recv()).get("type") != "subscribed":
        pass  # the socket's hello, until the match's topic is followed


class Client:
    """One seat of one match, seeing only what the API and its socket send it. Moves go by
    ``POST /api/play/<id>/act/`` (``moves="http"``) or on the site socket (``moves="socket"``:
    ``{"type": "act"}``, answered ``acted`` / ``act-refused``), as the play page sends them."""

    def __init__(self, seat: dict[str, Any], base: str, figures: Figures, rng: random.Random, moves: str) -> None:
        self.seat, self.match, self.figures, self.rng, self.moves = seat, seat["match"], figures, rng, moves
        self.connection = AsyncConnection(int(base.rsplit(":", 1)[1]))
        self.waiting = asyncio.Event()
        self.waiting.set()
        self.view: dict[str, Any] = {}
        self.answers: dict[str, asyncio.Future[dict[str, Any]]] = {}
        self.socket: Any = None
        self.sent = 0

    async def http(self, method: str, path: str, body: dict[str, Any] | None = None) -> tuple[int, dict[str, Any]]:
        return await self.connection.request(method, path, self.seat["token"], body)

    async def listen(self) -> None:
        """The socket's pushes (the opponent's moves, timers) and the answers to this seat's moves."""
        async for raw in self.socket:
            message = orjson.loads(raw).get("data") or {}  # a topic's push: {"topic": ..., "data": ...}
            if message.get("type") in ("acted", "act-refused"):
                answer = self.answers.pop(str(message.get("request")), None)
                if answer is not None and not answer.done():
                    answer.set_result(message)
            elif message.get("type") == "view":
                self.heard(message)

    def heard(self, message: dict[str, Any]) -> None:
        arrived, key = time.perf_counter(), (self.match, message["version"])
        sent = self.figures.sent_at.get(key)
        if sent is not None and self.figures.mover.get(key) != self.seat["seat"]:
            self.figures.push_delays.append(arrived - sent)
            posted = time.time() - (time.perf_counter() - sent)
            self.figures.legs.append((message["at"] - posted, time.time() - message["at"]))
        if message["version"] > self.view["version"]:
            self.view = message["view"]
            self.waiting.set()

    async def act(self, version: int, action: str) -> tuple[int, dict[str, Any]]:
        """A move, by the chosen path; answers (HTTP status, the mover's view or the refusal)."""
        if self.moves == "http":
            return await self.http("POST", f"/api/play/{self.match}/act/", {"version": version, "action": action})
        self.sent += 1
        request = f"{self.seat['seat']}-{self.sent}"
        answer = self.answers[request] = asyncio.get_running_loop().create_future()
        await self.socket.send(json.dumps({"topic": f"match:{self.match}", "type": "act", "version": version,
                                           "action": action, "request": request}))  # fmt: skip
        got = await asyncio.wait_for(answer, timeout=60)
        return (200, got["view"]) if got["type"] == "acted" else (got["status"], got.get("view") or got)

    async def choose_first(self) -> None:
        """Before each game the chooser says who goes first: itself."""
        version = self.view["version"]
        status, body = await self.http("POST", f"/api/play/{self.match}/first/", {"version": version, "first": "me"})
        if status == 200 and body["version"] > version:
            self.view = body
        elif status != 200:  # the refusal's first words say why (the chooser's time ran out, say)
            why = " ".join(str(body.get("detail", "")).split()[:5])
            self.figures.error(f"choosing who goes first: HTTP {status} ({why} ...)")
            self.view = (await self.http("GET", f"/api/play/{self.match}/"))[1]
        self.waiting.set()

    def my_decision(self) -> bool:
        pending = self.view["board"].get("pending") or {}
        return pending.get("player") == self.view["seat"] and bool(self.view["board"]["legal"])

    async def move(self, stop_at: float, think: float) -> None:
        if think:
            await asyncio.sleep(self.rng.expovariate(1 / think))
            if time.time() >= stop_at or not self.my_decision():
                return  # time is up, or a timer or the opponent moved while we thought
        action, version = self.rng.choice(self.view["board"]["legal"]), self.view["version"]
        self.figures.mover[(self.match, version + 1)] = self.seat["seat"]
        self.figures.sent_at[(self.match, version + 1)] = started = time.perf_counter()
        status, body = await self.act(version, action)
        self.figures.round_trips.append(time.perf_counter() - started)
        self.figures.sent_times.append(time.time() - (time.perf_counter() - started))
        if status == 200:
            if body["version"] > self.view["version"]:
                self.view = body
        elif status == 409:
            self.figures.error("409 (stale: a timer moved first)")
            self.view = (await self.http("GET", f"/api/play/{self.match}/"))[1]
        else:
            self.figures.error(f"HTTP {status}")
        self.waiting.set()

    async def play(self, stop_at: float, dawdle: float, think: float) -> None:
        while time.time() < stop_at and self.view["status"] != "finished":
            await asyncio.wait_for(self.waiting.wait(), timeout=max(0.1, stop_at - time.time()))
            self.waiting.clear()
            choice = self.view.get("choice") or {}
            if choice.get("pending"):
                if choice.get("chooser") == self.view["seat"]:
                    await self.choose_first()
                continue
            if not self.my_decision():
                continue
            pending = self.view["board"].get("pending") or {}
            if pending.get("kind") in ("answer", "block") and self.rng.random() < dawdle:
                continue  # let the window expire; the timer passes for us
            await self.move(stop_at, think)

    async def run(self, base: str, stop_at: float, dawdle: float, think: float, ramp: float) -> None:
        import websockets

        await asyncio.sleep(self.rng.random() * ramp)  # clients arrive over the ramp-up, not all in one instant
        ws_url = base.replace("http://", "ws://") + "/ws/live/"  # the one site socket, as the play page
        headers = {"Cookie": self.seat["cookie"], "Origin": base}
        async with websockets.connect(ws_url, additional_headers=headers, open_timeout=60) as self.socket:
            await follow(self.socket, self.match)
            # Read the view once the socket listens, so no change falls between the two.
            self.view = (await self.http("GET", f"/api/play/{self.match}/"))[1]
            listener = asyncio.create_task(self.listen())
            try:
                await self.play(stop_at, dawdle, think)
            except TimeoutError:
                pass
            finally:
                listener.cancel()
                self.connection.close()
            if self.view["status"] == "finished":
                self.figures.finished.add(self.match)


def client_process(seats: list[dict[str, Any]], base: str, stop_at: float, dawdle: float, think: float, seed: int,
                   moves: str, out: Any) -> None:  # fmt: skip
    figures = Figures()

    async def drive() -> None:
        rng = random.Random(seed)
        clients = [Client(s, base, figures, random.Random(rng.random()), moves) for s in seats]
        probe = asyncio.create_task(probe_loop(figures.loop_lag))
        try:
            await asyncio.gather(*(c.run(base, stop_at, dawdle, think, 10.0) for c in clients))
        finally:
            probe.cancel()

    try:
        asyncio.run(drive())
    finally:
        figures.sent_at, figures.mover = {}, {}
        out.put(figures)


def run_clients(seats: list[dict[str, Any]], base: str, stop_at: float, dawdle: float, think: float,
                processes: int, moves: str = "http") -> Figures:  # fmt: skip
    """The clients in ``processes`` processes (both seats of a match in the same one, so a move's
    send time and its push's arrival are read on one clock); their figures merged."""
    import multiprocessing

    from django.db import connections

    connections.close_all()  # the children never use the parent's database connections
    context = multiprocessing.get_context("fork")
    matches = sorted({s["match"] for s in seats})
    processes = max(1, min(processes, len(matches)))
    out = context.Queue()
    children = []
    for index in range(processes):
        mine = set(matches[index::processes])
        part = [s for s in seats if s["match"] in mine]
        children.append(
            context.Process(target=client_process, args=(part, base, stop_at, dawdle, think, index + 1, moves, out))
        )
    for child in children:
        child.start()
    merged = Figures()
    for _ in children:
        figures = out.get(timeout=max(60.0, stop_at - time.time() + 120))
        merged.round_trips += figures.round_trips
        merged.sent_times += figures.sent_times
        merged.push_delays += figures.push_delays
        merged.legs += figures.legs
        merged.finished |= figures.finished
        merged.loop_lag += figures.loop_lag
        for what, count in figures.errors.items():
            merged.errors[what] = merged.errors.get(what, 0) + count
    for child in children:
        child.join(timeout=30)
    return merged


def tree_cpu(pid: int) -> float:
    """CPU seconds (user + system) used so far by process ``pid`` and its descendants (0 where it
    cannot be read)."""
    table = processes()
    return sum(table[member][2] for member in _tree(pid, table) if member in table)


def services_cpu() -> dict[str, float]:
    """CPU seconds so far of the parts beside the site: PostgreSQL (all its processes) and the Redis on
    the benchmark's port, and the benchmark's own clients (this process's waited-for children)."""
    import resource

    children = resource.getrusage(resource.RUSAGE_CHILDREN)
    port = urllib.parse.urlsplit(os.environ.get("REDIS_URL") or "redis://127.0.0.1:6379").port or 6379
    return {
        "PostgreSQL": cpu_of("postgres"),
        "Redis": cpu_of("redis-server", f":{port}"),
        "the clients": children.ru_utime + children.ru_stime,
    }


def tree_rss(pid: int) -> float:
    """Resident memory (MB) of process ``pid`` and its descendants (a Celery worker's pool processes)."""
    total = 0.0
    for member in _tree(pid):
        try:
            status = Path(f"/proc/{member}/status").read_text()
        except OSError:
            continue
        for line in status.splitlines():
            if line.startswith("VmRSS:"):
                total += int(line.split()[1]) / 1024
    return total


def _tree(pid: int, table: dict[int, tuple[str, int, float]] | None = None) -> set[int]:
    """``pid`` and its descendants (in ``table``, the processes read once, or read now)."""
    parents = {member: parent for member, (_name, parent, _cpu) in (table or processes()).items()}
    tree, grew = {pid}, True
    while grew:
        found = {child for child, parent in parents.items() if parent in tree} - tree
        tree |= found
        grew = bool(found)
    return tree


def cluster_parts(directory: str) -> tuple[str, dict[str, str], dict[str, int]]:
    """A running ``deploy/local-cluster``: its proxy's URL, the site's environment (the database
    itself, not PgBouncer, for setting the matches up) and each part's pid."""
    state = json.loads((Path(directory) / "cluster.json").read_text())
    return state["url"], state["env"], {name: int(pid) for name, pid in state["pids"].items()}


def print_parts(pids: dict[str, int], cpu_before: dict[str, float], moves: int) -> float:
    """Each part's CPU a move and memory; returns the web processes' CPU a move (ms)."""
    web = 0.0
    print("each process: CPU a move (its CPU time over the run / the moves), resident memory at the end:")
    for name, pid in pids.items():
        used = (tree_cpu(pid) - cpu_before[name]) / moves * 1000
        web += used if name.startswith("web") else 0.0
        print(f"  {name:<16} {used:5.2f} ms  {tree_rss(pid):6.0f} MB")
    return web


def percentile(values: list[float], p: float) -> float:
    if not values:
        return float("nan")
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(p / 100 * len(ordered)))]


#: The length of the spans whose round-trip p95 is printed one by one.
WINDOW = 30.0


def by_window(figures: Figures, began: float) -> list[float]:
    """The round trips' p95 (ms) in each ``WINDOW`` of the run from ``began``, by when the move was
    sent: whether the tail is the whole run's or one span's (the clients' arrival at the start)."""
    spans: dict[int, list[float]] = {}
    for sent, trip in zip(figures.sent_times, figures.round_trips, strict=True):
        spans.setdefault(max(0, int((sent - began) // WINDOW)), []).append(trip * 1000)
    return [percentile(spans.get(n, []), 95) for n in range(max(spans, default=-1) + 1)]


def timer_lateness(since: float) -> list[float]:
    from datetime import UTC, datetime

    from gameplay.matches.models import GameAction, PlayMatch

    started = datetime.fromtimestamp(since, tz=UTC)
    late = [
        (a.at - a.deadline).total_seconds()
        for a in GameAction.objects.filter(automatic=True, at__gte=started, deadline__isnull=False)
        if a.deadline is not None
    ]
    flagged = PlayMatch.objects.filter(games__end_reason="clock", finished_at__gte=started).count()
    if flagged:
        print(f"  ({flagged} games ended on an empty clock)")
    return late


def arguments() -> argparse.Namespace:
    parser = argparse.ArgumentParser()
    parser.add_argument("--matches", type=int, default=200)
    parser.add_argument("--seconds", type=int, default=90)
    parser.add_argument("--window", type=int, default=5, help="answer window in seconds (5 at least)")
    parser.add_argument("--dawdle", type=float, default=0.2, help="share of windows left to expire")
    parser.add_argument("--web-workers", type=int, default=2, help="uvicorn processes")
    parser.add_argument("--think", type=float, default=1.0, help="mean seconds a client thinks before a move (0: none)")
    parser.add_argument("--client-processes", type=int, default=2, help="processes the clients run in (by match)")
    parser.add_argument("--moves", choices=["http", "socket"], default="http",
                        help="moves by POST act (http) or on the site socket (as the play page)")  # fmt: skip
    parser.add_argument("--url", help="play on this running site (its DATABASE_URL, REDIS_URL and REDIS_KEY_PREFIX "
                        "in the environment) instead of starting one")  # fmt: skip
    parser.add_argument("--cluster", metavar="DIR", help="play on the deploy/local-cluster started with DIR "
                        "(its proxy, database and Redis; each process's CPU and memory printed)")  # fmt: skip
    return parser.parse_args()


def start_site(
    args: argparse.Namespace, env: dict[str, str]
) -> tuple[str, list[subprocess.Popen[bytes]], dict[str, int]]:
    """The site's base URL, the servers this script started (none with ``--url``) and their pids."""
    if args.url:
        return args.url.rstrip("/"), [], {}
    port = free_port()
    servers = [
        start(["uvicorn", "config.asgi:application", "--port", str(port), "--workers", str(args.web_workers),
               "--lifespan", "off", "--no-access-log", "--log-level", "warning"], env),
        start(["celery", "-A", "config", "worker", "-Q", "timers,default", "-c", "2", "--loglevel", "WARNING"], env),
        start(["celery", "-A", "config", "beat", "--loglevel", "WARNING", "--schedule", "/tmp/fett-bench-beat"], env),
    ]  # fmt: skip
    pids = dict(zip(("web", "worker", "beat"), (server.pid for server in servers), strict=True))
    return f"http://127.0.0.1:{port}", servers, pids


def wait_up(base: str) -> None:
    up_by = time.monotonic() + 120  # a loaded machine takes a while to start the processes
    while True:
        try:
            urllib.request.urlopen(f"{base}/api/", timeout=1)
            return
        except OSError:
            if time.monotonic() > up_by:
                raise SystemExit("the web server did not answer within 120 s") from None
            time.sleep(0.2)


def server_cpu(cluster: bool, pids: dict[str, int], cpu_before: dict[str, float], moves: int) -> tuple[float, float]:
    """CPU seconds the web processes and the Celery workers used over the run (each part of a
    cluster printed too); none known for a site given by ``--url``."""
    if cluster:
        web_cpu = print_parts(pids, cpu_before, moves) * moves / 1000
        return web_cpu, sum(tree_cpu(pid) - cpu_before[n] for n, pid in pids.items() if n.startswith("worker"))
    if not pids:
        return 0.0, 0.0
    return tree_cpu(pids["web"]) - cpu_before["web"], tree_cpu(pids["worker"]) - cpu_before["worker"]


def baseline_name(args: argparse.Namespace) -> str:
    """The baseline entry this run compares with: the issue's load (200 matches, think 1 s) by POST
    or on the socket, each other load (matches, think) its own entry, the large-event layout too."""
    name = "bench_matches" if args.moves == "http" else "bench_matches (moves on the socket)"
    if (args.matches, args.think) != (200, 1.0):
        name += f" ({args.matches} matches, think {args.think:g} s)"
    if args.cluster:
        name += f" (local cluster, {args.web_workers} web)"
    return name


def main() -> int:
    args = arguments()
    if args.cluster:
        args.url, cluster_env, cluster_pids = cluster_parts(args.cluster)
        os.environ.update(cluster_env)
        args.web_workers = sum(name.startswith("web") for name in cluster_pids)
    env = configure(running=bool(args.url))
    ensure_database(env["DATABASE_URL"])
    print(f"Preparing {args.matches} matches on {env['DATABASE_URL'].split('@')[-1]} ...", flush=True)
    seats = prepare(args.matches, args.window)
    base, servers, pids = start_site(args, env)
    if args.cluster:
        pids = cluster_pids
    try:
        wait_up(base)
        began, load_before = time.time(), os.getloadavg()
        cpu_before = {name: tree_cpu(pid) for name, pid in pids.items()}
        beside_before = services_cpu()
        stop_at = began + args.seconds
        figures = run_clients(seats, base, stop_at, args.dawdle, args.think, args.client_processes, args.moves)
        elapsed = time.time() - began
        moves = max(1, len(figures.round_trips))
        web_cpu, worker_cpu = server_cpu(bool(args.cluster), pids, cpu_before, moves)
        beside = {name: used - beside_before[name] for name, used in services_cpu().items()}
        late = timer_lateness(began)
        print(f"load average (1 min) {load_before[0]:.1f} at the start, {os.getloadavg()[0]:.1f} at the end")
    finally:
        for server in servers:
            os.killpg(server.pid, signal.SIGTERM)
        for server in servers:
            server.wait(timeout=30)

    trips = [t * 1000 for t in figures.round_trips]
    pushes = [t * 1000 for t in figures.push_delays]
    by = "POST" if args.moves == "http" else "the site socket"
    print(f"think time {args.think} s (mean), answer window {args.window} s, {args.dawdle:.0%} of windows left to "
          f"expire, {args.web_workers} web processes, moves by {by}")  # fmt: skip
    print(f"{args.matches} matches, {len(seats)} clients, {elapsed:.0f} s: {len(trips)} actions "
          f"({len(trips) / elapsed:.0f}/s), {len(figures.finished)} matches finished")  # fmt: skip
    print(f"action round trip (move sent to its answer): p50 {percentile(trips, 50):.0f} ms, "
          f"p95 {percentile(trips, 95):.0f} ms, p99 {percentile(trips, 99):.0f} ms")  # fmt: skip
    print(f"opponent's websocket push after the move was sent: p50 {percentile(pushes, 50):.0f} ms, "
          f"p95 {percentile(pushes, 95):.0f} ms")  # fmt: skip
    if late:
        print(f"timer expiries: {len(late)}, late by p50 {statistics.median(late) * 1000:.0f} ms, "
              f"p99 {percentile(late, 99) * 1000:.0f} ms, max {max(late) * 1000:.0f} ms")  # fmt: skip
    else:
        print("timer expiries: none in this run")
    print(f"refusals: {figures.errors or 'none'}")
    if pids:
        print(f"CPU a move: web processes {web_cpu / moves * 1000:.1f} ms, Celery workers "
              f"{worker_cpu / moves * 1000:.1f} ms (their CPU time over the run divided by the moves)")  # fmt: skip
    cores = os.cpu_count() or 1
    parts = ", ".join(f"{name} {used / moves * 1000:.1f} ms" for name, used in beside.items())
    print(f"  beside them: {parts}; the machine's {cores} cores give {cores * elapsed / moves * 1000:.1f} ms a move")
    for i, leg_name in enumerate(("the move sent to the server's push", "the push to the opponent's socket")):
        leg = [x[i] * 1000 for x in figures.legs]
        print(f"  of which {leg_name}: p50 {percentile(leg, 50):.0f} ms, p95 {percentile(leg, 95):.0f} ms")
    print(
        f"  round trip p95 by {WINDOW:.0f} s of the run (the clients arrive in its first 10 s): "
        + ", ".join(f"{p95:.0f}" if p95 == p95 else "-" for p95 in by_window(figures, began))
        + " ms"
    )
    lag = [x * 1000 for x in figures.loop_lag]
    if lag:
        print(f"  the clients' event loops woke late (10 ms sleeps): p50 {percentile(lag, 50):.1f} ms, "
              f"p95 {percentile(lag, 95):.0f} ms, p99 {percentile(lag, 99):.0f} ms, max {max(lag):.0f} ms")  # fmt: skip
    if args.url:
        print(f"(against {base}: its own processes, not this script's; the baseline is of the script's own)")
    compare(baseline_name(args), {
        "moves per second": len(trips) / elapsed,
        "round trip p50 (ms)": percentile(trips, 50),
        "round trip p95 (ms)": percentile(trips, 95),
        "round trip p99 (ms)": percentile(trips, 99),
        "opponent's push p95 (ms)": percentile(pushes, 95),
        "timer lateness p99 (ms)": percentile(late, 99) * 1000 if late else float("nan"),
        **({"web CPU a move (ms)": web_cpu / moves * 1000} if pids else {}),
    })  # fmt: skip
    return 0


if __name__ == "__main__":
    sys.exit(main())
