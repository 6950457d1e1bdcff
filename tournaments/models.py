"""Events, who plays in them, their rounds, matches and results.

Statuses move only along each model's ``TRANSITIONS`` table (``common.states``):
``set_status`` refuses anything else with ``IllegalTransition``; event and round
moves, and results set by staff, write an ``AuditEntry`` for the organiser.
Every result report is kept as a ``ResultReport`` row: nothing is lost.
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
from common.states import IllegalTransition, StatusMachine
from gameplay.games import deck_summary, format_name, game_of
from tournaments.pairing.elimination import cut_stage_matches, cut_stage_name

__all__ = ["IllegalTransition"]  # re-exported: services catch it from here


def new_seed() -> int:
    return secrets.randbits(62)


class Event(StatusMachine, models.Model):
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

    TRANSITIONS: ClassVar[dict[str, frozenset[str]]] = {
        Status.DRAFT: frozenset({Status.REGISTRATION}),
        Status.REGISTRATION: frozenset({Status.DRAFT, Status.RUNNING}),
        Status.RUNNING: frozenset({Status.TOP_CUT, Status.FINISHED}),
        Status.TOP_CUT: frozenset({Status.FINISHED}),
        Status.FINISHED: frozenset(),
    }
    STATUS_SUBJECT = "An event"

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

    def status_changed(self, old: str, new: str, *, by: User | None, note: str) -> None:
        """Every move is saved at once and audited (the organiser's history)."""
        with transaction.atomic():
            self.save(update_fields=["status"])
            AuditEntry.objects.create(
                event=self, by=by, kind=AuditEntry.Kind.EVENT_STATUS, subject="Event", old=old, new=new, note=note
            )

    @property
    def format_name(self) -> str:
        """The format as people read it ("Awakening Constructed"), never its key."""
        name = format_name(self.format)
        return name if name != self.format else self.format.replace("-", " ").capitalize()

    @property
    def game(self) -> str:
        """The game its decks are for (``gameplay.games``: "runeslingers" or "runebound")."""
        return game_of(self.format)

    @property
    def is_draft(self) -> bool:
        """Not yet shown to players: only the organiser and staff see it."""
        return self.status == self.Status.DRAFT

    @property
    def takes_registrations(self) -> bool:
        return self.status == self.Status.REGISTRATION

    @property
    def is_running(self) -> bool:
        return self.status == self.Status.RUNNING

    @property
    def is_under_way(self) -> bool:
        """Rounds are being played: Swiss (or round robin) or the top cut."""
        return self.status in (self.Status.RUNNING, self.Status.TOP_CUT)

    @property
    def is_finished(self) -> bool:
        return self.status == self.Status.FINISHED

    @property
    def has_swiss(self) -> bool:
        return self.structure != self.Structure.ROUND_ROBIN

    @property
    def wants_top_cut(self) -> bool:
        return self.structure == self.Structure.SWISS_TOP_CUT and self.top_cut > 0


class AuditEntry(models.Model):
    """What an organiser may need to look back on (append-only): every event and round status
    move, every result set by staff, every drop (and undone drop), every walk-in and guest claimed,
    with who, when, from what to what."""

    class Kind(models.TextChoices):
        EVENT_STATUS = "event_status", "Event status"
        ROUND_STATUS = "round_status", "Round status"
        RESULT_SET = "result_set", "Result set by staff"
        WALK_IN = "walk_in", "Walk-in added"
        GUEST_CLAIMED = "guest_claimed", "Guest claimed by an account"
        REGISTRATION = "registration", "Registration change"

    event = models.ForeignKey(Event, on_delete=models.CASCADE, related_name="audit_entries")
    by = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL)
    kind = models.CharField(max_length=20, choices=Kind.choices)
    subject = models.CharField(
        max_length=80, help_text='What changed, in words: "Event", "Round 2", "Round 2, table 3".'
    )
    old = models.CharField(max_length=20, blank=True, help_text="The status value, or the score, before.")
    new = models.CharField(max_length=20, help_text="The status value, or the score, after.")
    at = models.DateTimeField(default=timezone.now)
    note = models.TextField(blank=True)

    class Meta:
        ordering = ("at", "id")
        verbose_name_plural = "audit entries"

    def __str__(self) -> str:
        return f"{self.event}: {self.describe()}"

    def describe(self) -> str:
        """The change in words, e.g. "Round 2: preview → in progress" (never a raw value)."""
        if self.kind == self.Kind.REGISTRATION:
            return f"{self.subject}: {self.note}"
        if self.kind == self.Kind.RESULT_SET and self.note:
            return f"{self.subject}: {self.note}"  # written with names by the results service
        if self.kind == self.Kind.RESULT_SET:
            before = f"result {self.old}" if self.old else "no result"
            return f"{self.subject}: {before} → result {self.new}"
        if self.kind == self.Kind.WALK_IN:
            late = f" (late entry, round {self.new})" if self.new else ""
            return f"{self.subject} added as a walk-in{late}"
        if self.kind == self.Kind.GUEST_CLAIMED:
            return f"{self.subject} (guest) is now the account of {self.note}"
        choices = Event.Status if self.kind == self.Kind.EVENT_STATUS else Round.Status
        labels = dict(choices.choices)
        before, after = (str(labels.get(v, v)).lower() for v in (self.old, self.new))
        return f"{self.subject}: {before} → {after}"


