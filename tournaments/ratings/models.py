"""A player's rating of each kind and its history, one row per rating period played
(docs/ratings.md). Both are rebuilt from the results (``services.rebuild``), never edited."""

from __future__ import annotations

from django.conf import settings
from django.db import models


class Kind(models.TextChoices):
    AWAKENING = "awakening", "Runeslingers: The Awakening"
    CLASSIC = "classic", "Runeslingers: Classic"
    PODS = "pods", "Pod events"


class PlayerRating(models.Model):
    player = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="ratings")
    kind = models.CharField(max_length=10, choices=Kind.choices)
    value = models.FloatField()
    deviation = models.FloatField()
    volatility = models.FloatField(default=0.0, help_text="Glicko-2's volatility; 0 for the pod rating.")
    games = models.PositiveIntegerField(default=0)

    class Meta:
        constraints = [models.UniqueConstraint(fields=("player", "kind"), name="one_rating_per_kind")]
        indexes = [models.Index(fields=("kind", "-value"), name="rating_leaderboard")]

    def __str__(self) -> str:
        return f"{self.player} {self.kind} {self.value:.0f}"


class RatingPoint(models.Model):
    """A player's rating after one rating period they played in."""

    player = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="+")
    kind = models.CharField(max_length=10, choices=Kind.choices)
    sequence = models.PositiveIntegerField(help_text="The period's place in the kind's order of periods.")
    at = models.DateTimeField(help_text="When the period ended.")
    label = models.CharField(max_length=200, help_text="The period in words, e.g. an event's round.")
    value = models.FloatField()
    deviation = models.FloatField()

    class Meta:
        ordering = ("kind", "player", "sequence")
        indexes = [models.Index(fields=("player", "kind", "sequence"), name="rating_history")]

    def __str__(self) -> str:
        return f"{self.player} {self.kind} #{self.sequence}"


class RatingBuild(models.Model):
    """One row per kind: a rebuild locks it, so two rebuilds of a kind run one after the other."""

    kind = models.CharField(max_length=10, choices=Kind.choices, unique=True)
    results = models.PositiveIntegerField(default=0, help_text="Results rated by the last rebuild.")
    built_at = models.DateTimeField(null=True, blank=True)

    def __str__(self) -> str:
        return f"{self.kind} rebuilt at {self.built_at}"
