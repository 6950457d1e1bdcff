"""A webhook's next try as a kind of deadline (``common.deadlines``): at ``next_try_at`` the
delivery task is queued again (on `default`: a try is an HTTP request, kept off the `timers`
queue). The version is the delivery's count of tries: each failed try schedules the next under
the new count, and a redelivery starts the count again."""

from __future__ import annotations

from common.deadlines import DeadlineKind
from tournaments.webhooks.delivery import retry
from tournaments.webhooks.models import Delivery
from tournaments.webhooks.outbox import WEBHOOK_RETRY as NAME

WEBHOOK_RETRY = DeadlineKind(
    name=NAME,
    rows=Delivery.objects.filter(status=Delivery.Status.PENDING),  # index webhook_delivery_due
    deadline="next_try_at",
    version="attempts",
    fire=retry,
)
