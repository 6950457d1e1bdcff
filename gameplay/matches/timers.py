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

from common.tasks import queue_after_commit
from gameplay.matches.models import PlayMatch
from gameplay.matches.push import push_views

log = logging.getLogger(__name__)

HORIZON = timedelta(seconds=60)  # deadlines nearer than this get their task now


def after_change(match: PlayMatch, views: dict[int | None, dict[str, Any]]) -> None:
    """After commit: push ``views`` (computed in the transaction), queue the next deadline's timer
    task if it is near and ask the bot to move if it must."""
    match_id, timer_version, deadline = match.pk, match.timer_version, match.deadline
    version, bot_turn = match.version, bool(match.bot_of(match.on_clock))
    playing = match.status == PlayMatch.Status.PLAYING

    def push() -> None:
        try:
            push_views(match_id, views)
        except Exception as exc:  # pushes are best effort; clients re-read on a gap
            log.warning("could not push match %s (%s)", match_id, exc)

    transaction.on_commit(push)
    # queued after the push (on_commit keeps the order); a broker that is down loses nothing the
    # sweeper does not find again
    if playing and deadline is not None and deadline - timezone.now() <= HORIZON:
        queue_after_commit("gameplay.tasks.expire_match_timer", match_id, timer_version, eta=deadline)
    if playing and bot_turn:
        queue_after_commit("gameplay.tasks.bot_move", match_id, version)


def feed_due_soon() -> int:
    """Queue the timer task of every deadline that has come within the horizon (duplicates are harmless)."""
    now = timezone.now()
    soon = PlayMatch.objects.filter(
        status=PlayMatch.Status.PLAYING, deadline__gt=now, deadline__lte=now + HORIZON
    ).values_list("pk", "timer_version", "deadline")
    for match_id, timer_version, deadline in soon:
        queue_after_commit("gameplay.tasks.expire_match_timer", match_id, timer_version, eta=deadline)
    return len(soon)
