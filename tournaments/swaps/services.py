"""The deck swap on the site: the organiser's plan, opening a round's swaps, choices, the deadline.

The rules are the pure ``gameplay.runebound.swap``; this module turns rows into its values and
back. The deadline is a kind of deadline (``common.deadlines``, declared in
``tournaments.swaps.deadlines``): the deadline and a ``timer_version`` live on the ``PodSwap``
row; after commit its task is queued with an ETA on the `timers` queue carrying (swap id, timer
version); ``expire`` does nothing if the version moved on or the pod has already chosen, and
beat's sweep expires any swap a lost task missed (and first opens the swaps a failed receiver did
not, ``open_missing_swaps``). Refusals are raised before anything is written, so a refused
request changes nothing.
"""

from __future__ import annotations

import logging
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from datetime import datetime, timedelta

from django.db import transaction
from django.utils import timezone

from accounts.models import User
from common import deadlines
from common.words import count
from gameplay.runebound import swap as rules
from gameplay.runebound.catalog import shipped_runebound
from gameplay.runebound.decks import RuneboundDeck
from tournaments import live, selectors
from tournaments.clock_low import SWAP_LOW, low_at
from tournaments.errors import Conflict, Forbidden, Invalid, NotFound
from tournaments.models import Event, PodSeat, Round
from tournaments.permissions import Perm, require
from tournaments.services.decks import registered_runebound_decks
from tournaments.structures import structure_of
from tournaments.swaps.errors import SwapRefusal
from tournaments.swaps.models import DEFAULT_MINUTES, CardPass, PodSwap, SwapPlan, SwapSeat

log = logging.getLogger(__name__)

DECK_SWAP = "deck-swap"  # the kind of deadline (tournaments.swaps.deadlines)
OPEN_TASK = "tournaments.swaps.tasks.open_round"  # a published round's swaps, opened on a worker
MAX_MINUTES = 120
MAX_ROUNDS = 50


def is_runebound_pod_event(event: Event) -> bool:
    return structure_of(event).offers_deck_swap


def plan_of(event: Event) -> SwapPlan:
    """The event's plan (an unsaved empty one when the organiser has set none)."""
    found = SwapPlan.objects.filter(event=event).first()
    return found if found is not None else SwapPlan(event=event, rounds=[], minutes=DEFAULT_MINUTES)


@transaction.atomic
def set_plan(event: Event, by: User, rounds: Sequence[int], minutes: int = DEFAULT_MINUTES) -> SwapPlan:
    """Turn the deck swap on for these rounds (an empty list turns it off), with this long to choose."""
    require(by, Perm.MANAGE, event)
    if not is_runebound_pod_event(event):
        raise Invalid(
            SwapRefusal.NOT_A_RUNEBOUND_POD_EVENT,
            f"The deck swap is for Runebound events played in pods; {event.name} plays "
            f"{event.format_name} ({event.get_structure_display()}).",
        )
    wanted = _checked_rounds(event, rounds)
    if not 1 <= minutes <= MAX_MINUTES:
        raise Invalid(SwapRefusal.BAD_MINUTES, f"The time to choose is 1 to {MAX_MINUTES} minutes, not {minutes}.")
    plan = SwapPlan.objects.select_for_update().filter(event=event).first() or SwapPlan(event=event)
    changed = set(wanted) ^ set(plan.rounds or [])
    published = sorted(
        Round.objects.filter(event=event, number__in=changed)
        .exclude(status=Round.Status.PREVIEW)
        .values_list("number", flat=True)
    )
    if published:
        listed = ", ".join(str(n) for n in published)
        raise Conflict(
            SwapRefusal.ROUNDS_PUBLISHED,
            f"Round {listed} is already published: its deck swap can no longer be turned on or off.",
        )
    plan.rounds, plan.minutes = wanted, minutes
    plan.save()
    return plan


def _checked_rounds(event: Event, rounds: Sequence[int]) -> list[int]:
    last = event.rounds or MAX_ROUNDS
    bad = [n for n in rounds if isinstance(n, bool) or not isinstance(n, int) or not 1 <= n <= last]
    if bad:
        listed = ", ".join(str(n) for n in bad)
        raise Invalid(SwapRefusal.BAD_ROUNDS, f"Rounds are numbered 1 to {last}; not a round of this event: {listed}.")
    return sorted(set(rounds))


@dataclass(frozen=True)
class _Seat:
    table: int
    player: int
    position: int
    name: str


