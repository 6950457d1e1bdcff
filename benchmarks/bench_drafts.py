"""Draft pods under load, through the HTTP API and the pods' websockets. Prints figures; asserts nothing.

N concurrent 8-seat pods (default 50) run a whole draft: every player listens on the pod's
websocket and, when a pack is pushed, thinks for a random time and picks the first cards; one
player per pod never picks, so the server auto-picks for them at each deadline. Thinking is
exponential with a mean of ``--think`` seconds for every pick (0 picks at once), or, with
``--think-per-card``, of that many seconds per card in the pack (a full 18-card pack takes
longest, as with people). ``--human-pace`` runs the pods on the product's default pick clock
(60 s for a full pack, falling by 6 s a pick) and has each player use a uniformly random 10–60% of
the clock the pack shows: the pace of people, where the other settings are a stress far faster.
Each player sends its picks on the pod's socket, as the draft page does (``--picks socket``, the
default), or by ``POST /api/pods/<id>/pick/`` on one keep-alive connection (``--picks http``, the
page's way while its socket is down); the players run in ``--client-processes`` processes (a
pod's players together).
Measured:

- *pick → next pack*: from sending the pick that made a pack available (the upstream neighbour's
  pick or the player's own previous pick) until that pack is pushed to the receiving player;
- *auto-pick lateness*: when the server made an auto-pick after the clock's deadline (Pick.at − deadline);
- picks per second and the time a pick request takes (sent until answered, on either path).

It starts everything it needs: uvicorn (``config.asgi``), a Celery worker with beat on `default`
and one on `timers` (``--timer-processes``), and, unless ``DATABASE_URL`` / ``REDIS_URL`` are set,
a fresh SQLite file and an embedded Redis in a temporary directory (never the development
database).

Run:  .venv/bin/python benchmarks/bench_drafts.py [--pods 50] [--think 2 | --think-per-card 0.25 | --human-pace]
          [--picks socket|http] [--pick-seconds 10] [--web-workers 2] [--timer-processes 4]
          [--client-processes 2] [--timeline 10]
      DATABASE_URL=postgres://... REDIS_URL=redis://... .venv/bin/python benchmarks/bench_drafts.py
"""

from __future__ import annotations

import argparse
import asyncio
import http.client
import json
import os
import random
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass, field
from datetime import datetime
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from benchmarks._baseline import compare  # noqa: E402
from benchmarks._client import AsyncConnection, probe_loop  # noqa: E402


@dataclass
class Figures:
    push_latency: list[float] = field(default_factory=list)
    push_at: list[float] = field(default_factory=list)  # when each push arrived (monotonic; merged: since start)
    request_time: list[float] = field(default_factory=list)
    refused: int = 0
    errors: int = 0
    picks: int = 0
    failures: dict[str, int] = field(default_factory=dict)
    started: float = 0.0
    # The client processes' own lateness: how much later than asked a 10 ms sleep of their event
    # loop woke (a busy client times pushes and answers late), and the CPU each process used.
    loop_lag: list[float] = field(default_factory=list)
    lag_at: list[float] = field(default_factory=list)
    client_cpu: list[float] = field(default_factory=list)


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def prepare_environment(tmp: Path) -> tuple[dict[str, str], list[subprocess.Popen[bytes]]]:
    env = {**os.environ, "FETT_ENV": "development", "DEBUG": "0", "LOG_LEVEL": "WARNING", "FETT_VAR_DIR": str(tmp)}
    started: list[subprocess.Popen[bytes]] = []
    env.setdefault("DATABASE_URL", f"sqlite:///{tmp / 'bench.sqlite3'}")
    if "REDIS_URL" not in os.environ:
        from config import embedded_redis

        sock = tmp / "redis" / "redis.sock"
        sock.parent.mkdir(parents=True, exist_ok=True)
        started.append(embedded_redis.start(sock))
        env["REDIS_URL"] = f"unix://{sock}"
    os.environ.update({k: env[k] for k in ("FETT_ENV", "DEBUG", "DATABASE_URL", "REDIS_URL", "FETT_VAR_DIR")})
    subprocess.run([sys.executable, "manage.py", "migrate", "--no-input", "-v", "0"], cwd=ROOT, env=env, check=True)
    return env, started


