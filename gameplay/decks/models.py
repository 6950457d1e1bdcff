"""Saved decks: a player's named deck for a format, and every save of it as a version.

The newest version is the deck's current list. Versions are never edited; saving again adds one.
"""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.utils import timezone

from gameplay.deck_words import deck_summary
from gameplay.games import format_name, game_of


class SavedDeck(models.Model):
    owner = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="saved_decks")
    name = models.CharField(max_length=80)
    format = models.CharField(max_length=40)  # a constructed format's slug, of either game (gameplay.games)
    created_at = models.DateTimeField(default=timezone.now)
    updated_at = models.DateTimeField(default=timezone.now)

    class Meta:
        ordering = ("-updated_at", "-id")

    def __str__(self) -> str:
        return self.name

    @property
    def format_name(self) -> str:
        return format_name(self.format)

    @property
    def game(self) -> str:
        return game_of(self.format)

    def current(self) -> SavedDeckVersion | None:
        return self.versions.order_by("-number").first()


class SavedDeckVersion(models.Model):
    """One save: the list as text and the parsed deck (Runeslinger, equips and card counts by id; a
    Runebound deck's class cards and Talents in list order in ``sections``)."""

    deck = models.ForeignKey(SavedDeck, on_delete=models.CASCADE, related_name="versions")
    number = models.PositiveIntegerField()
    text = models.TextField()
    runeslinger = models.CharField(max_length=80, blank=True)
    equips = models.JSONField(default=list)
    cards = models.JSONField(default=dict)  # card id -> copies
    # a Runebound list in order: {"class_cards": [ids], "talents": [ids]} (gameplay.games)
    sections = models.JSONField(default=dict, blank=True)
    catalog_version = models.CharField(max_length=80)
    saved_at = models.DateTimeField(default=timezone.now)

    class Meta:
        ordering = ("deck", "-number")
        constraints = [models.UniqueConstraint(fields=("deck", "number"), name="one_saved_deck_version_per_number")]

    def __str__(self) -> str:
        return f"{self.deck} v{self.number}"

    @property
    def size(self) -> int:
        return sum(int(n) for n in self.cards.values())

    @property
    def summary(self) -> str:
        """Its size in words, as its game counts ("30 cards", "25 class cards · 5 Talents")."""
        return deck_summary(self.deck.format, self.cards, self.sections)
