"""The organiser's webhook actions: add an endpoint (its secret is returned once), switch it
off or on, delete it, send a test ping, redeliver a delivery. Only those who manage the event."""

from __future__ import annotations

import math
import uuid
from collections.abc import Sequence
from datetime import timedelta

from django.conf import settings
from django.core.cache import cache
from django.db import transaction
from django.utils import timezone

from accounts.models import User
from common.words import count
from tournaments.errors import Conflict, Invalid
from tournaments.models import Event
from tournaments.permissions import Perm, require
from tournaments.services.common import locked_event
from tournaments.webhooks.addresses import check_url
from tournaments.webhooks.errors import WebhookRefusal
from tournaments.webhooks.models import SUBSCRIBABLE, Delivery, Endpoint, Kind
from tournaments.webhooks.outbox import envelope, queue, send_later
from tournaments.webhooks.signing import new_secret

MAX_ENDPOINTS = 10  # per event


def add_endpoint(event: Event, by: User, url: str, kinds: Sequence[str] = ()) -> Endpoint:
    """A new active endpoint; its ``secret`` is the one the organiser must copy now. The address
    is checked before the transaction (it may look the host up)."""
    require(by, Perm.MANAGE, event)
    unknown = sorted(set(kinds) - set(SUBSCRIBABLE))
    if unknown:
        raise Invalid(WebhookRefusal.BAD_KINDS, f"Unknown kinds of webhook: {', '.join(unknown)}.")
    checked = check_url(url)
    with transaction.atomic():
        event = locked_event(event)
        if Endpoint.objects.filter(event=event).count() >= MAX_ENDPOINTS:
            many = f"{event.name} already has {MAX_ENDPOINTS} endpoints; delete one first."
            raise Conflict(WebhookRefusal.TOO_MANY_ENDPOINTS, many)
        chosen = [kind.value for kind in SUBSCRIBABLE if kind in kinds]
        return Endpoint.objects.create(event=event, url=checked, secret=new_secret(), kinds=chosen, created_by=by)


def _managed(endpoint: Endpoint, by: User) -> Endpoint:
    require(by, Perm.MANAGE, locked_event(endpoint.event_id))
    return Endpoint.objects.select_for_update().get(pk=endpoint.pk)


@transaction.atomic
def set_active(endpoint: Endpoint, by: User, active: bool) -> Endpoint:
    endpoint = _managed(endpoint, by)
    endpoint.active = active
    endpoint.save(update_fields=["active"])
    return endpoint


@transaction.atomic
def delete_endpoint(endpoint: Endpoint, by: User) -> None:
    """The endpoint goes, with its deliveries and their log."""
    _managed(endpoint, by).delete()


@transaction.atomic
def send_ping(endpoint: Endpoint, by: User) -> Delivery:
    """A test delivery to this endpoint only (sent even if it is switched off), at most one every
    ``WEBHOOK_PING_SPACING_SECONDS`` per endpoint: the button cannot make Fett flood an address."""
    endpoint = _managed(endpoint, by)
    spacing = timedelta(seconds=settings.WEBHOOK_PING_SPACING_SECONDS)
    now = timezone.now()
    last = endpoint.deliveries.filter(kind=Kind.PING, created_at__gt=now - spacing).order_by("-created_at").first()
    if last is not None:
        wait = max(1, math.ceil((last.created_at + spacing - now).total_seconds()))
        raise Conflict(
            WebhookRefusal.PING_TOO_SOON,
            f"A test ping went to this endpoint less than {count(int(spacing.total_seconds()), 'second', 'seconds')} "
            f"ago; send the next one in {count(wait, 'second', 'seconds')}.",
        )
    data = {"message": f"A test ping for {endpoint.event.name}, sent by {by.public_name}."}
    return queue(endpoint, Kind.PING, envelope(endpoint.event, Kind.PING, data, uuid.uuid4()))


@transaction.atomic
def redeliver(delivery: Delivery, by: User) -> Delivery:
    """Send a delivered or failed payload again, with the same id (receivers de-duplicate); one
    delivery is sent again at most once every ``WEBHOOK_PING_SPACING_SECONDS``, as test pings are,
    so the button cannot make Fett flood an address."""
    _managed(delivery.endpoint, by)
    delivery = Delivery.objects.select_for_update().get(pk=delivery.pk)
    if delivery.status == Delivery.Status.PENDING:
        raise Conflict(WebhookRefusal.NOT_REDELIVERABLE, "This delivery is still being sent; wait for it to finish.")
    if not delivery.endpoint.active and delivery.kind != Kind.PING:
        raise Conflict(WebhookRefusal.ENDPOINT_OFF, "The endpoint is switched off; switch it on to redeliver.")
    _space_redeliveries(delivery)
    delivery.set_status(Delivery.Status.PENDING)
    delivery.attempts, delivery.next_try_at = 0, timezone.now()
    delivery.save(update_fields=["status", "attempts", "next_try_at"])
    send_later(delivery)
    return delivery


def _space_redeliveries(delivery: Delivery) -> None:
    """Refuse a second redelivery of ``delivery`` within the spacing (the time of the last one is
    kept in the cache, added atomically: two clicks at once send one)."""
    spacing = settings.WEBHOOK_PING_SPACING_SECONDS
    if spacing <= 0:
        return
    now = timezone.now().timestamp()
    key = f"webhooks:redelivered:{delivery.webhook_id}"  # unique to the delivery, as a reused pk is not
    if cache.add(key, now, timeout=spacing):
        return
    last = cache.get(key)
    wait = max(1, math.ceil(float(last) + spacing - now)) if isinstance(last, int | float) else spacing
    raise Conflict(
        WebhookRefusal.REDELIVERED_TOO_SOON,
        f"This delivery was sent again less than {spacing} seconds ago; "
        f"send it again in {wait} {'second' if wait == 1 else 'seconds'}.",
    )
