"""The Celery app: Redis broker, late acks, a `timers` queue and the beat schedule.

The deadline tasks (``common.deadlines``: every clock, answer window, pick, round, swap and
webhook retry) go to the `timers` queue, with an ETA and a version; webhook deliveries and the
e-mail and Web Push of notices to the outbound queue (``settings.OUTBOUND_QUEUE``, from
`CELERY_OUTBOUND_QUEUE`: `default` unless set); everything else to `default`.
"""

from __future__ import annotations

import os
from typing import Any

from celery import Celery
from celery.signals import task_postrun, worker_process_init
from django.db import close_old_connections
from kombu import Queue

from common.broker import serve_redis_urls

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")

#: Tasks that wait on the world outside (a webhook receiver, a mail server, a push service): they go to
#: ``settings.OUTBOUND_QUEUE`` (`default` unless a deployment gives them a worker of their own).
OUTBOUND_TASKS = frozenset(
    {"tournaments.webhooks.tasks.deliver", "accounts.notices.tasks.send_emails", "accounts.notices.tasks.send_pushes"}
)


def route(name: str, *_args: object, **_kwargs: object) -> dict[str, str] | None:
    """The queue of task ``name``: deadlines to `timers`, talking to the world outside to the outbound
    queue, anything else to `default` (None: the default queue). Settings are read at routing time,
    not when this module loads with them."""
    from django.conf import settings

    if name.startswith("common.deadlines."):
        return {"queue": "timers"}
    if name in OUTBOUND_TASKS:
        return {"queue": settings.OUTBOUND_QUEUE}
    return None


#: How often beat sweeps every kind of deadline: how late, at most, a deadline whose task was lost fires.
SWEEP_SECONDS = 2.0

# Kombu's Redis transport, sending with one client a channel instead of one a message
serve_redis_urls()
app = Celery("fett")
app.config_from_object("django.conf:settings", namespace="CELERY")
app.conf.update(
    task_acks_late=True,
    task_reject_on_worker_lost=True,
    worker_prefetch_multiplier=1,
    task_ignore_result=True,
    task_default_queue="default",
    task_queues=(Queue("default"), Queue("timers")),  # a worker on another queue (-Q outbound) declares it
    task_routes=(route,),
    broker_connection_retry_on_startup=True,
    worker_hijack_root_logger=False,
    timezone="UTC",
    enable_utc=True,
    # Celery's Django fixup closes every database connection before and after each task unless
    # this is set: each deadline task then paid for a new PostgreSQL connection (a server fork),
    # about half of a timer worker's time under the match benchmark. Connections are kept for
    # this many tasks; between them ``_release_stale_connections`` closes one that broke or
    # outlived ``CONN_MAX_AGE``, as a web request's end does.
    CELERY_DB_REUSE_MAX=1000,
)
app.conf.include = ["config.tasks", "common.deadlines"]


@worker_process_init.connect
def _push_loop(**_kwargs: object) -> None:
    """Each worker process pushes to websockets through one loop and connection of its own, and
    reads the card catalog before its first task (see ``config.warm``)."""
    # Imported here: this module loads with the settings, before Django's apps (which warm reads).
    from common.push import start_background_loop
    from config.warm import freeze_start_up_objects, warm_up

    start_background_loop()
    warm_up()
    freeze_start_up_objects()


@task_postrun.connect
def _release_stale_connections(task: Any = None, **_kwargs: object) -> None:
    """After each task a worker runs, close a database connection that failed or is older than
    ``CONN_MAX_AGE`` (Django's own end-of-request check); a healthy one serves the next task. A
    task run eagerly (in the caller's process and transaction) leaves the caller's connection alone."""
    if task is None or getattr(task.request, "is_eager", False):
        return
    close_old_connections()


#: Beat's entries: its own heartbeat (for /healthz), the one sweep of every kind of deadline (a
#: sweep still queued after five periods, the worker busy or down, is dropped: later ones do its
#: work, and a restarted worker does not run a pile of them), the feed of deadlines
#: coming within their kind's horizon (not a sweep: at the sweep's pace it would queue each near
#: deadline some thirty times), and the challenges' daily chores (no deadline with a version:
#: pages settle a challenge whenever they read it, and beat makes the day's challenge).
app.conf.beat_schedule = {
    "beat-heartbeat": {"task": "config.tasks.beat_heartbeat", "schedule": 5.0},
    "sweep-deadlines": {
        "task": "common.deadlines.sweep_deadlines",
        "schedule": SWEEP_SECONDS,
        "options": {"expires": 5 * SWEEP_SECONDS},
    },
    "feed-deadlines": {"task": "common.deadlines.feed_deadlines", "schedule": 30.0},
    "settle-challenges": {"task": "tournaments.coop.tasks.settle_challenges", "schedule": 60.0},
}
app.autodiscover_tasks()
