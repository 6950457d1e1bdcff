"""What needs a signed-in person now, most urgent first: the panel at the top of the home page.

``needs_of(user)`` gathers plain ``Item`` values (kind, urgency, words, url, an optional clock
deadline) from every part of the site a person can be waited on by: a match or a table where it is
their turn, a draft pick or a pool to build, a deck swap to choose, their table or pod seat in a
running round, a result to confirm or a report disputed, a challenge, a place offered from a
waiting list, then the events they are registered for; an organiser also gets the next step of
each running event they organise.

The number of queries is bounded whatever the size of the events: one query per kind of thing,
never one per event, match or table (``tests/home/test_home_queries.py`` counts them for a player
in an event with hundreds of tables). It lives in ``tournaments`` because it reads both apps
(tournaments may import gameplay, never the reverse)."""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any

from django.db.models import Count, F, Q
from django.urls import reverse
from django.utils import timezone

from common.words import count
from gameplay.invitations.models import Invitation
from gameplay.matches.models import MatchChallenge, PlayMatch
from tournaments.drafts.models import Pod, Pool, Seat
from tournaments.drafts.services.draft_pods import DRAFT_FORMAT
from tournaments.drafts.services.pools import SEALED_FORMAT
from tournaments.models import Event, Match, PodSeat, PodTable, Registration, Round, WaitingEntry
from tournaments.structures import structure_of
from tournaments.structures.game_pods import Pods
from tournaments.swaps.models import SwapSeat

#: How urgent each kind is: the panel is sorted by it, then by the clock (the nearest first).
TURN, DRAFT, POOL, SWAP, TABLE, CONFIRM, INVITATION, ORGANISER, EVENT = range(9)
RUNNING = (Event.Status.RUNNING, Event.Status.TOP_CUT)
#: The home page follows at most this many events on the site socket (its limit is 16 topics).
MAX_FOLLOWED = 12
LIMIT = 10  # of each kind of item
LIMIT_EVENTS = 2 * MAX_FOLLOWED
#: The formats whose events have draft pods and pools.
LIMITED = (DRAFT_FORMAT, SEALED_FORMAT)


@dataclass(frozen=True)
class Item:
    """One thing that needs the person: ``words`` say it, ``where`` says which event or game,
    ``url`` is where to act, ``deadline`` the clock it runs against (None: no clock)."""

    kind: str
    urgency: int
    words: str
    url: str
    where: str = ""
    action: str = "Open"
    deadline: datetime | None = None

    def sort_key(self) -> tuple[int, float]:
        return (self.urgency, self.deadline.timestamp() if self.deadline else float("inf"))


@dataclass
class Needs:
    """The panel: its items, most urgent first, and what the page follows on the site socket to
    read it again: the events (``events``) and, in them, the tables (``"event:round:table"``) whose
    pushes matter (an organiser's event: every table, ``all_tables``)."""

    items: list[Item] = field(default_factory=list)
    events: list[int] = field(default_factory=list)
    tables: list[str] = field(default_factory=list)
    all_tables: list[int] = field(default_factory=list)

    @property
    def urgent(self) -> list[Item]:
        return [item for item in self.items if item.urgency < EVENT]

    @property
    def upcoming(self) -> list[Item]:
        return [item for item in self.items if item.urgency == EVENT]


def needs_of(user: Any) -> Needs:
    """Everything waiting on ``user`` (signed in), most urgent first. The user's registrations are
    read first, and a kind of thing only an event of some sort has (pods, drafts, swaps) is looked
    for only when the user is in such an event: a player of a Swiss event costs four queries."""
    needs = Needs()
    if not user.is_authenticated:
        return needs
    mine = _registrations(user)
    sorts = _sorts([entry.event for entry in mine])
    gatherers = [_turns, _invitations, _offers]
    gatherers += [_draft_picks, _pools] if sorts.limited else []
    gatherers += [_swaps] if sorts.swapping else []
    for gather in gatherers:
        needs.items.extend(gather(user))
    if sorts.pairs:
        _tables(user, needs)
    if sorts.pods:
        _pods(user, needs)
    _events(mine, needs)
    if user.is_organiser or user.is_staff:
        _organised(user, needs)
    needs.items.sort(key=Item.sort_key)
    return needs


@dataclass(frozen=True)
class Sorts:
    """Which sorts of event the user is in (not finished): which queries are worth making."""

    limited: bool
    swapping: bool
    pairs: bool
    pods: bool