def setup_event(pods: int, pick_seconds: int | None) -> dict[str, Any]:
    """An event of pods × 8 players, seated, with a token and a session per player."""
    import django

    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
    django.setup()
    from django.contrib.auth import BACKEND_SESSION_KEY, HASH_SESSION_KEY, SESSION_KEY
    from django.contrib.sessions.backends.db import SessionStore
    from rest_framework.authtoken.models import Token

    from accounts.models import User
    from tournaments.drafts.services import draft_pods as pod_services
    from tournaments.models import Event, Registration
    from tournaments.services import registration

    stamp = int(time.time())
    boss = User.objects.create_user(f"bench-boss-{stamp}", password=None, is_organiser=True)
    event = Event.objects.create(name=f"Bench draft {stamp}", organiser=boss, format="draft",
                                 status=Event.Status.REGISTRATION)  # fmt: skip
    users = [User.objects.create_user(f"bench-{stamp}-{i}", password=None) for i in range(pods * 8)]
    Registration.objects.bulk_create(Registration(event=event, player=u) for u in users)
    registration.start_event(event, boss)
    settings = {"review_seconds_first": 2, "draft_deck_building_seconds": 3600}
    if pick_seconds is not None:  # every pick on one flat clock; None: the default table
        settings |= {"base_seconds": pick_seconds, "per_card_seconds": 0}
    seated = pod_services.seat_pods(event, boss, seats_per_pod=8, settings=settings)

    def session(user: User) -> str:
        store = SessionStore()
        store[SESSION_KEY] = str(user.pk)
        store[BACKEND_SESSION_KEY] = "django.contrib.auth.backends.ModelBackend"
        store[HASH_SESSION_KEY] = user.get_session_auth_hash()
        store.save()
        assert store.session_key is not None
        return store.session_key

    players = []
    for pod in seated:
        for seat in pod.seats.select_related("registration__player"):
            user = seat.registration.player  # type: ignore[union-attr]
            players.append({"pod": pod.pk, "seat": seat.index, "token": Token.objects.create(user=user).key,
                            "session": session(user), "idle": seat.index == 0})  # fmt: skip
    return {"boss": Token.objects.create(user=boss).key, "pods": [p.pk for p in seated], "players": players,
            "event": event.pk}  # fmt: skip


def start_servers(
    env: dict[str, str], port: int, web_workers: int, timer_processes: int, tmp: Path
) -> list[subprocess.Popen[bytes]]:
    web = [
        sys.executable,
        "-m",
        "uvicorn",
        "config.asgi:application",
        "--host",
        "127.0.0.1",
        "--port",
        str(port),
        "--lifespan",
        "off",
        "--no-access-log",
        "--log-level",
        "warning",
        "--workers",
        str(web_workers),
    ]
    celery = [sys.executable, "-m", "celery", "-A", "config", "worker", "--loglevel", "WARNING"]
    # The production layout of ARCHITECTURE.md: a worker (with beat) on `default`, and one of its
    # own on `timers`, whose tasks mostly wait on the database, so it runs more processes.
    worker = [*celery, "-B", "-s", str(tmp / "beat-schedule"), "-Q", "default", "-c", "1",
              "-n", f"bench-default-{os.getpid()}@%h"]  # fmt: skip
    timers = [*celery, "-Q", "timers", "-c", str(timer_processes), "-n", f"bench-timers-{os.getpid()}@%h"]
    procs = [subprocess.Popen(cmd, cwd=ROOT, env=env, start_new_session=True) for cmd in (web, worker, timers)]
    # Ready means /healthz is green: the web server, the worker and beat all run (a draft started
    # before the worker listens would count the worker's start-up as auto-pick lateness).
    deadline = time.monotonic() + 90
    while time.monotonic() < deadline:
        try:
            conn = http.client.HTTPConnection("127.0.0.1", port, timeout=2)
            conn.request("GET", "/healthz")
            if conn.getresponse().status == 200:
                return procs
        except OSError:
            pass
        time.sleep(0.5)
    for proc in procs:  # the caller never sees them: stop them here
        os.killpg(proc.pid, signal.SIGTERM)
    raise SystemExit("the web server, worker or beat did not start (see /healthz)")


