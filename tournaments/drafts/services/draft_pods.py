"""Draft pods (the seats that draft together at one table): seat the players (seeded from the event
seed), start, pause, resume, swap in a bot. The game pods of a pod event are seated elsewhere
(``tournaments.pairing.pod_seating``)."""

from __future__ import annotations

from collections.abc import Mapping
from datetime import datetime, timedelta
from typing import Any

from django.db import transaction
from django.utils import timezone

from accounts.models import User
from common import deadlines
from common.words import count
from tournaments.drafts.errors import DraftRefusal
from tournaments.drafts.models import Pod, Seat
from tournaments.drafts.services import clock, low
from tournaments.drafts.services.picking import locked_pod, settle
from tournaments.drafts.services.pools import before_round_one_refusal
from tournaments.drafts.services.state import card_set, clean_times, load_state, seats_of
from tournaments.errors import Conflict, Invalid
from tournaments.limited import DRAFT_BOT_LEVELS, MAX_SEATS, MIN_SEATS, DraftSetupError, new_draft
from tournaments.limited.rng import Stream, derive_seed
from tournaments.models import Event, Registration
from tournaments.permissions import Perm, require
from tournaments.services.common import locked_event

SEATING_ALGORITHM = "fett-pods-v1"
DRAFT_FORMAT = "draft"


