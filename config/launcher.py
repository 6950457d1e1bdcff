"""`make run`: start and supervise the whole site on one machine.

Starts, in order: an embedded Redis (only when REDIS_URL is unset), the ASGI web
server, a Celery worker on the `default` and `timers` queues, and Celery beat.
A child that dies is restarted. One that dies more than five times in a minute:
the worker or beat is left down for a back-off period (60 s, doubling up to 15
minutes; `/healthz` says so, from a key the launcher writes in Redis) and then
tried again, while the web server and the rest stay up; the web server stops the
whole site, since nothing is served without it. Ctrl-C or SIGTERM stops every
child, Redis last, and nothing is left running.

`FETT_LAUNCHER_WEB_COMMAND`, `FETT_LAUNCHER_WORKER_COMMAND` and
`FETT_LAUNCHER_BEAT_COMMAND` replace a child's command line (split as a shell
would); tests use them to start a child that dies at once.
"""

from __future__ import annotations

import contextlib
import os
import shlex
import signal
import subprocess
import sys
import time
import urllib.request
from dataclasses import dataclass, field
from pathlib import Path

from django.conf import settings

from config import embedded_redis
from config.health import clear_gave_up, record_gave_up

ROOT = Path(__file__).resolve().parent.parent
MAX_RESTARTS = 5  # restarts a minute before the launcher gives up on a child
ESSENTIAL = "web"  # the one child whose crash loop stops the whole site
BACKOFF_MAX = 900.0  # seconds: the longest a worker or beat is left down before another try


@dataclass
class Child:
    name: str
    args: list[str]
    process: subprocess.Popen[bytes] | None = None
    restarts: list[float] = field(default_factory=list)
    backoff: float = 0.0  # seconds of the last back-off (0: none yet)
    retry_at: float | None = None  # monotonic time of the next try while given up on
    started_at: float = 0.0

    def start(self, env: dict[str, str]) -> None:
        self.process = subprocess.Popen(self.args, cwd=ROOT, env=env, start_new_session=True)
        self.started_at = time.monotonic()

    def alive(self) -> bool:
        return self.process is not None and self.process.poll() is None

    def stop(self, timeout: float = 10.0) -> None:
        if not self.alive():
            return
        assert self.process is not None
        _signal_group(self.process, signal.SIGTERM)
        try:
            self.process.wait(timeout=timeout)
        except subprocess.TimeoutExpired:
            _signal_group(self.process, signal.SIGKILL)
            self.process.wait()


def backoff_first() -> float:
    """Seconds the first back-off lasts (`LAUNCHER_BACKOFF_SECONDS`, 60 by default)."""
    raw = os.environ.get("LAUNCHER_BACKOFF_SECONDS", "60")
    try:
        seconds = float(raw)
    except ValueError:
        raise SystemExit(f"LAUNCHER_BACKOFF_SECONDS must be a number of seconds, not {raw!r}") from None
    if not 0 < seconds <= BACKOFF_MAX:
        raise SystemExit(f"LAUNCHER_BACKOFF_SECONDS must be more than 0 and at most {BACKOFF_MAX:.0f}, not {raw!r}")
    return seconds


def command(name: str, default: list[str]) -> list[str]:
    """``default``, unless ``FETT_LAUNCHER_<NAME>_COMMAND`` gives another command line."""
    override = os.environ.get(f"FETT_LAUNCHER_{name.upper()}_COMMAND", "").strip()
    return shlex.split(override) if override else default


def _signal_group(process: subprocess.Popen[bytes], sig: int) -> None:
    with contextlib.suppress(ProcessLookupError):
        os.killpg(process.pid, sig)


def children(host: str, port: int, var_dir: Path) -> list[Child]:
    py = sys.executable
    found = [
        Child(
            "web",
            [
                py,
                "-m",
                "uvicorn",
                "config.asgi:application",
                "--host",
                host,
                "--port",
                str(port),
                "--lifespan",
                "off",
                "--no-access-log",
            ],
        ),
        Child(
            "worker",
            [
                py,
                "-m",
                "celery",
                "-A",
                "config",
                "worker",
                "-Q",
                "default,timers",
                "--concurrency",
                os.environ.get("WORKER_CONCURRENCY", "2"),
                "-n",
                "fett@%h",
                "--loglevel",
                "INFO",
            ],
        ),
        Child(
            "beat",
            [
                py,
                "-m",
                "celery",
                "-A",
                "config",
                "beat",
                "--loglevel",
                "INFO",
                "--schedule",
                str(var_dir / "celerybeat-schedule"),
            ],
        ),
    ]
    for child in found:
        child.args = command(child.name, child.args)
    return found


def healthy(url: str) -> bool:
    try:
        with urllib.request.urlopen(url, timeout=2) as response:
            return bool(response.status == 200)
    except OSError:
        return False


def banner(base: str) -> str:
    return "\n".join(
        [
            "",
            f"  Fett is running at {base}/",
            f"  Health: {base}/healthz    API: {base}/api/    Admin: {base}/admin/",
            "  Demo logins (password fett-demo): organiser (staff), player1 ... player8",
            "  Press Ctrl-C to stop everything.",
            "",
        ]
    )


