"""Deadlines: the one design behind every timed thing on the site.

A *kind* of deadline (a match's clock, a round's time, a draft's pick clocks, a webhook's next
try...) keeps a deadline and a version on its rows; the version moves on whenever the deadline
changes or stops mattering. A kind is declared once, as a ``DeadlineKind``: its name, the rows
that may fall due (a queryset), the fields holding each row's key, deadline and version, and what
firing one does. ``settings.DEADLINE_KINDS`` names every kind by dotted path (``common`` imports
no app).

- **Schedule.** ``schedule(kind, key, version, eta)`` queues ``expire_deadline(kind, key,
  version)`` by name with that ETA once the transaction commits, on the `timers` queue. A kind
  with a ``horizon`` queues only the deadlines within it; ``feed`` (beat) queues the others as
  they come near, so a worker does not hold an ETA task for every far deadline.
  ``schedule_many(kind, [(key, version), ...], eta)`` queues one task for many rows due at the
  same instant (``expire_deadlines``), each fired as by its own task.
- **Fire.** The task fires the deadline only if the row still carries that version (one plain
  read); the kind's ``fire`` then decides under its own lock, so a late, repeated or stale task
  does nothing. A kind this process does not know (a message from another release) is logged.
- **Sweep.** ``sweep`` (beat, every 2 s) fires every row past its deadline that no task handled
  (worker killed, broker lost): for each kind the oldest ``SWEEP_BATCH`` rows, by an indexed query.
"""

from __future__ import annotations

import functools
import logging
from collections.abc import Callable, Collection, Iterator
from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Any

from celery import shared_task
from django.conf import settings
from django.db.models import QuerySet
from django.utils import timezone
from django.utils.module_loading import import_string

from common.tasks import queue_after_commit

log = logging.getLogger(__name__)

FIRE_TASK = "common.deadlines.expire_deadline"
FIRE_MANY_TASK = "common.deadlines.expire_deadlines"
#: Rows of one kind a sweep fires at most; more wait for the next sweep (2 s later).
SWEEP_BATCH = 100


@dataclass(frozen=True)
class DeadlineKind:
    """One kind of deadline. ``rows`` are the rows that may fall due (e.g. playing matches);
    ``key``, ``deadline`` and ``version`` name their fields (through a relation if need be: the
    draft's pick clocks are the seats' deadlines, fired per pod under the pod's clock version).

    ``fire(key, version, now)`` does what the deadline does, under its own lock, and returns how
    many things it did (0 or False: nothing was due). ``repair(now)``, if given, runs at the start
    of each sweep of the kind and makes the rows a failed step should have made (returns how many)."""

    name: str
    rows: QuerySet[Any]
    fire: Callable[[int, int, datetime], int]
    key: str = "pk"
    deadline: str = "deadline"
    version: str = "timer_version"
    horizon: timedelta | None = None
    repair: Callable[[datetime], int] | None = None

    def carries(self, key: int, version: int) -> bool:
        """The row is still one that may fall due, under this version."""
        return self.rows.filter(**{self.key: key, self.version: version}).exists()

    def due(self, now: datetime) -> list[tuple[int, int]]:
        """(key, version) of the rows past their deadline, oldest first, each once, at most ``SWEEP_BATCH``."""
        past = self.rows.filter(**{f"{self.deadline}__lte": now}).order_by(self.deadline)
        return list(dict.fromkeys(past.values_list(self.key, self.version)[:SWEEP_BATCH]))

    def near(self, now: datetime) -> list[tuple[int, int, datetime]]:
        """(key, version, deadline) of the rows whose deadline is within the horizon, not yet past."""
        assert self.horizon is not None
        window = {f"{self.deadline}__gt": now, f"{self.deadline}__lte": now + self.horizon}
        return list(dict.fromkeys(self.rows.filter(**window).values_list(self.key, self.version, self.deadline)))


@functools.cache
def _load(paths: tuple[str, ...]) -> dict[str, DeadlineKind]:
    declared = [import_string(path) for path in paths]
    for path, kind in zip(paths, declared, strict=True):
        if not isinstance(kind, DeadlineKind):
            raise TypeError(f"DEADLINE_KINDS names {path}, which is not a DeadlineKind")
    named = {kind.name: kind for kind in declared}
    if len(named) != len(declared):
        raise ValueError(f"two deadline kinds share a name in DEADLINE_KINDS: {paths}")
    return named


