"""The site's ASGI application plus a thread that stands in for the Celery worker's bot moves.

Browser tests run no Celery worker, so a practice match's bot would never move. Its moves must be
made in the server's own process (the test settings use an in-memory channel layer: only a push made
there reaches the pages' websockets). Every 0.2 s the thread asks each playing bot match's bot to
move, as the ``gameplay.tasks.bot_move`` task does (``bot_move`` itself checks whose turn it is).
Serve it with ``asgi_server("tests.browser.bot_asgi:application")``.
"""

from __future__ import annotations

import logging
import threading
import time

from common.push import serving_loop
from config.asgi import application

__all__ = ["application"]

log = logging.getLogger(__name__)
EVERY = 0.2


def move_bots() -> None:
    """Each playing bot match whose bot is on the clock makes its move."""
    from gameplay.matches import services
    from gameplay.matches.models import PlayMatch

    playing = PlayMatch.objects.filter(status=PlayMatch.Status.PLAYING).exclude(bot="")
    for pk, version in playing.values_list("pk", "version"):
        services.bot_move(pk, version)


def bots_forever() -> None:
    while serving_loop() is None:  # pushes go through the server's loop, which starts with the first request
        time.sleep(0.05)
    while True:
        try:
            move_bots()
        except Exception:  # e.g. the database busy for a moment: the next round retries
            log.exception("a bot move failed")
        time.sleep(EVERY)


threading.Thread(target=bots_forever, name="bot-mover", daemon=True).start()
