"""The Celery app: Redis broker, late acks, a `timers` queue and the beat schedule.

Timer tasks (clocks, answer windows, draft picks, rounds) go to the `timers`
queue with an ETA and carry a version; everything else goes to `default`.
"""

from __future__ import annotations

import os

from celery import Celery
from celery.signals import worker_process_init
from kombu import Queue

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")

app = Celery("fett")
app.config_from_object("django.conf:settings", namespace="CELERY")
app.conf.update(
    task_acks_late=True,
    task_reject_on_worker_lost=True,
    worker_prefetch_multiplier=1,
    task_ignore_result=True,
    task_default_queue="default",
    task_queues=(Queue("default"), Queue("timers")),
    task_routes={"*.expire_*": {"queue": "timers"}, "*.sweep_*": {"queue": "timers"}},
    broker_connection_retry_on_startup=True,
    worker_hijack_root_logger=False,
    timezone="UTC",
    enable_utc=True,
)
app.conf.include = ["config.tasks"]


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


app.conf.beat_schedule = {
    "beat-heartbeat": {"task": "config.tasks.beat_heartbeat", "schedule": 5.0},
    "sweep-round-timers": {"task": "tournaments.tasks.sweep_round_timers", "schedule": 5.0},
    "sweep-match-timers": {"task": "gameplay.tasks.sweep_match_timers", "schedule": 2.0},
    "feed-match-timers": {"task": "gameplay.tasks.sweep_feed_match_timers", "schedule": 30.0},
    "sweep-draft-timers": {"task": "tournaments.drafts.tasks.sweep_draft_timers", "schedule": 3.0},
    "sweep-webhooks": {"task": "tournaments.webhooks.tasks.sweep_deliveries", "schedule": 5.0},
    "sweep-swap-timers": {"task": "tournaments.swaps.tasks.sweep_swap_timers", "schedule": 5.0},
    "settle-challenges": {"task": "tournaments.coop.tasks.settle_challenges", "schedule": 60.0},
}
app.autodiscover_tasks()
