"""The site's ASGI application plus a stand-in for Celery beat's match sweeper.

Browser tests run no Celery beat, so nothing would expire a match's deadline. Every 0.3 s (beat:
every 2 s) a thread in the server's process (``tests.browser.standins``) runs what the beat task
``gameplay.tasks.sweep_match_timers`` runs. Serve it with
``asgi_server("tests.browser.sweeping_asgi:application")``.
"""

from __future__ import annotations

from config.asgi import application
from tests.browser.standins import run_every

__all__ = ["application"]


def sweep() -> None:
    from gameplay.tasks import sweep_match_timers

    sweep_match_timers()


run_every("match-sweeper", 0.3, sweep)
