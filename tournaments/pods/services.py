"""Pod events: a round's pods (preview, edit, publish) and placements (report, confirm, dispute, set).

The bridge between the pod rows (``PodTable``, ``PodSeat``, ``PodReport``) and the pure
``tournaments.pairing.pod_seating`` and ``tournaments.pairing.pod_standings``. A pod round is paired,
published, timed and ended by ``tournaments.services.rounds`` like any round (it calls
``create_preview`` and ``published`` here); this module makes and edits the pods and holds
everything about placements. Reading (settings, results, standings, a round's pods) lives in
``tournaments.pods.reading``; its names are re-exported here. Every refusal is an
``EventError`` raised before anything is written; every change of places is a ``PodReport`` row
and an entry in the event's history, in words.
"""

from __future__ import annotations

import logging
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from django.db import transaction
from django.dispatch import Signal
from django.utils import timezone

from accounts.models import User
from common.words import count
from tournaments import notices
from tournaments.errors import Conflict, EventRefusal, Forbidden, Invalid
from tournaments.models import AuditEntry, Event, PodReport, PodSeat, PodTable, Round
from tournaments.pairing import (
    PairingError,
    PodEditError,
    PodPlan,
    PodPlayer,
    edited_pod_plan,
    pair_pod_round,
    placement_problems,
    players_for_pairing,
)
from tournaments.pairing.pod_standings import ordinal
from tournaments.permissions import Perm, require
from tournaments.pods.reading import PodStandingRow as PodStandingRow
from tournaments.pods.reading import history as history
from tournaments.pods.reading import placement_points as placement_points
from tournaments.pods.reading import pod_settings as pod_settings
from tournaments.pods.reading import pure_standings as pure_standings
from tournaments.pods.reading import results as results
from tournaments.pods.reading import seat_data as seat_data
from tournaments.pods.reading import standings as standings
from tournaments.pods.reading import tables_of as tables_of
from tournaments.services.common import locked_event, names_of
from tournaments.webhooks import announce

log = logging.getLogger(__name__)

#: Sent after the commit that publishes a pod round, with ``round=`` (the ``Round``); the deck-swap
#: draft connects to it. Receivers run after the commit, so a failing receiver cannot undo the round;
#: it is logged and the organiser's request still succeeds.
pod_round_published = Signal()

#: The longest note a player may add to a dispute.
NOTE_LENGTH = 500


# --- settings (read them with ``tournaments.pods.reading``, re-exported here) ------------------------------


def validate_pod_settings(event: Event) -> None:
    """Refuse pod sizes or placement points the event cannot use, in words (any structure: the
    fields keep their defaults in other events)."""
    if not all(2 <= n <= 6 for n in (event.pod_minimum, event.pod_size, event.pod_maximum)):
        raise Invalid(EventRefusal.BAD_POD_SIZES, "Pods seat 2 to 6 players: the game allows no other size.")
    if not event.pod_minimum <= event.pod_size <= event.pod_maximum:
        raise Invalid(
            EventRefusal.BAD_POD_SIZES,
            f"The pod size ({event.pod_size}) must lie between the smallest ({event.pod_minimum}) and the "
            f"largest pod ({event.pod_maximum}).",
        )
    table = event.placement_points
    if (
        not isinstance(table, list)
        or not 1 <= len(table) <= 6
        or not all(isinstance(n, int) and not isinstance(n, bool) and 0 <= n <= 100 for n in table)
    ):
        raise Invalid(
            EventRefusal.BAD_PLACEMENT_POINTS,
            "Placement points are 1 to 6 whole numbers from 0 to 100: the points for 1st, 2nd, 3rd, ….",
        )
    try:
        placement_points(event)
    except PairingError:
        raise Invalid(
            EventRefusal.BAD_PLACEMENT_POINTS, "Placement points may never rise with the place: 1st earns the most."
        ) from None


def _pairing_input(event: Event) -> list[PodPlayer]:
    """Each entered player's points and drop, for the pairer (late entries join with 0 points)."""
    return players_for_pairing(pure_standings(event))