class Player:
    """One bench player: listens on the websocket, picks the first cards of each pushed pack."""

    def __init__(self, info: dict[str, Any], port: int, figures: Figures,
                 sent: dict[tuple[int, int, int, int], float], think: Think, by_socket: bool) -> None:  # fmt: skip
        self.info, self.port, self.figures, self.sent = info, port, figures, sent
        self.think, self.by_socket = think, by_socket
        self.ws: Any = None
        self.asked = 0
        self.answers: dict[int, asyncio.Future[dict[str, Any]]] = {}
        self.rng = random.Random(f"{info['pod']}/{info['seat']}")
        self.size = 8
        self.done = asyncio.Event()
        self.last_key: tuple[int, int] | None = None
        self.requests: set[asyncio.Task[None]] = set()
        self.connected = asyncio.Event()
        self.connection = AsyncConnection(port)
        self.one_at_a_time = asyncio.Lock()

    def released_at(self, current: dict[str, Any]) -> float | None:
        """When the pick that made this pack available was sent (upstream's or our own previous)."""
        rnd, number, seat = current["round"], current["pick_number"], self.info["seat"]
        if number == 1:
            return None  # opened at the start of a round, not passed
        step = 1 if rnd % 2 == 1 else -1
        upstream = (seat - step) % self.size
        times = [self.sent.get((self.info["pod"], upstream, rnd, number - 1)),
                 self.sent.get((self.info["pod"], seat, rnd, number - 1))]  # fmt: skip
        known = [t for t in times if t is not None]
        return max(known) if len(known) == 2 else None

    async def on_state(self, state: dict[str, Any], received: float) -> None:
        if state.get("status") in ("building", "done"):
            self.done.set()
            return
        current = state.get("current")
        if not current:
            return
        key = (current["round"], current["pick_number"])
        if key == self.last_key:
            return
        self.last_key = key
        released = self.released_at(current)
        if released is not None:
            self.figures.push_latency.append(received - released)
            self.figures.push_at.append(received)
        if self.info["idle"]:
            return
        body = {"round": current["round"], "pick_number": current["pick_number"], "pack": current["pack"],
                "cards": current["cards"][: current["take"]]}  # fmt: skip
        # The request runs beside the socket reader, so pushes are timed when they arrive.
        clock = current.get("seconds_left")
        self.requests.add(asyncio.create_task(self.post(body, key, len(current["cards"]), clock)))

    async def post(self, body: dict[str, Any], key: tuple[int, int], cards: int, clock: float | None) -> None:
        thinking = self.think.draw(self.rng, cards, clock)
        if thinking:
            await asyncio.sleep(thinking)
        async with self.one_at_a_time:  # one keep-alive connection: one request on it at a time
            started = time.monotonic()
            self.sent[(self.info["pod"], self.info["seat"], *key)] = started
            try:
                if self.by_socket:
                    status = await self.pick_on_socket(body)
                else:
                    path = f"/api/pods/{self.info['pod']}/pick/"
                    status, _ = await self.connection.request("POST", path, self.info["token"], body)
            except Exception as exc:  # a connection refused, reset or cut short: counted, never silent
                status = 0
                self.figures.failures[type(exc).__name__] = self.figures.failures.get(type(exc).__name__, 0) + 1
        self.figures.request_time.append(time.monotonic() - started)
        self.figures.picks += status == 200
        self.figures.refused += status in (400, 409)
        self.figures.errors += status not in (200, 400, 409)

    async def pick_on_socket(self, body: dict[str, Any]) -> int:
        """Send the pick on the pod's socket, as the draft page does; the status its answer carries."""
        self.asked += 1
        request = self.asked
        answer = self.answers[request] = asyncio.get_running_loop().create_future()
        await self.ws.send(json.dumps({"topic": f"pod:{self.info['pod']}", "type": "pick", "request": request, **body}))
        try:
            reply = await asyncio.wait_for(answer, timeout=120)
        finally:
            self.answers.pop(request, None)
        return 200 if reply.get("type") == "picked" else int(reply.get("status", 0))

    async def run(self) -> None:
        import websockets

        url = f"ws://127.0.0.1:{self.port}/ws/live/"  # the one site socket, as the draft page
        headers = {"Cookie": f"sessionid={self.info['session']}", "Origin": f"http://127.0.0.1:{self.port}"}
        async with websockets.connect(url, additional_headers=headers, max_size=2**22, open_timeout=120) as ws:
            self.ws = ws
            await ws.send(json.dumps({"type": "subscribe", "topic": "pod", "id": self.info["pod"]}))
            while json.loads(await ws.recv()).get("type") != "subscribed":
                pass  # the socket's hello, until the pod's topic (and the seat's own stream) is followed
            self.connected.set()
            # A pick still being thought over when the draft ends is sent late and refused: its
            # answer is read as a POST's would be.
            while not self.done.is_set() or any(not request.done() for request in self.requests):
                try:
                    raw = await asyncio.wait_for(ws.recv(), timeout=5)
                except TimeoutError:
                    continue
                received = time.monotonic()
                # Most messages are the pod's progress (8 sockets per pick): a client process serving
                # hundreds of players on this machine decodes only those that can end its draft. The
                # server writes the push compact (no spaces) inside its wrapper.
                if isinstance(raw, str) and is_progress(raw):
                    continue
                message = json.loads(raw).get("data") or {}  # a topic's push: {"topic": ..., "data": ...}
                if message.get("type") in ("picked", "pick-refused"):
                    waiting = self.answers.get(int(message.get("request") or 0))
                    if waiting is not None and not waiting.done():
                        waiting.set_result(message)
                    # The answer holds the player's state, as the page reads it: the socket a pick is
                    # answered on is not also pushed it (a pack waiting already shows here).
                    if message.get("state"):
                        await self.on_state(message["state"], received)
                elif message.get("kind") == "seat":
                    await self.on_state(message["state"], received)
                elif message.get("kind") == "pod" and message["pod"]["status"] in ("building", "done"):
                    self.done.set()
            await asyncio.gather(*self.requests, return_exceptions=True)
            self.connection.close()


