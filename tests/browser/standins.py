"""Stand-ins for Celery in a browser test's server process: a thread that runs a job on a period.

Browser tests run no Celery worker or beat, and the test settings use an in-memory channel layer,
so work that pushes to the pages' websockets must run in the server's own process. A stand-in waits
until the server's event loop serves (pushes go through it), then runs its job every ``every``
seconds, as beat would run the task; a failed run is logged and the next one retries.
"""

from __future__ import annotations

import logging
import threading
from collections.abc import Callable

from common.push import serving_loop

log = logging.getLogger(__name__)


def run_every(name: str, every: float, job: Callable[[], object]) -> threading.Thread:
    """Start a daemon thread that runs ``job`` every ``every`` seconds once the server serves."""
    stop = threading.Event()  # never set: the thread ends with the server process

    def loop() -> None:
        while serving_loop() is None:  # the server's loop starts with its first request
            stop.wait(0.05)
        while True:
            try:
                job()
            except Exception:  # e.g. the database busy for a moment: the next run retries
                log.exception("%s failed", name)
            stop.wait(every)

    thread = threading.Thread(target=loop, name=name, daemon=True)
    thread.start()
    return thread
