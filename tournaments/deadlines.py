"""The round clock as a kind of deadline (``common.deadlines``): time is called when it runs out."""

from __future__ import annotations

from datetime import timedelta

from django.db.models import DateTimeField, ExpressionWrapper, F, IntegerField, Q, Value

from common.deadlines import DeadlineKind
from tournaments.models import Event, Round, WaitingEntry
from tournaments.services import soon, waiting
from tournaments.services.capacity import WAITING_OFFER as OFFER
from tournaments.services.timers import ROUND_CLOCK as NAME
from tournaments.services.timers import call_time

ROUND_CLOCK = DeadlineKind(
    name=NAME,
    rows=Round.objects.filter(status=Round.Status.OPEN, time_called_at__isnull=True),  # index round_clock_due
    deadline="ends_at",
    fire=call_time,
)

#: The events about to start (``services.soon``): the deadline is the start less the lead time,
#: the version a constant (the notice's key carries the start, and ``soon_told_for`` the start
#: told of, so a moved start is told afresh). Beat feeds the task once the deadline is within a minute.
EVENT_SOON = DeadlineKind(
    name=soon.EVENT_SOON,
    rows=Event.objects.filter(status=Event.Status.REGISTRATION, starts_at__isnull=False)
    .filter(Q(soon_told_for__isnull=True) | ~Q(soon_told_for=F("starts_at")))
    .annotate(
        soon_at=ExpressionWrapper(F("starts_at") - soon.lead(), output_field=DateTimeField()),
        soon_version=Value(0, output_field=IntegerField()),
    ),
    deadline="soon_at",
    version="soon_version",
    horizon=timedelta(minutes=1),  # beat feeds it every 30 s: a task or two per event, the sweep behind them
    fire=soon.tell_soon,
)

#: A place offered from a waiting list lapses (``services.waiting.lapse``): ``offer_expires_at``
#: under ``offer_version``. Offers are held for hours, so beat's feed queues the task once the
#: deadline is within a minute; the sweep fires any the feed missed.
WAITING_OFFER = DeadlineKind(
    name=OFFER,
    rows=WaitingEntry.objects.filter(offered_at__isnull=False, offer_expires_at__isnull=False),  # waiting_offer_due
    deadline="offer_expires_at",
    version="offer_version",
    horizon=timedelta(minutes=1),
    fire=waiting.lapse,
)
