"""Read-side lookups that fold access control into the query (404 for what you may not see)."""

from __future__ import annotations

from collections.abc import Iterable

from django.contrib.auth.models import AnonymousUser
from django.db.models import Q, QuerySet
from django.shortcuts import get_object_or_404

from accounts.models import User
from tournaments.errors import EventRefusal, NotFound
from tournaments.models import Event, Match, PodReport, PodTable, ResultReport, Round
from tournaments.permissions import Perm, has_permission


def visible_events(user: User | AnonymousUser) -> QuerySet[Event]:
    """Everyone sees events once they are open; one not yet open (stored ``draft``) only its
    organiser (and staff) see."""
    events = Event.objects.select_related("organiser")
    if user.is_authenticated and user.is_staff:
        return events
    if user.is_authenticated:
        return events.filter(~Q(status=Event.Status.DRAFT) | Q(organiser=user))
    return events.exclude(status=Event.Status.DRAFT)


def event_for(user: User | AnonymousUser, pk: int) -> Event:
    return get_object_or_404(visible_events(user), pk=pk)


def round_for(user: User | AnonymousUser, pk: int) -> Round:
    """A round; previews are shown to those who manage the event only."""
    round_ = get_object_or_404(Round.objects.select_related("event"), pk=pk, event__in=visible_events(user))
    if round_.status == Round.Status.PREVIEW and not _manages(user, round_.event):
        raise_not_found()
    return round_


def match_for(user: User | AnonymousUser, pk: int) -> Match:
    match = get_object_or_404(
        Match.objects.select_related("round__event", "player_a", "player_b"),
        pk=pk,
        round__event__in=visible_events(user),
    )
    if match.round.status == Round.Status.PREVIEW and not _manages(user, match.round.event):
        raise_not_found()
    return match


def pod_table_for(user: User | AnonymousUser, pk: int) -> PodTable:
    """A pod of a visible event; a preview's pods are shown to those who manage it only."""
    table = get_object_or_404(
        PodTable.objects.select_related("round__event", "reported_by", "confirmed_by"),
        pk=pk,
        round__event__in=visible_events(user),
    )
    if table.round.status == Round.Status.PREVIEW and not _manages(user, table.round.event):
        raise_not_found()
    return table


def my_pod(user: User | AnonymousUser, round_: Round) -> PodTable | None:
    """The user's pod in this round, if they sit in one."""
    if not user.is_authenticated:
        return None
    return round_.pod_tables.filter(seats__player=user).first()


def player_pods(event: Event, player_id: int) -> QuerySet[PodTable]:
    """The player's published pods in the event, by round (previews are not shown)."""
    return (
        PodTable.objects.filter(round__event=event, seats__player_id=player_id)
        .exclude(round__status=Round.Status.PREVIEW)
        .select_related("round__event")
        .prefetch_related("seats__player")
        .order_by("round__number")
    )


def disputed_pods(event: Event) -> QuerySet[PodTable]:
    """The event's pods whose places are disputed, by round and pod."""
    return PodTable.objects.filter(round__event=event, status=PodTable.Status.DISPUTED).select_related("round__event")


def pod_result_log(event: Event) -> QuerySet[PodReport]:
    """Every report, confirmation, dispute and judge's setting of the event's pods, oldest first (staff only)."""
    return (
        PodReport.objects.filter(table__round__event=event)
        .select_related("by", "table__round__event")
        .order_by("at", "id")
    )


def pod_reports(table: PodTable) -> QuerySet[PodReport]:
    """Every report, confirmation, dispute and judge's setting of one pod, oldest first."""
    return table.reports.select_related("by").order_by("at", "id")


def public_rounds(user: User | AnonymousUser, event: Event) -> QuerySet[Round]:
    rounds = Round.objects.filter(event=event).order_by("number")
    return rounds if _manages(user, event) else rounds.exclude(status=Round.Status.PREVIEW)


def public_round(user: User | AnonymousUser, event: Event, number: int) -> Round:
    """A published round of the event by number (previews: those who manage it only)."""
    return get_object_or_404(public_rounds(user, event), number=number)


def current_round(user: User | AnonymousUser, event: Event) -> Round | None:
    """The event's latest published round, or None before the first is published."""
    return public_rounds(user, event).exclude(status=Round.Status.PREVIEW).last()


def player_matches(event: Event, player_id: int) -> QuerySet[Match]:
    """The player's published matches in the event, by round (previews are not shown)."""
    return (
        Match.objects.filter(round__event=event)
        .exclude(round__status=Round.Status.PREVIEW)
        .filter(Q(player_a_id=player_id) | Q(player_b_id=player_id))
        .select_related("round__event", "player_a", "player_b")
        .order_by("round__number")
    )


def my_match(user: User | AnonymousUser, round_: Round) -> Match | None:
    """The user's match (table) in this round, if they play in it."""
    if not user.is_authenticated:
        return None
    return round_.matches.filter(player_a=user).first() or round_.matches.filter(player_b=user).first()


def public_names(user_ids: Iterable[int]) -> dict[int, str]:
    """The public name of each of these users, by id."""
    return {u.pk: u.public_name for u in User.objects.filter(pk__in=list(user_ids))}


def _manages(user: User | AnonymousUser, event: Event) -> bool:
    return has_permission(user, Perm.MANAGE, event)


def raise_not_found() -> None:
    raise NotFound(EventRefusal.NO_SUCH_ROUND, "No such round.")


def match_reports(match: Match) -> QuerySet[ResultReport]:
    """Every report, confirmation and override of one match, oldest first."""
    return match.reports.select_related("by").order_by("at", "id")


def result_log(event: Event) -> QuerySet[ResultReport]:
    """Every result report, confirmation and override of the event, oldest first (staff only)."""
    return (
        ResultReport.objects.filter(match__round__event=event)
        .select_related("by", "match__round__event", "match__player_a", "match__player_b")
        .order_by("at", "id")
    )


def disputed_matches(event: Event) -> QuerySet[Match]:
    """The event's matches whose players reported different results, by round and table."""
    return Match.objects.filter(round__event=event, status=Match.Status.DISPUTED).select_related(
        "round__event", "player_a", "player_b"
    )
