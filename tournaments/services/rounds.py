"""Rounds: pair (as a preview), edit, publish, end; cut to the top N; finish the event."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import timedelta

from django.db import transaction
from django.utils import timezone
from django.utils.translation import ngettext

from accounts.models import User
from common.words import agree, count
from tournaments import live, notices
from tournaments.errors import Conflict, EventRefusal, Invalid
from tournaments.models import AuditEntry, Event, Match, Playoff, Registration, ResultReport, Round
from tournaments.pairing import (
    NotEnoughPlayersError,
    PairingError,
    RoundPlan,
    pair_swiss_round,
    round_robin_round,
    round_robin_seats,
    top_cut_players,
)
from tournaments.pairing import Pairing as PlannedTable
from tournaments.pairing.pod_standings import ordinal
from tournaments.pairing.records import BYE_GAMES
from tournaments.permissions import Perm, require
from tournaments.pods import services as pods
from tournaments.services import desk, onsite
from tournaments.services import standings as reading
from tournaments.services.common import locked_event, names_of, played_round_count, rounds_of
from tournaments.services.timers import schedule_round_timer
from tournaments.structures import structure_of
from tournaments.webhooks import announce


def _refuse_unfinished_rounds(event: Event) -> None:
    for round_ in rounds_of(event).exclude(status=Round.Status.ENDED):
        if round_.status == Round.Status.PREVIEW:
            raise Conflict(
                EventRefusal.PREVIEW_PENDING,
                f"{round_.label} is already paired as a preview: publish or discard it first.",
            )
        raise Conflict(
            EventRefusal.ROUND_IN_PROGRESS,
            f"{round_.label} is still in progress: every result must be in and the round ended first.",
        )


@transaction.atomic
def pair_next_round(event: Event, by: User, no_legal_list: desk.NoListChoice | None = None) -> Round:
    """Pair the next round as a preview the organiser can check, edit and publish.

    ``no_legal_list``: what happens first to players without a legal list (a constructed event):
    dropped, or paired and marked, each recorded in the history; None decides nothing."""
    event = locked_event(event)
    require(by, Perm.MANAGE, event)
    _refuse_unfinished_rounds(event)
    number = rounds_of(event).count() + 1
    if no_legal_list is not None and event.status in (Event.Status.RUNNING, Event.Status.TOP_CUT):
        _decide_unlisted(event, no_legal_list, by, f"for round {number}", _next_players(event))
    if event.status == Event.Status.TOP_CUT:
        return _pair_cut_round(event, number)
    if event.status != Event.Status.RUNNING:
        raise Conflict(
            EventRefusal.EVENT_NOT_RUNNING,
            f"{event.name} is {event.get_status_display().lower()}; rounds are paired while it runs.",
        )
    assert event.rounds is not None
    if number > event.rounds:
        then = "cut to the top players" if event.wants_top_cut else "finish the event"
        played = ngettext("The %(n)d round has", "All %(n)d rounds have", event.rounds) % {"n": event.rounds}
        raise Conflict(EventRefusal.ALL_ROUNDS_PLAYED, f"{played} been played; {then}.")
    return structure_of(event).create_preview(number)


def create_pairs_preview(event: Event, number: int, round_robin: bool) -> Round:
    """Round ``number`` of Swiss or of the round robin, as a preview (``Pairs.create_preview``)."""
    try:
        plan = _plan(event, number, round_robin)
    except PairingError as exc:
        raise Conflict(EventRefusal.CANNOT_PAIR, f"Round {number} cannot be paired: {exc}") from None
    stage = Round.Stage.ROUND_ROBIN if round_robin else Round.Stage.SWISS
    return _create_round(event, number, stage, plan.pairings, plan.bye_explanation)


def _next_players(event: Event) -> list[int] | None:
    """Who the next round pairs: the bracket's players in the top cut, else everyone playing (None)."""
    if event.status != Event.Status.TOP_CUT:
        return None
    state = reading.bracket(event)
    return [] if state is None else [p for m in state.current for p in (m.a, m.b)]


