"""The invitation row: who invites whom, to what (a kind and a generic relation to the table, team
or match it is about), its status and when it was answered."""

from __future__ import annotations

from typing import ClassVar

from django.conf import settings
from django.contrib.contenttypes.fields import GenericForeignKey
from django.contrib.contenttypes.models import ContentType
from django.db import models
from django.utils import timezone

from common.states import StatusMachine


class Invitation(StatusMachine, models.Model):
    class Kind(models.TextChoices):
        TABLE = "table", "A Runemasters table"
        TEAM = "team", "A challenge team"
        REMATCH = "rematch", "A rematch"

    class Status(models.TextChoices):
        PENDING = "pending", "Waiting for an answer"
        ACCEPTED = "accepted", "Accepted"
        DECLINED = "declined", "Declined"
        WITHDRAWN = "withdrawn", "Withdrawn"

    TRANSITIONS: ClassVar[dict[str, frozenset[str]]] = {
        Status.PENDING: frozenset({Status.ACCEPTED, Status.DECLINED, Status.WITHDRAWN}),
        Status.ACCEPTED: frozenset(),
        Status.DECLINED: frozenset(),
        Status.WITHDRAWN: frozenset(),
    }
    STATUS_SUBJECT = "An invitation"

    kind = models.CharField(max_length=10, choices=Kind.choices)
    inviter = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="invitations_sent")
    invitee = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="invitations")
    target_type = models.ForeignKey(ContentType, on_delete=models.CASCADE, related_name="+")
    target_id = models.PositiveBigIntegerField()
    target = GenericForeignKey("target_type", "target_id")
    about = models.CharField(max_length=300, help_text="What it is for, in words (kept if the team is withdrawn).")
    status = models.CharField(max_length=10, choices=Status.choices, default=Status.PENDING)
    created_at = models.DateTimeField(default=timezone.now)
    answered_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ("-created_at", "-id")
        indexes = [
            models.Index(fields=("target_type", "target_id"), name="invitation_target"),
            models.Index(fields=("invitee", "status"), name="invitation_invitee_status"),
        ]
        constraints = [
            models.UniqueConstraint(
                fields=("target_type", "target_id", "invitee"),
                condition=models.Q(status="pending"),
                name="invitation_one_pending_each",
            )
        ]

    def __str__(self) -> str:
        return f"{self.invitee} to {self.about}"

    @property
    def is_pending(self) -> bool:
        return self.status == self.Status.PENDING


class TableRequest(StatusMachine, models.Model):
    """A Runemasters table (any game of tables) its host set up with seats for other people: it
    waits for their answers, and starts (``match``) once every invitation to it is answered. A
    seat whose player declined, or whose invitation the host withdrew, is the host's."""

    class Status(models.TextChoices):
        WAITING = "waiting", "Waiting for the players"
        STARTED = "started", "Started"

    TRANSITIONS: ClassVar[dict[str, frozenset[str]]] = {
        Status.WAITING: frozenset({Status.STARTED}),
        Status.STARTED: frozenset(),
    }
    STATUS_SUBJECT = "A table"

    host = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="+")
    engine = models.CharField(max_length=30)
    setup = models.JSONField(default=dict)
    seats = models.JSONField(default=list, help_text='Seat by seat: {"user": id} or {"bot": level}.')
    turn_seconds = models.PositiveIntegerField(null=True, blank=True)
    pace = models.CharField(max_length=10, default="standard", help_text="The table's pace (PlayMatch.Pace).")
    bank_seconds = models.PositiveIntegerField(null=True, blank=True, help_text="Turn-based: the time bank a turn.")
    label = models.CharField(max_length=120, blank=True)
    status = models.CharField(max_length=10, choices=Status.choices, default=Status.WAITING)
    match = models.OneToOneField(
        "gameplay.PlayMatch", null=True, blank=True, on_delete=models.SET_NULL, related_name="table_request"
    )
    created_at = models.DateTimeField(default=timezone.now)

    class Meta:
        ordering = ("-created_at", "-id")

    def __str__(self) -> str:
        return f"{self.label or self.engine} by {self.host}"
