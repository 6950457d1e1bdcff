"""A match of engine games between two players (or a player and a bot), with its clocks.

The engine state of each game is stored as its JSON after every action, and every action is
appended to ``GameAction``: the log plus the game's seed, setup and engine/card versions
replay the game exactly. The match row holds what the clocks need: each player's remaining
time, who is on the clock since when, the next deadline and a ``timer_version``. Who referees a
match is not stored on it: its owner (an event) is asked at each request (``oversight``).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, ClassVar

from django.conf import settings
from django.db import models
from django.utils import timezone

from common.states import StatusMachine
from gameplay.matches import banks


class PlayMatch(StatusMachine, models.Model):
    class Status(models.TextChoices):
        PLAYING = "playing", "Playing"
        PAUSED = "paused", "Paused"
        FINISHED = "finished", "Finished"

    class Bot(models.TextChoices):
        """Practice opponents by level; the stored values keep their first names ("random", "greedy")."""

        RANDOM = "random", "Easy bot"
        GREEDY = "greedy", "Normal bot"
        HARD = "hard", "Hard bot"
        TUTOR = "tutor", "Tutor"

    class Pace(models.TextChoices):
        """How a match is timed: the usual clocks, long answer windows, no clock at all, or
        turn-based (a time bank of hours or days per move, ``bank_seconds``)."""

        STANDARD = "standard", "Standard"
        LEARNING = "learning", "Learning (long windows)"
        UNTIMED = "untimed", "Untimed"
        TURNS = "turns", "Turn-based"

    class TimerKind(models.TextChoices):
        """Which of the match's timers its deadline is (``deadline_kind``). Every one of them is fired
        as the one kind of deadline ``match-clock`` (``gameplay/deadlines.py``)."""

        CLOCK = "clock", "Match clock"
        WINDOW = "window", "Answer window"
        CHOICE = "choice", "Choice of who goes first"
        TURN = "turn", "Turn clock"
        ARRIVAL = "arrival", "Waiting for both players"

    class TableOutcome(models.TextChoices):
        """How a co-operative table ended (``outcome``): everyone wins or loses together."""

        WON = "won", "Won"
        LOST = "lost", "Lost"

    # A finished match may finish again: a referee's result corrects it (``services.decide``).
    TRANSITIONS: ClassVar[dict[str, frozenset[str]]] = {
        Status.PLAYING: frozenset({Status.PAUSED, Status.FINISHED}),
        Status.PAUSED: frozenset({Status.PLAYING, Status.FINISHED}),
        Status.FINISHED: frozenset({Status.FINISHED}),
    }
    STATUS_SUBJECT = "A match"

    player1 = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="+")
    player2 = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.PROTECT, related_name="+"
    )
    bot = models.CharField(max_length=10, choices=Bot.choices, blank=True, help_text="Seat 2 is this bot.")
    engine = models.CharField(
        max_length=30, default="runeslingers", help_text="The registered game engine that plays its games."
    )
    seated = models.BooleanField(
        default=False,
        help_text="A table: its seats are MatchSeat rows (any number, a person may hold several); "
        "otherwise seat 1 is player1 and seat 2 is player2 or the bot.",
    )
    setup = models.JSONField(
        null=True, blank=True, help_text="A table's game setup as it was made (e.g. guardians and difficulty)."
    )
    turn_seconds = models.PositiveIntegerField(
        null=True, blank=True, help_text="A table's turn clock: each turn's time; empty for untimed turns."
    )
    outcome = models.CharField(
        max_length=10, choices=TableOutcome.choices, blank=True, help_text="A co-operative table's end: won or lost."
    )
    decks = models.JSONField(help_text="The engine setup of each seat: runeslinger, equips, cards.")
    best_of = models.PositiveSmallIntegerField(default=1)
    clock_seconds = models.PositiveIntegerField(default=25 * 60)
    window_seconds = models.PositiveIntegerField(default=20)
    pace = models.CharField(
        max_length=10,
        choices=Pace.choices,
        default=Pace.STANDARD,
        help_text="Untimed: no clock, no answer window and no deadline is ever scheduled.",
    )
    bank_seconds = models.PositiveIntegerField(
        null=True, blank=True, help_text="Turn-based: the time bank each decision gets (1 h, 12 h, 24 h or 3 days)."
    )
    holds = models.JSONField(
        default=list, blank=True, help_text="Per seat: the turn in which its player holds priority (no auto-pass)."
    )
    tutorial = models.CharField(
        max_length=30, blank=True, help_text="The tutorial this match plays (its script), empty for any other match."
    )
    clock_loses_match = models.BooleanField(default=False, help_text="An empty clock loses the match, not the game.")
    label = models.CharField(max_length=120, blank=True, help_text="Where the match comes from, e.g. an event table.")
    public = models.BooleanField(default=False, help_text="Anyone may watch (public information only).")
    paused_at = models.DateTimeField(null=True, blank=True)
    seed = models.BigIntegerField()
    status = models.CharField(max_length=10, choices=Status.choices, default=Status.PLAYING)
    wins = models.JSONField(default=list, help_text="Games won by seat 1 and seat 2.")
    winner = models.PositiveSmallIntegerField(null=True, blank=True, help_text="1 or 2; empty for a draw.")
    version = models.PositiveIntegerField(default=0, help_text="Moves on with every change the players can see.")
    remaining_ms = models.JSONField(default=list, help_text="Each seat's match clock, in milliseconds.")
    on_clock = models.SmallIntegerField(null=True, blank=True, help_text="The seat (0/1) whose clock runs.")
    clock_since = models.DateTimeField(null=True, blank=True)
    deadline = models.DateTimeField(null=True, blank=True)
    deadline_kind = models.CharField(max_length=10, choices=TimerKind.choices, blank=True)
    timer_version = models.PositiveIntegerField(default=0)
    turn_limit = models.PositiveIntegerField(
        null=True, blank=True, help_text="Set when time is called: past this turn the game is a draw."
    )
    created_at = models.DateTimeField(default=timezone.now)
    finished_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ("-created_at",)
        indexes = [models.Index(fields=("status", "deadline"), name="match_status_deadline")]

    def __str__(self) -> str:
        return f"match {self.pk}"

    @classmethod
    def from_db(cls, db: str | None, field_names: Any, values: Any) -> PlayMatch:
        """A row as read, remembering who it waited on then (``waiting_on``): a change pushes a
        word to the people that changed for (``services.changes.after_commit``), with no read more."""
        match = super().from_db(db, field_names, values)
        match.__dict__["_read_timers"] = match._timers()
        return match

    def _timers(self) -> tuple[Any, Any, Any]:
        """Status, timer kind and seat on the clock as they are now (None for a field not loaded)."""
        loaded = self.__dict__
        return loaded.get("status"), loaded.get("deadline_kind"), loaded.get("on_clock")

    def waiting_on(self, timers: tuple[Any, Any, Any] | None = None) -> frozenset[tuple[int, str]]:
        """Whom the match waits on, as the home page lists it (``tournaments.web.home._turns``): the
        person deciding (``turn``), or both players of a match waiting for them (``arrival``); none
        once it is paused or over. ``timers``: an earlier ``_timers()`` instead of the present."""
        status, kind, on_clock = self._timers() if timers is None else timers
        if status != self.Status.PLAYING:
            return frozenset()
        holders = self.holders()
        if kind == self.TimerKind.ARRIVAL:
            return frozenset((holder.user_id, "arrival") for holder in holders if holder.user_id is not None)
        if on_clock is None or not 0 <= on_clock < len(holders) or holders[on_clock].user_id is None:
            return frozenset()
        return frozenset({(holders[on_clock].user_id, "turn")})

    def waiting_changed(self) -> list[int]:
        """The people for whom ``waiting_on`` changed since the row was read (or since the last call:
        it starts again from now). For a match just made: whoever it waits on, unless it waits for
        its players to arrive: a published round says so by its own push and notices (without one
        publish per table here), and an accepted challenge's players are told when one opens it."""
        before = self.__dict__.get("_read_timers")
        now = self._timers()
        self.__dict__["_read_timers"] = now
        if before is None and now[1] == self.TimerKind.ARRIVAL:
            return []
        earlier = frozenset() if before is None else self.waiting_on(before)
        return sorted({user_id for user_id, _ in earlier ^ self.waiting_on(now)})

    @property
    def turn_based(self) -> bool:
        return bool(self.pace == self.Pace.TURNS and self.bank_seconds)

    @property
    def pace_words(self) -> str:
        """ "Turn-based: 24 h a move" (a turn-based match), else "Live"."""
        return banks.pace_words(self.pace, self.bank_seconds)

    @property
    def time_bank_words(self) -> str:
        """The time bank as said: "24 h" ("" if not turn-based)."""
        return banks.TIME_BANKS.get(self.bank_seconds or 0, "") if self.turn_based else ""

    @property
    def time_left_words(self) -> str:
        """What is left of the decider's time bank, in hours and days ("" with no deadline)."""
        if self.deadline is None or self.status != self.Status.PLAYING:
            return ""
        return banks.time_left(self.deadline - timezone.now())

    def holders(self) -> list[Holder]:
        """Who holds each seat, in seat order: the one reading of seats the hosting layer uses. A
        two-seat match reads its player fields; a table its ``MatchSeat`` rows (read once per row
        object)."""
        if not self.seated:
            return [Holder(self.player1_id, ""), Holder(self.player2_id, self.bot)]
        cached: list[Holder] | None = self.__dict__.get("_holders")
        if cached is None:
            rows = sorted(self.seats.select_related("user"), key=lambda row: row.index)
            cached = [Holder(row.user_id, row.bot, row.user.public_name if row.user else "") for row in rows]
            self.__dict__["_holders"] = cached
        return cached

    @property
    def seat_count(self) -> int:
        return len(self.holders())

    def seats_of(self, user_id: int | None) -> list[int]:
        """Every seat ``user_id`` holds (several at a table played by fewer people than seats)."""
        if user_id is None:
            return []
        return [n for n, holder in enumerate(self.holders()) if holder.user_id == user_id]

    def seat_of(self, user_id: int | None) -> int | None:
        """The person's own seat: the first they hold (their pushes, presence and views are keyed
        by it); None for anyone who holds none."""
        seats = self.seats_of(user_id)
        return seats[0] if seats else None

    def acting_seat(self, user_id: int | None) -> int | None:
        """The seat the person acts in now: the one on the clock if they hold it, else their own."""
        seats = self.seats_of(user_id)
        if self.on_clock in seats:
            return self.on_clock
        return seats[0] if seats else None

    def view_seat(self, seat: int) -> int:
        """The seat whose view the holder of ``seat`` sees now (``acting_seat`` of its person; a
        bot's seat is its own)."""
        user_id = self.holders()[seat].user_id
        return seat if user_id is None else self.acting_seat(user_id) or 0

    def home_seat(self, seat: int) -> int:
        """The seat a person's pushes and views are keyed by, for any seat they hold."""
        user_id = self.holders()[seat].user_id
        own = self.seat_of(user_id)
        return seat if own is None else own

    def bot_of(self, seat: int | None) -> str:
        """The bot that plays ``seat`` ("" for a person's seat)."""
        if seat is None or not 0 <= seat < self.seat_count:
            return ""
        return self.holders()[seat].bot

    def current_game(self) -> Game | None:
        return self.games.order_by("-number").first()

    @property
    def is_playing(self) -> bool:
        return self.status == self.Status.PLAYING

    @property
    def is_waiting_for_players(self) -> bool:
        """Made but not started: no clock runs until both players have it open, or the arrival
        wait ends (``services.clock.await_arrival``)."""
        return self.is_playing and self.deadline_kind == self.TimerKind.ARRIVAL

    @property
    def status_words(self) -> str:
        """The status as a page says it: "Playing" only once the match has started."""
        return "Waiting for both players" if self.is_waiting_for_players else self.get_status_display()

    @property
    def is_paused(self) -> bool:
        return self.status == self.Status.PAUSED

    @property
    def is_finished(self) -> bool:
        return self.status == self.Status.FINISHED