class Registration(models.Model):
    event = models.ForeignKey(Event, on_delete=models.CASCADE, related_name="registrations")
    player = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="registrations")
    created_at = models.DateTimeField(auto_now_add=True)
    checked_in = models.BooleanField(default=False)
    paid = models.BooleanField(default=False, help_text="The entry fee is paid (ticked at the registration desk).")
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


class Round(StatusMachine, models.Model):
    class Stage(models.TextChoices):
        SWISS = "swiss", "Swiss"
        ROUND_ROBIN = "round_robin", "Round robin"
        TOP_CUT = "top_cut", "Top cut"

    class Status(models.TextChoices):
        PREVIEW = "preview", "Preview"
        OPEN = "open", "In progress"
        ENDED = "ended", "Ended"

    # A preview that is discarded is deleted, not moved: it was never shown to players.
    TRANSITIONS: ClassVar[dict[str, frozenset[str]]] = {
        Status.PREVIEW: frozenset({Status.OPEN}),
        Status.OPEN: frozenset({Status.ENDED}),
        Status.ENDED: frozenset(),
    }
    STATUS_SUBJECT = "A round"

    event = models.ForeignKey(Event, on_delete=models.CASCADE, related_name="round_set")
    number = models.PositiveSmallIntegerField()
    stage = models.CharField(max_length=20, choices=Stage.choices)
    status = models.CharField(max_length=10, choices=Status.choices, default=Status.PREVIEW)
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
        """ "Round 3" for Swiss and round robin; a cut round by its size: "Semifinal", "Final".

        The cut stage is this round's number after the last Swiss round, so no query is needed
        when the event is already loaded (as it is for ``event.round_set.all()``)."""
        if self.stage != self.Stage.TOP_CUT:
            return f"Round {self.number}"
        event = self.event
        stage = self.number - (event.rounds or self.number)
        if stage < 1 or not event.top_cut:
            return f"Top cut round {self.number}"
        return cut_stage_name(cut_stage_matches(event.top_cut, stage))

    def status_changed(self, old: str, new: str, *, by: User | None, note: str) -> None:
        """Audited for the organiser; the caller saves the round with its other fields."""
        AuditEntry.objects.create(
            event_id=self.event_id, by=by, kind=AuditEntry.Kind.ROUND_STATUS, subject=self.label, old=old, new=new,
            note=note,
        )  # fmt: skip

    @property
    def is_preview(self) -> bool:
        """Paired but not published: only the organiser and staff see it."""
        return self.status == self.Status.PREVIEW

    @property
    def is_open(self) -> bool:
        return self.status == self.Status.OPEN

    @property
    def has_ended(self) -> bool:
        return self.status == self.Status.ENDED


class Match(StatusMachine, models.Model):
    class Status(models.TextChoices):
        PENDING = "pending", "Not reported"
        REPORTED = "reported", "Awaiting confirmation"
        DISPUTED = "disputed", "Disputed"
        CONFIRMED = "confirmed", "Confirmed"

    # A result confirmed can be confirmed again with other numbers: staff override it, or the
    # match played on the site ends with a different result (``onsite.record_play_result``).
    TRANSITIONS: ClassVar[dict[str, frozenset[str]]] = {
        Status.PENDING: frozenset({Status.REPORTED, Status.CONFIRMED}),
        Status.REPORTED: frozenset({Status.CONFIRMED, Status.DISPUTED}),
        Status.DISPUTED: frozenset({Status.CONFIRMED}),
        Status.CONFIRMED: frozenset({Status.CONFIRMED}),
    }
    STATUS_SUBJECT = "A match"

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

    @property
    def is_pending(self) -> bool:
        """No result reported yet."""
        return self.status == self.Status.PENDING

    @property
    def awaits_confirmation(self) -> bool:
        return self.status == self.Status.REPORTED

    @property
    def is_disputed(self) -> bool:
        return self.status == self.Status.DISPUTED

    @property
    def is_confirmed(self) -> bool:
        return self.status == self.Status.CONFIRMED

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
    sections = models.JSONField(
        default=dict, blank=True, help_text="A Runebound list in order: class card ids and Talent ids."
    )
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

    @property
    def summary(self) -> str:
        """Its size in words, as its game counts ("30 cards", "25 class cards · 5 Talents")."""
        return deck_summary(self.deck.event.format, self.cards, self.sections)


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