# --- a round's pods ---------------------------------------------------------------------------


def plan_round(event: Event, number: int) -> PodPlan:
    """The pods of round ``number`` from the standings and the earlier pods, with the pairer's words."""
    players = _pairing_input(event)
    playing = sum(not p.dropped for p in players)
    if playing < event.pod_minimum:
        raise Conflict(
            EventRefusal.TOO_FEW_PLAYERS,
            f"{count(playing, 'player is', 'players are')} still in the event; "
            f"a pod needs at least {event.pod_minimum}.",
        )
    names = names_of(p.id for p in players)
    try:
        return pair_pod_round(players, history(event), number, event.seed, pod_settings(event), names)
    except PairingError as exc:
        raise Conflict(EventRefusal.CANNOT_PAIR, f"Round {number} cannot be seated: {exc}.") from None


def create_preview(event: Event, number: int) -> Round:
    """The preview of pod round ``number`` (the caller holds the event's lock and checked the round may be paired)."""
    plan = plan_round(event, number)
    round_ = Round.objects.create(
        event=event, number=number, stage=Round.Stage.PODS, bye_explanation=plan.sizes_explanation
    )
    _create_tables(round_, plan)
    return round_


def _create_tables(round_: Round, plan: PodPlan) -> None:
    tables = PodTable.objects.bulk_create(
        PodTable(round=round_, table=pod.number, explanation=pod.explanation) for pod in plan.pods
    )
    PodSeat.objects.bulk_create(
        PodSeat(table=table, player_id=player, position=position)
        for table, pod in zip(tables, plan.pods, strict=True)
        for position, player in enumerate(pod.players)
    )


@transaction.atomic
def edit_pods(round_: Round, pods: Sequence[Sequence[int]], by: User) -> Round:
    """Replace a preview's pods with the organiser's (player ids, each pod in seating order)."""
    event = locked_event(round_.event_id)
    require(by, Perm.MANAGE, event)
    round_ = Round.objects.select_for_update().get(pk=round_.pk)
    _require_pod_round(round_)
    if round_.status != Round.Status.PREVIEW:
        raise Conflict(EventRefusal.ROUND_PUBLISHED, f"{round_.label} is published; its pods can no longer be edited.")
    before = current_pods(round_)
    plan = checked_pods(event, round_, pods)
    if [list(pod) for pod in pods] == before:
        return round_  # nothing changed: the pairer's words stay
    round_.pod_tables.all().delete()
    _create_tables(round_, plan)
    round_.bye_explanation = plan.sizes_explanation
    round_.save(update_fields=["bye_explanation"])
    _audit_edit(event, round_, before, [list(pod) for pod in pods], by)
    return round_


def current_pods(round_: Round) -> list[list[int]]:
    """A preview's pods as player ids in seating order, pod 1 first."""
    seats = PodSeat.objects.filter(table__round=round_).order_by("table__table", "position")
    pods: dict[int, list[int]] = {}
    for table, player in seats.values_list("table__table", "player_id"):
        pods.setdefault(table, []).append(player)
    return [pods[number] for number in sorted(pods)]


def checked_pods(event: Event, round_: Round, pods: Sequence[Sequence[int]]) -> PodPlan:
    """The organiser's pods as a plan, or ``Invalid`` naming every problem (nothing is stored)."""
    players = _pairing_input(event)
    names = names_of([*(p.id for p in players), *(p for pod in pods for p in pod)])
    try:
        return edited_pod_plan(players, history(event), round_.number, pods, pod_settings(event), names)
    except PodEditError as exc:
        raise Invalid(EventRefusal.BAD_PODS, "These pods cannot be used: " + "; ".join(exc.problems) + ".") from None


