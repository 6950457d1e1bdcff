"""Events and who plays in them.

An event's status moves only along ``Event.TRANSITIONS``; ``Event.set_status``
refuses anything else with ``IllegalTransition`` and writes an audit row.
"""

from __future__ import annotations

import secrets
from typing import ClassVar

from django.conf import settings
from django.db import models, transaction
from django.utils import timezone

from accounts.models import User


class IllegalTransition(ValueError):
    """A status change the transition table does not allow."""


def new_seed() -> int:
    return secrets.randbits(62)


class Event(models.Model):
    class Status(models.TextChoices):
        DRAFT = "draft", "Draft"
        REGISTRATION = "registration", "Registration open"
        RUNNING = "running", "Running"
        TOP_CUT = "top_cut", "Top cut"
        FINISHED = "finished", "Finished"

    class Structure(models.TextChoices):
        SWISS = "swiss", "Swiss"
        ROUND_ROBIN = "round_robin", "Round robin"
        SWISS_TOP_CUT = "swiss_top_cut", "Swiss + top cut"

    TRANSITIONS: ClassVar[dict[str, set[str]]] = {
        Status.DRAFT: {Status.REGISTRATION},
        Status.REGISTRATION: {Status.DRAFT, Status.RUNNING},
        Status.RUNNING: {Status.TOP_CUT, Status.FINISHED},
        Status.TOP_CUT: {Status.FINISHED},
        Status.FINISHED: set(),
    }

    name = models.CharField(max_length=120)
    organiser = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="organised_events")
    judges = models.ManyToManyField(settings.AUTH_USER_MODEL, blank=True, related_name="judged_events")
    format = models.CharField(max_length=40, default="awakening-constructed")
    structure = models.CharField(max_length=20, choices=Structure.choices, default=Structure.SWISS)
    rounds = models.PositiveSmallIntegerField(null=True, blank=True, help_text="Empty: the recommended number.")
    round_minutes = models.PositiveSmallIntegerField(default=50)
    top_cut = models.PositiveSmallIntegerField(
        default=0, choices=[(0, "None"), (2, "Top 2"), (4, "Top 4"), (8, "Top 8")]
    )
    seed = models.BigIntegerField(default=new_seed, editable=False)
    status = models.CharField(max_length=20, choices=Status.choices, default=Status.DRAFT)
    starts_at = models.DateTimeField(null=True, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ("-created_at",)

    def __str__(self) -> str:
        return self.name

    def can_move_to(self, status: str) -> bool:
        return status in self.TRANSITIONS[self.status]

    def set_status(self, status: str, by: User | None) -> None:
        """Move to ``status`` or raise IllegalTransition; records who and when."""
        if not self.can_move_to(status):
            now, then = self.get_status_display().lower(), self.Status(status).label.lower()
            raise IllegalTransition(f"An event that is {now} cannot move to {then}.")
        with transaction.atomic():
            old = self.status
            self.status = status
            self.save(update_fields=["status"])
            EventStatusChange.objects.create(event=self, old=old, new=status, by=by, at=timezone.now())


class EventStatusChange(models.Model):
    event = models.ForeignKey(Event, on_delete=models.CASCADE, related_name="status_changes")
    old = models.CharField(max_length=20)
    new = models.CharField(max_length=20)
    by = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL)
    at = models.DateTimeField()

    class Meta:
        ordering = ("at", "id")

    def __str__(self) -> str:
        return f"{self.event}: {self.old} → {self.new}"


class Registration(models.Model):
    event = models.ForeignKey(Event, on_delete=models.CASCADE, related_name="registrations")
    player = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="registrations")
    created_at = models.DateTimeField(auto_now_add=True)
    checked_in = models.BooleanField(default=False)
    dropped_after_round = models.PositiveSmallIntegerField(null=True, blank=True)

    class Meta:
        ordering = ("created_at", "id")
        constraints = [models.UniqueConstraint(fields=("event", "player"), name="one_registration_per_player")]

    def __str__(self) -> str:
        return f"{self.player} in {self.event}"