class Supervisor:
    def __init__(self, host: str, port: int) -> None:
        os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
        self.settings = settings
        self.children = children(host, port, Path(settings.VAR_DIR))
        self.redis: subprocess.Popen[bytes] | None = None
        self.redis_socket: Path | None = None
        self.stopping = False
        self.base = f"http://{host}:{port}"
        self.backoff_first = backoff_first()  # a wrong value stops the launcher before it starts anything

    def environment(self) -> dict[str, str]:
        env = dict(os.environ)
        env.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
        return env

    def start_redis(self) -> None:
        if os.environ.get("REDIS_URL"):
            return
        self.redis_socket = Path(self.settings.EMBEDDED_REDIS_SOCKET)
        self.redis = embedded_redis.start(self.redis_socket)
        print(f"[launcher] embedded Redis on {self.redis_socket}", flush=True)

    def run(self) -> int:
        signal.signal(signal.SIGINT, self._on_signal)
        signal.signal(signal.SIGTERM, self._on_signal)
        try:
            self.start_redis()
            self.clear_gave_up()
            env = self.environment()
            for child in self.children:
                child.start(env)
                print(
                    f"[launcher] started {child.name} (pid {child.process.pid if child.process else '?'})", flush=True
                )
            return self.supervise(env)
        finally:
            self.shutdown()

    def supervise(self, env: dict[str, str]) -> int:
        """Restart dead children until stopped; meanwhile, print the banner once /healthz is green."""
        green_by: float | None = time.monotonic() + 60  # None once the banner (or the warning) is out
        next_check = 0.0
        while not self.stopping:
            for child in self.children:
                if self.stopping:
                    break
                if child.retry_at is not None:
                    if time.monotonic() >= child.retry_at:
                        print(f"[launcher] trying {child.name} again after {child.backoff:.0f} s", flush=True)
                        child.retry_at, child.restarts = None, []
                        self.clear_gave_up(child.name)
                        child.start(env)
                    continue
                if child.alive():
                    continue
                now = time.monotonic()
                if child.backoff and now - child.started_at > 60:
                    child.backoff = 0.0  # it ran a good minute since the last back-off: forget it
                child.restarts = [t for t in child.restarts if now - t < 60] + [now]
                if len(child.restarts) > MAX_RESTARTS:
                    if child.name == ESSENTIAL:
                        print(f"[launcher] {child.name} keeps dying; nothing can be served, stopping", flush=True)
                        return 1
                    self.give_up(child, now)
                    continue
                print(f"[launcher] {child.name} exited; restarting", flush=True)
                child.start(env)
            if self.redis is not None and self.redis.poll() is not None:
                print("[launcher] embedded Redis died; stopping", flush=True)
                return 1
            if green_by is not None and time.monotonic() >= next_check:
                if healthy(f"{self.base}/healthz"):
                    print(banner(self.base), flush=True)
                    green_by = None
                elif time.monotonic() >= green_by:
                    print(f"[launcher] {self.base}/healthz is not green after 60 s; see the logs above", flush=True)
                    green_by = None
                next_check = time.monotonic() + 1.0
            time.sleep(0.5)
        return 0

    def give_up(self, child: Child, now: float) -> None:
        """Leave a crash-looping worker or beat down for a while (longer each time); say so in Redis."""
        child.backoff = min(BACKOFF_MAX, child.backoff * 2) if child.backoff else self.backoff_first
        child.retry_at = now + child.backoff
        print(
            f"[launcher] {child.name} died {len(child.restarts)} times in a minute; leaving it down for "
            f"{child.backoff:.0f} s (the web server and the rest stay up)",
            flush=True,
        )
        try:
            record_gave_up(child.name, time.time(), time.time() + child.backoff)
        except Exception as exc:  # Redis down: /healthz reports that itself
            print(f"[launcher] could not record in Redis that {child.name} is down ({exc})", flush=True)

    def clear_gave_up(self, name: str | None = None) -> None:
        try:
            clear_gave_up(*([name] if name else [child.name for child in self.children]))
        except Exception as exc:
            print(f"[launcher] could not clear the launcher's marks in Redis ({exc})", flush=True)

    def _on_signal(self, signum: int, _frame: object) -> None:
        self.stopping = True

    def shutdown(self) -> None:
        self.stopping = True
        for child in reversed(self.children):
            child.stop()
        if any(child.retry_at is not None for child in self.children):
            self.clear_gave_up()
        if self.redis is not None:
            embedded_redis.stop(self.redis, self.redis_socket)
        print("[launcher] everything stopped", flush=True)


def main() -> int:
    host = os.environ.get("HOST", "127.0.0.1")
    port = int(os.environ.get("PORT", "8000"))
    sys.path.insert(0, str(ROOT))
    return Supervisor(host, port).run()


if __name__ == "__main__":
    sys.exit(main())