def _registrations(user: Any) -> list[Registration]:
    """The user's registrations in events open or running (dropped ones too: a result may wait)."""
    return list(
        Registration.objects.filter(player=user)
        .exclude(event__status__in=[Event.Status.FINISHED, Event.Status.DRAFT])  # a "not yet open" one is hidden
        .select_related("event")
        .order_by(F("event__starts_at").asc(nulls_last=True), "event_id")[:LIMIT_EVENTS]
    )


def _sorts(events: list[Event]) -> Sorts:
    running = [(event, structure_of(event)) for event in events if event.status in RUNNING]
    return Sorts(
        limited=any(event.format in LIMITED for event in events),
        swapping=any(structure.offers_deck_swap for _, structure in running),
        pairs=any(not isinstance(structure, Pods) for _, structure in running),
        pods=any(isinstance(structure, Pods) for _, structure in running),
    )


# --- matches played on the site ------------------------------------------------------------


def _turns(user: Any) -> list[Item]:
    """Matches and tables where the engine waits on one of the user's seats (``on_clock`` is the
    seat of the pending decision, kept by the hosting layer), or a match waiting for its players."""
    mine_on_clock = (
        Q(seated=False, player1=user, on_clock=0)
        | Q(seated=False, player2=user, on_clock=1)
        | Q(seated=True, seats__user=user, seats__index=F("on_clock"))
    )
    arriving = Q(deadline_kind=PlayMatch.TimerKind.ARRIVAL) & (Q(player1=user) | Q(player2=user))
    found = (
        PlayMatch.objects.filter(status=PlayMatch.Status.PLAYING)
        .filter(mine_on_clock | arriving)
        .select_related("player1", "player2")
        .distinct()
        .order_by("deadline")[:LIMIT]
    )
    return [_turn_item(match, user) for match in found]


def _turn_item(match: PlayMatch, user: Any) -> Item:
    url = reverse("gameplay:play", args=[match.pk])
    if match.seated:
        return Item("turn", TURN, "Your turn at your Runemasters table", url, match.label, "Play", match.deadline)
    other = match.player2 if match.player1_id == user.pk else match.player1
    against = other.public_name if other is not None else match.get_bot_display()
    if match.deadline_kind == PlayMatch.TimerKind.ARRIVAL:
        words = f"Your match against {against} is waiting for you"
    else:
        words = f"Your turn against {against}"
    where = f"{match.label} · {match.pace_words}" if match.turn_based else match.label
    return Item("turn", TURN, words, url, where, "Play", match.deadline)


def _invitations(user: Any) -> list[Item]:
    """Challenges to a match, then invitations to a table or a team waiting for the user's answer."""
    challenges = MatchChallenge.objects.filter(opponent=user, status=MatchChallenge.Status.OPEN)
    url = reverse("gameplay:play-home")
    items = [
        Item("invitation", INVITATION, f"{c.challenger.public_name} challenges you to a match", url, action="Answer")
        for c in challenges.select_related("challenger").order_by("-created_at")[:LIMIT]
    ]
    pending = Invitation.objects.filter(invitee=user, status=Invitation.Status.PENDING).select_related("inviter")
    answer_at = reverse("gameplay:invitations")
    items += [
        Item("invitation", INVITATION, f"{i.inviter.public_name} invites you to {i.about}", answer_at, action="Answer")
        for i in pending.order_by("-created_at")[:LIMIT]
    ]
    return items


def _offers(user: Any) -> list[Item]:
    """A place freed at a full event and offered to the user from its waiting list: theirs to take
    or turn down on the event's page, until the offer lapses (its clock)."""
    held = Q(offer_expires_at__isnull=True) | Q(offer_expires_at__gt=timezone.now())  # a lapsed one: the sweep's
    offers = WaitingEntry.objects.filter(held, player=user, offered_at__isnull=False).select_related("event")
    return [
        Item(
            "offer",
            INVITATION,
            f"A place at {entry.event.name} is offered to you",
            reverse("tournaments:event", args=[entry.event_id]),
            action="Answer",
            deadline=entry.offer_expires_at,
        )
        for entry in offers.order_by("offer_expires_at")[:LIMIT]
    ]


# --- drafts, pools and swaps ---------------------------------------------------------------


def _draft_picks(user: Any) -> list[Item]:
    """A seat whose pick clock runs: a pack is waiting for the player (the clock starts with it)."""
    seats = Seat.objects.filter(
        registration__player=user, bot=False, deadline__isnull=False, pod__status=Pod.Status.DRAFTING
    ).filter(pod__paused=False)
    return [
        Item(
            "draft",
            DRAFT,
            f"Your pick is waiting in pod {seat.pod.number}",
            reverse("drafts:pod", args=[seat.pod_id]),
            seat.pod.event.name,
            "Pick",
            seat.deadline,
        )
        for seat in seats.select_related("pod__event").order_by("deadline")[:LIMIT]
    ]


