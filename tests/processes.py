"""Helpers for tests that start real processes (servers, Celery workers) over the test database."""

from __future__ import annotations

import contextlib
import os
import signal
import socket
import subprocess
import sys
from pathlib import Path
from typing import cast

import redis
from django.conf import settings
from django.db import connection

from common.redis import key, state_redis
from config import redis_urls
from tests.waiting import wait_until

ROOT = Path(__file__).resolve().parents[1]


def database_url() -> str:
    """The test database as a DATABASE_URL, for a subprocess to use the same data."""
    db = connection.settings_dict
    if connection.vendor == "sqlite":
        return f"sqlite:///{db['NAME']}"
    host, port = db["HOST"] or "127.0.0.1", db["PORT"] or 5432
    return f"postgres://{db['USER']}:{db['PASSWORD'] or ''}@{host}:{port}/{db['NAME']}"


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def celery_process(*args: str, app: str = "config") -> subprocess.Popen[bytes]:
    """A real Celery process (worker or beat) over the test database and the test run's Redis
    (``app="tests.browser.redis_celery"``: its pushes go over Redis too)."""
    env = {**os.environ, "DATABASE_URL": database_url(), "FETT_ENV": "test"}
    return subprocess.Popen(
        [sys.executable, "-m", "celery", "-A", app, *args, "--loglevel", "WARNING"],
        cwd=ROOT, env=env, start_new_session=True,
    )  # fmt: skip


def stop_process(
    process: subprocess.Popen[bytes], sig: int = signal.SIGTERM, grace: float = 60, group: bool = True
) -> None:
    """Signal the process's whole group (a prefork worker has children) and wait for it; a group
    still there after ``grace`` seconds (a loaded machine makes a warm shutdown slow) is killed.

    ``group=False`` signals the main process only: a Celery worker then shuts down warmly, letting
    the task its pool child is running finish (with the pushes it sends after its commit), where a
    signal to the whole group stops the child at once, between its commit and its push."""
    if process.poll() is None:
        with contextlib.suppress(ProcessLookupError):
            if group:
                os.killpg(process.pid, sig)
            else:
                os.kill(process.pid, sig)
        try:
            process.wait(timeout=grace)
        except subprocess.TimeoutExpired:
            with contextlib.suppress(ProcessLookupError):
                os.killpg(process.pid, signal.SIGKILL)
            process.wait(timeout=60)


def worker_is_up(name: str) -> bool:
    """Whether the worker started with ``-n name@%h`` is consuming (its heartbeat, written on
    ``worker_ready``, is in Redis)."""
    return any(state_redis().scan_iter(match=key("heartbeat", "worker", f"{name}@*"), count=100))


def wait_for_worker(name: str, timeout: float = 120) -> None:
    wait_until(lambda: worker_is_up(name), timeout, f"the Celery worker {name} to be ready")


def broker_queue_length(queue: str) -> int:
    """Messages waiting in a broker queue (taken ones, even ETA tasks a worker holds, are not counted)."""
    broker = redis.Redis.from_url(redis_urls.with_db(settings.REDIS_URL, settings.REDIS_DB_BROKER))
    prefix = settings.CELERY_BROKER_TRANSPORT_OPTIONS.get("global_keyprefix", "")  # the run's, on a shared Redis
    try:
        return sum(cast(int, broker.llen(name)) for name in broker.scan_iter(match=f"{prefix}{queue}*", count=100))
    finally:
        broker.close()