def pod_changes(before: Sequence[Sequence[int]], after: Sequence[Sequence[int]]) -> list[str]:
    """The pods that differ, in words: "pod 2: Ann, Bo, Cy (was Ann, Bo, Dee)"; a pod made new or
    emptied says so."""
    names = names_of([p for pod in (*before, *after) for p in pod])
    changes = []
    for number in range(1, max(len(before), len(after)) + 1):
        old = list(before[number - 1]) if number <= len(before) else []
        new = list(after[number - 1]) if number <= len(after) else []
        if old == new:
            continue
        now = ", ".join(names[p] for p in new) or "no one (the pod goes)"
        was = ", ".join(names[p] for p in old) or "a new pod"
        changes.append(f"pod {number}: {now} (was {was})")
    return changes


def _audit_edit(event: Event, round_: Round, before: list[list[int]], after: list[list[int]], by: User) -> None:
    changes = pod_changes(before, after)
    if changes:
        AuditEntry.objects.create(
            event=event, by=by, kind=AuditEntry.Kind.PAIRINGS, subject=round_.label,
            note="pods changed by the organiser: " + "; ".join(changes),
        )  # fmt: skip


def _require_pod_round(round_: Round) -> None:
    if round_.stage != Round.Stage.PODS:
        raise Conflict(EventRefusal.NOT_A_POD_ROUND, f"{round_.label} is played in pairs, not in pods.")


def seated_players(round_: Round) -> list[int]:
    return list(PodSeat.objects.filter(table__round=round_).values_list("player_id", flat=True))


def published(round_: Round) -> None:
    """A pod round was just published (inside the publishing transaction): tell the receivers after commit."""
    transaction.on_commit(lambda: _announce_published(round_))


def _announce_published(round_: Round) -> None:
    """Every receiver runs; one that fails is logged and does not fail the organiser's request
    (the round is published whatever a receiver does)."""
    for receiver, answer in pod_round_published.send_robust(sender=Round, round=round_):
        if isinstance(answer, Exception):
            log.error("pod_round_published receiver %r failed for round %s", receiver, round_.pk, exc_info=answer)


def open_tables(round_: Round) -> list[int]:
    """Numbers of the round's pods whose places are not confirmed."""
    return list(round_.pod_tables.exclude(status=PodTable.Status.CONFIRMED).values_list("table", flat=True))


def round_complete(round_: Round) -> bool:
    """Every pod of the round has confirmed places (a round without pods is not complete)."""
    return round_.pod_tables.exists() and not open_tables(round_)


# --- placements -------------------------------------------------------------------------------


@dataclass
class _Locked:
    event: Event
    round: Round
    table: PodTable
    seats: list[PodSeat]

    @property
    def players(self) -> list[int]:
        return [seat.player_id for seat in self.seats]

    @property
    def names(self) -> dict[int, str]:
        return {seat.player_id: seat.player.public_name for seat in self.seats}

    def reported(self) -> dict[int, int]:
        return {seat.player_id: seat.reported_placement or 0 for seat in self.seats}


def _locked(table: PodTable) -> _Locked:
    """The event, then the pod, locked in that order (as every result path locks), with its seats."""
    event_id = PodTable.objects.filter(pk=table.pk).values_list("round__event_id", flat=True).get()
    event = locked_event(event_id)
    table = PodTable.objects.select_for_update(of=("self",)).select_related("round__event").get(pk=table.pk)
    seats = list(table.seats.select_related("player").order_by("position"))
    return _Locked(event, table.round, table, seats)


def _require_member(found: _Locked, by: User) -> None:
    if by.pk not in found.players:
        raise Forbidden(EventRefusal.NOT_PLAYING, "You are not playing in this pod.")


def _require_open(found: _Locked) -> None:
    round_ = found.round
    if round_.status == Round.Status.ENDED:
        raise Conflict(
            EventRefusal.ROUND_ENDED, f"{round_.label} has ended; ask a judge or the organiser to change its places."
        )
    if round_.status != Round.Status.OPEN:
        raise Conflict(EventRefusal.ROUND_NOT_PUBLISHED, f"{round_.label} is not published yet.")