def _pools(user: Any) -> list[Item]:
    pools = Pool.objects.filter(registration__player=user, deck_submitted_at__isnull=True).exclude(
        event__status=Event.Status.FINISHED
    )
    return [
        Item(
            "pool",
            POOL,
            f"Build your deck from your {pool.get_kind_display().lower()} pool",
            reverse("drafts:pool", args=[pool.pk]),
            pool.event.name,
            "Build",
            pool.build_deadline,
        )
        for pool in pools.select_related("event").order_by("build_deadline")[:LIMIT]
    ]


def _swaps(user: Any) -> list[Item]:
    seats = SwapSeat.objects.filter(
        player=user, chosen_at__isnull=True, swap__revealed_at__isnull=True, swap__skipped=""
    ).select_related("swap__round__event", "swap__table")
    return [
        Item(
            "swap",
            SWAP,
            f"Choose the cards you pass in pod {seat.swap.table.table}'s deck swap",
            reverse("swaps:swap", args=[seat.swap.round.event_id, seat.swap_id]),
            seat.swap.round.event.name,
            "Choose",
            seat.swap.deadline,
        )
        for seat in seats.order_by("swap__deadline")[:LIMIT]
    ]


# --- tables of running rounds ----------------------------------------------------------------


def _shown_tables(table_model: type[Match] | type[PodTable]) -> Q:
    """A table of a running event worth a line: in the open round, or a result still waiting."""
    waiting = Q(status__in=[table_model.Status.REPORTED, table_model.Status.DISPUTED])
    return (
        Q(round__event__status__in=RUNNING)
        & ~Q(round__status=Round.Status.PREVIEW)
        & (Q(round__status=Round.Status.OPEN) | waiting)
    )


def _tables(user: Any, needs: Needs) -> None:
    matches = (
        Match.objects.filter(Q(player_a=user) | Q(player_b=user))
        .filter(_shown_tables(Match))
        .select_related("round__event", "player_a", "player_b")
        .order_by("-round__number")[:LIMIT]
    )
    for match in matches:
        needs.items.append(_match_item(match, user))
        needs.tables.append(f"{match.round.event_id}:{match.round.number}:{match.table}")


def _match_item(match: Match, user: Any) -> Item:
    round_ = match.round
    url = reverse("tournaments:event", args=[round_.event_id])
    where = round_.event.name
    if match.player_b is None:
        return Item("table", TABLE, f"{round_.label}: you have a bye", url, where, "See the round")
    other = match.player_b if match.player_a_id == user.pk else match.player_a
    assert other is not None
    at = f"{round_.label}, table {match.table}"
    if match.status == Match.Status.DISPUTED:
        return Item("disputed", CONFIRM, f"{at}: the result is disputed, a judge settles it", url, where, "See it")
    if match.status == Match.Status.REPORTED and match.reported_by_id != user.pk:
        return Item("confirm", CONFIRM, f"{at}: confirm the result {other.public_name} reported", url, where, "Confirm")
    clock = round_.ends_at if round_.is_open and not round_.time_called_at else None
    words = f"{at}, against {other.public_name}"
    if match.status == Match.Status.REPORTED:
        words += f": waiting for {other.public_name} to confirm"
    return Item("table", TABLE, words, url, where, "Your table", clock)


def _pods(user: Any, needs: Needs) -> None:
    """The user's pod seats of running rounds; the seats round those pods in one more query."""
    seats = list(
        PodSeat.objects.filter(player=user, table__in=PodTable.objects.filter(_shown_tables(PodTable)))
        .select_related("table__round__event")
        .order_by("-table__round__number")[:LIMIT]
    )
    if not seats:
        return
    everyone: dict[int, list[PodSeat]] = defaultdict(list)
    for seat in PodSeat.objects.filter(table_id__in=[s.table_id for s in seats]).select_related("player"):
        everyone[seat.table_id].append(seat)
    for seat in seats:
        needs.items.append(_pod_item(seat, sorted(everyone[seat.table_id], key=lambda s: s.position), user))
        needs.tables.append(f"{seat.table.round.event_id}:{seat.table.round.number}:{seat.table.table}")


