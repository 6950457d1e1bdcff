"""Picks, marks, the server's auto-picks and the review pause.

Clock model: **one clock per seat and pick**. A seat's clock starts when a pack is in front of
it (its previous pick is made and the upstream neighbour has passed the pack) and runs for
``DraftTimes.pick_seconds(cards left)``; at zero the server picks for that seat alone (marked
cards first, then the bot's choice). A fast player is never held back by a slow one beyond the
pack they are waiting for, and a slow one loses only their own picks. Bots and forced picks
(the last two cards, 0 s) are made at once. After round 1 the pod pauses for the review
(a pod-level deadline), then round 2 opens for everybody at once.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Collection, Sequence
from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Any

from django.db import transaction
from django.db.models import Min
from django.utils import timezone

from accounts.models import User
from common import deadlines
from common.rows import insert, update, write
from tournaments import selectors
from tournaments.drafts.errors import NO_SUCH_POD, DraftRefusal, PickRefused
from tournaments.drafts.models import Pick, Pod, Seat
from tournaments.drafts.services import clock, low, push, rows
from tournaments.drafts.services.pools import create_draft_pools
from tournaments.drafts.services.reading import pick_row, seat_state
from tournaments.drafts.services.state import card_set, load_state, remember, seats_of, times
from tournaments.errors import Conflict, Forbidden, NotFound
from tournaments.limited import (
    ROUNDS,
    DraftState,
    PendingPack,
    PickError,
    PickRefusal,
    RatingBot,
    choose_auto_pick,
    current_pack,
    draft_bot,
    is_finished,
    is_round_complete,
    pending_packs,
    pick,
)
from tournaments.limited import Pick as PurePick
from tournaments.webhooks import announce

BAD_REQUEST = {
    PickRefusal.MALFORMED,
    PickRefusal.WRONG_COUNT,
    PickRefusal.NOT_IN_PACK,
    PickRefusal.TOO_MANY_COPIES,
    PickRefusal.UNKNOWN_SEAT,
}


@dataclass(frozen=True)
class PickResult:
    state: dict[str, Any]
    recorded: dict[str, Any]
    repeated: bool = False


def locked_pod(pod: Pod | int) -> Pod:
    """The pod's row, locked; the opened packs (large, fixed once the pod starts, and needed only
    to rebuild a state no cache holds) and the event (wanted by an organiser's action, a notice or
    the draft's end, not by a pick) are read when first used."""
    return rows.locked_pod(pod.pk if isinstance(pod, Pod) else pod)


#: Every pod column but the opened packs (large, and fixed once the pod starts).
_POD_FIELDS = [f.name for f in Pod._meta.concrete_fields if not f.primary_key and f.name != "packs"]


def bot_for(pod: Pod, seat: Seat) -> RatingBot:
    """How the server picks for the seat: a bot seat at the pod's bot level (``settings["bot_level"]``,
    normal when unset), a person's auto-pick always at the normal level."""
    level = str(pod.settings.get("bot_level", "normal")) if seat.bot else "normal"
    return draft_bot(level, card_set(), seed=f"{pod.seed}/{pod.number}/{seat.index}")


# --- moving the pod on ---------------------------------------------------------------------------


def _pack_key(pod: Pod, state: DraftState, seat: Seat) -> tuple[int, int] | None:
    """The (round, pick number) the seat must pick now, or None (waiting, review, paused...)."""
    if pod.status != Pod.Status.DRAFTING:
        return None
    pending = current_pack(state, seat.index)
    if pending is None or pending.round > pod.round_opened:
        return None
    return pending.round, pending.pick_number


def record(pod: Pod, seat: Seat, state: DraftState, made: PurePick, now: datetime, by_bot: bool) -> DraftState:
    """Apply a pick to the state and store it as a row (with the pack as it was)."""
    pack_cards = list(state.remaining[made.round - 1][made.pack])
    clocked = (seat.clock_round, seat.clock_pick) == (made.round, made.pick_number)
    after = pick(state, seat.index, made.round, made.pick_number, made.cards, pack=made.pack, auto=made.auto)
    row = Pick(
        pod=pod, seat=seat, round=made.round, pick_number=made.pick_number, pack=made.pack,
        pack_cards=pack_cards, cards=list(made.cards), auto=made.auto, by_bot=by_bot, at=now,
        deadline=seat.deadline if clocked else None,
    )  # fmt: skip
    writes = [insert(row)]
    key = f"{made.round}.{made.pick_number}"
    if key in seat.marks:
        seat.marks = {k: v for k, v in seat.marks.items() if k != key}
        writes.append(update(seat, ["marks"]))
    write(*writes)
    return after


def auto_pick_for(pod: Pod, seat: Seat, state: DraftState, now: datetime) -> DraftState:
    pending = current_pack(state, seat.index)
    assert pending is not None
    marked = seat.marks.get(f"{pending.round}.{pending.pick_number}", [])
    made = choose_auto_pick(state, seat.index, marked, bot_for(pod, seat))
    return record(pod, seat, state, made, now, by_bot=seat.bot)


def _automatic_moves(pod: Pod, seats: list[Seat], state: DraftState, now: datetime) -> DraftState:
    """Bots pick, and forced picks (0 s on the clock) are made, until nobody of them can move."""
    if pod.paused or pod.status != Pod.Status.DRAFTING:
        return state
    draft_times = times(pod)
    moved = True
    while moved:
        moved = False
        for seat in seats:
            if _pack_key(pod, state, seat) is None:
                continue
            pending = current_pack(state, seat.index)
            assert pending is not None
            if seat.bot or draft_times.pick_seconds(len(pending.cards), pending.take) == 0:
                state = auto_pick_for(pod, seat, state, now)
                moved = True
    return state


def _round_transition(pod: Pod, seats: list[Seat], state: DraftState, now: datetime) -> bool:
    """Close a fully picked round: review pause or deck building. True if a round opened at once."""
    if pod.status != Pod.Status.DRAFTING or not is_round_complete(state, pod.round_opened):
        return False
    if is_finished(state):
        pod.set_status(Pod.Status.BUILDING)
        pod.finished_at = now
        create_draft_pools(pod, seats, state, now)
        announce.pod_finished(pod)
        return False
    pause = times(pod).review_seconds(pod.round_opened)
    if pause == 0:
        pod.round_opened += 1
        return True
    pod.set_status(Pod.Status.REVIEW)
    pod.deadline = now + timedelta(seconds=pause)
    pod.timer_version += 1
    deadlines.schedule(clock.DRAFT_REVIEW, pod.pk, pod.timer_version, pod.deadline)
    return False


#: A seat's clock fields, written when its clock starts.
CLOCK_FIELDS = ("clock_round", "clock_pick", "deadline", "low_at", "remaining_ms", "timer_version")


def _start_clocks(pod: Pod, seats: list[Seat], state: DraftState, now: datetime) -> list[tuple[str, list[Any]]]:
    """Start the clock of each seat with a new pack before it, stop those of the seats with none;
    returns the seats' writes (``settle`` sends them with the pod's)."""
    draft_times = times(pod)
    writes = []
    for seat in seats:
        key = _pack_key(pod, state, seat) if not (seat.bot or pod.paused) else None
        if key is None:
            if seat.deadline is not None and not pod.paused:
                seat.deadline, seat.low_at = None, None
                seat.timer_version += 1
                writes.append(update(seat, ["deadline", "low_at", "timer_version"]))
            continue
        if (seat.clock_round, seat.clock_pick) == key and seat.deadline is not None:
            continue
        pending = current_pack(state, seat.index)
        assert pending is not None
        seconds = draft_times.pick_seconds(len(pending.cards), pending.take)
        seat.clock_round, seat.clock_pick = key
        seat.deadline = now + timedelta(seconds=seconds)
        seat.low_at = low.pick_low_at(seat, now, seat.deadline)
        seat.remaining_ms = None
        seat.timer_version += 1
        writes.append(
            update(seat, ["clock_round", "clock_pick", "deadline", "low_at", "remaining_ms", "timer_version"])
        )
    return writes


def _arm_pod_timer(pod: Pod, seats: Sequence[Seat], now: datetime) -> bool:
    """Queue the pod's clock task for its earliest running pick clock, unless one is already
    queued for that time or earlier. True if ``pod.timer_at`` changed (the caller saves it and
    ``clock_version``, which the new task carries: the one it replaces then does nothing).

    One task per pod, not one per clock: a task finds every clock of the pod that ran out, and
    queues the next. Most clocks end with the player's pick; a task per clock made a burst of
    timer tasks at every wave of the draft that nearly all had nothing to do (a worker drains
    only some hundreds a second), and the few that mattered waited behind them."""
    if pod.paused or pod.status != Pod.Status.DRAFTING:
        return False
    # Clocks already out of time are the queued task's (or, if it was lost, the sweep's): a task
    # queued for the past would run at once and, finding nothing it may pick, queue itself again.
    deadlines_ahead = [s.deadline for s in seats if s.deadline is not None and s.deadline > now and not s.bot]
    if not deadlines_ahead:
        return False
    earliest = min(deadlines_ahead)
    if pod.timer_at is not None and now < pod.timer_at <= earliest:
        return False  # the queued task runs first and queues the next
    pod.timer_at = earliest
    pod.clock_version += 1
    deadlines.schedule(clock.DRAFT_PICKS, pod.pk, pod.clock_version, earliest)
    return True


def settle(
    pod: Pod,
    seats: list[Seat],
    state: DraftState,
    now: datetime,
    touched: Collection[int] = (),
    views: dict[int, dict[str, Any]] | None = None,
    opened: bool = False,
) -> DraftState:
    """After any change: bots and forced picks, round ends, clocks; save, bump the version, push.

    ``views``, when given, receives the seat states pushed (by seat id) once the change commits:
    they are drawn once, for the push and the answer.
    ``opened``: the packs were just opened and must be saved too."""
    clocks = {seat.pk: (seat.clock_round, seat.clock_pick, seat.deadline) for seat in seats}
    state = _automatic_moves(pod, seats, state, now)
    while _round_transition(pod, seats, state, now):
        state = _automatic_moves(pod, seats, state, now)
    clock_writes = _start_clocks(pod, seats, state, now)
    _arm_pod_timer(pod, seats, now)
    # A new clock means a new pack in front of that player: they are pushed their state.
    changed = {seat.pk for seat in seats if (seat.clock_round, seat.clock_pick, seat.deadline) != clocks[seat.pk]}
    pod.version += 1
    # The opened packs are written once, when the pod starts; a pick need not send them back.
    write(*clock_writes, update(pod, None if opened else _POD_FIELDS))
    remember(pod, state)
    push.after_commit(pod, seats, state, changed | set(touched), now, into=views)
    return state


# --- a player's pick -----------------------------------------------------------------------------


def _seat_for(pod: Pod, seats: list[Seat], user: User) -> Seat:
    seat = next((s for s in seats if s.registration is not None and s.registration.player_id == user.pk), None)
    if seat is None:
        if not selectors.visible_events(user).filter(pk=pod.event_id).exists():
            raise NotFound(DraftRefusal.NO_SUCH_POD, NO_SUCH_POD)  # as if it did not exist, like every lookup
        raise Forbidden(DraftRefusal.NO_SEAT, "You have no seat in this pod.")
    return seat


def _recorded(state: DraftState, seat: int, round_number: int, pick_number: int) -> PurePick | None:
    if not 0 <= seat < state.size:
        return None
    return next((p for p in state.picks[seat] if (p.round, p.pick_number) == (round_number, pick_number)), None)


def _pure_row(made: PurePick) -> dict[str, Any]:
    return {"round": made.round, "pick_number": made.pick_number, "pack": made.pack, "cards": list(made.cards),
            "auto": made.auto}  # fmt: skip


@dataclass
class _PickDesk:
    """One pick request inside its transaction: the locked pod, its seats, the picker's seat and
    the pod's state as the request moves it on (None before the draft starts)."""

    pod: Pod
    seats: list[Seat]
    seat: Seat
    state: DraftState | None
    now: datetime

    @classmethod
    def open(cls, pod: Pod | int, user: User, now: datetime) -> _PickDesk:
        try:
            locked = locked_pod(pod)
        except Pod.DoesNotExist:
            raise NotFound(DraftRefusal.NO_SUCH_POD, NO_SUCH_POD) from None
        seats = seats_of(locked)
        seat = _seat_for(locked, seats, user)
        return cls(locked, seats, seat, load_state(locked, seats) if locked.opened else None, now)

    def seat_view(self) -> dict[str, Any]:
        return seat_state(self.pod, self.seat, self.state, self.now, self.seats)

    def refusal(
        self, message: str, reason: DraftRefusal | PickRefusal, code: int = 409, recorded: PurePick | None = None
    ) -> PickRefused:
        payload = {"version": self.pod.version, "state": self.seat_view(),
                   "recorded": _pure_row(recorded) if recorded else None}  # fmt: skip
        return PickRefused(reason, message, payload=payload, status_code=code)

    def started_state(self) -> DraftState:
        if self.state is None:
            raise self.refusal("The draft has not started yet.", DraftRefusal.NOT_STARTED)
        return self.state


def _already_made(
    desk: _PickDesk, round_number: int, pick_number: int, cards: Sequence[str], pack: int | None
) -> PickResult | None:
    """The answer to a repeated pick (same cards, by the player); a refusal if this pick is made
    otherwise; None if it is still to make."""
    recorded = _recorded(desk.started_state(), desk.seat.index, round_number, pick_number)
    if recorded is None:
        return None
    same = Counter(recorded.cards) == Counter(cards) and pack in (None, recorded.pack)
    if same and not recorded.auto:
        return PickResult(desk.seat_view(), _pure_row(recorded), repeated=True)
    what = "the server picked" if recorded.auto else "you picked"
    raise desk.refusal(
        f"Pick {pick_number} of round {round_number} is already made ({what} {', '.join(recorded.cards)}).",
        PickRefusal.ALREADY_PICKED, recorded=recorded,
    )  # fmt: skip


def _refuse_unless_open(desk: _PickDesk, round_number: int) -> None:
    """Refuse a pick the pod or the seat does not take now (not drafting, paused, a bot's seat,
    a round not yet opened)."""
    pod = desk.pod
    if pod.status != Pod.Status.DRAFTING:
        raise desk.refusal(
            f"Pod {pod.number} is {pod.get_status_display().lower()}; no picks now.", DraftRefusal.NOT_DRAFTING
        )
    if pod.paused:
        raise desk.refusal(
            f"Pod {pod.number} is paused; picks resume when the organiser resumes it.", DraftRefusal.PAUSED
        )
    if desk.seat.bot:
        raise desk.refusal("A bot picks for your seat now; ask the organiser.", DraftRefusal.BOT_SEAT)
    if round_number > pod.round_opened:
        raise desk.refusal(f"Round {round_number} has not opened yet.", PickRefusal.ROUND_NOT_STARTED)


def _pick_for_the_late(desk: _PickDesk, round_number: int, pick_number: int) -> PickRefused | None:
    """If this pick's clock has run out, the server makes its auto-pick now and the refusal to
    raise once that is committed is returned; None if the pick is on time."""
    seat = desk.seat
    if (
        seat.deadline is None
        or seat.deadline > desk.now
        or (seat.clock_round, seat.clock_pick) != (round_number, pick_number)
    ):
        return None
    state = auto_pick_for(desk.pod, seat, desk.started_state(), desk.now)
    desk.state = settle(desk.pod, desk.seats, state, desk.now, {seat.pk})
    done = _recorded(desk.state, seat.index, round_number, pick_number)
    return desk.refusal("Too late: time ran out and the server picked for you.", DraftRefusal.LATE, recorded=done)


def _take(
    desk: _PickDesk,
    round_number: int,
    pick_number: int,
    cards: Sequence[str],
    pack: int | None,
    views: dict[int, dict[str, Any]],
) -> PurePick:
    """Record the player's pick and move the pod on; its pushes' seat views land in ``views``."""
    state = desk.started_state()
    try:
        after = pick(state, desk.seat.index, round_number, pick_number, cards, pack=pack)
    except PickError as exc:
        raise desk.refusal(str(exc), exc.reason, 400 if exc.reason in BAD_REQUEST else 409) from None
    made = after.picks[desk.seat.index][-1]
    state = record(desk.pod, desk.seat, state, made, desk.now, by_bot=False)
    desk.state = settle(desk.pod, desk.seats, state, desk.now, {desk.seat.pk}, views)
    return made


def make_pick(
    pod: Pod | int,
    user: User,
    round_number: int,
    pick_number: int,
    cards: Sequence[str],
    pack: int | None = None,
    now: datetime | None = None,
) -> PickResult:
    """Take ``cards`` for the user's seat at (round, pick number), from ``pack`` if named.

    Idempotent: a pick already recorded with the same cards (by the player, not the server)
    answers as a success with ``repeated`` and changes nothing; any other stale, late or
    early pick raises ``PickRefused`` carrying the current state. A pick arriving after the
    seat's deadline is late: the server makes its auto-pick at that moment and refuses it
    (after commit, so the auto-pick stays).
    """
    views: dict[int, dict[str, Any]] = {}
    with transaction.atomic():
        desk = _PickDesk.open(pod, user, now or timezone.now())
        repeated = _already_made(desk, round_number, pick_number, cards, pack)
        if repeated is not None:
            return repeated
        _refuse_unless_open(desk, round_number)
        late = _pick_for_the_late(desk, round_number, pick_number)
        if late is None:
            made = _take(desk, round_number, pick_number, cards, pack, views)
    if late is not None:
        raise late
    # The pushes drew the seat's view after commit; without a push it is drawn now.
    return PickResult(views.get(desk.seat.pk) or desk.seat_view(), _pure_row(made))


def set_marks(pod: Pod | int, user: User, round_number: int, pick_number: int, cards: Sequence[str]) -> dict[str, Any]:
    """Mark cards of a pack in front of the seat: the server takes them first if time runs out."""
    with transaction.atomic():
        pod = locked_pod(pod)
        seats = seats_of(pod)
        seat = _seat_for(pod, seats, user)
        if pod.status != Pod.Status.DRAFTING:
            raise Conflict(DraftRefusal.NOT_DRAFTING, f"Pod {pod.number} is not drafting; nothing to mark.")
        state = load_state(pod, seats)
        waiting: PendingPack | None = next(
            (p for p in pending_packs(state, seat.index) if (p.round, p.pick_number) == (round_number, pick_number)),
            None,
        )
        if waiting is None:
            raise Conflict(
                DraftRefusal.NO_PACK_HELD, f"You hold no pack for pick {pick_number} of round {round_number}."
            )
        left = Counter(waiting.cards)
        chosen = [str(c) for c in cards][: waiting.take]
        if any(n > left[c] for c, n in Counter(chosen).items()):
            raise PickRefused(PickRefusal.NOT_IN_PACK, "Mark only cards in this pack.", status_code=400,
                              payload={"version": pod.version})  # fmt: skip
        seat.marks = {**seat.marks, f"{round_number}.{pick_number}": chosen}
        seat.save(update_fields=["marks"])
        return seat_state(pod, seat, state)


# --- clocks running out --------------------------------------------------------------------------


def expire_due(pod_id: int, version: int | None = None, now: datetime | None = None) -> int:
    """The pod's clock task: the server picks for every seat whose clock ran out (marked cards
    first, then the bot's choice), then the task for the next deadline is queued. Returns the
    number of auto-picks made.

    ``version`` is the pod's ``clock_version`` the task was queued under (``None``: any): a task
    another one has replaced (queued for an earlier deadline since) leaves after one read. Nothing
    due: the next task is queued without locking the pod (conditionally on the clock version, so a
    pick that re-armed it wins)."""
    now = now or timezone.now()
    running = _running_clock(pod_id, version)
    if running is None:
        return 0
    earliest = Seat.objects.filter(pod_id=pod_id, bot=False).aggregate(earliest=Min("deadline"))["earliest"]
    if earliest is None:
        return 0
    if earliest > now:
        if Pod.objects.filter(pk=pod_id, clock_version=running).update(timer_at=earliest, clock_version=running + 1):
            deadlines.schedule(clock.DRAFT_PICKS, pod_id, running + 1, earliest)
        return 0
    with transaction.atomic():
        pod = locked_pod(pod_id)
        if pod.status != Pod.Status.DRAFTING or pod.paused:
            return 0
        return _pick_for_the_overdue(pod, seats_of(pod), now)


def _running_clock(pod_id: int, version: int | None) -> int | None:
    """The pod's clock version, if its clocks run (drafting, not paused) under ``version``."""
    row = Pod.objects.filter(pk=pod_id).values_list("clock_version", "status", "paused").first()
    if row is None:
        return None
    clock_version, status, paused = row
    if (version is not None and clock_version != version) or status != Pod.Status.DRAFTING or paused:
        return None  # resuming or opening a round queues a task again
    return int(clock_version)


def _pick_for_the_overdue(pod: Pod, seats: list[Seat], now: datetime) -> int:
    """In the pod's lock: the server's pick for every seat out of time, then the pod moves on (or,
    with nothing to pick, only its clock task is queued again). Returns the picks made."""
    state = load_state(pod, seats)
    touched = set()
    for seat in seats:
        overdue = not seat.bot and seat.deadline is not None and seat.deadline <= now
        if overdue and _pack_key(pod, state, seat) == (seat.clock_round, seat.clock_pick):
            state = auto_pick_for(pod, seat, state, now)
            touched.add(seat.pk)
    if touched:
        settle(pod, seats, state, now, touched)
    elif _arm_pod_timer(pod, seats, now):
        pod.save(update_fields=["timer_at", "clock_version"])
    return len(touched)


def end_review(pod_id: int, version: int | None = None, now: datetime | None = None) -> bool:
    """Open the next round when the review pause is over; True if this call opened it."""
    now = now or timezone.now()
    with transaction.atomic():
        pod = locked_pod(pod_id)
        due = (
            pod.status == Pod.Status.REVIEW and not pod.paused and pod.deadline is not None and pod.deadline <= now
            and (version is None or pod.timer_version == version) and pod.round_opened < ROUNDS
        )  # fmt: skip
        if not due:
            return False
        seats = seats_of(pod)
        state = load_state(pod, seats)
        pod.set_status(Pod.Status.DRAFTING)
        pod.round_opened += 1
        pod.deadline = None
        settle(pod, seats, state, now, {s.pk for s in seats})
        return True


__all__ = [
    "PickResult",
    "end_review",
    "expire_due",
    "make_pick",
    "pick_row",
    "set_marks",
    "settle",
]