def open_swaps(round_: Round) -> list[PodSwap]:
    """Open the swap of every pod of a published round the plan names (once: a second call
    opens nothing). A pod with a player who cannot swap plays without it, saying why.

    In bulk, for a round of the Fett: one read of the pods' seats (as values, with the players'
    names), one of every player's registered deck, one insert of the swaps, one of their seats,
    and one deadline task for them all. Run by a worker (``tasks.open_round``) after the publish
    commits; the pages showing the round are told to re-read once the swaps are in."""
    event = round_.event
    plan = plan_of(event)
    if round_.number not in plan.rounds:
        return []
    opened = timezone.now()
    deadline = opened + timedelta(minutes=plan.minutes)
    low = low_at(opened, deadline)
    with transaction.atomic():
        # The round's row locked first: the task and beat's sweep may open the same round at once;
        # the second waits here, then finds every pod with its swap and opens nothing.
        Round.objects.select_for_update().filter(pk=round_.pk).exists()
        seats = _seats_without_swap(round_)
        if not seats:
            return []
        decks = registered_runebound_decks(event)
        swaps = PodSwap.objects.bulk_create(
            PodSwap(table_id=table, round=round_, deadline=deadline, low_at=low, skipped=_why_not_swapping(pod, decks))
            for table, pod in seats.items()
        )
        SwapSeat.objects.bulk_create(
            SwapSeat(swap=swap, player_id=seat.player, position=seat.position, deck=list(_deck(decks, seat.player)))
            for swap, pod in zip(swaps, seats.values(), strict=True)
            for seat in pod
        )
        choosing = [(s.pk, s.timer_version) for s in swaps if s.is_choosing]
        deadlines.schedule_many(DECK_SWAP, choosing, deadline)
        deadlines.schedule_many(SWAP_LOW, choosing, low)
        live.round_changed(event.pk)  # the event's and players' home pages re-read: the swaps are open
    log.info("deck swaps opened for round %s: %s pods", round_.number, len(swaps))
    return swaps


def _seats_without_swap(round_: Round) -> dict[int, list[_Seat]]:
    """The seats of the round's pods that have no swap yet, by pod (in table order), clockwise."""
    rows = (
        PodSeat.objects.filter(table__round=round_, table__swap__isnull=True)
        .order_by("table__table", "position")
        .values_list("table_id", "player_id", "position", "player__display_name", "player__username")
    )
    pods: dict[int, list[_Seat]] = {}
    for table, player, position, display_name, username in rows:
        pods.setdefault(table, []).append(_Seat(table, player, position, display_name or username))
    return pods


def _deck(decks: Mapping[int, RuneboundDeck], player_id: int) -> tuple[str, ...]:
    found = decks.get(player_id)
    return found.class_cards if found is not None else ()


def _why_not_swapping(seats: Sequence[_Seat], decks: Mapping[int, RuneboundDeck]) -> str:
    if len(seats) < 2:
        return "A pod of one has nobody to pass cards to."
    catalog = shipped_runebound()
    problems = []
    for seat in seats:
        deck = decks.get(seat.player)
        if deck is None:
            problems.append(f"{seat.name} has no registered deck.")
        elif (enemies := len(rules.enemy_cards(deck, catalog))) < rules.CHOSEN:
            has = count(enemies, "enemy class card", "enemy class cards")
            problems.append(f"{seat.name}'s deck has {has}; the swap needs {rules.CHOSEN}.")
    return " ".join(problems)


def schedule(swap: PodSwap) -> None:
    """Schedule the swap's deadline (its task carries the swap and its timer version), after commit."""
    deadlines.schedule(DECK_SWAP, swap.pk, swap.timer_version, swap.deadline)


def swap_for(user: User, swap_id: int) -> PodSwap:
    """The swap, if the user may see its event; NotFound otherwise (the same 404 either way)."""
    swap = PodSwap.objects.select_related("round__event", "table").filter(pk=swap_id).first()
    if swap is None:
        raise NotFound(SwapRefusal.NO_SWAP, "There is no such deck swap.")
    selectors.event_for(user, swap.round.event_id)
    return swap


def choose(swap_id: int, user: User, left: Sequence[str], right: Sequence[str]) -> PodSwap:
    """Record the user's choice; when it is the pod's last, pass the cards. A choice may be
    changed until the whole pod has chosen. Every problem of a bad choice is named at once."""
    late = False
    with transaction.atomic():
        swap = swap_for(user, swap_id)
        swap = PodSwap.objects.select_for_update().get(pk=swap.pk)
        seats = list(swap.seats.select_related("player"))
        seat = next((s for s in seats if s.player_id == user.pk), None)
        if seat is None:
            raise Forbidden(SwapRefusal.NOT_IN_POD, "You have no seat in this pod's deck swap.")
        _require_choosing(swap)
        late = swap.deadline <= timezone.now()
        if not late:
            _record(swap, seats, seat, left, right)
    if late:  # as the timer would have: everyone left gets the automatic choice
        expire(swap.pk)
        raise Conflict(SwapRefusal.LATE, "Time is up: the automatic choice was made for you.")
    return swap


