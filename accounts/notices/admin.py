from __future__ import annotations

from django.contrib import admin
from django.http import HttpRequest

from accounts.notices.models import Notice, PushSubscription


@admin.register(Notice)
class NoticeAdmin(admin.ModelAdmin[Notice]):
    list_display = ("user", "kind", "title", "created_at", "read_at", "emailed_at", "pushed_at")
    list_filter = ("kind",)
    search_fields = ("user__username", "title")
    readonly_fields = ("user", "kind", "key", "created_at", "emailed_at", "pushed_at")

    def has_add_permission(self, request: HttpRequest) -> bool:
        return False  # notices are sent by the site (accounts.notices.services.notify)


@admin.register(PushSubscription)
class PushSubscriptionAdmin(admin.ModelAdmin[PushSubscription]):
    list_display = ("user", "created_at")
    exclude = ("p256dh", "auth")  # the browser's keys: never shown

    def has_add_permission(self, request: HttpRequest) -> bool:
        return False