@dataclass(frozen=True)
class Holder:
    """Who holds one seat: a person (``user_id``) or a bot; ``name`` is read for tables only."""

    user_id: int | None
    bot: str
    name: str = ""


class MatchSeat(models.Model):
    """One seat of a table (``PlayMatch.seated``): a person or a bot; a person may hold several."""

    match = models.ForeignKey(PlayMatch, on_delete=models.CASCADE, related_name="seats")
    index = models.PositiveSmallIntegerField(help_text="The seat's number from 0 (the engine's seat).")
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.PROTECT, related_name="+"
    )
    bot = models.CharField(max_length=10, choices=PlayMatch.Bot.choices, blank=True, help_text="Set for a bot's seat.")

    class Meta:
        ordering = ("match", "index")
        constraints = [
            models.UniqueConstraint(fields=("match", "index"), name="one_holder_per_seat"),
            models.CheckConstraint(
                condition=models.Q(user__isnull=True, bot__gt="") | models.Q(user__isnull=False, bot=""),
                name="seat_held_by_person_or_bot",
            ),
        ]

    def __str__(self) -> str:
        return f"{self.match} seat {self.index + 1}"


class FirstChoice(models.TextChoices):
    FIRST = "first", "Plays first"
    SECOND = "second", "Goes second"


