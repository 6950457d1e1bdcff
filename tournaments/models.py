"""Events, who plays in them, their rounds, matches and results.

Statuses move only along each model's ``TRANSITIONS`` table; ``set_status``
refuses anything else with ``IllegalTransition`` (and events write an audit
row). Every result report is kept as a ``ResultReport`` row: nothing is lost.
The rules (pairing, standings) live in the pure ``tournaments.pairing``;
``tournaments.services`` is the only bridge between the two.
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

    class Tiebreakers(models.TextChoices):
        MTG = "mtg", "OMW% / GW% / OGW% (33% floor)"
        POKEMON = "pokemon", "Opponents' win % (25% floor, 75% cap for drops) / OO win %"

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
    rounds = models.PositiveSmallIntegerField(
        null=True, blank=True, help_text="Swiss rounds; empty means the recommended number, fixed at the start."
    )
    round_minutes = models.PositiveSmallIntegerField(default=50)
    best_of = models.PositiveSmallIntegerField(default=1, choices=[(1, "Best of one"), (3, "Best of three")])
    top_cut = models.PositiveSmallIntegerField(
        default=0, choices=[(0, "None"), (2, "Top 2"), (4, "Top 4"), (8, "Top 8")]
    )
    tiebreakers = models.CharField(max_length=10, choices=Tiebreakers.choices, default=Tiebreakers.MTG)
    bye_counts_in_own_mw = models.BooleanField(
        default=True, help_text="Count a bye in the player's own match-win % (the written MTG rules do)."
    )
    late_entry_until_round = models.PositiveSmallIntegerField(
        default=0, help_text="Players may still join before this round is paired (0: no late entry)."
    )
    pod_rounds = models.PositiveSmallIntegerField(default=0, help_text="Pair inside draft pods for this many rounds.")
    lists_published = models.BooleanField(default=False, help_text="Everyone may see every registered deck list.")
    played_on_site = models.BooleanField(default=False, help_text="Each pairing is a match played here in the browser.")
    clock_minutes = models.PositiveSmallIntegerField(
        default=25, help_text="Each player's clock for a match played here."
    )
    window_seconds = models.PositiveSmallIntegerField(
        default=20, help_text="How long an answer or block window stays open."
    )
    clock_loses_match = models.BooleanField(
        default=False, help_text="An empty clock loses the match (not just the game)."
    )
    matches_public = models.BooleanField(
        default=False,
        help_text="Anyone, signed in or not, may watch this event's matches played here (public information only).",
    )
    extra_turns = models.PositiveSmallIntegerField(
        default=3, help_text="When round time is called, matches played here go on this many turns, then draw."
    )
    cut_seeds = models.JSONField(default=list, blank=True, editable=False)
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

    @property
    def has_swiss(self) -> bool:
        return self.structure != self.Structure.ROUND_ROBIN

    @property
    def wants_top_cut(self) -> bool:
        return self.structure == self.Structure.SWISS_TOP_CUT and self.top_cut > 0


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
    late_entry_round = models.PositiveSmallIntegerField(null=True, blank=True)
    pod = models.PositiveSmallIntegerField(null=True, blank=True)
    dropped_after_round = models.PositiveSmallIntegerField(
        null=True, blank=True, help_text="Empty while playing; 0 means dropped before round 1."
    )

    class Meta:
        ordering = ("created_at", "id")
        constraints = [models.UniqueConstraint(fields=("event", "player"), name="one_registration_per_player")]

    def __str__(self) -> str:
        return f"{self.player} in {self.event}"

    @property
    def active(self) -> bool:
        return self.dropped_after_round is None


class Round(models.Model):
    class Stage(models.TextChoices):
        SWISS = "swiss", "Swiss"
        ROUND_ROBIN = "round_robin", "Round robin"
        TOP_CUT = "top_cut", "Top cut"

    class Status(models.TextChoices):
        DRAFT = "draft", "Preview"
        OPEN = "open", "In progress"
        ENDED = "ended", "Ended"

    TRANSITIONS: ClassVar[dict[str, set[str]]] = {
        Status.DRAFT: {Status.OPEN},
        Status.OPEN: {Status.ENDED},
        Status.ENDED: set(),
    }

    event = models.ForeignKey(Event, on_delete=models.CASCADE, related_name="round_set")
    number = models.PositiveSmallIntegerField()
    stage = models.CharField(max_length=20, choices=Stage.choices)
    status = models.CharField(max_length=10, choices=Status.choices, default=Status.DRAFT)
    bye_explanation = models.TextField(blank=True)
    created_at = models.DateTimeField(auto_now_add=True)
    published_at = models.DateTimeField(null=True, blank=True)
    ended_at = models.DateTimeField(null=True, blank=True)
    ends_at = models.DateTimeField(null=True, blank=True, help_text="When time is called.")
    timer_version = models.PositiveIntegerField(default=0)
    time_called_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ("event", "number")
        constraints = [models.UniqueConstraint(fields=("event", "number"), name="one_round_per_number")]

    def __str__(self) -> str:
        return f"{self.event} round {self.number}"

    @property
    def label(self) -> str:
        if self.stage == self.Stage.TOP_CUT:
            return f"Top cut round {self.number}"
        return f"Round {self.number}"

    def set_status(self, status: str) -> None:
        if status not in self.TRANSITIONS[self.status]:
            raise IllegalTransition(f"{self.label} is {self.get_status_display().lower()}; it cannot become {status}.")
        self.status = status


class Match(models.Model):
    class Status(models.TextChoices):
        PENDING = "pending", "Not reported"
        REPORTED = "reported", "Awaiting confirmation"
        DISPUTED = "disputed", "Disputed"
        CONFIRMED = "confirmed", "Confirmed"

    round = models.ForeignKey(Round, on_delete=models.CASCADE, related_name="matches")
    table = models.PositiveSmallIntegerField()
    player_a = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="+")
    player_b = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.PROTECT, related_name="+"
    )
    explanation = models.TextField(blank=True)
    status = models.CharField(max_length=10, choices=Status.choices, default=Status.PENDING)
    a_games = models.PositiveSmallIntegerField(null=True, blank=True)
    b_games = models.PositiveSmallIntegerField(null=True, blank=True)
    draws = models.PositiveSmallIntegerField(null=True, blank=True)
    reported_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    confirmed_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    time_called = models.BooleanField(default=False, help_text="Still open when the round's time ran out.")
    play = models.OneToOneField(
        "gameplay.PlayMatch", null=True, blank=True, on_delete=models.SET_NULL, related_name="event_match"
    )
    version = models.PositiveIntegerField(default=0)

    class Meta:
        ordering = ("round", "table")
        constraints = [models.UniqueConstraint(fields=("round", "table"), name="one_match_per_table")]
        verbose_name_plural = "matches"

    def __str__(self) -> str:
        return f"{self.round} table {self.table}"

    @property
    def is_bye(self) -> bool:
        return self.player_b_id is None

    def players(self) -> tuple[int, ...]:
        return (self.player_a_id,) if self.player_b_id is None else (self.player_a_id, self.player_b_id)

    @property
    def score(self) -> str:
        if self.is_bye:
            return "bye"
        if self.a_games is None:
            return ""
        draws = f"-{self.draws}" if self.draws else ""
        return f"{self.a_games}-{self.b_games}{draws}"

    def winner_id(self) -> int | None:
        if self.is_bye:
            return self.player_a_id
        if self.a_games is None or self.b_games is None or self.a_games == self.b_games:
            return None
        return self.player_a_id if self.a_games > self.b_games else self.player_b_id


class ResultReport(models.Model):
    """Every report, confirmation and override of a match result, in order (append-only)."""

    class Kind(models.TextChoices):
        REPORT = "report", "Reported"
        CONFIRM = "confirm", "Confirmed"
        OVERRIDE = "override", "Set by staff"
        AUTO = "auto", "Automatic"

    match = models.ForeignKey(Match, on_delete=models.CASCADE, related_name="reports")
    by = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL)
    kind = models.CharField(max_length=10, choices=Kind.choices)
    a_games = models.PositiveSmallIntegerField()
    b_games = models.PositiveSmallIntegerField()
    draws = models.PositiveSmallIntegerField(default=0)
    at = models.DateTimeField(default=timezone.now)

    class Meta:
        ordering = ("at", "id")

    def __str__(self) -> str:
        return f"{self.match}: {self.a_games}-{self.b_games}-{self.draws} ({self.kind})"


class Deck(models.Model):
    """A player's deck for one event; every submitted list is kept as a ``DeckVersion``."""

    event = models.ForeignKey(Event, on_delete=models.CASCADE, related_name="decks")
    player = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="decks")
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ("event", "player__username")
        constraints = [models.UniqueConstraint(fields=("event", "player"), name="one_deck_per_player_per_event")]

    def __str__(self) -> str:
        return f"{self.player}'s deck for {self.event}"

    def current(self) -> DeckVersion | None:
        return self.versions.order_by("-number").first()


