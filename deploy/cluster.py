"""`deploy/local-cluster`: the deployment of docs/deploying.md, every part a process of its own on one machine.

    deploy/local-cluster start [DIR] [--web 2] [--port 9140] [--database-url URL] [--redis-url URL]
    deploy/local-cluster stop DIR

`start` starts, on this machine's PostgreSQL and Redis, each on a port of its own:

- PgBouncer in transaction pooling in front of PostgreSQL (port +1),
- ``--web`` uvicorn processes (ports +10, +11, ...), each reaching the database through PgBouncer,
- HAProxy on the port itself, balancing HTTP requests and websockets over the web processes,
- a Celery worker per queue: `timers` (every deadline), `outbound` (webhooks, e-mail and Web Push of
  notices) and `default` (the rest), and Celery beat.

It migrates the database (directly, not through PgBouncer) and loads the card catalog first, waits
until each part answers, prints where everything listens and runs until Ctrl-C, SIGTERM or
``stop DIR``; then it stops every process it started, the proxy first and PgBouncer last. If a part
dies the cluster stops (exit status 1) and prints the end of that part's log. DIR (a new temporary
directory when left out) receives the generated configuration, ``logs/``, ``pids/`` and
``cluster.json`` (the proxy's URL, the site's environment and each part's pid, which
``benchmarks/bench_matches.py --cluster DIR`` reads).

PgBouncer and HAProxy are the Debian packages (``apt-get install -y pgbouncer haproxy``); the
script says so and stops when one is missing. The site's settings come from the environment as
always (``FETT_ENV``, ``SECRET_KEY`` ...); the script sets only what the layout decides (the
database URL through PgBouncer, ``DB_PGBOUNCER``, ``CELERY_OUTBOUND_QUEUE``, the Redis URL and key prefix).
"""

from __future__ import annotations

import argparse
import base64
import contextlib
import http.client
import json
import os
import pwd
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from urllib.parse import quote, unquote, urlsplit

ROOT = Path(__file__).resolve().parent.parent
DEFAULT_PORT = 9140
DEFAULT_DATABASE_URL = "postgres://postgres@127.0.0.1:5432/fett_cluster"
DEFAULT_REDIS_URL = "redis://127.0.0.1:6379"
DEFAULT_KEY_PREFIX = "fett-cluster"
OUTBOUND_QUEUE = "outbound"
#: Each worker: its queue and its processes (``-c``).
WORKERS = (("timers", 2), (OUTBOUND_QUEUE, 1), ("default", 1))
MAX_WEB = 10
READY_SECONDS = 120.0


class ClusterError(Exception):
    """A reason the cluster cannot start, said to the person who ran the script."""


@dataclass(frozen=True)
class Layout:
    """Where each part listens and what it reaches."""

    port: int  # the proxy's; PgBouncer listens on port + 1, the web processes from port + 10
    web: int
    database_url: str  # PostgreSQL itself
    redis_url: str
    key_prefix: str
    pool_size: int = 20  # server connections PgBouncer keeps per database and user

    @property
    def pgbouncer_port(self) -> int:
        return self.port + 1

    @property
    def web_ports(self) -> list[int]:
        return [self.port + 10 + index for index in range(self.web)]

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    @property
    def database(self) -> dict[str, str]:
        """The parts of ``database_url``: user, password, host, port, name."""
        parts = urlsplit(self.database_url)
        if parts.scheme not in ("postgres", "postgresql") or not parts.path.strip("/"):
            raise ClusterError(f"--database-url must be postgres://user@host:port/name, not {self.database_url!r}")
        return {
            "user": unquote(parts.username or "postgres"),
            "password": unquote(parts.password or ""),
            "host": parts.hostname or "127.0.0.1",
            "port": str(parts.port or 5432),
            "name": parts.path.strip("/"),
        }

    @property
    def pgbouncer_url(self) -> str:
        """The site's DATABASE_URL: the same database and user, through PgBouncer."""
        db = self.database
        secret = f":{quote(db['password'], safe='')}" if db["password"] else ""
        return f"postgres://{quote(db['user'], safe='')}{secret}@127.0.0.1:{self.pgbouncer_port}/{db['name']}"


