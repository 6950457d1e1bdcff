"""/healthz against the real parts: the database, the Redis server and a real Celery worker and beat."""

from __future__ import annotations

import os
import subprocess
import sys
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import pytest
from django.test import Client

from common.redis import state_redis
from tests.processes import stop_process
from tests.waiting import wait_until

ROOT = Path(__file__).resolve().parents[2]


def health(client: Client) -> tuple[int, dict[str, Any]]:
    response = client.get("/healthz")
    return response.status_code, response.json()


@pytest.mark.django_db
def test_without_a_worker_it_answers_503_naming_what_is_down(client: Client, fresh_redis_state: None) -> None:
    status, body = health(client)
    assert status == 503
    assert body["status"] == "down"
    assert body["checks"]["database"]["status"] == "up"
    assert body["checks"]["redis"]["status"] == "up"
    assert set(body["down"]) == {"celery_worker", "celery_beat"}


@pytest.mark.django_db
def test_a_worker_the_launcher_gave_up_on_is_named_with_when(client: Client, fresh_redis_state: None) -> None:
    from config.health import clear_gave_up, record_gave_up

    at = datetime(2026, 3, 1, 12, 0, 5, tzinfo=UTC).timestamp()
    record_gave_up("worker", at, at + 60)
    status, body = health(client)
    assert status == 503
    detail = body["checks"]["celery_worker"]["detail"]
    assert detail.startswith("RuntimeError: the worker is down: no worker heartbeat")
    assert (
        "the launcher gave up restarting it at 12:00:05 UTC (it kept dying) and tries again at 12:01:05 UTC" in detail
    )
    assert "gave up" not in body["checks"]["celery_beat"]["detail"]
    clear_gave_up("worker")
    assert "gave up" not in health(client)[1]["checks"]["celery_worker"]["detail"]


@pytest.mark.django_db
def test_an_unreachable_redis_is_reported_as_down(client: Client, settings: Any, tmp_path: Path) -> None:
    state_redis.cache_clear()
    settings.REDIS_STATE_URL = f"unix://{tmp_path}/nobody-here.sock?db=3"
    try:
        status, body = health(client)
    finally:
        state_redis.cache_clear()
    assert status == 503
    assert "redis" in body["down"]
    assert "ConnectionError" in body["checks"]["redis"]["detail"]


@pytest.mark.slow
@pytest.mark.django_db
def test_a_real_worker_and_beat_turn_it_green(client: Client, fresh_redis_state: None, tmp_path: Path) -> None:
    env = {**os.environ, "WORKER_HEARTBEAT_SECONDS": "1"}
    celery = [sys.executable, "-m", "celery", "-A", "config"]
    procs = [
        subprocess.Popen(
            [
                *celery,
                "worker",
                "-Q",
                "default,timers",
                "-c",
                "1",
                "-n",
                f"health-{os.getpid()}@%h",
                "--loglevel",
                "WARNING",
            ],
            cwd=ROOT,
            env=env,
            start_new_session=True,
        ),
        subprocess.Popen(
            [*celery, "beat", "--loglevel", "WARNING", "--schedule", str(tmp_path / "beat")],
            cwd=ROOT,
            env=env,
            start_new_session=True,
        ),
    ]
    try:
        replies: list[tuple[int, dict[str, Any]]] = []

        def green() -> bool:
            replies.append(health(client))
            return replies[-1][0] == 200

        wait_until(green, 120, "/healthz to turn green with a real worker and beat")
        body = replies[-1][1]
        assert body["down"] == []
        assert body["checks"]["celery_worker"]["detail"].startswith("ok (1 worker")
    finally:
        for proc in procs:
            stop_process(proc)
