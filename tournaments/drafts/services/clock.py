"""Timer tasks, queued after commit on the `timers` queue with an ETA and the row's version.

Never revoked: a task whose version moved on does nothing, and the beat sweeper
(``tasks.sweep_draft_timers``) expires anything a lost task missed.
"""

from __future__ import annotations

from datetime import datetime

from common.tasks import queue_after_commit

TASKS = "tournaments.drafts.tasks"


def schedule(task_name: str, object_id: int, version: int, eta: datetime) -> None:
    """Queue ``tasks.<task_name>(object_id, version)`` for ``eta``, after commit. Named, not
    imported: the tasks module imports the services that call this."""
    queue_after_commit(f"{TASKS}.{task_name}", object_id, version, eta=eta)


def schedule_pod(pod_id: int, eta: datetime) -> None:
    """Queue the pod's clock task (``tasks.expire_draft_clocks``) for ``eta``, after commit."""
    queue_after_commit(f"{TASKS}.expire_draft_clocks", pod_id, eta.isoformat(), eta=eta)