def layout_from(args: argparse.Namespace) -> Layout:
    if not 1 <= args.web <= MAX_WEB:
        raise ClusterError(f"--web must be 1 to {MAX_WEB} web processes, not {args.web}")
    if not 1024 <= args.port <= 65535 - 10 - MAX_WEB:
        raise ClusterError(f"--port must be 1024 to {65535 - 10 - MAX_WEB}, not {args.port}")
    layout = Layout(args.port, args.web, args.database_url, args.redis_url, args.key_prefix)
    layout.database  # noqa: B018 - refuses a URL that is not PostgreSQL's before anything starts
    return layout


def pgbouncer_ini(layout: Layout, directory: Path) -> str:
    db = layout.database
    password = f" password={db['password']}" if db["password"] else ""
    return "\n".join([
        "[databases]",
        f"{db['name']} = host={db['host']} port={db['port']} dbname={db['name']} user={db['user']}{password}",
        "",
        "[pgbouncer]",
        "listen_addr = 127.0.0.1",
        f"listen_port = {layout.pgbouncer_port}",
        "unix_socket_dir =",
        # Passwords from the userlist (none: the server trusts this machine, as the local one does).
        f"auth_type = {'scram-sha-256' if db['password'] else 'trust'}",
        f"auth_file = {directory / 'userlist.txt'}",
        # A server connection serves one transaction, then any other client: Django keeps no session
        # state (settings.DB_PGBOUNCER turns server-side cursors off; it prepares no statements).
        "pool_mode = transaction",
        "max_client_conn = 2000",
        f"default_pool_size = {layout.pool_size}",
        "reserve_pool_size = 5",
        "reserve_pool_timeout = 2",
        "server_reset_query =",
        "ignore_startup_parameters = extra_float_digits,options",
        "log_connections = 0",
        "log_disconnections = 0",
        "",
    ])  # fmt: skip


def pgbouncer_userlist(layout: Layout) -> str:
    db = layout.database
    return f'"{db["user"]}" "{db["password"]}"\n'


def haproxy_cfg(layout: Layout) -> str:
    servers = [
        f"    server web{index + 1} 127.0.0.1:{port} check inter 5s fall 2 rise 1"
        for index, port in enumerate(layout.web_ports)
    ]
    return "\n".join([
        "global",
        "    maxconn 4096",
        "",
        "defaults",
        "    mode http",
        "    timeout connect 5s",
        "    timeout client 60s",
        "    timeout server 60s",
        # A websocket, once upgraded, is a tunnel: it may stay quiet for long between pushes.
        "    timeout tunnel 1h",
        "    timeout http-keep-alive 60s",
        "    option forwardfor",
        "",
        "frontend site",
        f"    bind 127.0.0.1:{layout.port}",
        "    default_backend web",
        "",
        # Each request (and each websocket) to the web process with the fewest open connections; no
        # stickiness: a socket's pushes reach it through the Redis channel layer from any process.
        "backend web",
        "    balance leastconn",
        # /healthz answers 503 while a worker or beat is down: the web process still serves.
        "    option httpchk GET /healthz",
        "    http-check expect rstatus ^(200|503)$",
        *servers,
        "",
    ])  # fmt: skip


def site_env(layout: Layout, base: dict[str, str]) -> dict[str, str]:
    """The environment of every web and Celery process: ``base`` plus what the layout decides."""
    return {
        "FETT_ENV": "development",
        "DEBUG": "false",
        "LOG_LEVEL": "WARNING",
        **base,
        "DATABASE_URL": layout.pgbouncer_url,
        "DB_PGBOUNCER": "true",
        "REDIS_URL": layout.redis_url,
        "REDIS_KEY_PREFIX": layout.key_prefix,
        "CELERY_OUTBOUND_QUEUE": OUTBOUND_QUEUE,
        "DJANGO_SETTINGS_MODULE": "config.settings",
    }


@dataclass
class Part:
    """One process of the cluster and how to tell it is ready."""

    name: str
    args: list[str]
    ready: Callable[[], bool]
    where: str
    stage: int = 1  # parts of one stage start together; a stage starts once the one before is ready
    process: subprocess.Popen[bytes] | None = field(default=None, repr=False)


def _tool(name: str) -> str:
    found = shutil.which(name) or next((p for p in (f"/usr/sbin/{name}", f"/sbin/{name}") if os.path.exists(p)), None)
    if found is None:
        raise ClusterError(
            f"{name} is not installed: apt-get install -y {name} (Debian and Ubuntu), then run this again"
        )
    return found


