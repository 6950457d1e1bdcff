"""Round clocks: the deadline (``ends_at``) and a version live on the round; Celery only nudges.

A round's clock is a kind of deadline (``common.deadlines``; declared in
``tournaments.deadlines``): after commit its task is queued with an ETA on the `timers` queue
carrying (round id, timer version). ``call_time`` does one conditional update and does nothing
if the version moved on (time added, round ended) or time was already called; it marks the
round's unconfirmed tables (matches and pods) *time called* and decides nothing about them; beat's
sweep calls it for any round past its deadline, so a lost or duplicated task is harmless.
"""

from __future__ import annotations

import logging
from datetime import datetime

from django.db import transaction
from django.utils import timezone

from common import deadlines
from tournaments import live
from tournaments.models import Match, PodTable, Round
from tournaments.services import onsite

log = logging.getLogger(__name__)

ROUND_CLOCK = "round-clock"  # the kind of deadline (tournaments.deadlines)


def schedule_round_timer(round_: Round) -> None:
    """Schedule the round's deadline (its task carries the round and its timer version), after commit."""
    assert round_.ends_at is not None
    deadlines.schedule(ROUND_CLOCK, round_.pk, round_.timer_version, round_.ends_at)


def call_time(round_id: int, version: int | None = None, now: datetime | None = None) -> bool:
    """Mark the round's time as called if it is due; True if this call did it."""
    now = now or timezone.now()
    rounds = Round.objects.filter(pk=round_id, status=Round.Status.OPEN, time_called_at__isnull=True, ends_at__lte=now)
    if version is not None:
        rounds = rounds.filter(timer_version=version)
    with transaction.atomic():
        if rounds.update(time_called_at=now) != 1:
            return False
        Match.objects.filter(round_id=round_id).exclude(status=Match.Status.CONFIRMED).update(time_called=True)
        PodTable.objects.filter(round_id=round_id).exclude(status=PodTable.Status.CONFIRMED).update(time_called=True)
        round_ = Round.objects.select_related("event").get(pk=round_id)
        onsite.call_time(round_)
        live.round_changed(round_.event_id)  # the players' pages say time is called
    log.info("time called in round %s", round_id)
    return True
