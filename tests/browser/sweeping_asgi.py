"""The site's ASGI application plus a stand-in for Celery beat's sweep of match deadlines.

Browser tests run no Celery beat, so nothing would expire a match's deadline. Every 0.3 s (beat:
every 2 s) a thread in the server's process (``tests.browser.standins``) runs what beat's
``common.deadlines.sweep_deadlines`` runs for the match clocks. Serve it with
``asgi_server("tests.browser.sweeping_asgi:application")``.
"""

from __future__ import annotations

from config.asgi import application
from tests.browser.standins import run_every

__all__ = ["application"]


def sweep() -> None:
    from common import deadlines
    from gameplay.matches.timers import MATCH_CLOCK

    deadlines.sweep(only=[MATCH_CLOCK])


run_every("match-sweeper", 0.3, sweep)