def _pgbouncer_user() -> list[str]:
    """PgBouncer refuses to run as root: started by root, it runs as `postgres` (or `nobody`)."""
    if os.geteuid() != 0:
        return []
    for name in ("postgres", "nobody"):
        with contextlib.suppress(KeyError):
            pwd.getpwnam(name)
            return ["-u", name]
    raise ClusterError("PgBouncer will not run as root and neither a postgres nor a nobody user exists")


def _http_status(port: int, path: str) -> int | None:
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=5)
    try:
        connection.request("GET", path)
        return connection.getresponse().status
    except OSError:
        return None
    finally:
        connection.close()


def _database_answers(url: str) -> bool:
    import psycopg

    try:
        with psycopg.connect(url, connect_timeout=3) as conn:
            conn.execute("SELECT 1")
        return True
    except psycopg.Error:
        return False


def _websocket_opens(port: int) -> bool:
    """The proxy passes a websocket's upgrade on to a web process (answered 101)."""
    request = (
        f"GET /ws/live/ HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
        f"Origin: http://127.0.0.1:{port}\r\nSec-WebSocket-Key: {base64.b64encode(os.urandom(16)).decode()}\r\n"
        "Sec-WebSocket-Version: 13\r\n\r\n"
    )
    try:
        with socket.create_connection(("127.0.0.1", port), timeout=5) as sock:
            sock.sendall(request.encode())
            return sock.recv(64).startswith(b"HTTP/1.1 101")
    except OSError:
        return False


def _worker_beating(queue: str) -> bool:
    from common.redis import key, state_redis

    return any(state_redis().scan_iter(match=key("heartbeat", "worker", f"{queue}@*"), count=100))


def parts(layout: Layout, directory: Path) -> list[Part]:
    """Every process, in the order they start (and the reverse of the order they stop): PgBouncer, then
    the web processes, workers and beat together, then the proxy once they all answer."""
    py = sys.executable
    celery = [py, "-m", "celery", "-A", "config"]
    found = [
        Part(
            "pgbouncer",
            [_tool("pgbouncer"), *_pgbouncer_user(), str(directory / "pgbouncer.ini")],
            lambda: _database_answers(layout.pgbouncer_url),
            f"127.0.0.1:{layout.pgbouncer_port} (PostgreSQL protocol)",
            stage=0,
        )
    ]
    for index, port in enumerate(layout.web_ports):
        found.append(
            Part(
                f"web-{index + 1}",
                [
                    py,
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
                    "--proxy-headers",
                    "--forwarded-allow-ips",
                    "127.0.0.1",
                ],
                lambda port=port: _http_status(port, "/healthz") in (200, 503),  # type: ignore[misc]
                f"http://127.0.0.1:{port}",
            )
        )
    for queue, processes in WORKERS:
        found.append(
            Part(
                f"worker-{queue}",
                [*celery, "worker", "-Q", queue, "-c", str(processes), "-n", f"{queue}@%h", "--loglevel", "WARNING"],
                lambda queue=queue: _worker_beating(queue),  # type: ignore[misc]
                f"queue {queue}, {processes} process{'es' if processes > 1 else ''}",
            )
        )
    found.append(
        Part("beat", [*celery, "beat", "--loglevel", "WARNING", "--schedule", str(directory / "beat-schedule")],
             lambda: True, "schedule in DIR/beat-schedule"),
    )  # fmt: skip
    found.append(
        Part(
            "proxy",
            [_tool("haproxy"), "-db", "-f", str(directory / "haproxy.cfg")],
            # Healthy behind the proxy: the database, Redis, a worker and beat (whose tick a worker runs).
            lambda: _http_status(layout.port, "/healthz") == 200 and _websocket_opens(layout.port),
            f"{layout.url} (HTTP and websockets, over {layout.web} web process{'es' if layout.web > 1 else ''})",
            stage=2,
        )
    )
    return found


