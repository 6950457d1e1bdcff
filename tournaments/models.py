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
from typing import Any, ClassVar

from django.conf import settings
from django.core.validators import MaxValueValidator, MinValueValidator
from django.db import models, transaction
from django.utils import timezone

from accounts.models import User
from common.states import IllegalTransition, StatusMachine
from gameplay.deck_words import deck_summary
from gameplay.games import format_name, game_of
from tournaments.pairing.elimination import cut_stage_matches, cut_stage_name, cut_stage_words
from tournaments.pairing.pod_standings import PlacementPoints, ordinal

__all__ = ["IllegalTransition"]  # re-exported: services catch it from here


def new_seed() -> int:
    return secrets.randbits(62)


def default_placement_points() -> list[int]:
    """Points for 1st, 2nd, 3rd, 4th and later: the pure core's default (3, 2, 1, 0; see docs/events.md)."""
    return list(PlacementPoints().by_place)


#: The longest description an event may have, and the most places it may offer.
DESCRIPTION_LENGTH = 4000
MAX_CAPACITY = 10_000

#: What a game played in pods allows: Runebound seats 2 to 6 players.
POD_SIZES = (MinValueValidator(2), MaxValueValidator(6))


class Event(StatusMachine, models.Model):
    class Status(models.TextChoices):
        # Stored as "draft", shown as "Not yet open": "draft" also names booster drafts.
        DRAFT = "draft", "Not yet open"
        REGISTRATION = "registration", "Registration open"
        RUNNING = "running", "Running"
        TOP_CUT = "top_cut", "Top cut"
        FINISHED = "finished", "Finished"

    class Structure(models.TextChoices):
        SWISS = "swiss", "Swiss"
        ROUND_ROBIN = "round_robin", "Round robin"
        SWISS_TOP_CUT = "swiss_top_cut", "Swiss + top cut"
        PODS = "pods", "Pods (multiplayer games)"

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
    arrival_minutes = models.PositiveSmallIntegerField(
        default=3,
        validators=[MaxValueValidator(30)],
        verbose_name="Wait for both players (minutes)",
        help_text="A match played here starts no clock until both players have it open, or until this many "
        "minutes after the round is published (then the absent player's clock runs). 0: the clocks start at once.",
    )
    matches_public = models.BooleanField(
        default=False,
        help_text="Anyone, signed in or not, may watch this event's matches played here (public information only).",
    )
    extra_turns = models.PositiveSmallIntegerField(
        default=3, help_text="When round time is called, matches played here go on this many turns, then draw."
    )
    pod_size = models.PositiveSmallIntegerField(
        default=4, validators=POD_SIZES, help_text="Pod events: the players the organiser wants at each table."
    )
    pod_minimum = models.PositiveSmallIntegerField(
        default=3, validators=POD_SIZES, help_text="Pod events: never seat fewer players at a table (2 to 6)."
    )
    pod_maximum = models.PositiveSmallIntegerField(
        default=6, validators=POD_SIZES, help_text="Pod events: never seat more players at a table (2 to 6)."
    )
    placement_points = models.JSONField(
        default=default_placement_points,
        blank=True,
        help_text="Pod events: points for 1st, 2nd, 3rd, …; later places score the last number.",
    )
    description = models.TextField(
        blank=True, max_length=DESCRIPTION_LENGTH, help_text="What players should know: prizes, what to bring, the day."
    )
    venue = models.CharField(max_length=200, blank=True, help_text="Where it is played: the shop or hall, its address.")
    online = models.BooleanField(default=False, help_text="Played online: pages say “Online” instead of a venue.")
    fee = models.CharField(
        max_length=60,
        blank=True,
        verbose_name="Entry fee",
        help_text="As players should read it, e.g. “£5” or “10 EUR, juniors free”; empty shows no fee.",
    )
    capacity = models.PositiveSmallIntegerField(
        null=True,
        blank=True,
        validators=[
            MinValueValidator(1, "An event has at least 1 place; leave it empty for no limit."),
            MaxValueValidator(MAX_CAPACITY, f"An event has at most {MAX_CAPACITY} places."),
        ],
        help_text="The most players who may be registered at once; empty: no limit.",
    )
    cut_seeds = models.JSONField(default=list, blank=True, editable=False)
    seed = models.BigIntegerField(default=new_seed, editable=False)
    status = models.CharField(max_length=20, choices=Status.choices, default=Status.DRAFT)
    starts_at = models.DateTimeField(null=True, blank=True)
    soon_told_for = models.DateTimeField(
        null=True, blank=True, editable=False, help_text="The start its players were told is near (event_soon)."
    )
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ("-created_at",)
        # the sweep of event_soon reads the events in registration with a start (tournaments.deadlines)
        indexes = [models.Index(fields=("status", "starts_at"), name="event_status_start")]

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
        """Not yet open ("draft" stored): not shown to players; only the organiser and staff see it."""
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
        return self.structure in (self.Structure.SWISS, self.Structure.SWISS_TOP_CUT)

    @property
    def wants_top_cut(self) -> bool:
        return self.structure == self.Structure.SWISS_TOP_CUT and self.top_cut > 0

    def cut_matches(self, number: int) -> int | None:
        """How many matches round ``number`` of the top cut has (1: the final); None for a round
        that is not a stage of the cut (a Swiss round, or an event without a cut)."""
        stage = number - (self.rounds or number)
        if stage < 1 or not self.top_cut:
            return None
        return cut_stage_matches(self.top_cut, stage)

    def cut_round_words(self, number: int) -> str:
        """Round ``number`` of the top cut as a step to take: "the final", "the semifinals"."""
        matches = self.cut_matches(number)
        return "the next cut round" if matches is None else cut_stage_words(matches)


