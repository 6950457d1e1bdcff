"""Helpers every event service shares: locking and small lookups."""

from __future__ import annotations

from collections.abc import Iterable

from django.db.models import QuerySet

from accounts.models import User
from tournaments.errors import Conflict, EventRefusal
from tournaments.models import Event, Registration, Round


def locked_event(event: Event | int) -> Event:
    """The event row, locked until the transaction ends (call inside ``transaction.atomic``)."""
    pk = event.pk if isinstance(event, Event) else event
    return Event.objects.select_for_update().get(pk=pk)


def refuse_if_finished(event: Event) -> None:
    if event.status == Event.Status.FINISHED:
        raise Conflict(EventRefusal.EVENT_FINISHED, f"{event.name} is finished; nothing about it can change.")


def rounds_of(event: Event) -> QuerySet[Round]:
    return Round.objects.filter(event=event).order_by("number")


def played_round_count(event: Event) -> int:
    """Rounds that have been published (open or ended)."""
    return rounds_of(event).exclude(status=Round.Status.PREVIEW).count()


def active_registrations(event: Event) -> QuerySet[Registration]:
    return Registration.objects.filter(event=event, dropped_after_round__isnull=True).select_related("player")


def display_name(registration: Registration) -> str:
    return registration.player.public_name


def names_of(ids: Iterable[int]) -> dict[int, str]:
    """Players' public names by id (never usernames); an id no account has reads "an unknown player"."""
    wanted = set(ids)
    found = {u.pk: u.public_name for u in User.objects.filter(pk__in=wanted)}
    return {i: found.get(i, "an unknown player") for i in wanted}
