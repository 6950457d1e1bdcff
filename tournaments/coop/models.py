"""Runemasters challenges: the challenge (its rules, seed and window), the teams that register and
their attempts, each a Runemasters table (``PlayMatch``) played on the challenge's seed.

The score of a finished attempt is copied onto its row (won, temple HP, guardians alive, rounds)
when the match finishes, so the leaderboard is read from these rows alone. The seed never leaves
the server: with it, anyone could compute the monster and event decks' order.
"""

from __future__ import annotations

from datetime import timedelta
from typing import ClassVar

from django.conf import settings
from django.db import models
from django.utils import timezone

from common.states import StatusMachine
from gameplay.matches.models import PlayMatch
from gameplay.runemasters.data import DIFFICULTIES
from gameplay.runemasters.scores import Score

MAX_TEAM = 4


class Difficulty(models.TextChoices):
    INITIATE = "initiate", "Initiate"
    NOVICE = "novice", "Novice"
    GUARDIAN = "guardian", "Guardian"
    HERO = "hero", "Hero"
    LEGEND = "legend", "Legend"


assert tuple(Difficulty.values) == DIFFICULTIES  # the engine's levels, in its order


class Guardian(models.TextChoices):
    NELTAI = "neltai", "Neltai"
    ISMOROS = "ismoros", "Ismoros"
    KULAK = "kulak", "Kulak"
    KYREAS = "kyreas", "Kyreas"


class Challenge(StatusMachine, models.Model):
    class Status(models.TextChoices):
        DRAFT = "draft", "Being prepared"
        OPEN = "open", "Open"
        FINISHED = "finished", "Finished"

    class Timing(models.TextChoices):
        WINDOW = "window", "Any time in a window of days"
        SET_TIME = "set-time", "At a set time"

    TRANSITIONS: ClassVar[dict[str, frozenset[str]]] = {
        Status.DRAFT: frozenset({Status.OPEN}),
        Status.OPEN: frozenset({Status.FINISHED}),
        Status.FINISHED: frozenset(),
    }
    STATUS_SUBJECT = "A challenge"
    #: A challenge at a set time: attempts may start this long after it.
    SET_TIME_GRACE = timedelta(minutes=15)

    name = models.CharField(max_length=120)
    organiser = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        null=True,
        blank=True,
        on_delete=models.PROTECT,
        related_name="coop_challenges",
        help_text="Empty for the daily challenge (the site runs it).",
    )
    difficulty = models.CharField(max_length=10, choices=Difficulty.choices, default=Difficulty.INITIATE)
    guardian_count = models.PositiveSmallIntegerField(default=2, help_text="2 to 4 guardians (seats).")
    guardians = models.JSONField(
        default=list, blank=True, help_text="The guardians every team plays, in seat order; empty: each team chooses."
    )
    seed = models.BigIntegerField(help_text="Every attempt's seed: the same monster and event decks. Never shown.")
    timing = models.CharField(max_length=10, choices=Timing.choices, default=Timing.WINDOW)
    starts_at = models.DateTimeField()
    ends_at = models.DateTimeField(help_text="No attempt starts after this; for a set time, start + the grace.")
    attempts_allowed = models.PositiveSmallIntegerField(default=1)
    turn_seconds = models.PositiveIntegerField(null=True, blank=True, help_text="A guardian's turn clock; empty: none.")
    daily = models.DateField(null=True, blank=True, unique=True, help_text="The UTC day of a daily challenge.")
    status = models.CharField(max_length=10, choices=Status.choices, default=Status.DRAFT)
    created_at = models.DateTimeField(default=timezone.now)
    finished_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ("-starts_at", "-id")
        indexes = [models.Index(fields=("status", "ends_at"), name="coop_challenge_due")]

    def __str__(self) -> str:
        return self.name

    @property
    def teams_choose_guardians(self) -> bool:
        return not self.guardians

    @property
    def is_open(self) -> bool:
        return self.status == self.Status.OPEN

    @property
    def is_finished(self) -> bool:
        return self.status == self.Status.FINISHED

    @property
    def is_draft(self) -> bool:
        return self.status == self.Status.DRAFT

    def in_window(self, at: object = None) -> bool:
        now = at or timezone.now()
        return self.is_open and self.starts_at <= now < self.ends_at  # type: ignore[operator]


def team_limit(challenge: Challenge) -> int:
    """The most players a team may have: one guardian each at least, so no more than the guardians."""
    return min(MAX_TEAM, challenge.guardian_count)


class Team(models.Model):
    challenge = models.ForeignKey(Challenge, on_delete=models.CASCADE, related_name="teams")
    name = models.CharField(max_length=60)
    captain = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="+")
    created_at = models.DateTimeField(default=timezone.now)

    class Meta:
        ordering = ("created_at", "id")
        constraints = [models.UniqueConstraint(fields=("challenge", "name"), name="coop_team_name_unique")]

    def __str__(self) -> str:
        return self.name


class Member(models.Model):
    """A player in a team; a player is in one team per challenge (the constraint)."""

    team = models.ForeignKey(Team, on_delete=models.CASCADE, related_name="members")
    challenge = models.ForeignKey(Challenge, on_delete=models.CASCADE, related_name="+")
    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="coop_memberships")
    place = models.PositiveSmallIntegerField(help_text="The order of the team's members (seats go round it).")

    class Meta:
        ordering = ("team", "place")
        constraints = [models.UniqueConstraint(fields=("challenge", "user"), name="coop_one_team_per_challenge")]

    def __str__(self) -> str:
        return f"{self.user} in {self.team}"


class Attempt(models.Model):
    """One game of a team: its table, and once it is over, its score (copied from the final state)."""

    team = models.ForeignKey(Team, on_delete=models.CASCADE, related_name="attempts")
    number = models.PositiveSmallIntegerField()
    match = models.OneToOneField(PlayMatch, on_delete=models.PROTECT, related_name="coop_attempt")
    guardians = models.JSONField(default=list, help_text="The guardians played, in seat order.")
    started_at = models.DateTimeField(default=timezone.now)
    finished_at = models.DateTimeField(null=True, blank=True)
    won = models.BooleanField(null=True, blank=True)
    temple_hp = models.PositiveSmallIntegerField(null=True, blank=True)
    guardians_alive = models.PositiveSmallIntegerField(null=True, blank=True)
    rounds = models.PositiveSmallIntegerField(null=True, blank=True)

    class Meta:
        ordering = ("team", "number")
        constraints = [models.UniqueConstraint(fields=("team", "number"), name="coop_attempt_number_unique")]

    def __str__(self) -> str:
        return f"{self.team}, attempt {self.number}"

    @property
    def is_finished(self) -> bool:
        return self.finished_at is not None

    def score(self) -> Score | None:
        if self.finished_at is None or self.won is None:
            return None
        return Score(bool(self.won), self.temple_hp or 0, self.guardians_alive or 0, self.rounds or 0)