def _check(found: _Locked, places: Mapping[int, int]) -> dict[int, int]:
    problems = placement_problems(found.players, places, found.names | names_of(places))
    if problems:
        raise Invalid(EventRefusal.BAD_PLACEMENTS, "These places cannot be used: " + "; ".join(problems) + ".")
    return {player: places[player] for player in found.players}


def places_words(found: _Locked, places: Mapping[int, int]) -> str:
    """ "1st Ann, 2nd Bo, 2nd Cy, 4th Di": best place first, then seating order."""
    order = sorted(found.seats, key=lambda seat: (places[seat.player_id], seat.position))
    return ", ".join(f"{ordinal(places[seat.player_id])} {seat.player.public_name}" for seat in order)


def _record(found: _Locked, by: User | None, kind: str, places: Mapping[int, int], note: str, words: str) -> None:
    """The report row and the history entry (in words), and the pod's new version."""
    PodReport.objects.create(table=found.table, by=by, kind=kind, places=[[p, places[p]] for p in places], note=note)
    AuditEntry.objects.create(
        event=found.event, by=by, kind=AuditEntry.Kind.POD_RESULT, subject=found.table.label[:80],
        new=found.table.status, note=words,
    )  # fmt: skip
    found.table.version += 1


def _store(found: _Locked, field: str, places: Mapping[int, int]) -> None:
    for seat in found.seats:
        setattr(seat, field, places[seat.player_id])
    PodSeat.objects.bulk_update(found.seats, [field])


def _refuse_settled(found: _Locked) -> None:
    table = found.table
    if table.is_confirmed:
        confirmed = {seat.player_id: seat.placement or 0 for seat in found.seats}
        raise Conflict(
            EventRefusal.RESULT_CONFIRMED,
            f"The places are already confirmed ({places_words(found, confirmed)}); ask a judge to change them.",
        )
    if table.is_disputed:
        raise Conflict(
            EventRefusal.RESULT_DISPUTED, "These places are disputed; a judge or the organiser will settle them."
        )


@transaction.atomic
def report_placements(table: PodTable, by: User, places: Mapping[int, int]) -> PodTable:
    """A pod member reports everyone's places. A report awaiting confirmation is replaced by its
    reporter's new one (the same one again changes nothing); another member's report confirms it
    when the places agree and disputes it when they differ."""
    found = _locked(table)
    _require_member(found, by)
    _require_open(found)
    _refuse_settled(found)
    places = _check(found, places)
    table = found.table
    name = by.public_name
    if table.awaits_confirmation and table.reported_by_id == by.pk and places == found.reported():
        return table  # the same report again (a double click): nothing changes
    if table.awaits_confirmation and table.reported_by_id != by.pk:
        if places == found.reported():
            return _confirm(found, by)
        table.set_status(PodTable.Status.DISPUTED)
        words = f"{name} reported other places ({places_words(found, places)}): disputed"
        _record(found, by, PodReport.Kind.REPORT, places, "", words)
        table.save()
        _tell(found, by, "disputed", f"{name} reported other places; a judge or the organiser will settle them")
        return table
    again = table.awaits_confirmation
    table.set_status(PodTable.Status.REPORTED)
    table.reported_by, table.reported_at = by, timezone.now()
    _store(found, "reported_placement", places)
    words = f"{'report corrected' if again else 'reported'} by {name}: {places_words(found, places)}"
    _record(found, by, PodReport.Kind.REPORT, places, "", words)
    table.save()
    said = f"{name} reported the places ({places_words(found, places)}); confirm them or say they are not right"
    _tell(found, by, "reported", said)
    return table


def _tell(found: _Locked, by: User | None, step: str, words: str) -> None:
    """The pod's other members hear of it (``tournaments.notices``), after commit."""
    notices.pod_places(found.table, [seat.player for seat in found.seats], by, step, words)