def _split(count: int, per_pod: int) -> list[int]:
    """Pod sizes as even as possible, at most ``per_pod`` each."""
    pods = -(-count // per_pod)
    return [count // pods + (1 if i < count % pods else 0) for i in range(pods)]


def needs_bots(players: int, seats_per_pod: int = MAX_SEATS) -> bool:
    """Whether ``players`` split into pods of at most ``seats_per_pod`` leave a pod too small to
    draft (fewer than ``MIN_SEATS``): then only bots can fill it, and the hub ticks them."""
    return players > 0 and any(size < MIN_SEATS for size in _split(players, seats_per_pod))


def active_player_count(event: Event) -> int:
    return Registration.objects.filter(event=event, dropped_after_round__isnull=True).count()


def seating_refusal(event: Event) -> str:
    """Why the pods cannot be seated now, in words ("" when they can)."""
    waits = before_round_one_refusal(event, "Pods are seated")
    if waits:
        return waits
    started = Pod.objects.filter(event=event).exclude(status=Pod.Status.SEATED).order_by("number").first()
    if started is not None:
        return f"Pod {started.number} has started drafting; the seating can no longer change."
    return ""


@transaction.atomic
def seat_pods(
    event: Event,
    by: User,
    seats_per_pod: int = MAX_SEATS,
    fill_with_bots: bool = False,
    settings: Mapping[str, Any] | None = None,
    bot_level: str = "normal",
) -> list[Pod]:
    """Split the event's players into pods and seat them at random, seeded by the event seed.

    Pods are as even as possible with at most ``seats_per_pod`` seats; with ``fill_with_bots``
    every pod is filled up to ``seats_per_pod`` with bots; ``bot_level`` ("normal" or "hard",
    ``tournaments.limited.DRAFT_BOT_LEVELS``) is how bot seats pick. Seating again replaces pods that
    have not started. ``Registration.pod`` records each player's pod for pod pairings.
    """
    event = locked_event(event)
    require(by, Perm.MANAGE, event)
    if event.format != DRAFT_FORMAT:
        raise Invalid(
            DraftRefusal.NOT_DRAFT_EVENT, f"{event.name} is not a draft event (its format is {event.format})."
        )
    closed = seating_refusal(event)
    if closed:
        raise Conflict(DraftRefusal.SEATING_CLOSED, closed)
    if not MIN_SEATS <= seats_per_pod <= MAX_SEATS:
        raise Invalid(
            DraftRefusal.BAD_POD_SIZE, f"A pod seats {MIN_SEATS} to {MAX_SEATS} players, not {seats_per_pod}."
        )
    try:
        times = clean_times(dict(settings or {}))
    except ValueError as exc:
        raise Invalid(DraftRefusal.BAD_TIMES, str(exc)) from None
    if bot_level not in DRAFT_BOT_LEVELS:
        raise Invalid(
            DraftRefusal.BAD_BOT_LEVEL,
            f"Unknown bot level {bot_level!r}; choose {' or '.join(DRAFT_BOT_LEVELS.values())}.",
        )
    pod_settings: dict[str, Any] = {**times, "bot_level": bot_level}
    players = list(Registration.objects.filter(event=event, dropped_after_round__isnull=True).order_by("pk"))
    if not players:
        raise Conflict(DraftRefusal.NO_PLAYERS, f"{event.name} has no players to seat.")
    seed = str(event.seed)
    order = Stream(derive_seed(SEATING_ALGORITHM, seed, "pods")).shuffle(players)
    sizes = _split(len(order), seats_per_pod)
    small = [n for n in sizes if n < MIN_SEATS]
    if small and not fill_with_bots:
        raise Invalid(
            DraftRefusal.POD_TOO_SMALL,
            f"A pod would seat only {count(small[0], 'player', 'players')}; a draft needs {MIN_SEATS}. "
            "Allow bots to fill it.",
        )
    Pod.objects.filter(event=event).delete()
    Registration.objects.filter(event=event).update(pod=None)
    pods, start = [], 0
    for number, size in enumerate(sizes, 1):
        members: list[Registration | None] = list(order[start : start + size])
        start += size
        members += [None] * ((seats_per_pod if fill_with_bots else size) - size)
        pods.append(_create_pod(event, number, seed, members, pod_settings))
    return pods


def _create_pod(
    event: Event, number: int, seed: str, members: list[Registration | None], pod_settings: dict[str, Any]
) -> Pod:
    pod = Pod.objects.create(event=event, number=number, seed=seed, settings=pod_settings)
    seating = Stream(derive_seed(SEATING_ALGORITHM, seed, "seats", number)).shuffle(members)
    Seat.objects.bulk_create(
        Seat(pod=pod, index=index, registration=entry, bot=entry is None) for index, entry in enumerate(seating)
    )
    ids = [entry.pk for entry in members if entry is not None]
    Registration.objects.filter(pk__in=ids).update(pod=number)
    return pod


def start_pod(pod: Pod | int, by: User, now: datetime | None = None) -> Pod:
    """Open every seat's round-1 packs; bots pick at once and every player's clock starts."""
    now = now or timezone.now()
    with transaction.atomic():
        pod = locked_pod(pod)
        require(by, Perm.MANAGE, pod.event)
        if pod.status != Pod.Status.SEATED:
            raise Conflict(DraftRefusal.POD_STARTED, f"Pod {pod.number} has already started.")
        seats = seats_of(pod)
        cards = card_set()
        try:
            state = new_draft(cards, pod.seed, [s.name for s in seats], pod=pod.number)
        except DraftSetupError as exc:
            raise Conflict(DraftRefusal.CANNOT_START_POD, str(exc)) from None
        pod.packs = [[list(p) for p in packs] for packs in state.opened]
        pod.card_data_version = cards.version
        pod.set_status(Pod.Status.DRAFTING)
        pod.round_opened = 1
        pod.started_at = now
        settle(pod, seats, state, now, {s.pk for s in seats}, opened=True)
        return pod


def pause_pod(pod: Pod | int, by: User, now: datetime | None = None) -> Pod:
    """Stop every clock of the pod, keeping what is left of each."""
    now = now or timezone.now()
    with transaction.atomic():
        pod = locked_pod(pod)
        require(by, Perm.MANAGE, pod.event)
        if pod.status not in (Pod.Status.DRAFTING, Pod.Status.REVIEW):
            now_status = pod.get_status_display().lower()
            raise Conflict(
                DraftRefusal.NOT_DRAFTING, f"Only a drafting pod can be paused; pod {pod.number} is {now_status}."
            )
        if pod.paused:
            raise Conflict(DraftRefusal.ALREADY_PAUSED, f"Pod {pod.number} is already paused.")
        seats = seats_of(pod)
        for seat in seats:
            if seat.deadline is not None:
                seat.remaining_ms = max(0, int((seat.deadline - now).total_seconds() * 1000))
                seat.deadline, seat.low_at = None, None
                seat.timer_version += 1
                seat.save(update_fields=["remaining_ms", "deadline", "low_at", "timer_version"])
        if pod.deadline is not None:
            pod.remaining_ms = max(0, int((pod.deadline - now).total_seconds() * 1000))
            pod.deadline = None
            pod.timer_version += 1
        pod.paused, pod.paused_at = True, now
        settle(pod, seats, load_state(pod, seats), now, {s.pk for s in seats})
        return pod


def resume_pod(pod: Pod | int, by: User, now: datetime | None = None) -> Pod:
    """Restart the clocks with the time each had left when the pod paused."""
    now = now or timezone.now()
    with transaction.atomic():
        pod = locked_pod(pod)
        require(by, Perm.MANAGE, pod.event)
        if not pod.paused:
            raise Conflict(DraftRefusal.NOT_PAUSED, f"Pod {pod.number} is not paused.")
        seats = seats_of(pod)
        for seat in seats:
            if seat.remaining_ms is not None:
                seat.deadline = now + timedelta(milliseconds=seat.remaining_ms)
                seat.low_at = low.pick_low_at(seat, now, seat.deadline)  # the time left, as a clock of its own
                seat.remaining_ms = None
                seat.timer_version += 1
                seat.save(update_fields=["remaining_ms", "deadline", "low_at", "timer_version"])
        if pod.remaining_ms is not None:
            pod.deadline = now + timedelta(milliseconds=pod.remaining_ms)
            pod.remaining_ms = None
            pod.timer_version += 1
            deadlines.schedule(clock.DRAFT_REVIEW, pod.pk, pod.timer_version, pod.deadline)
        pod.paused, pod.paused_at = False, None
        settle(pod, seats, load_state(pod, seats), now, {s.pk for s in seats})
        return pod


def swap_for_bot(pod: Pod | int, seat_index: int, by: User, now: datetime | None = None) -> Pod:
    """A bot picks for a missing player from now on (their picks so far and their pool stay theirs)."""
    now = now or timezone.now()
    with transaction.atomic():
        pod = locked_pod(pod)
        require(by, Perm.MANAGE, pod.event)
        if pod.status not in (Pod.Status.SEATED, Pod.Status.DRAFTING, Pod.Status.REVIEW):
            raise Conflict(DraftRefusal.POD_FINISHED, f"Pod {pod.number} has finished drafting.")
        seats = seats_of(pod)
        seat = next((s for s in seats if s.index == seat_index), None)
        if seat is None:
            raise Invalid(DraftRefusal.NO_SUCH_SEAT, f"Pod {pod.number} has no seat {seat_index}.")
        if seat.bot:
            raise Conflict(DraftRefusal.BOT_ALREADY_PICKS, f"A bot already picks for seat {seat_index}.")
        seat.bot = True
        seat.deadline, seat.remaining_ms, seat.low_at = None, None, None
        seat.timer_version += 1
        seat.save(update_fields=["bot", "deadline", "remaining_ms", "low_at", "timer_version"])
        if pod.opened:
            settle(pod, seats, load_state(pod, seats), now, {seat.pk})
        else:
            pod.version += 1
            pod.save(update_fields=["version"])
        return pod
