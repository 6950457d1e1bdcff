"""The site's ASGI application plus a thread that stands in for Celery beat's match sweeper.

Browser tests run no Celery worker, so nothing would expire a match's deadline. The sweep must run
in the server's own process: the test settings use an in-memory channel layer, so only a push made
there reaches the pages' websockets. Every 0.3 s (beat: every 2 s) the thread runs what the beat
task ``gameplay.tasks.sweep_match_timers`` runs. Serve it with
``asgi_server("tests.browser.sweeping_asgi:application")``.
"""

from __future__ import annotations

import logging
import threading
import time

from common.push import serving_loop
from config.asgi import application

__all__ = ["application"]

log = logging.getLogger(__name__)
EVERY = 0.3


def sweep_forever() -> None:
    from gameplay.tasks import sweep_match_timers

    while serving_loop() is None:  # pushes go through the server's loop, which starts with the first request
        time.sleep(0.05)
    while True:
        try:
            sweep_match_timers()
        except Exception:  # e.g. the database busy for a moment: the next sweep retries
            log.exception("the match sweep failed")
        time.sleep(EVERY)


threading.Thread(target=sweep_forever, name="match-sweeper", daemon=True).start()