def _pod_item(seat: PodSeat, around: list[PodSeat], user: Any) -> Item:
    table = seat.table
    round_ = table.round
    url = reverse("tournaments:pod", args=[table.pk])
    where = f"{round_.event.name}, {round_.label}"
    at = f"Pod {table.table}"
    if table.status == PodTable.Status.DISPUTED:
        return Item("disputed", CONFIRM, f"{at}: the places are disputed, a judge settles them", url, where, "See it")
    if table.status == PodTable.Status.REPORTED and table.reported_by_id != user.pk:
        return Item("confirm", CONFIRM, f"{at}: confirm the places reported", url, where, "Confirm")
    left = around[(seat.position + 1) % len(around)] if len(around) > 1 else None
    words = f"{at}, seat {seat.position + 1}"
    if left is not None and left.player_id != user.pk:
        words += f": {left.player.public_name} on your left"
    clock = round_.ends_at if round_.is_open and not round_.time_called_at else None
    return Item("pod", TABLE, words, url, where, "Your pod", clock)


# --- events ----------------------------------------------------------------------------------


def _events(mine: list[Registration], needs: Needs) -> None:
    """The events the user is in, not finished: a running one is followed on the socket (so the
    round's publication reaches the panel) and, with no table of theirs shown, said as running; an
    upcoming one is listed with its start."""
    seated = {int(key.split(":")[0]) for key in needs.tables}
    for entry in mine:
        event = entry.event
        if not entry.active:
            continue
        url = reverse("tournaments:event", args=[event.pk])
        if event.status in RUNNING:
            _follow(needs, event.pk)
            if event.pk not in seated:
                words = "Running: waiting for the next round"
                needs.items.append(Item("running", TABLE, words, url, event.name, "See it"))
        else:
            status = event.get_status_display()
            needs.items.append(Item("upcoming", EVENT, event.name, url, status, "See it", event.starts_at))


def _follow(needs: Needs, event_id: int) -> None:
    if event_id not in needs.events and len(needs.events) < MAX_FOLLOWED:
        needs.events.append(event_id)


# --- an organiser's running events ---------------------------------------------------------


def _organised(user: Any, needs: Needs) -> None:
    """The next step of each running event the user organises, in three queries in all."""
    events = list(Event.objects.filter(organiser=user, status__in=RUNNING).order_by("starts_at", "pk")[:MAX_FOLLOWED])
    if not events:
        return
    ids = [event.pk for event in events]
    rounds: dict[int, Round] = {}
    for round_ in Round.objects.filter(event_id__in=ids).order_by("number"):
        rounds[round_.event_id] = round_  # the last round of each event
    tallies = _tallies(ids)
    for event in events:
        _follow(needs, event.pk)
        if event.pk in needs.events:
            needs.all_tables.append(event.pk)
        words = _next_step(event, rounds.get(event.pk), tallies[event.pk])
        url = reverse("tournaments:manage", args=[event.pk])
        needs.items.append(Item("organiser", ORGANISER, words, url, event.name, "Manage"))


def _tallies(ids: list[int]) -> dict[int, dict[str, int]]:
    """Per event: its open round's tables by status, and the disputes of any round."""
    tallies: dict[int, dict[str, int]] = defaultdict(lambda: defaultdict(int))
    for model in (Match, PodTable):
        shown = Q(round__status=Round.Status.OPEN) | Q(status=model.Status.DISPUTED)
        rows = (
            model.objects.filter(round__event_id__in=ids)
            .exclude(round__status=Round.Status.PREVIEW)
            .filter(shown)
            .values("round__event_id", "status")
            .annotate(n=Count("id"))
        )
        for row in rows:
            tallies[row["round__event_id"]][row["status"]] += row["n"]
    return tallies


def _next_step(event: Event, last: Round | None, tally: dict[str, int]) -> str:
    """ "Round 2 to pair", "3 results missing · 1 dispute", "Round 1 to publish"."""
    disputes = tally.get(Match.Status.DISPUTED, 0)
    said = [count(disputes, "dispute", "disputes")] if disputes else []
    if last is not None and last.is_preview:
        return " · ".join([f"{last.label} to publish", *said])
    if last is not None and last.is_open:
        missing = tally.get(Match.Status.PENDING, 0) + tally.get(Match.Status.REPORTED, 0)
        step = count(missing, "result missing", "results missing") if missing else f"{last.label} to end"
        return " · ".join([step, *said])
    number = last.number + 1 if last is not None else 1
    more = event.rounds is None or number <= event.rounds or event.status == Event.Status.TOP_CUT
    step = f"Round {number} to pair" if more else "Every round played: finish the event"
    return " · ".join([step, *said])