class AuditEntry(models.Model):
    """What an organiser may need to look back on (append-only): every event and round status
    move, every result set by staff, every drop (and undone drop), every walk-in and guest claimed,
    every change to a preview's pairings, every deck list the organiser enters and every decision
    on players without a legal list, every report a player corrects, with who, when, from what to
    what."""

    class Kind(models.TextChoices):
        EVENT_STATUS = "event_status", "Event status"
        ROUND_STATUS = "round_status", "Round status"
        RESULT_SET = "result_set", "Result set by staff"
        WALK_IN = "walk_in", "Walk-in added"
        GUEST_CLAIMED = "guest_claimed", "Guest claimed by an account"
        REGISTRATION = "registration", "Registration change"
        POD_RESULT = "pod_result", "Pod placements"
        PAIRINGS = "pairings", "Pairings changed"
        DECK_LIST = "deck_list", "Deck list"
        RESULT_REPORT = "result_report", "Result report"
        PLAYOFF = "playoff", "Playoff"

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
        if self.kind in (
            self.Kind.REGISTRATION, self.Kind.POD_RESULT, self.Kind.PAIRINGS, self.Kind.DECK_LIST,
            self.Kind.RESULT_REPORT, self.Kind.PLAYOFF,
        ):  # fmt: skip
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


class Playoff(models.Model):
    """A match the organiser orders between two players whom nothing but the seeded order
    separates for a place (a round robin's tie, ``tied_runs``): its winner takes the higher place.
    Played at the table; the organiser or a judge records the winner."""

    event = models.ForeignKey(Event, on_delete=models.CASCADE, related_name="playoffs")
    place = models.PositiveSmallIntegerField(help_text="The higher of the two places the tie is for.")
    player_a = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="+")
    player_b = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="+")
    winner = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.PROTECT, related_name="+"
    )
    ordered_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    ordered_at = models.DateTimeField(default=timezone.now)
    decided_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    decided_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ("event", "place")
        constraints = [models.UniqueConstraint(fields=("event", "player_a", "player_b"), name="one_playoff_per_pair")]

    def __str__(self) -> str:
        return f"{self.event} playoff for place {self.place}"

    @property
    def is_decided(self) -> bool:
        return self.winner_id is not None

    def loser_id(self) -> int | None:
        if self.winner_id is None:
            return None
        return self.player_b_id if self.winner_id == self.player_a_id else self.player_a_id


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


class WaitingEntry(models.Model):
    """A player waiting for a place at a full event (``tournaments.services.waiting``). The first
    on the list (by ``joined_at``) is offered a freed place: ``offered_at`` is set, and the offer
    holds until they accept it (they are registered), decline it (they leave the list) or let it
    lapse at ``offer_expires_at`` (they leave the list; the kind of deadline ``waiting-offer``)."""

    event = models.ForeignKey(Event, on_delete=models.CASCADE, related_name="waiting")
    player = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="waiting_for")
    joined_at = models.DateTimeField(default=timezone.now)
    offered_at = models.DateTimeField(null=True, blank=True)
    offer_expires_at = models.DateTimeField(
        null=True, blank=True, editable=False, help_text="When the place offered lapses if not taken."
    )
    offer_version = models.PositiveIntegerField(
        default=0, editable=False, help_text="Moves on with every offer made; the offer's deadline task carries it."
    )

    class Meta:
        ordering = ("joined_at", "id")
        constraints = [models.UniqueConstraint(fields=("event", "player"), name="one_waiting_entry_per_player")]
        # the deadlines' sweep of the offers (tournaments.deadlines.WAITING_OFFER)
        indexes = [
            models.Index(
                fields=["offer_expires_at"], condition=models.Q(offered_at__isnull=False), name="waiting_offer_due"
            )
        ]

    def __str__(self) -> str:
        return f"{self.player} waiting for {self.event}"


