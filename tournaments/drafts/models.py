"""Draft pods, their seats and every pick; limited pools and their deck-building clocks.

The pick rows are the truth: a pod's state is rebuilt from the packs opened at the start plus
its ``Pick`` rows (``services.load_state``), so nothing lives only in a process. Clocks are a
deadline and a ``timer_version`` on the row they time (a seat's pick, a pod's review pause, a
pool's deck building; the pod's ``clock_version`` for its one pick-clock task); the deadline
tasks carry (id, version) and act only if the version still matches (``common.deadlines``, the
kinds in ``tournaments.drafts.deadlines``).
"""

from __future__ import annotations

from typing import ClassVar

from django.conf import settings
from django.db import models
from django.utils import timezone

from common.states import StatusMachine
from tournaments.models import Event, Registration


class Pod(StatusMachine, models.Model):
    class Status(models.TextChoices):
        SEATED = "seated", "Seated"
        DRAFTING = "drafting", "Drafting"
        REVIEW = "review", "Review between rounds"
        BUILDING = "building", "Deck building"
        DONE = "done", "Done"

    TRANSITIONS: ClassVar[dict[str, frozenset[str]]] = {
        Status.SEATED: frozenset({Status.DRAFTING}),
        Status.DRAFTING: frozenset({Status.REVIEW, Status.BUILDING}),
        Status.REVIEW: frozenset({Status.DRAFTING}),
        Status.BUILDING: frozenset({Status.DONE}),
        Status.DONE: frozenset(),
    }
    STATUS_SUBJECT = "A pod"

    event = models.ForeignKey(Event, on_delete=models.CASCADE, related_name="pods")
    number = models.PositiveSmallIntegerField(help_text="1, 2, ... within the event; Registration.pod holds it.")
    status = models.CharField(max_length=10, choices=Status.choices, default=Status.SEATED)
    seed = models.CharField(max_length=200, help_text="The event seed the packs derive from.")
    settings = models.JSONField(default=dict, blank=True, help_text="Pick, review and build times (DraftTimes).")
    packs = models.JSONField(default=list, blank=True, help_text="The draft packs opened at the start.")
    card_data_version = models.CharField(max_length=80, blank=True)
    version = models.PositiveIntegerField(default=0, help_text="Rises with every change; every push carries it.")
    deadline = models.DateTimeField(null=True, blank=True, help_text="End of the review pause.")
    timer_version = models.PositiveIntegerField(default=0)
    timer_at = models.DateTimeField(
        null=True, blank=True, help_text="When the pod's queued clock task runs (the earliest seat deadline then)."
    )
    clock_version = models.PositiveIntegerField(
        default=0, help_text="Moves on with every clock task queued for the pod; the task carries it."
    )
    paused = models.BooleanField(default=False)
    paused_at = models.DateTimeField(null=True, blank=True)
    remaining_ms = models.PositiveIntegerField(null=True, blank=True, help_text="Review left when paused.")
    round_opened = models.PositiveSmallIntegerField(default=0, help_text="The last round whose packs were opened.")
    created_at = models.DateTimeField(auto_now_add=True)
    started_at = models.DateTimeField(null=True, blank=True)
    finished_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ("event", "number")
        constraints = [models.UniqueConstraint(fields=("event", "number"), name="one_pod_per_number")]
        indexes = [models.Index(fields=["status", "deadline"], name="pod_status_deadline")]

    def __str__(self) -> str:
        return f"{self.event} pod {self.number}"

    @property
    def opened(self) -> bool:
        """The packs are opened (and stored in ``packs``) from the start of the draft on."""
        return self.status != self.Status.SEATED

    @property
    def is_seated(self) -> bool:
        """Seated, waiting for the organiser to start the draft."""
        return self.status == self.Status.SEATED

    @property
    def is_picking(self) -> bool:
        """The draft is going on: picking, or the review pause between rounds."""
        return self.status in (self.Status.DRAFTING, self.Status.REVIEW)

    @property
    def draft_is_over(self) -> bool:
        """Deck building or done: picks can no longer change."""
        return self.status in (self.Status.BUILDING, self.Status.DONE)


