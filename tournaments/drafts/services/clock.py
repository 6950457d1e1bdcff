"""Timer tasks, queued after commit on the `timers` queue with an ETA and the row's version.

Never revoked: a task whose version moved on does nothing, and the beat sweeper
(``tasks.sweep_draft_timers``) expires anything a lost task missed.
"""

from __future__ import annotations

import logging
from datetime import datetime

from django.db import transaction

log = logging.getLogger(__name__)


def schedule(task_name: str, object_id: int, version: int, eta: datetime) -> None:
    def enqueue() -> None:
        import tournaments.drafts.tasks as tasks

        task = getattr(tasks, task_name)
        try:
            # No retries: a request must not hang on a dead broker; the sweeper backs this up.
            task.apply_async((object_id, version), eta=eta, queue="timers", retry=False)
        except Exception as exc:
            log.warning(
                "could not queue %s(%s, %s) (%s); the sweeper will catch it", task_name, object_id, version, exc
            )

    transaction.on_commit(enqueue)


def schedule_pod(pod_id: int, eta: datetime) -> None:
    """Queue the pod's clock task (``tasks.expire_draft_clocks``) for ``eta``, after commit."""

    def enqueue() -> None:
        from tournaments.drafts.tasks import expire_draft_clocks

        try:
            expire_draft_clocks.apply_async((pod_id, eta.isoformat()), eta=eta, queue="timers", retry=False)
        except Exception as exc:
            log.warning("could not queue the clocks of pod %s (%s); the sweeper will catch them", pod_id, exc)

    transaction.on_commit(enqueue)
