"""The deck-swap draft of Runebound pod events (rulebook 004's customised deck draft variant).

``SwapPlan`` is the organiser's setting (which rounds swap, how long players have to choose);
``PodSwap`` is one pod table's swap in one round (its deadline, timer version and version);
``SwapSeat`` is a player's seat in it (their class deck as registered when the swap opened and
their choice); ``CardPass`` is the ownership log, written when every seat of the pod has chosen:
one row per card passed, from its owner to the player beside them, kept as the event's history.
The rules are in the pure ``gameplay.runebound.swap``; ``tournaments.swaps.services`` bridges.
"""

from __future__ import annotations

from django.conf import settings
from django.db import models

from tournaments.models import Event, PodTable, Round

DEFAULT_MINUTES = 10


def no_rounds() -> list[int]:
    return []


class SwapPlan(models.Model):
    """An event's deck-swap setting: the rounds whose pods swap, and the time to choose."""

    event = models.OneToOneField(Event, on_delete=models.CASCADE, related_name="swap_plan")
    rounds = models.JSONField(default=no_rounds, blank=True, help_text="The round numbers with the deck swap.")
    minutes = models.PositiveSmallIntegerField(
        default=DEFAULT_MINUTES, help_text="How long each player has to choose the cards they pass."
    )

    def __str__(self) -> str:
        return f"Deck swap of {self.event}"


class PodSwap(models.Model):
    """One pod's swap in one round. Choosing until every seat has chosen (``revealed_at`` set);
    ``skipped`` holds why a pod does not swap at all (a player without a deck that can)."""

    table = models.OneToOneField(PodTable, on_delete=models.CASCADE, related_name="swap")
    round = models.ForeignKey(Round, on_delete=models.CASCADE, related_name="swaps")
    deadline = models.DateTimeField(help_text="When the players who have not chosen get the automatic choice.")
    timer_version = models.PositiveIntegerField(default=0)
    low_at = models.DateTimeField(
        null=True,
        blank=True,
        editable=False,
        help_text="When those still choosing hear their clock runs low.",
    )
    version = models.PositiveIntegerField(default=0, help_text="Moves on with every change a player can see.")
    opened_at = models.DateTimeField(auto_now_add=True)
    revealed_at = models.DateTimeField(null=True, blank=True, help_text="When every seat had chosen.")
    skipped = models.TextField(blank=True, help_text="Why this pod plays without the swap (empty: it swaps).")

    class Meta:
        ordering = ("round", "table__table")
        # the deadlines' sweep: only the swaps still choosing (a passed swap keeps its deadline)
        indexes = [
            models.Index(
                fields=["deadline"],
                condition=models.Q(revealed_at__isnull=True, skipped=""),
                name="swap_choosing_deadline",
            ),
            models.Index(
                fields=["low_at"], condition=models.Q(revealed_at__isnull=True, skipped=""), name="swap_choosing_low"
            ),
        ]

    def __str__(self) -> str:
        return f"Deck swap of {self.table}"

    @property
    def is_choosing(self) -> bool:
        return self.revealed_at is None and not self.skipped


class SwapSeat(models.Model):
    """A player's part in a pod's swap: their deck when it opened, and the cards they pass."""

    swap = models.ForeignKey(PodSwap, on_delete=models.CASCADE, related_name="seats")
    player = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="swap_seats")
    position = models.PositiveSmallIntegerField(help_text="As at the pod table: clockwise from 0.")
    deck = models.JSONField(default=list, help_text="The class card ids of the registered deck when the swap opened.")
    left = models.JSONField(default=list, blank=True, help_text="The 5 cards passed to the left.")
    right = models.JSONField(default=list, blank=True, help_text="The 5 cards passed to the right.")
    chosen_at = models.DateTimeField(null=True, blank=True)
    automatic = models.BooleanField(default=False, help_text="Chosen by the deadline's rule, not by the player.")

    class Meta:
        ordering = ("swap", "position")
        constraints = [
            models.UniqueConstraint(fields=("swap", "position"), name="one_swap_seat_per_position"),
            models.UniqueConstraint(fields=("swap", "player"), name="one_swap_seat_per_player"),
        ]

    def __str__(self) -> str:
        return f"{self.swap} seat {self.position + 1}"

    @property
    def has_chosen(self) -> bool:
        return self.chosen_at is not None


class CardPass(models.Model):
    """The ownership log: one card passed in a round, from its owner to the player beside them.
    The card stays its owner's: it goes back when the round is over."""

    class Side(models.TextChoices):
        LEFT = "left", "to the left"
        RIGHT = "right", "to the right"

    swap = models.ForeignKey(PodSwap, on_delete=models.CASCADE, related_name="passes")
    round = models.ForeignKey(Round, on_delete=models.CASCADE, related_name="card_passes")
    card = models.CharField(max_length=80, help_text="The class card's id in the Runebound catalog.")
    giver = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="+")
    receiver = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="+")
    side = models.CharField(max_length=5, choices=Side.choices)
    at = models.DateTimeField()

    class Meta:
        ordering = ("round", "swap", "id")

    def __str__(self) -> str:
        return f"{self.card}: {self.giver} → {self.receiver}"
