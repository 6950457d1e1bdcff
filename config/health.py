"""/healthz: is the database, Redis and a Celery worker (and beat) up?"""

from __future__ import annotations

import json
import time
from collections.abc import Callable
from datetime import UTC, datetime
from typing import cast

from django.conf import settings
from django.db import connection
from django.http import HttpRequest, JsonResponse
from django.views.decorators.cache import never_cache

from common.redis import key, state_redis
from common.words import count
from config.tasks import beat_key


def check_database() -> str:
    with connection.cursor() as cursor:
        cursor.execute("SELECT 1")
        cursor.fetchone()
    return f"ok ({connection.vendor})"


def check_redis() -> str:
    state_redis().ping()
    return "ok"


def gave_up_key(name: str) -> str:
    return key("launcher", "gave-up", name)


def record_gave_up(name: str, at: float, retry_at: float) -> None:
    """The dev launcher stopped restarting ``name`` (worker or beat) at ``at`` until ``retry_at``
    (Unix times). The mark outlives the back-off by a minute, in case the launcher itself dies."""
    mark = json.dumps({"at": at, "retry_at": retry_at})
    state_redis().set(gave_up_key(name), mark, ex=max(60, int(retry_at - time.time()) + 60))


def clear_gave_up(*names: str) -> None:
    if names:
        state_redis().delete(*[gave_up_key(name) for name in names])


def _clock(stamp: float) -> str:
    return datetime.fromtimestamp(stamp, UTC).strftime("%H:%M:%S UTC")


def _gave_up(name: str) -> str:
    """`` ...`` saying the launcher gave up restarting ``name``, or nothing."""
    raw = state_redis().get(gave_up_key(name))
    if raw is None:
        return ""
    mark = json.loads(cast(bytes, raw))
    return (
        f"; the launcher gave up restarting it at {_clock(mark['at'])} (it kept dying) "
        f"and tries again at {_clock(mark['retry_at'])}"
    )


def check_celery_worker() -> str:
    workers = list(state_redis().scan_iter(match=key("heartbeat", "worker", "*"), count=100))
    if not workers:
        seconds = 3 * settings.WORKER_HEARTBEAT_SECONDS
        raise RuntimeError(f"the worker is down: no worker heartbeat in the last {seconds} seconds{_gave_up('worker')}")
    return f"ok ({count(len(workers), 'worker', 'workers')})"


def check_celery_beat() -> str:
    stamp = state_redis().get(beat_key())
    if stamp is None:
        raise RuntimeError(f"no beat-scheduled task has run in the last 60 seconds{_gave_up('beat')}")
    return f"ok (last tick {time.time() - float(cast(bytes, stamp)):.0f} s ago)"


CHECKS: dict[str, Callable[[], str]] = {
    "database": check_database,
    "redis": check_redis,
    "celery_worker": check_celery_worker,
    "celery_beat": check_celery_beat,
}


def run_checks() -> tuple[bool, dict[str, dict[str, str]]]:
    results: dict[str, dict[str, str]] = {}
    healthy = True
    for name, check in CHECKS.items():
        try:
            results[name] = {"status": "up", "detail": check()}
        except Exception as exc:  # Any failure is reported, never raised.
            healthy = False
            results[name] = {"status": "down", "detail": f"{type(exc).__name__}: {exc}"}
    return healthy, results


@never_cache
def healthz(request: HttpRequest) -> JsonResponse:
    healthy, results = run_checks()
    down = [name for name, result in results.items() if result["status"] == "down"]
    body = {"status": "ok" if healthy else "down", "down": down, "checks": results}
    return JsonResponse(body, status=200 if healthy else 503)