def _require_choosing(swap: PodSwap) -> None:
    if swap.skipped:
        raise Conflict(SwapRefusal.NO_SWAP, f"This pod plays without the deck swap: {swap.skipped}")
    if swap.revealed_at is not None:
        raise Conflict(SwapRefusal.SWAP_CLOSED, "Every player of this pod has chosen: the cards are passed.")


def _record(swap: PodSwap, seats: list[SwapSeat], seat: SwapSeat, left: Sequence[str], right: Sequence[str]) -> None:
    seating = [s.player for s in seats]
    to_left, to_right = rules.neighbours(seating, seat.player)
    choice = rules.SwapChoice.of(left, right)
    deck = RuneboundDeck.of(seat.deck, ())
    problems = rules.check_choice(deck, choice, shipped_runebound(), to_left.public_name, to_right.public_name)
    if problems:
        raise Invalid(
            SwapRefusal.BAD_CHOICE,
            " ".join(p.message for p in problems),
            problems=[{"rule": p.rule, "message": p.message} for p in problems],
        )
    seat.left, seat.right, seat.chosen_at, seat.automatic = list(choice.left), list(choice.right), timezone.now(), False
    seat.save(update_fields=["left", "right", "chosen_at", "automatic"])
    _settle(swap, seats)


def _settle(swap: PodSwap, seats: list[SwapSeat]) -> None:
    """After a change: pass the cards if every seat has chosen; the version moves on."""
    swap.version += 1
    fields = ["version"]
    if all(s.has_chosen for s in seats):
        _reveal(swap, seats)
        fields += ["revealed_at", "timer_version"]
    swap.save(update_fields=fields)
    live.swap_changed(swap)  # its page re-reads it (tournaments.live)


def _reveal(swap: PodSwap, seats: list[SwapSeat]) -> None:
    now = timezone.now()
    choices = {s.player_id: rules.SwapChoice.of(s.left, s.right) for s in seats}
    passed = rules.passes([s.player_id for s in seats], choices)
    CardPass.objects.bulk_create(
        CardPass(swap=swap, round_id=swap.round_id, card=p.card, giver_id=p.giver, receiver_id=p.receiver, side=p.side,
                 at=now)
        for p in passed
    )  # fmt: skip
    swap.revealed_at = now
    swap.timer_version += 1  # the deadline's task, if still queued, now does nothing
    log.info("deck swap %s: every seat has chosen, %d cards passed", swap.pk, len(passed))


def expire(swap_id: int, version: int | None = None, now: datetime | None = None) -> bool:
    """At the deadline, the automatic choice for every seat that has not chosen, then the cards
    pass. Nothing happens if the pod has chosen, the version moved on or the deadline is ahead."""
    now = now or timezone.now()
    with transaction.atomic():
        due = PodSwap.objects.select_for_update().filter(
            pk=swap_id, revealed_at__isnull=True, skipped="", deadline__lte=now
        )
        if version is not None:
            due = due.filter(timer_version=version)
        swap = due.first()
        if swap is None:
            return False
        seats = list(swap.seats.all())
        catalog = shipped_runebound()
        for seat in seats:
            if not seat.has_chosen:
                auto = rules.auto_choice(RuneboundDeck.of(seat.deck, ()), catalog)
                seat.left, seat.right, seat.chosen_at, seat.automatic = list(auto.left), list(auto.right), now, True
                seat.save(update_fields=["left", "right", "chosen_at", "automatic"])
        _settle(swap, seats)
    log.info("deck swap %s: the deadline chose for the seats that had not", swap_id)
    return True


def open_missing_swaps(now: datetime | None = None) -> int:
    """Open the swaps a published round of a plan still lacks (its receiver failed); how many.
    Beat's sweep runs it before it expires the swaps past their deadline."""
    return sum(len(open_swaps(round_)) for round_ in _rounds_missing_swaps())


def _rounds_missing_swaps() -> list[Round]:
    plans = SwapPlan.objects.filter(event__status=Event.Status.RUNNING).exclude(rounds=[])
    found: list[Round] = []
    for plan in plans:
        lacking = Round.objects.filter(
            event_id=plan.event_id, number__in=plan.rounds, status=Round.Status.OPEN, pod_tables__swap__isnull=True
        )
        found += lacking.select_related("event").distinct()
    return found
