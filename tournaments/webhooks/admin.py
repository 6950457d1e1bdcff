from __future__ import annotations

from django.contrib import admin
from django.http import HttpRequest

from tournaments.webhooks.models import Delivery, DeliveryAttempt, Endpoint


@admin.register(Endpoint)
class EndpointAdmin(admin.ModelAdmin[Endpoint]):
    list_display = ("event", "url", "active", "created_at")
    list_filter = ("active",)
    exclude = ("secret",)  # shown to the organiser once, when the endpoint is added; never here

    def has_add_permission(self, request: HttpRequest) -> bool:
        return False  # endpoints are added on the event's webhook page, which makes the secret


class AttemptInline(admin.TabularInline[DeliveryAttempt, Delivery]):
    model = DeliveryAttempt
    extra = 0
    fields = ("at", "status_code", "error", "duration_ms")
    readonly_fields = fields


@admin.register(Delivery)
class DeliveryAdmin(admin.ModelAdmin[Delivery]):
    list_display = ("endpoint", "kind", "status", "attempts", "last_status_code", "created_at")
    list_filter = ("status", "kind")
    readonly_fields = ("webhook_id", "payload", "attempts", "last_status_code", "last_error", "delivered_at")
    inlines = [AttemptInline]