class Seat(models.Model):
    pod = models.ForeignKey(Pod, on_delete=models.CASCADE, related_name="seats")
    index = models.PositiveSmallIntegerField(help_text="0..n-1 clockwise; left is index + 1.")
    registration = models.ForeignKey(
        Registration, null=True, blank=True, on_delete=models.PROTECT, related_name="draft_seats"
    )
    bot = models.BooleanField(default=False, help_text="A bot picks for this seat (an empty seat or a swapped player).")
    marks = models.JSONField(default=dict, blank=True, help_text='"round.pick" → cards to take if time runs out.')
    clock_round = models.PositiveSmallIntegerField(default=0)
    clock_pick = models.PositiveSmallIntegerField(default=0)
    deadline = models.DateTimeField(null=True, blank=True, help_text="When the server picks for this seat.")
    remaining_ms = models.PositiveIntegerField(null=True, blank=True, help_text="Clock left when the pod paused.")
    timer_version = models.PositiveIntegerField(default=0)
    low_at = models.DateTimeField(
        null=True, blank=True, editable=False,
        help_text="When the player, if away from the draft, hears this pick's clock runs low (clock_low).",
    )  # fmt: skip
    low_told_round = models.PositiveSmallIntegerField(
        default=0, editable=False, help_text="The last round (pack) the player was told a pick clock ran low in."
    )

    class Meta:
        ordering = ("pod", "index")
        constraints = [models.UniqueConstraint(fields=("pod", "index"), name="one_seat_per_index")]
        indexes = [
            models.Index(fields=["deadline"], name="seat_deadline"),  # the deadlines' sweep
            models.Index(fields=["low_at"], condition=models.Q(low_at__isnull=False), name="seat_pick_low"),
        ]

    def __str__(self) -> str:
        return f"{self.pod} seat {self.index}"

    @property
    def name(self) -> str:
        """The seat's name in the pure draft state (stable when a bot takes over)."""
        return f"seat{self.index}"

    @property
    def player_id(self) -> int | None:
        return self.registration.player_id if self.registration is not None else None

    def label(self) -> str:
        if self.registration is None:
            return f"Bot {self.index + 1}"
        name = self.registration.player.public_name
        return f"{name} (bot picking)" if self.bot else name


class Pick(models.Model):
    """One pick, as made: append-only; the pod's state is rebuilt from these rows."""

    pod = models.ForeignKey(Pod, on_delete=models.CASCADE, related_name="picks")
    seat = models.ForeignKey(Seat, on_delete=models.CASCADE, related_name="picks")
    round = models.PositiveSmallIntegerField()
    pick_number = models.PositiveSmallIntegerField()
    pack = models.PositiveSmallIntegerField(help_text="The seat index that opened the pack this round.")
    pack_cards = models.JSONField(help_text="The pack's contents when the pick was made.")
    cards = models.JSONField(help_text="The cards taken.")
    auto = models.BooleanField(default=False, help_text="Made by the server (time ran out, forced, or a bot).")
    by_bot = models.BooleanField(default=False)
    at = models.DateTimeField(default=timezone.now)
    deadline = models.DateTimeField(null=True, blank=True, help_text="The seat's clock for this pick, if one ran.")

    class Meta:
        ordering = ("round", "pick_number", "seat__index")
        constraints = [
            models.UniqueConstraint(fields=("seat", "round", "pick_number"), name="one_pick_per_seat_and_number")
        ]

    def __str__(self) -> str:
        return f"{self.seat} round {self.round} pick {self.pick_number}"


class Pool(models.Model):
    """A player's cards after a draft or a sealed opening, and the deck-building clock."""

    class Kind(models.TextChoices):
        DRAFT = "draft", "Draft"
        SEALED = "sealed", "Sealed"

    event = models.ForeignKey(Event, on_delete=models.CASCADE, related_name="pools")
    registration = models.ForeignKey(Registration, on_delete=models.CASCADE, related_name="pools")
    pod = models.ForeignKey(Pod, null=True, blank=True, on_delete=models.CASCADE, related_name="pools")
    kind = models.CharField(max_length=10, choices=Kind.choices)
    player_index = models.PositiveSmallIntegerField(default=0, help_text="Sealed: the boosters' player number.")
    cards = models.JSONField(default=list, help_text="Card ids, as drafted or opened (repeats allowed).")
    card_data_version = models.CharField(max_length=80, blank=True)
    build_deadline = models.DateTimeField(null=True, blank=True)
    build_timer_version = models.PositiveIntegerField(default=0)
    build_low_at = models.DateTimeField(
        null=True, blank=True, editable=False, help_text="When the player hears the build clock runs low (clock_low)."
    )
    deck_submitted_at = models.DateTimeField(null=True, blank=True)
    auto_built = models.BooleanField(default=False, help_text="The site built the deck at the deadline.")
    auto_build_note = models.TextField(blank=True, help_text="What the organiser is told about the auto-build.")
    created_at = models.DateTimeField(default=timezone.now)
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )

    class Meta:
        ordering = ("event", "registration")
        constraints = [models.UniqueConstraint(fields=("event", "registration"), name="one_pool_per_registration")]
        # the deadlines' sweep: only the pools still waiting for a deck (a built one keeps its deadline)
        indexes = [
            models.Index(
                fields=["build_deadline"], condition=models.Q(deck_submitted_at__isnull=True), name="pool_build_due"
            ),
            models.Index(
                fields=["build_low_at"], condition=models.Q(deck_submitted_at__isnull=True), name="pool_build_low"
            ),
        ]

    def __str__(self) -> str:
        return f"{self.get_kind_display()} pool of {self.registration}"

    @property
    def deck_done(self) -> bool:
        return self.deck_submitted_at is not None