class ChoiceBy(models.TextChoices):
    PLAYER = "player", "The chooser"
    BOT = "bot", "The bot"
    TIMER = "timer", "The timer (no answer in time)"


class Game(models.Model):
    match = models.ForeignKey(PlayMatch, on_delete=models.CASCADE, related_name="games")
    number = models.PositiveSmallIntegerField()
    seed = models.BigIntegerField()
    first = models.PositiveSmallIntegerField(help_text="The seat (0/1) that went first.")
    chooser = models.PositiveSmallIntegerField(help_text="The seat that chose who goes first.")
    die_roll = models.JSONField(
        default=list, blank=True, help_text="Game 1: each seat's die; the higher chooses who goes first."
    )
    awaiting_choice = models.BooleanField(default=False, help_text="The chooser has not said who goes first yet.")
    choice = models.CharField(max_length=10, choices=FirstChoice.choices, blank=True)
    choice_by = models.CharField(max_length=10, choices=ChoiceBy.choices, blank=True)
    chosen_at = models.DateTimeField(null=True, blank=True)
    setup = models.JSONField()
    engine_version = models.CharField(max_length=40)
    state = models.TextField(help_text="The engine state after the last action (engine JSON).")
    state_hash = models.CharField(max_length=64)
    moves = models.PositiveIntegerField(default=0, help_text="Actions applied so far (the last action's seq).")
    recent = models.JSONField(default=list, help_text="The last actions' text, newest last (the page's game log).")
    finished = models.BooleanField(default=False)
    winner = models.SmallIntegerField(null=True, blank=True, help_text="Seat 0/1; empty for a draw or unfinished.")
    end_reason = models.CharField(
        max_length=120, blank=True, help_text="How the game ended: e.g. clock, or the engine's own words."
    )
    started_at = models.DateTimeField(default=timezone.now)
    finished_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ("match", "number")
        constraints = [models.UniqueConstraint(fields=("match", "number"), name="one_game_per_number")]

    def __str__(self) -> str:
        return f"{self.match} game {self.number}"