def _decide_unlisted(
    event: Event, choice: desk.NoListChoice, by: User, when: str, players: list[int] | None
) -> list[Registration]:
    """Drop, or pair and mark, the players (of ``players``, else everyone playing) without a legal list."""
    unlisted = desk.without_legal_list(event, players)
    if unlisted and choice == desk.NoListChoice.DROP and event.status == Event.Status.TOP_CUT:
        raise Invalid(
            EventRefusal.NO_LIST_CHOICE,
            "In the top cut the bracket decides who plays: enter their lists, or pair them marked "
            "(no_legal_list: pair).",
        )
    return desk.decide_unlisted(event, unlisted, choice, by, when, played_round_count(event))


def _plan(event: Event, number: int, round_robin: bool) -> RoundPlan:
    if round_robin:
        starters = Registration.objects.filter(event=event).exclude(dropped_after_round=0)
        seats = round_robin_seats([r.player_id for r in starters], event.seed)
        dropped = {r.player_id for r in starters if r.dropped_after_round is not None}
        return round_robin_round(seats, number, dropped, names_of(seats))
    players = reading.entries(event)
    if sum(not p.dropped for p in players) < 2:
        raise Conflict(EventRefusal.TOO_FEW_PLAYERS, "Fewer than two players are still playing.")
    names = names_of([p.id for p in players])
    return pair_swiss_round(players, reading.history(event), number, event.seed, reading.swiss_settings(event), names)


def _create_round(
    event: Event, number: int, stage: str, tables: Sequence[PlannedTable], bye_explanation: str = ""
) -> Round:
    round_ = Round.objects.create(event=event, number=number, stage=stage, bye_explanation=bye_explanation)
    Match.objects.bulk_create(
        Match(round=round_, table=t.table, player_a_id=t.a, player_b_id=t.b, explanation=t.explanation) for t in tables
    )
    return round_


def _pair_cut_round(event: Event, number: int) -> Round:
    state = reading.bracket(event)
    if state is None or state.finished:
        raise Conflict(EventRefusal.TOP_CUT_OVER, "The top cut is over: finish the event.")
    names = names_of(state.seeds)
    seed = {player: n for n, player in enumerate(state.seeds, 1)}
    tables = [
        PlannedTable(n, m.a, m.b, f"top cut: {names[m.a]} (seed {seed[m.a]}) v {names[m.b]} (seed {seed[m.b]})")
        for n, m in enumerate(state.current, 1)
    ]
    return _create_round(event, number, Round.Stage.TOP_CUT, tables)


@transaction.atomic
def discard_preview(round_: Round, by: User) -> None:
    event = locked_event(round_.event_id)
    require(by, Perm.MANAGE, event)
    round_ = Round.objects.select_for_update().get(pk=round_.pk)
    if round_.status != Round.Status.PREVIEW:
        raise Conflict(EventRefusal.ROUND_PUBLISHED, f"{round_.label} is published; only a preview can be discarded.")
    round_.delete()


@transaction.atomic
def edit_pairings(round_: Round, tables: Sequence[tuple[int, int | None]], by: User) -> Round:
    """Replace a preview's tables with the organiser's (player ids; ``None`` is a bye)."""
    event = locked_event(round_.event_id)
    require(by, Perm.MANAGE, event)
    round_ = Round.objects.select_for_update().get(pk=round_.pk)
    if round_.status != Round.Status.PREVIEW:
        raise Conflict(
            EventRefusal.ROUND_PUBLISHED, f"{round_.label} is published; its pairings can no longer be edited."
        )
    if round_.stage == Round.Stage.TOP_CUT:
        raise Conflict(EventRefusal.TOP_CUT_FIXED, "Top-cut pairings follow the bracket and cannot be edited.")
    if round_.stage == Round.Stage.PODS:
        raise Conflict(EventRefusal.NOT_A_POD_ROUND, f"{round_.label} is played in pods: edit its pods, not pairs.")
    _validate_tables(event, tables)
    before = current_tables(round_)
    if list(tables) == before:
        return round_  # nothing changed: the pairer's reasons stay
    met = {frozenset((a, b)): number for a, b, number in _earlier_pairs(event, round_.number)}
    names = names_of([p for table in tables for p in table if p is not None])
    round_.matches.all().delete()
    Match.objects.bulk_create(
        Match(round=round_, table=n, player_a_id=a, player_b_id=b, explanation=_edited_note(a, b, met, names))
        for n, (a, b) in enumerate(tables, 1)
    )
    AuditEntry.objects.create(
        event=event, by=by, kind=AuditEntry.Kind.PAIRINGS, subject=round_.label,
        note="pairings changed by the organiser: " + "; ".join(table_changes(before, tables)),
    )  # fmt: skip
    return round_


