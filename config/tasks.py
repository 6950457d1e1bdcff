"""Liveness signals for /healthz: a worker heartbeat thread and a beat-driven task."""

from __future__ import annotations

import logging
import socket
import threading
import time
from typing import Any

from celery import shared_task
from celery.signals import worker_ready, worker_shutdown
from django.conf import settings

from common.redis import key, state_redis

log = logging.getLogger(__name__)
_stop = threading.Event()


def worker_key(hostname: str) -> str:
    return key("heartbeat", "worker", hostname)


def beat_key() -> str:
    return key("heartbeat", "beat")


def _beat_loop(hostname: str) -> None:
    interval = settings.WORKER_HEARTBEAT_SECONDS
    while not _stop.is_set():
        try:
            state_redis().set(worker_key(hostname), str(time.time()), ex=interval * 3)
        except Exception:  # Redis down: /healthz will say so; keep trying.
            log.warning("worker heartbeat could not reach Redis", exc_info=True)
        _stop.wait(interval)


@worker_ready.connect
def start_heartbeat(sender: Any = None, **_kwargs: Any) -> None:
    hostname = getattr(sender, "hostname", None) or socket.gethostname()
    _stop.clear()
    threading.Thread(target=_beat_loop, args=(hostname,), name="fett-heartbeat", daemon=True).start()


@worker_shutdown.connect
def stop_heartbeat(sender: Any = None, **_kwargs: Any) -> None:
    _stop.set()
    hostname = getattr(sender, "hostname", None) or socket.gethostname()
    try:
        state_redis().delete(worker_key(hostname))
    except Exception:
        log.warning("could not clear the worker heartbeat", exc_info=True)


@shared_task(name="config.tasks.beat_heartbeat", ignore_result=True)
def beat_heartbeat() -> None:
    """Scheduled by beat every few seconds; its mark proves beat and a worker both run."""
    state_redis().set(beat_key(), str(time.time()), ex=60)
