"""Queue a Celery task, by name, once the current transaction commits.

Services name the task instead of importing the tasks module, so a service never imports the
tasks that call it back (no service <-> task import cycle). ``send_task`` applies the app's
routes, so ``*.expire_*`` and ``*.sweep_*`` still go to the ``timers`` queue.
"""

from __future__ import annotations

import logging
from datetime import datetime
from typing import Any

from celery import current_app
from django.db import transaction

log = logging.getLogger(__name__)


def queue_after_commit(name: str, *args: Any, eta: datetime | None = None) -> None:
    """Send task ``name`` with ``args`` after commit (at once outside a transaction).

    No retries: a request must not hang on a dead broker. A failure is logged and dropped,
    which is safe only because every timer the site queues is also found by a sweeper."""

    def send() -> None:
        try:
            # ignore_result: no caller reads a result (``task_ignore_result``); without it
            # ``send_task`` (unlike ``apply_async`` on a task that ignores results) has the
            # sending thread's result backend subscribe to the task's result, one more Redis
            # round trip per task sent and a subscription kept for the life of the process.
            # argsrepr (the arguments as the worker's log shows them): a plain repr, cut as Celery
            # cuts its own, which is slower to make (a fifth of the send of a deadline's task)
            current_app.send_task(
                name, args=args, eta=eta, retry=False, ignore_result=True, argsrepr=args_text(args), kwargsrepr="{}"
            )
        except Exception as exc:
            log.warning("could not queue %s%r (%s); its sweeper will catch it", name, args, exc)

    transaction.on_commit(send)


#: The longest arguments text a task's message carries (as Celery's own ``argsrepr``).
ARGS_TEXT = 1024


def args_text(args: tuple[Any, ...]) -> str:
    """``args`` as the text a task's message names them by: their repr, at most ``ARGS_TEXT`` long."""
    text = repr(args)
    return text if len(text) <= ARGS_TEXT else text[: ARGS_TEXT - 3] + "..."