class DeckVersion(models.Model):
    deck = models.ForeignKey(Deck, on_delete=models.CASCADE, related_name="versions")
    number = models.PositiveIntegerField()
    runeslinger = models.CharField(max_length=80, blank=True)
    equips = models.JSONField(default=list)
    cards = models.JSONField(default=dict, help_text="Card id → copies.")
    text = models.TextField(help_text="The list as players write it.")
    catalog_version = models.CharField(max_length=80)
    submitted_by = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, on_delete=models.SET_NULL, related_name="+")
    submitted_at = models.DateTimeField(default=timezone.now)
    automatic = models.BooleanField(default=False, help_text="Built by the site at a deck-building deadline.")

    class Meta:
        ordering = ("deck", "number")
        constraints = [models.UniqueConstraint(fields=("deck", "number"), name="one_deck_version_per_number")]

    def __str__(self) -> str:
        return f"{self.deck} v{self.number}"

    @property
    def size(self) -> int:
        return sum(int(n) for n in self.cards.values())


class DeckCheck(models.Model):
    """A judge's or organiser's deck check of one submitted version."""

    version = models.ForeignKey(DeckVersion, on_delete=models.CASCADE, related_name="checks")
    by = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, on_delete=models.SET_NULL, related_name="+")
    at = models.DateTimeField(default=timezone.now)
    passed = models.BooleanField()
    note = models.TextField(blank=True)

    class Meta:
        ordering = ("at", "id")

    def __str__(self) -> str:
        return f"check of {self.version}: {'passed' if self.passed else 'failed'}"