def is_progress(raw: str) -> bool:
    """Whether a socket message is the pod's progress that cannot end the draft (not building, not
    done), read from its text without decoding it; JSON written with or without spaces."""
    head = raw[:80].replace(" ", "")
    if '"data":{"kind":"pod"' not in head:
        return False
    return not any(f'"status":{sep}"{status}"' in raw for status in ("building", "done") for sep in ("", " "))


#: The share of the pick clock a player uses at ``--human-pace``.
HUMAN_SHARE = (0.1, 0.6)


@dataclass(frozen=True)
class Think:
    """How long a player looks at a pack: exponential, with a mean of ``flat`` seconds, or, when
    ``per_card`` is set, of that many seconds per card in the pack (a full pack takes longest);
    with ``clock_share`` (low, high), a uniformly random share of the pick clock shown instead."""

    flat: float
    per_card: float = 0.0
    clock_share: tuple[float, float] | None = None

    def draw(self, rng: random.Random, cards: int, clock: float | None) -> float:
        if self.clock_share is not None:
            return rng.uniform(*self.clock_share) * clock if clock else 0.0
        mean = self.per_card * cards if self.per_card else self.flat
        return rng.expovariate(1 / mean) if mean else 0.0


async def drive(part: dict[str, Any], port: int, figures: Figures, timeout: float, think: Think,
                ready: Any, by_socket: bool) -> float:  # fmt: skip
    """One client process's pods: connect every socket, wait until every process has, start the pods."""
    sent: dict[tuple[int, int, int, int], float] = {}
    players = [Player(info, port, figures, sent, think, by_socket) for info in part["players"]]
    tasks = [asyncio.create_task(p.run()) for p in players]
    # Every socket connected before the packs open (400 handshakes at once take a while).
    await asyncio.wait_for(asyncio.gather(*(p.connected.wait() for p in players)), timeout=180)
    await asyncio.get_running_loop().run_in_executor(None, ready.wait)
    started = figures.started = time.monotonic()
    cpu = time.process_time()
    probe = asyncio.create_task(probe_loop(figures.loop_lag, figures.lag_at))
    await asyncio.gather(*(start_pod(port, pk, part["boss"]) for pk in part["pods"]))
    await asyncio.wait_for(asyncio.gather(*tasks), timeout=timeout)
    probe.cancel()
    figures.client_cpu.append(time.process_time() - cpu)
    return time.monotonic() - started


async def start_pod(port: int, pod: int, token: str) -> None:
    connection = AsyncConnection(port)
    try:
        await connection.request("POST", f"/api/pods/{pod}/start/", token, {})
    finally:
        connection.close()


def client_process(part: dict[str, Any], port: int, timeout: float, think: Think, ready: Any, out: Any,
                   by_socket: bool) -> None:  # fmt: skip
    figures = Figures()
    try:
        elapsed = asyncio.run(drive(part, port, figures, timeout, think, ready, by_socket))
        out.put((figures, elapsed, None))
    except BaseException as exc:  # reported to the parent, which stops the run
        out.put((figures, 0.0, repr(exc)))