def write_configuration(layout: Layout, directory: Path) -> None:
    for sub in ("logs", "pids"):
        (directory / sub).mkdir(parents=True, exist_ok=True)
    directory.chmod(0o755)  # PgBouncer, run as another user, reads its files here
    (directory / "pgbouncer.ini").write_text(pgbouncer_ini(layout, directory))
    userlist = directory / "userlist.txt"
    userlist.write_text(pgbouncer_userlist(layout))
    userlist.chmod(0o644 if not layout.database["password"] else 0o600)
    user = _pgbouncer_user()
    if user and layout.database["password"]:
        entry = pwd.getpwnam(user[1])
        os.chown(userlist, entry.pw_uid, entry.pw_gid)
    (directory / "haproxy.cfg").write_text(haproxy_cfg(layout))


def prepare_database(layout: Layout, env: dict[str, str]) -> None:
    """Create the database if it is missing, migrate it and load the catalog, straight to PostgreSQL
    (schema changes take locks and session settings PgBouncer's transaction pooling would split)."""
    from benchmarks._database import ensure_database

    ensure_database(layout.database_url)
    direct = {**env, "DATABASE_URL": layout.database_url, "DB_PGBOUNCER": "false"}
    for command in (["migrate", "--no-input"], ["load_catalog"]):
        done = subprocess.run([sys.executable, "manage.py", *command], cwd=ROOT, env=direct,
                              capture_output=True, text=True, check=False)  # fmt: skip
        if done.returncode:
            raise ClusterError(f"manage.py {' '.join(command)} failed:\n{done.stderr[-2000:]}")


class Cluster:
    def __init__(self, layout: Layout, directory: Path) -> None:
        self.layout, self.directory = layout, directory
        self.env = site_env(layout, dict(os.environ))
        self.parts = parts(layout, directory)
        self.stopping = False

    def start_part(self, part: Part) -> None:
        log = (self.directory / "logs" / f"{part.name}.log").open("ab")
        part.process = subprocess.Popen(part.args, cwd=ROOT, env=self.env, stdout=log, stderr=subprocess.STDOUT,
                                        start_new_session=True)  # fmt: skip
        log.close()
        (self.directory / "pids" / f"{part.name}.pid").write_text(f"{part.process.pid}\n")

    def wait_ready(self, part: Part) -> None:
        deadline = time.monotonic() + READY_SECONDS
        while not self.stopping:
            self.check_alive()
            if part.ready():
                return
            if time.monotonic() > deadline:
                raise ClusterError(f"{part.name} was not ready within {READY_SECONDS:.0f} s\n{self.tail(part)}")
            time.sleep(0.5)

    def tail(self, part: Part) -> str:
        path = self.directory / "logs" / f"{part.name}.log"
        lines = path.read_text(errors="replace").splitlines()[-20:] if path.exists() else []
        return f"the end of {path}:\n" + "\n".join(lines)

    def check_alive(self) -> None:
        for part in self.parts:
            if part.process is not None and part.process.poll() is not None:
                raise ClusterError(f"{part.name} exited with status {part.process.returncode}\n{self.tail(part)}")

    def record(self) -> None:
        state = {
            "url": self.layout.url,
            "env": {**self.env, "DATABASE_URL": self.layout.database_url, "DB_PGBOUNCER": "false"},
            "site_database_url": self.layout.pgbouncer_url,
            "pids": {part.name: part.process.pid for part in self.parts if part.process is not None},
        }
        (self.directory / "cluster.json").write_text(json.dumps(state, indent=2))

    def run(self) -> int:
        os.environ.update(self.env)  # the readiness checks read Redis through the site's settings
        import django

        django.setup()
        try:
            for stage in sorted({part.stage for part in self.parts}):
                starting = [part for part in self.parts if part.stage == stage]
                for part in starting:
                    self.start_part(part)
                for part in starting:
                    self.wait_ready(part)
                    if self.stopping:
                        return 0
                    print(f"  {part.name:<16} pid {part.process.pid:<8} {part.where}", flush=True)  # type: ignore[union-attr]
            self.record()
            print(f"Fett runs at {self.layout.url}; logs and pids in {self.directory}.", flush=True)
            print(f"Ctrl-C, or deploy/local-cluster stop {self.directory}, stops it.", flush=True)
            while not self.stopping:
                self.check_alive()
                time.sleep(1)
            return 0
        except ClusterError as exc:
            print(f"local-cluster: {exc}", file=sys.stderr, flush=True)
            return 1
        finally:
            self.stop()

    def stop(self) -> None:
        for part in reversed(self.parts):
            if part.process is None or part.process.poll() is not None:
                continue
            with contextlib.suppress(ProcessLookupError):
                os.killpg(part.process.pid, signal.SIGTERM)
            try:
                part.process.wait(timeout=20)
            except subprocess.TimeoutExpired:
                with contextlib.suppress(ProcessLookupError):
                    os.killpg(part.process.pid, signal.SIGKILL)
                part.process.wait()
        (self.directory / "cluster.pid").unlink(missing_ok=True)
        print("local-cluster: every part stopped.", flush=True)


