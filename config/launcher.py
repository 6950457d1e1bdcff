"""`make run`: start and supervise the whole site on one machine.

Starts, in order: an embedded Redis (only when REDIS_URL is unset), the ASGI web
server, a Celery worker on the `default` and `timers` queues, and Celery beat.
A child that dies is restarted (a few times); Ctrl-C or SIGTERM stops every
child, Redis last, and nothing is left running.
"""

from __future__ import annotations

import contextlib
import os
import signal
import subprocess
import sys
import time
import urllib.request
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
MAX_RESTARTS = 5


@dataclass
class Child:
    name: str
    args: list[str]
    process: subprocess.Popen[bytes] | None = None
    restarts: list[float] = field(default_factory=list)

    def start(self, env: dict[str, str]) -> None:
        self.process = subprocess.Popen(self.args, cwd=ROOT, env=env, start_new_session=True)

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


def _signal_group(process: subprocess.Popen[bytes], sig: int) -> None:
    with contextlib.suppress(ProcessLookupError):
        os.killpg(process.pid, sig)


def children(host: str, port: int, var_dir: Path) -> list[Child]:
    py = sys.executable
    return [
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


def wait_until_healthy(url: str, seconds: float, stopping: Callable[[], bool]) -> bool:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline and not stopping():
        try:
            with urllib.request.urlopen(url, timeout=2) as response:
                if response.status == 200:
                    return True
        except OSError:
            pass
        time.sleep(1.0)
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
        from django.conf import settings

        self.settings = settings
        self.children = children(host, port, Path(settings.VAR_DIR))
        self.redis: subprocess.Popen[bytes] | None = None
        self.redis_socket: Path | None = None
        self.stopping = False
        self.base = f"http://{host}:{port}"

    def environment(self) -> dict[str, str]:
        env = dict(os.environ)
        env.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
        return env

    def start_redis(self) -> None:
        if os.environ.get("REDIS_URL"):
            return
        from config import embedded_redis

        self.redis_socket = Path(self.settings.EMBEDDED_REDIS_SOCKET)
        self.redis = embedded_redis.start(self.redis_socket)
        print(f"[launcher] embedded Redis on {self.redis_socket}", flush=True)

    def run(self) -> int:
        signal.signal(signal.SIGINT, self._on_signal)
        signal.signal(signal.SIGTERM, self._on_signal)
        try:
            self.start_redis()
            env = self.environment()
            for child in self.children:
                child.start(env)
                print(
                    f"[launcher] started {child.name} (pid {child.process.pid if child.process else '?'})", flush=True
                )
            if wait_until_healthy(f"{self.base}/healthz", 60, lambda: self.stopping):
                print(banner(self.base), flush=True)
            elif not self.stopping:
                print(f"[launcher] {self.base}/healthz is not green after 60 s; see the logs above", flush=True)
            return self.supervise(env)
        finally:
            self.shutdown()

    def supervise(self, env: dict[str, str]) -> int:
        while not self.stopping:
            for child in self.children:
                if child.alive() or self.stopping:
                    continue
                now = time.monotonic()
                child.restarts = [t for t in child.restarts if now - t < 60] + [now]
                if len(child.restarts) > MAX_RESTARTS:
                    print(f"[launcher] {child.name} keeps dying; giving up", flush=True)
                    return 1
                print(f"[launcher] {child.name} exited; restarting", flush=True)
                child.start(env)
            if self.redis is not None and self.redis.poll() is not None:
                print("[launcher] embedded Redis died; stopping", flush=True)
                return 1
            time.sleep(0.5)
        return 0

    def _on_signal(self, signum: int, _frame: object) -> None:
        self.stopping = True

    def shutdown(self) -> None:
        self.stopping = True
        for child in reversed(self.children):
            child.stop()
        if self.redis is not None:
            from config import embedded_redis

            embedded_redis.stop(self.redis, self.redis_socket)
        print("[launcher] everything stopped", flush=True)


def main() -> int:
    host = os.environ.get("HOST", "127.0.0.1")
    port = int(os.environ.get("PORT", "8000"))
    sys.path.insert(0, str(ROOT))
    return Supervisor(host, port).run()


if __name__ == "__main__":
    sys.exit(main())
