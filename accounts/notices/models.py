"""A notice to one user, the user's switches (kind x channel) and the browsers subscribed to Web Push."""

from __future__ import annotations

from django.conf import settings
from django.db import models


class Kind(models.TextChoices):
    PAIRINGS = "pairings", "Pairings and pods published"
    TABLE_READY = "table_ready", "Your match or table is ready"
    YOUR_TURN = "your_turn", "Your turn in a turn-based game"
    CLOCK_LOW = "clock_low", "A draft pick, pool or deck swap is waiting and its clock runs low"
    RESULT = "result", "Results: reported against you, confirmed, disputed, settled"
    INVITATION = "invitation", "Invitations: table, team, challenge rematch"
    EVENT_SOON = "event_soon", "An event starts soon"
    WAITING_LIST = "waiting_list", "A place offered from a waiting list"


class Channel(models.TextChoices):
    SITE = "site", "On the site"
    EMAIL = "email", "By e-mail"
    PUSH = "push", "Browser notifications"


class Notice(models.Model):
    """One notice to one user. ``key`` names what it is about ("round:12:published"): a second
    sending of the same key to the same user creates nothing (the delivery is idempotent)."""

    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="notices")
    kind = models.CharField(max_length=20, choices=Kind.choices)
    key = models.CharField(max_length=120)
    title = models.CharField(max_length=200)
    body = models.TextField(blank=True)
    url = models.CharField(max_length=300, blank=True)
    on_site = models.BooleanField(default=True, help_text="Shown in the notice centre (the user's switch).")
    created_at = models.DateTimeField(auto_now_add=True)
    read_at = models.DateTimeField(null=True, blank=True)
    emailed_at = models.DateTimeField(null=True, blank=True)
    pushed_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ("-created_at", "-id")
        constraints = [models.UniqueConstraint(fields=("user", "key"), name="notice_once_per_user_and_key")]
        indexes = [models.Index(fields=("user", "on_site", "read_at"), name="notice_unread")]

    def __str__(self) -> str:
        return self.title


class NoticeSwitch(models.Model):
    """A user's choice for one kind on one channel; no row means the default (on for the site and
    e-mail; on for push once a browser of the user subscribed)."""

    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="notice_switches")
    kind = models.CharField(max_length=20, choices=Kind.choices)
    channel = models.CharField(max_length=10, choices=Channel.choices)
    on = models.BooleanField()

    class Meta:
        constraints = [models.UniqueConstraint(fields=("user", "kind", "channel"), name="one_switch_per_kind_channel")]

    def __str__(self) -> str:
        return f"{self.get_kind_display()}, {self.get_channel_display()}: {'on' if self.on else 'off'}"


class PushSubscription(models.Model):
    """A browser's Web Push subscription (its push service's endpoint and the keys to encrypt for it)."""

    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="push_subscriptions")
    endpoint = models.URLField(max_length=800, unique=True)
    p256dh = models.CharField(max_length=200)
    auth = models.CharField(max_length=100)
    created_at = models.DateTimeField(auto_now_add=True)

    def __str__(self) -> str:
        return f"push subscription of {self.user}"