class Round(StatusMachine, models.Model):
    class Stage(models.TextChoices):
        SWISS = "swiss", "Swiss"
        ROUND_ROBIN = "round_robin", "Round robin"
        TOP_CUT = "top_cut", "Top cut"
        PODS = "pods", "Pods"

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
    bye_explanation = models.TextField(
        blank=True, help_text="Why the bye went where it did; in a pod round, why the pods have their sizes."
    )
    created_at = models.DateTimeField(auto_now_add=True)
    published_at = models.DateTimeField(null=True, blank=True)
    ended_at = models.DateTimeField(null=True, blank=True)
    ends_at = models.DateTimeField(null=True, blank=True, help_text="When time is called.")
    timer_version = models.PositiveIntegerField(default=0)
    time_called_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ("event", "number")
        constraints = [models.UniqueConstraint(fields=("event", "number"), name="one_round_per_number")]
        # the deadlines' sweep: only the open rounds whose time is still to call
        indexes = [
            models.Index(
                fields=["ends_at"],
                condition=models.Q(status="open", time_called_at__isnull=True),
                name="round_clock_due",
            )
        ]

    def __str__(self) -> str:
        return f"{self.event} round {self.number}"

    @property
    def label(self) -> str:
        """ "Round 3" for Swiss and round robin; a cut round by its size: "Semifinal", "Final".

        The cut stage is this round's number after the last Swiss round, so no query is needed
        when the event is already loaded (as it is for ``event.round_set.all()``)."""
        if self.stage != self.Stage.TOP_CUT:
            return f"Round {self.number}"
        matches = self.event.cut_matches(self.number)
        return f"Top cut round {self.number}" if matches is None else cut_stage_name(matches)

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
    def is_top_cut(self) -> bool:
        """A round of the top cut, whose tables the bracket sets."""
        return self.stage == self.Stage.TOP_CUT

    @property
    def is_open(self) -> bool:
        return self.status == self.Status.OPEN

    @property
    def has_ended(self) -> bool:
        return self.status == self.Status.ENDED


class ReportedResult:
    """Where a table's result stands, for the match of two players and the pod alike: each has a
    ``Status`` with pending (nothing reported), reported (awaiting confirmation), disputed and
    confirmed."""

    status: str
    Status: Any

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

    @property
    def waits_for_players(self) -> bool:
        """Published, but its match played on the site has not started (no pod ever waits)."""
        return False

    @property
    def play_state(self) -> str:
        """Where play stands at the table, for the floor's pages: "finished" once a result is in
        (reported, disputed or confirmed), "waiting" while a match played here waits for both
        players, else "playing". Only "playing" may be said as playing."""
        if not self.is_pending:
            return "finished"
        return "waiting" if self.waits_for_players else "playing"


