"""Match timers: a versioned task for each near deadline, and bot moves.

The deadline and ``timer_version`` live on the match row. A Celery task with that ETA goes to the
`timers` queue carrying (match, timer version) and does nothing if the version moved on. Only
deadlines within ``HORIZON`` get a task at once (answer windows always do); a match clock 25
minutes away would otherwise park thousands of ETA tasks in the workers' memory. Beat feeds the
later deadlines in as they come within the horizon (``feed_due_soon``) and sweeps anything past
its deadline that a task missed (worker killed, broker restarted). Bot moves go to `default`.
"""

from __future__ import annotations

import logging
from datetime import timedelta
from typing import Any

from django.db import transaction
from django.utils import timezone

from gameplay.matches.models import PlayMatch

log = logging.getLogger(__name__)

HORIZON = timedelta(seconds=60)  # deadlines nearer than this get their task now


def after_change(match: PlayMatch, views: dict[int | None, dict[str, Any]]) -> None:
    """After commit: push ``views`` (computed in the transaction), queue the next deadline's timer
    task if it is near and ask the bot to move if it must."""
    match_id, timer_version, deadline = match.pk, match.timer_version, match.deadline
    version, bot_turn = match.version, bool(match.bot) and match.on_clock == 1
    playing = match.status == PlayMatch.Status.PLAYING

    def enqueue() -> None:
        from gameplay import tasks
        from gameplay.matches.consumers import push_views

        try:
            push_views(match_id, views)
        except Exception as exc:  # pushes are best effort; clients re-read on a gap
            log.warning("could not push match %s (%s)", match_id, exc)

        try:
            if playing and deadline is not None and deadline - timezone.now() <= HORIZON:
                tasks.expire_match_timer.apply_async((match_id, timer_version), eta=deadline, retry=False)
            if playing and bot_turn:
                tasks.bot_move.apply_async((match_id, version), retry=False)
        except Exception as exc:  # the broker is down: the sweeper still expires deadlines
            log.warning("could not queue the timers of match %s (%s)", match_id, exc)

    transaction.on_commit(enqueue)


def feed_due_soon() -> int:
    """Queue the timer task of every deadline that has come within the horizon (duplicates are harmless)."""
    from gameplay import tasks

    now = timezone.now()
    soon = PlayMatch.objects.filter(
        status=PlayMatch.Status.PLAYING, deadline__gt=now, deadline__lte=now + HORIZON
    ).values_list("pk", "timer_version", "deadline")
    for match_id, timer_version, deadline in soon:
        tasks.expire_match_timer.apply_async((match_id, timer_version), eta=deadline)
    return len(soon)
