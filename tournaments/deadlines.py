"""The round clock as a kind of deadline (``common.deadlines``): time is called when it runs out."""

from __future__ import annotations

from common.deadlines import DeadlineKind
from tournaments.models import Round
from tournaments.services.timers import ROUND_CLOCK as NAME
from tournaments.services.timers import call_time

ROUND_CLOCK = DeadlineKind(
    name=NAME,
    rows=Round.objects.filter(status=Round.Status.OPEN, time_called_at__isnull=True),  # index round_clock_due
    deadline="ends_at",
    fire=call_time,
)
