"""Match timers: after every change, a versioned task for the next deadline, and bot moves.

The deadline and ``timer_version`` live on the match row. After commit a Celery task with that
ETA goes to the `timers` queue carrying (match, timer version); it does nothing if the version
moved on. A beat sweeper expires anything past its deadline that a task missed (worker killed,
broker restarted). Bot moves go to the `default` queue carrying the match version.
"""

from __future__ import annotations

import logging

from django.db import transaction

from gameplay.matches.models import PlayMatch

log = logging.getLogger(__name__)


def after_change(match: PlayMatch) -> None:
    match_id, timer_version, deadline = match.pk, match.timer_version, match.deadline
    version, bot_turn = match.version, bool(match.bot) and match.on_clock == 1
    playing = match.status == PlayMatch.Status.PLAYING

    def enqueue() -> None:
        from gameplay import tasks
        from gameplay.matches.consumers import push_views

        try:
            push_views(PlayMatch.objects.get(pk=match_id))
        except Exception as exc:  # pushes are best effort; clients re-read on a gap
            log.warning("could not push match %s (%s)", match_id, exc)

        try:
            if playing and deadline is not None:
                tasks.expire_match_timer.apply_async((match_id, timer_version), eta=deadline, retry=False)
            if playing and bot_turn:
                tasks.bot_move.apply_async((match_id, version), retry=False)
        except Exception as exc:  # the broker is down: the sweeper still expires deadlines
            log.warning("could not queue the timers of match %s (%s)", match_id, exc)

    transaction.on_commit(enqueue)