def _confirm(found: _Locked, by: User) -> PodTable:
    table = found.table
    places = found.reported()
    table.set_status(PodTable.Status.CONFIRMED)
    table.confirmed_by, table.confirmed_at = by, timezone.now()
    _store(found, "placement", places)
    words = f"confirmed by {by.public_name}: {places_words(found, places)}"
    _record(found, by, PodReport.Kind.CONFIRM, places, "", words)
    table.save()
    _tell(found, by, "confirmed", f"{by.public_name} confirmed the places ({places_words(found, places)})")
    announce.pod_confirmed(found.round, table.table)
    return table


def _require_other_member_and_report(found: _Locked, by: User, doing: str) -> None:
    _require_member(found, by)
    _require_open(found)
    table = found.table
    if not table.awaits_confirmation:
        code = EventRefusal.NOTHING_TO_CONFIRM if doing == "confirm" else EventRefusal.NOTHING_TO_DISPUTE
        now = table.get_status_display().lower()
        raise Conflict(code, f"There are no reported places waiting for confirmation (they are {now}).")
    if table.reported_by_id == by.pk:
        raise Conflict(EventRefusal.OWN_REPORT, f"Another player of the pod has to {doing} the places you reported.")


@transaction.atomic
def confirm_placements(table: PodTable, by: User) -> PodTable:
    """Another pod member agrees with the reported places: they are final."""
    found = _locked(table)
    _require_other_member_and_report(found, by, "confirm")
    return _confirm(found, by)


@transaction.atomic
def dispute_placements(table: PodTable, by: User, note: str = "") -> PodTable:
    """Another pod member says the reported places are wrong: a judge or the organiser settles them."""
    found = _locked(table)
    _require_other_member_and_report(found, by, "dispute")
    note = " ".join(note.split())
    if len(note) > NOTE_LENGTH:
        raise Invalid(EventRefusal.NOTE_TOO_LONG, f"A note has at most {NOTE_LENGTH} characters.")
    table = found.table
    table.set_status(PodTable.Status.DISPUTED)
    reported = found.reported()
    said = f" ({note})" if note else ""
    words = f"disputed by {found.names[by.pk]}{said}; the report said {places_words(found, reported)}"
    _record(found, by, PodReport.Kind.DISPUTE, reported, note, words)
    table.save()
    _tell(found, by, "disputed", f"{found.names[by.pk]} disputed the places; a judge or the organiser will settle them")
    return table


@transaction.atomic
def set_placements(table: PodTable, by: User, places: Mapping[int, int]) -> PodTable:
    """A judge or the organiser sets (or changes) a pod's places, also in an ended round."""
    found = _locked(table)
    require(by, Perm.RECORD_RESULTS, found.event)
    if found.event.status == Event.Status.FINISHED:
        raise Conflict(EventRefusal.EVENT_FINISHED, f"{found.event.name} is finished; its places can no longer change.")
    if found.round.status == Round.Status.PREVIEW:
        raise Conflict(
            EventRefusal.ROUND_NOT_PUBLISHED, f"{found.round.label} is a preview; publish it before entering places."
        )
    places = _check(found, places)
    words = _override_words(found, places)
    table = found.table
    table.set_status(PodTable.Status.CONFIRMED)
    table.confirmed_by, table.confirmed_at = by, timezone.now()
    _store(found, "placement", places)
    _record(found, by, PodReport.Kind.OVERRIDE, places, "", words)
    table.save()
    _tell(found, None, "set", f"a judge or the organiser set the places ({places_words(found, places)})")
    announce.pod_confirmed(found.round, table.table)
    return table


def _override_words(found: _Locked, places: Mapping[int, int]) -> str:
    """The history's words for places set by a judge, before the pod changes."""
    after = places_words(found, places)
    table = found.table
    if table.is_disputed:
        return f"dispute settled: {after}"
    if table.awaits_confirmation:
        return f"places set: {after} (the report waiting for confirmation said {places_words(found, found.reported())})"
    if table.is_confirmed:
        before = {seat.player_id: seat.placement or 0 for seat in found.seats}
        return f"places changed to {after} (were {places_words(found, before)})"
    return f"places set: {after}"
