"""Match timers: the match's deadline as a kind of deadline (``common.deadlines``), and bot moves.

The deadline and ``timer_version`` live on the match row. After a change the deadline's task is
scheduled (``MATCH_CLOCK``, carrying the match and its timer version; it does nothing if the
version moved on). The kind has a horizon of a minute (``gameplay.deadlines``): a match clock 25
minutes away would otherwise park thousands of ETA tasks in the workers' memory, so beat's feed
queues the later deadlines as they come near, and its sweep fires anything past its deadline that
a task missed (worker killed, broker restarted). Bot moves go to `default`.
"""

from __future__ import annotations

import logging
from collections.abc import Sequence
from typing import Any

from django.db import transaction

from common import deadlines
from common.tasks import queue_after_commit
from gameplay.matches.models import PlayMatch
from gameplay.matches.push import push_views

log = logging.getLogger(__name__)

MATCH_CLOCK = "match-clock"  # the kind of deadline (gameplay.deadlines)


def after_change(match: PlayMatch, views: dict[int | None, dict[str, Any]], told: Sequence[int] = ()) -> None:
    """After commit: push ``views`` (computed in the transaction) and the word "your matches
    changed" to the people ``told`` (in the same publish), schedule the next deadline (its task is
    queued if it is near) and ask the bot to move if it must."""
    match_id, timer_version, deadline = match.pk, match.timer_version, match.deadline
    version, bot_turn = match.version, bool(match.bot_of(match.on_clock))
    playing = match.status == PlayMatch.Status.PLAYING

    def push() -> None:
        try:
            push_views(match_id, views, told)
        except Exception as exc:  # pushes are best effort; clients re-read on a gap
            log.warning("could not push match %s (%s)", match_id, exc)

    transaction.on_commit(push)
    # queued after the push (on_commit keeps the order); a broker that is down loses nothing the
    # sweep does not find again
    if playing and deadline is not None:
        deadlines.schedule(MATCH_CLOCK, match_id, timer_version, deadline)
    if playing and bot_turn:
        queue_after_commit("gameplay.tasks.bot_move", match_id, version)