def run_clients(data: dict[str, Any], port: int, processes: int, timeout: float, think: Think,
                by_socket: bool) -> tuple[Figures, float]:  # fmt: skip
    """Drive the pods from ``processes`` client processes (each pod's players in one of them, so
    the times of a pod's picks stay in one process); their figures merged."""
    import multiprocessing

    from django.db import connections

    connections.close_all()  # the children never use the parent's database connections
    context = multiprocessing.get_context("fork")
    processes = max(1, min(processes, len(data["pods"])))
    ready, out = context.Barrier(processes), context.Queue()
    parts = [{"boss": data["boss"], "pods": data["pods"][i::processes]} for i in range(processes)]
    for part in parts:
        part["players"] = [p for p in data["players"] if p["pod"] in set(part["pods"])]
    children = [context.Process(target=client_process, args=(part, port, timeout, think, ready, out, by_socket))
                for part in parts]  # fmt: skip
    for child in children:
        child.start()
    merged, elapsed = Figures(), 0.0
    results = [out.get(timeout=timeout + 300) for _ in children]
    for child in children:
        child.join(timeout=30)
    for figures, took, error in results:
        if error:
            raise SystemExit(f"a client process failed: {error}")
        merged.push_latency += figures.push_latency
        merged.push_at += [at - figures.started for at in figures.push_at]
        merged.loop_lag += figures.loop_lag
        merged.lag_at += [at - figures.started for at in figures.lag_at]
        merged.client_cpu += figures.client_cpu
        merged.request_time += figures.request_time
        merged.refused += figures.refused
        merged.errors += figures.errors
        merged.picks += figures.picks
        for name, count in figures.failures.items():
            merged.failures[name] = merged.failures.get(name, 0) + count
        elapsed = max(elapsed, took)
    return merged, elapsed


def percentile(values: list[float], p: float) -> float:
    if not values:
        return float("nan")
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(p / 100 * (len(ordered) - 1)))]