Table = tuple[int, int | None]


def current_tables(round_: Round) -> list[Table]:
    """A preview's tables as (player, opponent or None for a bye), table 1 first."""
    rows = round_.matches.order_by("table").values_list("player_a_id", "player_b_id")
    return [(a, b) for a, b in rows]


def check_tables(round_: Round, tables: Sequence[Table]) -> None:
    """Refuse, as saving them would, tables that cannot be used in this preview (nothing changes)."""
    if round_.stage == Round.Stage.TOP_CUT:
        raise Conflict(EventRefusal.TOP_CUT_FIXED, "Top-cut pairings follow the bracket and cannot be edited.")
    _validate_tables(round_.event, tables)


def table_changes(before: Sequence[Table], after: Sequence[Table]) -> list[str]:
    """The tables that differ, in words: "table 1: Eva v Mira (was Eva v Corvin)"."""
    names = names_of([p for table in (*before, *after) for p in table if p is not None])

    def said(table: Table | None) -> str:
        if table is None:
            return "no table"
        a, b = table
        return f"{names[a]} gets the bye" if b is None else f"{names[a]} v {names[b]}"

    changes = []
    for number in range(1, max(len(before), len(after)) + 1):
        old = before[number - 1] if number <= len(before) else None
        new = after[number - 1] if number <= len(after) else None
        if old != new:
            changes.append(f"table {number}: {said(new)} (was {said(old)})")
    return changes


def _edited_note(a: int, b: int | None, met: dict[frozenset[int], int], names: dict[int, str]) -> str:
    if b is None:
        return f"{names[a]} gets the bye: set by the organiser"
    when = met.get(frozenset((a, b)))
    rematch = f" (a rematch: they met in round {when})" if when else ""
    return f"{names[a]} v {names[b]}: set by the organiser{rematch}"


def _earlier_pairs(event: Event, before: int) -> list[tuple[int, int, int]]:
    """(player, opponent, round number) of every earlier table with two players."""
    matches = Match.objects.filter(round__event=event, round__number__lt=before, player_b__isnull=False)
    rows = matches.order_by("round__number").values_list("player_a_id", "player_b_id", "round__number")
    return [(a, b, number) for a, b, number in rows if b is not None]


def _validate_tables(event: Event, tables: Sequence[tuple[int, int | None]]) -> None:
    """Refuse tables that seat a player twice, seat someone not playing, leave someone out or give
    too many byes; the reason names the players and the table numbers."""
    active = set(
        Registration.objects.filter(event=event, dropped_after_round__isnull=True).values_list("player_id", flat=True)
    )
    seats: dict[int, list[int]] = {}
    for number, table in enumerate(tables, 1):
        for player in (p for p in table if p is not None):
            seats.setdefault(player, []).append(number)
    names = names_of([*seats, *active])
    problems = [
        f"{names[p]} is paired more than once ({_tables_text(ns)})"
        for p, ns in sorted(seats.items(), key=lambda item: item[1]) if len(ns) > 1
    ]  # fmt: skip
    problems += [
        f"table {ns[0]}: {names[p]} is not playing (dropped or not registered)"
        for p, ns in seats.items()
        if p not in active
    ]
    missing = sorted(names[p] for p in active if p not in seats)
    if missing:
        problems.append(f"left out: {', '.join(missing)}")
    problems += [f"table {n}: a player cannot play themselves" for n, (a, b) in enumerate(tables, 1) if a == b]
    byes = [n for n, (_a, b) in enumerate(tables, 1) if b is None]
    if len(byes) > len(active) % 2:
        problems.append(
            f"{len(byes)} byes (tables {', '.join(map(str, byes))}) for {count(len(active), 'player', 'players')}"
        )
    if problems:
        raise Invalid(EventRefusal.BAD_PAIRINGS, "These pairings cannot be used: " + "; ".join(problems) + ".")


def _tables_text(numbers: Sequence[int]) -> str:
    distinct = sorted(set(numbers))
    return f"table {distinct[0]}" if len(distinct) == 1 else "tables " + " and ".join(map(str, distinct))