def stop(directory: Path) -> int:
    """Ask the cluster running from ``directory`` to stop, and wait until it has."""
    pidfile = directory / "cluster.pid"
    if not pidfile.exists():
        print(f"local-cluster: no cluster runs from {directory} (no cluster.pid)", file=sys.stderr)
        return 1
    pid = int(pidfile.read_text())
    try:
        os.kill(pid, signal.SIGTERM)
    except ProcessLookupError:
        print(f"local-cluster: the cluster of {directory} (pid {pid}) is gone; see its logs", file=sys.stderr)
        pidfile.unlink(missing_ok=True)
        return 1
    deadline = time.monotonic() + 120
    while pidfile.exists() and time.monotonic() < deadline:
        time.sleep(0.5)
    return 0 if not pidfile.exists() else 1


def arguments(argv: list[str] | None = None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(prog="local-cluster", description=__doc__.split("\n\n")[0] if __doc__ else None)
    commands = parser.add_subparsers(dest="command", required=True)
    start = commands.add_parser("start", help="start the cluster and run until Ctrl-C or stop")
    start.add_argument("directory", nargs="?", help="where configuration, logs and pids go (default: a new temp dir)")
    start.add_argument("--web", type=int, default=2, help="web processes (1 to 10; default 2)")
    start.add_argument(
        "--port",
        type=int,
        default=DEFAULT_PORT,
        help=f"the proxy's port; PgBouncer's is the next, the web processes' from +10 ({DEFAULT_PORT})",
    )
    start.add_argument(
        "--database-url",
        default=os.environ.get("CLUSTER_DATABASE_URL", DEFAULT_DATABASE_URL),
        help="PostgreSQL itself (created if missing); the site reaches it through PgBouncer",
    )
    start.add_argument("--redis-url", default=os.environ.get("REDIS_URL", DEFAULT_REDIS_URL))
    start.add_argument("--key-prefix", default=os.environ.get("REDIS_KEY_PREFIX", DEFAULT_KEY_PREFIX),
                       help="the Redis key prefix of the site's keys and queues")  # fmt: skip
    halt = commands.add_parser("stop", help="stop the cluster started with this directory")
    halt.add_argument("directory")
    return parser.parse_args(argv)


def main(argv: list[str] | None = None) -> int:
    args = arguments(argv)
    if args.command == "stop":
        return stop(Path(args.directory))
    try:
        layout = layout_from(args)
        directory = Path(args.directory or tempfile.mkdtemp(prefix="fett-cluster-")).resolve()
        write_configuration(layout, directory)
        cluster = Cluster(layout, directory)  # finds pgbouncer and haproxy, or says how to install them
    except ClusterError as exc:
        print(f"local-cluster: {exc}", file=sys.stderr)
        return 2

    def halt(_signum: int, _frame: object) -> None:
        cluster.stopping = True

    signal.signal(signal.SIGINT, halt)
    signal.signal(signal.SIGTERM, halt)
    (directory / "cluster.pid").write_text(f"{os.getpid()}\n")  # `stop DIR` works from here on
    try:
        print(f"Preparing the database {layout.database['name']} (migrate, card catalog) ...", flush=True)
        prepare_database(layout, cluster.env)
    except ClusterError as exc:
        print(f"local-cluster: {exc}", file=sys.stderr)
        (directory / "cluster.pid").unlink(missing_ok=True)
        return 2
    if cluster.stopping:
        (directory / "cluster.pid").unlink(missing_ok=True)
        return 0
    print(f"Starting {len(cluster.parts)} processes (configuration, logs and pids in {directory}):", flush=True)
    return cluster.run()


if __name__ == "__main__":
    sys.exit(main())