def print_timeline(figures: Figures, window: float) -> None:
    """Pick → next pack per window of the draft: where the slow pushes happened (round starts...)."""
    windows: dict[int, list[float]] = {}
    for at, latency in zip(figures.push_at, figures.push_latency, strict=True):
        windows.setdefault(int(at // window), []).append(latency)
    lags: dict[int, list[float]] = {}
    for at, lag in zip(figures.lag_at, figures.loop_lag, strict=True):
        lags.setdefault(int(at // window), []).append(lag)
    for index in sorted(windows):
        values = windows[index]
        print(f"  {index * window:6.0f} s: n={len(values):4d} p50 {percentile(values, 50) * 1000:5.0f} ms "
              f"p95 {percentile(values, 95) * 1000:5.0f} ms; "
              f"client loop late p95 {percentile(lags.get(index, []), 95) * 1000:4.0f} ms")  # fmt: skip


def lateness(data: dict[str, Any]) -> list[float]:
    from tournaments.drafts.models import Pick

    rows = Pick.objects.filter(pod_id__in=data["pods"], auto=True, by_bot=False, deadline__isnull=False)
    return [(row.at - row.deadline).total_seconds() for row in rows if isinstance(row.deadline, datetime)]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--pods", type=int, default=50)
    parser.add_argument("--pick-seconds", type=int, default=10, help="every pick's clock (the idle seat waits it out)")
    parser.add_argument("--human-pace", action="store_true",
                        help="the default pick clock table, each player using 10–60%% of the clock shown")  # fmt: skip
    parser.add_argument("--think", type=float, default=2.0, help="mean seconds a player takes to pick (0: at once)")
    parser.add_argument("--picks", choices=["socket", "http"], default="socket",
                        help="picks on the pod's socket (as the draft page) or by POST")  # fmt: skip
    parser.add_argument("--web-workers", type=int, default=2)
    parser.add_argument("--timer-processes", type=int, default=4, help="processes of the `timers` worker")
    parser.add_argument("--timeout", type=float, default=1800)
    parser.add_argument(
        "--think-per-card",
        type=float,
        default=0.0,
        help="mean seconds of thinking per card in the pack instead of --think (18 cards: 18×)",
    )
    parser.add_argument("--client-processes", type=int, default=2, help="processes the bench's players run in")
    parser.add_argument("--timeline", type=float, default=0, help="also print pushes per window of this many seconds")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory(prefix="fett-bench-") as tmp_name:
        tmp = Path(tmp_name)
        env, started = prepare_environment(tmp)
        procs: list[subprocess.Popen[bytes]] = []
        try:
            port = free_port()
            data = setup_event(args.pods, None if args.human_pace else args.pick_seconds)
            procs = start_servers(env, port, args.web_workers, args.timer_processes, tmp)
            think = Think(args.think, args.think_per_card, HUMAN_SHARE if args.human_pace else None)
            figures, elapsed = run_clients(data, port, args.client_processes, args.timeout, think,
                                           args.picks == "socket")  # fmt: skip
        finally:
            for proc in procs:
                if proc.poll() is None:
                    os.killpg(proc.pid, signal.SIGTERM)
            for proc in procs:
                proc.wait(timeout=30)
            if started:  # the embedded Redis this run started, also when the run failed
                from config import embedded_redis

                for proc in started:
                    embedded_redis.stop(proc)
        late = lateness(data)
    ms = 1000.0
    think_text = (f"thinking {args.think_per_card} s per card in the pack (mean)" if args.think_per_card
                  else f"{args.think} s mean thinking per pick")  # fmt: skip
    clock_text = f"{args.pick_seconds} s pick clock"
    if args.human_pace:
        think_text = f"human pace: each pick takes {HUMAN_SHARE[0]:.0%}–{HUMAN_SHARE[1]:.0%} of its clock (uniform)"
        clock_text = "the default pick clocks (6 s + 3 s a card)"
    print(f"{args.pods} pods × 8 seats ({len(data['players'])} players, 1 idle per pod), "
          f"{think_text}, {clock_text}, picks {'on the socket' if args.picks == 'socket' else 'by POST'}, "
          f"{args.web_workers} web worker(s), "
          f"{args.client_processes} client processes, "
          f"timers worker -c {args.timer_processes}, "
          f"database {env['DATABASE_URL'].split(':')[0]}")  # fmt: skip
    rate = figures.picks / elapsed
    print(f"draft wall time: {elapsed:.1f} s; player picks accepted: {figures.picks}, refused (late or stale): "
          f"{figures.refused}, failed (5xx/connection): {figures.errors}; {rate:.1f} picks/s")  # fmt: skip
    if figures.failures:
        print(f"requests that failed without an answer: {figures.failures}")
    print(f"pick request: p50 {percentile(figures.request_time, 50) * ms:.0f} ms, "
          f"p95 {percentile(figures.request_time, 95) * ms:.0f} ms")  # fmt: skip
    pushes = figures.push_latency
    print(f"pick → next pack pushed: n={len(pushes)}, p50 {percentile(pushes, 50) * ms:.0f} ms, "
          f"p95 {percentile(pushes, 95) * ms:.0f} ms")  # fmt: skip
    cpu = ", ".join(f"{used / elapsed:.0%}" for used in figures.client_cpu)
    print(
        f"client processes: CPU {cpu} of a core each; event loop woke late (10 ms sleeps) "
        f"p50 {percentile(figures.loop_lag, 50) * ms:.1f} ms, p95 {percentile(figures.loop_lag, 95) * ms:.0f} ms, "
        f"p99 {percentile(figures.loop_lag, 99) * ms:.0f} ms, max {max(figures.loop_lag, default=0) * ms:.0f} ms"
    )
    if args.timeline:
        print_timeline(figures, args.timeline)
    mean = statistics.fmean(late) if late else float("nan")
    print(f"auto-pick lateness after the deadline: n={len(late)}, p50 {percentile(late, 50) * ms:.0f} ms, "
          f"p95 {percentile(late, 95) * ms:.0f} ms, max {max(late, default=float('nan')) * ms:.0f} ms, "
          f"mean {mean * ms:.0f} ms")  # fmt: skip
    compare(baseline_name(args), {
        "picks per second": rate,
        "pick request p95 (ms)": percentile(figures.request_time, 95) * ms,
        "pick to next pack pushed p95 (ms)": percentile(pushes, 95) * ms,
        "auto-pick lateness max (ms)": max(late, default=float("nan")) * ms,
    })  # fmt: skip


def baseline_name(args: argparse.Namespace) -> str:
    """The baseline entry this run compares with: ``make bench``'s small run (10 pods or fewer at the
    default think) has the plain entry; a larger run or another pace has its own (pods and pace);
    picks by POST (``--picks http``) have entries of their own, named so."""
    if args.human_pace:
        pace = "human pace"
    elif args.think_per_card:
        pace = f"think {args.think_per_card:g} s a card"
    else:
        pace = f"think {args.think:g} s"
    name = "bench_drafts" if args.pods <= 10 and pace == "think 2 s" else f"bench_drafts ({args.pods} pods, {pace})"
    return name if args.picks == "socket" else f"{name} (picks by POST)"


if __name__ == "__main__":
    main()
