"""The draft's kinds of deadline (``common.deadlines``): the pick clocks, the review pause and
deck building. Their names are in ``services.clock``, which the services schedule them by."""

from __future__ import annotations

from common.deadlines import DeadlineKind
from tournaments.clock_low import BUILD_LOW, PICK_LOW
from tournaments.drafts.models import Pod, Pool, Seat
from tournaments.drafts.services import clock, low, picking, pools

#: The seats' pick clocks, fired per pod: the task (or the sweep) picks for every seat of the pod
#: out of time, under the pod's clock version (``picking.expire_due``).
DRAFT_PICKS = DeadlineKind(
    name=clock.DRAFT_PICKS,
    rows=Seat.objects.filter(pod__status=Pod.Status.DRAFTING, pod__paused=False, bot=False),  # index seat_deadline
    key="pod_id",
    version="pod__clock_version",
    fire=picking.expire_due,
)

DRAFT_REVIEW = DeadlineKind(
    name=clock.DRAFT_REVIEW,
    rows=Pod.objects.filter(status=Pod.Status.REVIEW, paused=False),  # index pod_status_deadline
    fire=picking.end_review,
)

DECK_BUILD = DeadlineKind(
    name=clock.DECK_BUILD,
    rows=Pool.objects.filter(deck_submitted_at__isnull=True),  # index pool_build_due
    deadline="build_deadline",
    version="build_timer_version",
    fire=pools.expire_build,
)

#: The build clock runs low (``services.low``): ``Pool.build_low_at``, set when the clock starts,
#: under the clock's version; cleared once told.
DECK_BUILD_LOW = DeadlineKind(
    name=BUILD_LOW,
    rows=Pool.objects.filter(deck_submitted_at__isnull=True, build_low_at__isnull=False),  # index pool_build_low
    deadline="build_low_at",
    version="build_timer_version",
    fire=low.warn_build,
)

#: A pick clock runs low (``services.low.warn_pick``): ``Seat.low_at``, set with the clock under the
#: seat's ``timer_version``; cleared once fired. Not queued per clock: the sweep fires it (2 s late at most).
DRAFT_PICK_LOW = DeadlineKind(
    name=PICK_LOW,
    rows=Seat.objects.filter(
        low_at__isnull=False, bot=False, pod__status=Pod.Status.DRAFTING, pod__paused=False
    ),  # index seat_pick_low
    deadline="low_at",
    fire=low.warn_pick,
)
