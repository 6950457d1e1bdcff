"""Emitting webhooks: one ``Delivery`` per endpoint that wants the kind, queued after commit.

Services call ``emit`` inside their transaction (through ``announce``): the rows are written with
the change and vanish with it if it rolls back; the delivery task is queued only once it commits.
A failed try's next one is a deadline (``retry_later``), fired on the `timers` queue, which
queues the delivery task again.
"""

from __future__ import annotations

import uuid
from collections.abc import Callable
from datetime import UTC
from typing import Any

from django.conf import settings
from django.urls import reverse
from django.utils import timezone

from common import deadlines
from common.tasks import queue_after_commit
from tournaments.models import Event
from tournaments.webhooks.models import Delivery, Endpoint, Kind

DELIVER_TASK = "tournaments.webhooks.tasks.deliver"
WEBHOOK_RETRY = "webhook-retry"  # the kind of deadline (tournaments.webhooks.deadlines)
Data = dict[str, Any] | Callable[[], dict[str, Any]]


def site_url(path: str) -> str:
    return f"{settings.SITE_URL}{path}"


def envelope(event: Event, kind: str, data: dict[str, Any], webhook_id: uuid.UUID) -> dict[str, Any]:
    """The JSON every webhook sends: its id, type and time, the event, and the kind's data."""
    return {
        "id": str(webhook_id),
        "type": kind,
        "created": timezone.now().isoformat(),
        "event": event_info(event),
        "data": data,
    }


def event_info(event: Event) -> dict[str, Any]:
    """The event as every payload carries it: when (ISO 8601 in UTC, or null), where (``online``,
    or the ``venue``: "" when not said), the entry fee as players read it and the places (null:
    no limit)."""
    starts = event.starts_at.astimezone(UTC).isoformat().replace("+00:00", "Z") if event.starts_at else None
    return {
        "id": event.pk, "name": event.name, "url": site_url(reverse("tournaments:event", args=[event.pk])),
        "starts_at": starts, "online": event.online, "venue": "" if event.online else event.venue, "fee": event.fee,
        "capacity": event.capacity,
    }  # fmt: skip


def emit(event: Event, kind: Kind, data: Data) -> list[Delivery]:
    """Queue ``kind`` for every active endpoint of the event subscribed to it. ``data`` may be a
    function: it is called only if some endpoint wants the kind (most events have none)."""
    endpoints = [e for e in Endpoint.objects.filter(event=event, active=True) if e.wants(kind)]
    if not endpoints:
        return []
    payload = envelope(event, kind, data() if callable(data) else data, uuid.uuid4())
    return [queue(endpoint, kind, payload) for endpoint in endpoints]


def queue(endpoint: Endpoint, kind: str, payload: dict[str, Any]) -> Delivery:
    delivery = Delivery.objects.create(
        endpoint=endpoint, webhook_id=uuid.UUID(payload["id"]), kind=kind, payload=payload, next_try_at=timezone.now()
    )
    send_later(delivery)
    return delivery


def send_later(delivery: Delivery) -> None:
    """The delivery task, once the current transaction commits (on the ``default`` queue)."""
    queue_after_commit(DELIVER_TASK, delivery.pk)


def retry_later(delivery: Delivery) -> None:
    """Schedule the delivery's next try for ``next_try_at`` (a deadline of kind ``WEBHOOK_RETRY``,
    carrying the delivery and its count of tries: ``tournaments.webhooks.deadlines``)."""
    assert delivery.next_try_at is not None
    deadlines.schedule(WEBHOOK_RETRY, delivery.pk, delivery.attempts, delivery.next_try_at)
