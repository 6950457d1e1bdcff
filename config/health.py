"""/healthz: is the database, Redis and a Celery worker (and beat) up?"""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import cast

from django.db import connection
from django.http import HttpRequest, JsonResponse
from django.views.decorators.cache import never_cache

from config.redis_client import key, state_redis
from config.tasks import beat_key


def check_database() -> str:
    with connection.cursor() as cursor:
        cursor.execute("SELECT 1")
        cursor.fetchone()
    return f"ok ({connection.vendor})"


def check_redis() -> str:
    state_redis().ping()
    return "ok"


def check_celery_worker() -> str:
    workers = list(state_redis().scan_iter(match=key("heartbeat", "worker", "*"), count=100))
    if not workers:
        raise RuntimeError("no worker heartbeat in the last 15 seconds")
    return f"ok ({len(workers)} worker{'s' if len(workers) != 1 else ''})"


def check_celery_beat() -> str:
    stamp = state_redis().get(beat_key())
    if stamp is None:
        raise RuntimeError("no beat-scheduled task has run in the last 60 seconds")
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