@transaction.atomic
def publish_round(
    round_: Round,
    by: User,
    tables: Sequence[Table] | None = None,
    seating: Sequence[Sequence[int]] | None = None,
    no_legal_list: desk.NoListChoice | None = None,
) -> Round:
    """Make a preview the round being played: byes are recorded and the round clock starts.

    ``no_legal_list``: what happens to the preview's players without a legal list (a constructed
    event): paired and marked (the round goes up with them), or dropped, and then the round is
    paired again without them and the new preview returned, unpublished, for the organiser to
    check; each recorded in the history. None decides nothing.

    ``tables`` (or, in a pod round, ``seating``: the pods): the organiser's pairings as the preview's form holds
    them, unsaved changes included; they are checked and saved as "Save" would, in the same
    transaction, so the round goes up exactly as the organiser last saw it (or nothing changes)."""
    event = locked_event(round_.event_id)
    require(by, Perm.MANAGE, event)
    round_ = Round.objects.select_for_update().get(pk=round_.pk)
    if round_.status != Round.Status.PREVIEW:
        raise Conflict(EventRefusal.ROUND_PUBLISHED, f"{round_.label} is already published.")
    if tables is not None and list(tables) != current_tables(round_):
        edit_pairings(round_, tables, by)
    if seating is not None and [list(p) for p in seating] != pods.current_pods(round_):
        pods.edit_pods(round_, seating, by)
    if no_legal_list is not None:
        when = f"for {round_.label.lower()}"
        if _decide_unlisted(event, no_legal_list, by, when, _players_of(round_)):
            round_.delete()  # the preview seated players just dropped: pair the round again without them
            return pair_next_round(event, by)
    dropped = Registration.objects.filter(
        event=event, dropped_after_round__isnull=False, player__in=_players_of(round_)
    ).select_related("player")
    if dropped:
        names = ", ".join(r.player.public_name for r in dropped)
        raise Conflict(
            EventRefusal.PREVIEW_OUTDATED, f"{names} dropped after this preview was made: discard it and pair again."
        )
    now = timezone.now()
    round_.set_status(Round.Status.OPEN, by=by)
    round_.published_at = now
    round_.ends_at = now + timedelta(minutes=event.round_minutes)
    round_.timer_version += 1
    round_.save()
    if event.played_on_site:
        onsite.start_matches(round_)
    for bye in round_.matches.filter(player_b__isnull=True):
        bye.a_games, bye.b_games, bye.draws = BYE_GAMES
        bye.set_status(Match.Status.CONFIRMED)
        bye.save()
        ResultReport.objects.create(match=bye, kind=ResultReport.Kind.AUTO, a_games=2, b_games=0, draws=0)
    schedule_round_timer(round_)
    if round_.stage == Round.Stage.PODS:
        pods.published(round_)
    announce.round_paired(round_)
    notices.round_published(round_)
    return round_


def _players_of(round_: Round) -> list[int]:
    return [p for m in round_.matches.all() for p in m.players()] + pods.seated_players(round_)


@transaction.atomic
def add_time(round_: Round, minutes: int, by: User) -> Round:
    event = locked_event(round_.event_id)
    require(by, Perm.MANAGE, event)
    round_ = Round.objects.select_for_update().get(pk=round_.pk)
    if round_.status != Round.Status.OPEN or round_.ends_at is None:
        raise Conflict(EventRefusal.ROUND_NOT_IN_PROGRESS, f"{round_.label} is not in progress.")
    if not -60 <= minutes <= 120 or minutes == 0:
        raise Invalid(EventRefusal.BAD_TIME_CHANGE, "Add between 1 and 120 minutes (or take away up to 60).")
    round_.ends_at = max(round_.ends_at, timezone.now()) + timedelta(minutes=minutes)
    round_.timer_version += 1
    round_.time_called_at = None
    round_.save(update_fields=["ends_at", "timer_version", "time_called_at"])
    round_.matches.update(time_called=False)
    round_.pod_tables.update(time_called=False)
    schedule_round_timer(round_)
    live.round_changed(round_.event_id)  # the projector's clock
    return round_


