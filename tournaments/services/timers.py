"""Round clocks: the deadline and a version live on the round; Celery only nudges.

After commit a task is queued with an ETA on the `timers` queue carrying
(round id, timer version). ``call_time`` does one conditional update and does
nothing if the version moved on (time added, round ended) or time was already
called; it marks the round's unconfirmed tables (matches and pods) *time called*
and decides nothing about them; a beat sweeper calls it for any round past its deadline, so a lost or
duplicated task is harmless.
"""

from __future__ import annotations

import logging

from django.db import transaction
from django.utils import timezone

from common.tasks import queue_after_commit
from tournaments import live
from tournaments.models import Match, PodTable, Round
from tournaments.services import onsite

log = logging.getLogger(__name__)


def schedule_round_timer(round_: Round) -> None:
    """Queue ``tasks.expire_round_timer(round id, timer version)`` for the round's deadline, after
    commit. Named, not imported: the tasks module imports this one."""
    queue_after_commit("tournaments.tasks.expire_round_timer", round_.pk, round_.timer_version, eta=round_.ends_at)


def call_time(round_id: int, version: int | None = None) -> bool:
    """Mark the round's time as called if it is due; True if this call did it."""
    now = timezone.now()
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


def sweep_due_rounds() -> int:
    """Call time in every round past its deadline that no task has handled."""
    due = Round.objects.filter(
        status=Round.Status.OPEN, time_called_at__isnull=True, ends_at__lte=timezone.now()
    ).values_list("pk", flat=True)
    return sum(call_time(pk) for pk in list(due))