class Match(ReportedResult, StatusMachine, models.Model):
    class Status(models.TextChoices):
        PENDING = "pending", "Not reported"
        REPORTED = "reported", "Awaiting confirmation"
        DISPUTED = "disputed", "Disputed"
        CONFIRMED = "confirmed", "Confirmed"

    # A result confirmed can be confirmed again with other numbers: staff override it, or the
    # match played on the site ends with a different result (``onsite.record_play_result``). A
    # report waiting for confirmation can be reported again: its reporter corrects it.
    TRANSITIONS: ClassVar[dict[str, frozenset[str]]] = {
        Status.PENDING: frozenset({Status.REPORTED, Status.CONFIRMED}),
        Status.REPORTED: frozenset({Status.REPORTED, Status.CONFIRMED, Status.DISPUTED}),
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
    def waits_for_players(self) -> bool:
        """Its match played on the site waits for both players (read with ``select_related("play")``)."""
        return self.play_id is not None and self.play is not None and self.play.is_waiting_for_players

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


class PodTable(ReportedResult, StatusMachine, models.Model):
    """One pod of a pod event's round: the players of one multiplayer game and their placements.

    The seats (``PodSeat``) hold the seating order round the table and, once confirmed, the
    places. A pod member reports the placements, another member confirms (or disputes) them; a
    judge or the organiser may set them at any time. Every report is kept as a ``PodReport``."""

    class Status(models.TextChoices):
        PENDING = "pending", "Not reported"
        REPORTED = "reported", "Awaiting confirmation"
        DISPUTED = "disputed", "Disputed"
        CONFIRMED = "confirmed", "Confirmed"

    # A new report replaces one awaiting confirmation (the reporter corrects it, or another member
    # reports other places); a dispute is settled by a judge; a judge may change confirmed places.
    TRANSITIONS: ClassVar[dict[str, frozenset[str]]] = {
        Status.PENDING: frozenset({Status.REPORTED, Status.CONFIRMED}),
        Status.REPORTED: frozenset({Status.REPORTED, Status.CONFIRMED, Status.DISPUTED}),
        Status.DISPUTED: frozenset({Status.CONFIRMED}),
        Status.CONFIRMED: frozenset({Status.CONFIRMED}),
    }
    STATUS_SUBJECT = "A pod"

    round = models.ForeignKey(Round, on_delete=models.CASCADE, related_name="pod_tables")
    table = models.PositiveSmallIntegerField()
    explanation = models.TextField(blank=True, help_text="Why these players sit together (the pairing's words).")
    status = models.CharField(max_length=10, choices=Status.choices, default=Status.PENDING)
    version = models.PositiveIntegerField(default=0)
    reported_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    reported_at = models.DateTimeField(null=True, blank=True)
    confirmed_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    confirmed_at = models.DateTimeField(null=True, blank=True)
    time_called = models.BooleanField(default=False, help_text="Still open when the round's time ran out.")
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ("round", "table")
        constraints = [models.UniqueConstraint(fields=("round", "table"), name="one_pod_table_per_number")]

    def __str__(self) -> str:
        return f"{self.round} pod {self.table}"

    @property
    def label(self) -> str:
        """ "Round 2, pod 3" (for the history and the pages)."""
        return f"{self.round.label}, pod {self.table}"

    def neighbours(self) -> dict[int, tuple[int, int]]:
        """Each player's (left, right) neighbour by player id: left is the next seat clockwise
        (``position + 1``), right the one before (``position - 1``), round the table."""
        players = [seat.player_id for seat in sorted(self.seats.all(), key=lambda seat: seat.position)]
        count = len(players)
        return {p: (players[(i + 1) % count], players[(i - 1) % count]) for i, p in enumerate(players)}


class PodSeat(models.Model):
    """A player's seat at a pod table.

    ``position`` runs 0 … n-1 round the table CLOCKWISE, position 0 playing first. The player to
    one's LEFT is at ``(position + 1) % n``, the player to one's RIGHT at ``(position - 1) % n``
    (the deck-swap draft passes by these). ``placement`` is empty until the pod's places are
    confirmed (or set by a judge); tied players share a place (1st, 1st, 3rd); ``reported_placement``
    is the place in the report awaiting confirmation."""

    table = models.ForeignKey(PodTable, on_delete=models.CASCADE, related_name="seats")
    player = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="pod_seats")
    position = models.PositiveSmallIntegerField()
    placement = models.PositiveSmallIntegerField(null=True, blank=True)
    reported_placement = models.PositiveSmallIntegerField(null=True, blank=True)

    class Meta:
        ordering = ("table", "position")
        constraints = [
            models.UniqueConstraint(fields=("table", "position"), name="one_pod_seat_per_position"),
            models.UniqueConstraint(fields=("table", "player"), name="one_pod_seat_per_player"),
        ]

    def __str__(self) -> str:
        return f"{self.table} seat {self.position + 1}"

    @property
    def place_text(self) -> str:
        """ "1st", "2nd" … or "" while the place is not confirmed."""
        return ordinal(self.placement) if self.placement else ""


class PodReport(models.Model):
    """Every report, confirmation, dispute and override of a pod's places, in order (append-only).

    ``places`` is ``[[player id, place], …]`` in seat order (empty for a dispute)."""

    class Kind(models.TextChoices):
        REPORT = "report", "Reported"
        CONFIRM = "confirm", "Confirmed"
        DISPUTE = "dispute", "Disputed"
        OVERRIDE = "override", "Set by a judge"

    table = models.ForeignKey(PodTable, on_delete=models.CASCADE, related_name="reports")
    by = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL)
    kind = models.CharField(max_length=10, choices=Kind.choices)
    places = models.JSONField(default=list, blank=True)
    note = models.TextField(blank=True)
    at = models.DateTimeField(default=timezone.now)

    class Meta:
        ordering = ("at", "id")

    def __str__(self) -> str:
        return f"{self.table}: {self.get_kind_display()}"

    def place_map(self) -> dict[int, int]:
        return {int(player): int(place) for player, place in self.places}


class EventDeck(models.Model):
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
    deck = models.ForeignKey(EventDeck, on_delete=models.CASCADE, related_name="versions")
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
