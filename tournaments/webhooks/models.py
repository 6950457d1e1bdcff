"""Webhook endpoints of an event, the deliveries queued for them and every attempt made.

A ``Delivery`` is one payload (with its own uuid, the receivers' idempotency key) for one
endpoint; each try at posting it is a ``DeliveryAttempt`` row (append-only: the log). The
endpoint's secret is stored as it is: the site needs it to sign every request, and it is shown
to the organiser once, when the endpoint is added.
"""

from __future__ import annotations

import uuid
from typing import ClassVar

from django.conf import settings
from django.db import models

from common.states import StatusMachine
from tournaments.models import Event


class Kind(models.TextChoices):
    ROUND_PAIRED = "round.paired", "Round paired (published to players)"
    RESULT_CONFIRMED = "result.confirmed", "Result confirmed"
    STANDINGS_UPDATED = "standings.updated", "Standings updated"
    EVENT_FINISHED = "event.finished", "Event finished"
    POD_FINISHED = "draft.pod_finished", "Draft pod finished"
    MATCH_FINISHED = "match.finished", "Match played on the site finished"
    PING = "ping", "Test ping"


#: The kinds an endpoint can subscribe to (a ping goes only where the organiser sends it).
SUBSCRIBABLE = [kind for kind in Kind if kind is not Kind.PING]


class Endpoint(models.Model):
    event = models.ForeignKey(Event, on_delete=models.CASCADE, related_name="webhook_endpoints")
    url = models.CharField(max_length=500, help_text="Checked by webhooks.addresses when added and before each try.")
    secret = models.CharField(max_length=80, help_text="Signs every request; shown once, when added.")
    kinds = models.JSONField(default=list, blank=True, help_text="The kinds sent; empty means every kind.")
    active = models.BooleanField(default=True)
    created_by = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, on_delete=models.SET_NULL, related_name="+")
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ("event", "created_at", "id")

    def __str__(self) -> str:
        return self.url

    def wants(self, kind: str) -> bool:
        return not self.kinds or kind in self.kinds

    def kind_names(self) -> list[str]:
        return [Kind(kind).label for kind in self.kinds] if self.kinds else ["Every kind"]


class Delivery(StatusMachine, models.Model):
    class Status(models.TextChoices):
        PENDING = "pending", "Waiting to be sent"
        DELIVERED = "delivered", "Delivered"
        FAILED = "failed", "Failed"

    # Sent, or given up on; either may be sent again (Redeliver), with the same id.
    TRANSITIONS: ClassVar[dict[str, frozenset[str]]] = {
        Status.PENDING: frozenset({Status.DELIVERED, Status.FAILED}),
        Status.DELIVERED: frozenset({Status.PENDING}),
        Status.FAILED: frozenset({Status.PENDING}),
    }
    STATUS_SUBJECT = "A webhook delivery"

    endpoint = models.ForeignKey(Endpoint, on_delete=models.CASCADE, related_name="deliveries")
    webhook_id = models.UUIDField(
        default=uuid.uuid4, editable=False, help_text="The payload's id: receivers de-duplicate on it."
    )
    kind = models.CharField(max_length=40, choices=Kind.choices)
    payload = models.JSONField()
    status = models.CharField(max_length=10, choices=Status.choices, default=Status.PENDING)
    attempts = models.PositiveSmallIntegerField(default=0, help_text="Tries since it was last queued.")
    last_status_code = models.PositiveSmallIntegerField(null=True, blank=True)
    last_error = models.CharField(max_length=300, blank=True)
    next_try_at = models.DateTimeField(null=True, blank=True, help_text="When a worker may try it (next).")
    delivered_at = models.DateTimeField(null=True, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ("-created_at", "-id")
        verbose_name_plural = "deliveries"
        indexes = [models.Index(fields=("status", "next_try_at"), name="webhook_delivery_due")]

    def __str__(self) -> str:
        return f"{self.kind} {self.webhook_id}"

    @property
    def can_redeliver(self) -> bool:
        """Sent or given up on (not still being sent)."""
        return self.can_move_to(self.Status.PENDING)


class DeliveryAttempt(models.Model):
    delivery = models.ForeignKey(Delivery, on_delete=models.CASCADE, related_name="attempt_log")
    at = models.DateTimeField(auto_now_add=True)
    status_code = models.PositiveSmallIntegerField(null=True, blank=True)
    error = models.CharField(max_length=300, blank=True)
    response_excerpt = models.CharField(max_length=200, blank=True)
    duration_ms = models.PositiveIntegerField(default=0)

    class Meta:
        ordering = ("at", "id")

    def __str__(self) -> str:
        return f"{self.delivery} at {self.at}"

    @property
    def succeeded(self) -> bool:
        return self.status_code is not None and 200 <= self.status_code < 300