class GameAction(models.Model):
    """One applied action (append-only); ``seq`` counts from 1 within the game."""

    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="actions")
    seq = models.PositiveIntegerField()
    seat = models.PositiveSmallIntegerField()
    action = models.CharField(max_length=200, help_text="The engine's text notation.")
    automatic = models.BooleanField(default=False, help_text="Applied by a timer, not by the player.")
    deadline = models.DateTimeField(null=True, blank=True, help_text="For a timer's action: when it was due.")
    state_hash = models.CharField(max_length=64)
    at = models.DateTimeField(default=timezone.now)

    class Meta:
        ordering = ("game", "seq")
        constraints = [models.UniqueConstraint(fields=("game", "seq"), name="one_action_per_seq")]

    def __str__(self) -> str:
        return f"{self.game} #{self.seq}: {self.action}"


class MatchChallenge(StatusMachine, models.Model):
    """One player invites another to a match outside events; accepting starts it."""

    class Status(models.TextChoices):
        OPEN = "open", "Waiting for an answer"
        ACCEPTED = "accepted", "Accepted"
        DECLINED = "declined", "Declined"
        CANCELLED = "cancelled", "Withdrawn"

    TRANSITIONS: ClassVar[dict[str, frozenset[str]]] = {
        Status.OPEN: frozenset({Status.ACCEPTED, Status.DECLINED, Status.CANCELLED}),
        Status.ACCEPTED: frozenset(),
        Status.DECLINED: frozenset(),
        Status.CANCELLED: frozenset(),
    }
    STATUS_SUBJECT = "A challenge"

    challenger = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="+")
    opponent = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="+")
    challenger_deck = models.JSONField(help_text="An engine seat setup, e.g. a starter deck.")
    best_of = models.PositiveSmallIntegerField(default=1)
    bank_seconds = models.PositiveIntegerField(
        null=True, blank=True, help_text="Turn-based: the match's time bank per move; empty: a live match."
    )
    status = models.CharField(max_length=10, choices=Status.choices, default=Status.OPEN)
    match = models.OneToOneField(PlayMatch, null=True, blank=True, on_delete=models.SET_NULL, related_name="challenge")
    rematch_of = models.ForeignKey(
        PlayMatch, null=True, blank=True, on_delete=models.SET_NULL, related_name="rematch_offers",
        help_text="A rematch offered from this finished match's page.",
    )  # fmt: skip
    created_at = models.DateTimeField(default=timezone.now)
    answered_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ("-created_at",)

    def __str__(self) -> str:
        return f"{self.challenger} challenges {self.opponent}"

    @property
    def pace_words(self) -> str:
        return banks.pace_words("turns" if self.bank_seconds else "", self.bank_seconds)
