"""The site's ASGI application plus a stand-in for the Celery worker's bot moves.

Browser tests run no Celery worker, so a practice match's (or a table's) bot would never move. Every 0.2 s a
thread in the server's process (``tests.browser.standins``) asks each playing bot match's bot to
move, as the ``gameplay.tasks.bot_move`` task does (``bot_move`` itself checks whose turn it is).
Serve it with ``asgi_server("tests.browser.bot_asgi:application")``.
"""

from __future__ import annotations

from config.asgi import application
from tests.browser.standins import run_every

__all__ = ["application"]


def move_bots() -> None:
    """Each playing bot match (or table) whose bot is on the clock makes its move."""
    from django.db.models import Q

    from gameplay.matches import services
    from gameplay.matches.models import PlayMatch

    playing = PlayMatch.objects.filter(Q(seated=True) | ~Q(bot=""), status=PlayMatch.Status.PLAYING)
    for pk, version in playing.values_list("pk", "version"):
        services.bot_move(pk, version)


run_every("bot-mover", 0.2, move_bots)