def kinds() -> dict[str, DeadlineKind]:
    """Every kind of deadline, by name, as ``settings.DEADLINE_KINDS`` declares them."""
    return _load(tuple(settings.DEADLINE_KINDS))


def _chosen(only: Collection[str] | None) -> Iterator[DeadlineKind]:
    declared = kinds()
    for name in only if only is not None else declared:
        yield declared[name]


def schedule(kind: str, key: int, version: int, eta: datetime) -> None:
    """Queue the deadline's task (``kind``, ``key``, ``version``) for ``eta``, after commit.

    An unknown kind raises ``KeyError`` (a misspelt name, which the tests catch). Outside a
    kind's horizon nothing is queued: ``feed`` queues it once it comes near."""
    horizon = kinds()[kind].horizon
    if horizon is not None and eta - timezone.now() > horizon:
        return
    queue_after_commit(FIRE_TASK, kind, key, version, eta=eta)


def schedule_many(kind: str, keyed: Collection[tuple[int, int]], eta: datetime) -> None:
    """Queue one task for many deadlines of ``kind`` that fall due at the same ``eta`` (the deck
    swaps of a round's pods), after commit: ``(key, version)`` pairs, each fired as by its own task.
    A round of the Fett sends one message instead of hundreds."""
    horizon = kinds()[kind].horizon
    if not keyed or (horizon is not None and eta - timezone.now() > horizon):
        return
    queue_after_commit(FIRE_MANY_TASK, kind, [list(pair) for pair in keyed], eta=eta)


def fire(kind: str, key: int, version: int, now: datetime | None = None) -> int:
    """Fire one deadline if its row still carries ``version``; how many things that did (0: none)."""
    declared = kinds().get(kind)
    if declared is None:
        log.warning("no deadline kind %r here: dropped its task for %s (version %s)", kind, key, version)
        return 0
    if not declared.carries(key, version):
        return 0
    return int(declared.fire(key, version, now or timezone.now()))


def due(kind: str, now: datetime | None = None) -> list[tuple[int, int]]:
    """(key, version) of the deadlines of ``kind`` past due, as the sweep finds them."""
    return kinds()[kind].due(now or timezone.now())


def sweep(now: datetime | None = None, only: Collection[str] | None = None) -> int:
    """Fire every deadline past due (of the kinds named in ``only``, else of all kinds); how many
    things that did. One failing row is logged and the sweep goes on."""
    now = now or timezone.now()
    done = 0
    for kind in _chosen(only):
        if kind.repair is not None:
            done += _guarded(kind.name, "repair", functools.partial(kind.repair, now))
        done += _guarded(kind.name, "rows", functools.partial(_fire_due, kind, now))
    return done


def _fire_due(kind: DeadlineKind, now: datetime) -> int:
    return sum(
        _guarded(kind.name, key, functools.partial(fire, kind.name, key, version, now))
        for key, version in kind.due(now)
    )


def _guarded(kind: str, what: object, step: Callable[[], int]) -> int:
    try:
        return step()
    except Exception:
        log.exception("deadline %s %s failed in the sweep; the next sweep tries again", kind, what)
        return 0


def feed(now: datetime | None = None, only: Collection[str] | None = None) -> int:
    """Queue the task of every deadline that came within its kind's horizon (duplicates are
    harmless); how many were queued. Past deadlines are the sweep's."""
    now = now or timezone.now()
    queued = 0
    for kind in _chosen(only):
        if kind.horizon is None:
            continue
        for key, version, eta in kind.near(now):
            queue_after_commit(FIRE_TASK, kind.name, key, version, eta=eta)
            queued += 1
    return queued


@shared_task(name=FIRE_TASK, ignore_result=True)
def expire_deadline(kind: str, key: int, version: int) -> int:
    return fire(kind, key, version)


@shared_task(name=FIRE_MANY_TASK, ignore_result=True)
def expire_deadlines(kind: str, keyed: list[list[int]]) -> int:
    """Fire each ``(key, version)`` of ``kind``; one that fails is logged and the others still fire
    (the sweep retries it)."""
    return sum(_guarded(kind, key, functools.partial(fire, kind, key, version)) for key, version in keyed)


@shared_task(name="common.deadlines.sweep_deadlines", ignore_result=True)
def sweep_deadlines() -> int:
    return sweep()


@shared_task(name="common.deadlines.feed_deadlines", ignore_result=True)
def feed_deadlines() -> int:
    return feed()