@transaction.atomic
def end_round(round_: Round, by: User) -> Round:
    event = locked_event(round_.event_id)
    require(by, Perm.MANAGE, event)
    round_ = Round.objects.select_for_update().get(pk=round_.pk)
    if round_.status != Round.Status.OPEN:
        raise Conflict(
            EventRefusal.ROUND_NOT_IN_PROGRESS,
            f"{round_.label} is {round_.get_status_display().lower()}; only a round in progress can end.",
        )
    open_tables = [str(m.table) for m in round_.matches.exclude(status=Match.Status.CONFIRMED)]
    if open_tables:
        raise Conflict(
            EventRefusal.RESULTS_UNCONFIRMED,
            f"{round_.label} still has unconfirmed results at table {', '.join(open_tables)}.",
        )
    open_pods = pods.open_tables(round_)
    if open_pods:
        raise Conflict(
            EventRefusal.RESULTS_UNCONFIRMED,
            f"{round_.label} still has unconfirmed places in pod {', '.join(map(str, open_pods))}.",
        )
    round_.set_status(Round.Status.ENDED, by=by)
    round_.ended_at = timezone.now()
    round_.timer_version += 1
    round_.save()
    announce.round_ended(round_)
    return round_


@transaction.atomic
def cut_to_top(event: Event, by: User) -> Round:
    """Seed the top N from the standings and pair the first cut round as a preview."""
    event = locked_event(event)
    require(by, Perm.MANAGE, event)
    if not event.wants_top_cut:
        raise Conflict(EventRefusal.NO_TOP_CUT, f"{event.name} has no top cut.")
    if event.status != Event.Status.RUNNING:
        raise Conflict(
            EventRefusal.EVENT_NOT_RUNNING, f"{event.name} is {event.get_status_display().lower()}; it cannot cut now."
        )
    _refuse_unfinished_rounds(event)
    played = rounds_of(event).count()
    if event.rounds is not None and played < event.rounds:
        of = f"{count(event.rounds, 'Swiss round', 'Swiss rounds')} {agree(played, 'has', 'have')}"
        raise Conflict(EventRefusal.SWISS_NOT_OVER, f"Only {played} of {of} been played.")
    try:
        seeds = top_cut_players([row.standing for row in reading.standings(event)], event.top_cut)
    except NotEnoughPlayersError as exc:
        raise Conflict(EventRefusal.CANNOT_CUT, str(exc)) from None
    event.cut_seeds = list(seeds)
    event.save(update_fields=["cut_seeds"])
    event.set_status(Event.Status.TOP_CUT, by=by)
    return _pair_cut_round(event, played + 1)


def finish_refusal(event: Event) -> str:
    """Why the event cannot finish now, in words ("" when it can): a running event finishes once its
    last Swiss round has ended (an event with a top cut cuts first); a top cut once its final has a winner."""
    if event.status == Event.Status.TOP_CUT:
        state = reading.bracket(event)
        return "" if state is None or state.finished else "The top cut is still being played."
    if event.status != Event.Status.RUNNING:
        return f"{event.name} is {event.get_status_display().lower()}; only a running event can finish."
    played = rounds_of(event).count()
    if event.rounds is not None and played < event.rounds:
        of = f"{count(event.rounds, 'round', 'rounds')} {agree(played, 'has', 'have')}"
        return f"Only {played} of {of} been played; play them all before finishing."
    if event.wants_top_cut:
        return f"{event.name} has a top cut: cut to the top {event.top_cut} before finishing."
    waiting = Playoff.objects.filter(event=event, winner__isnull=True).select_related("player_a", "player_b").first()
    if waiting is not None:
        return (
            f"The playoff for {ordinal(waiting.place)} place ({waiting.player_a.public_name} v "
            f"{waiting.player_b.public_name}) has no winner yet; record it before finishing."
        )
    return ""


@transaction.atomic
def finish_event(event: Event, by: User) -> Event:
    event = locked_event(event)
    require(by, Perm.MANAGE, event)
    _refuse_unfinished_rounds(event)
    reason = finish_refusal(event)
    if reason:
        code = EventRefusal.TOP_CUT_NOT_OVER if event.status == Event.Status.TOP_CUT else EventRefusal.CANNOT_FINISH
        raise Conflict(code, reason)
    event.set_status(Event.Status.FINISHED, by=by)
    announce.event_finished(event)
    return event
