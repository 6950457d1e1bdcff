"""The waiting list of a full event.

A player may join it while the event takes entries and every place is taken (or held by an offer);
they see their place on the list and may leave it. When a place frees, ``capacity.offer_places``
offers it to the first on the list who holds no offer yet (``place_offered`` goes out). An offer
holds until the player accepts it (they are registered, by ``registration.register``: the
capacity rules and the event's row lock as ever), declines it (they leave the list, and the place
is offered to the next), or lets it lapse (``capacity.offer_deadline``: at most a day; ``lapse``,
fired by the kind of deadline ``waiting-offer``: they leave the list, are told, and the place is
offered to the next). Nobody else may take a place an offer holds, so no one jumps the queue.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime

from django.db import transaction
from django.utils import timezone

from accounts.models import User
from tournaments import notices
from tournaments.errors import Conflict, EventRefusal
from tournaments.models import Event, Registration, WaitingEntry
from tournaments.permissions import Perm, require
from tournaments.services import capacity, registration
from tournaments.services.common import locked_event


@dataclass(frozen=True)
class Place:
    """A player's place on the waiting list: 1 is first; ``offered`` when a place is theirs to take,
    until ``expires_at``."""

    position: int
    offered: bool
    expires_at: datetime | None = None


def waiting_list(event: Event) -> list[WaitingEntry]:
    return list(WaitingEntry.objects.filter(event=event).select_related("player"))


def place_of(event: Event, player_id: int | None) -> Place | None:
    """Where ``player_id`` stands on the waiting list (None: not on it)."""
    if player_id is None:
        return None
    for position, entry in enumerate(waiting_list(event), start=1):
        if entry.player_id == player_id:
            offered = entry.offered_at is not None
            return Place(position, offered, entry.offer_expires_at if offered else None)
    return None


def list_for_organiser(event: Event, by: User) -> list[WaitingEntry]:
    """The whole list, in order, for the event's organiser (and staff); anyone else is refused."""
    require(by, Perm.MANAGE, event)
    return waiting_list(event)


def join_refusal(event: Event, player: User) -> Conflict | None:
    """Why ``player`` cannot join the waiting list now (None when they can)."""
    if Registration.objects.filter(event=event, player=player, dropped_after_round__isnull=True).exists():
        return Conflict(EventRefusal.ALREADY_REGISTERED, f"{player.public_name} is registered for {event.name}.")
    if WaitingEntry.objects.filter(event=event, player=player).exists():
        return Conflict(
            EventRefusal.ALREADY_WAITING, f"{player.public_name} is already on the waiting list of {event.name}."
        )
    if not registration.takes_entries(event):
        return Conflict(
            EventRefusal.REGISTRATION_CLOSED, f"{event.name} is not taking registrations; it has no waiting list now."
        )
    if not capacity.is_full_for(event, player.pk):
        return Conflict(EventRefusal.NOT_FULL, f"{event.name} has a free place; register instead of waiting.")
    return None


@transaction.atomic
def join(event: Event, player: User) -> WaitingEntry:
    event = locked_event(event)
    refusal = join_refusal(event, player)
    if refusal is not None:
        raise refusal
    entry = WaitingEntry.objects.create(event=event, player=player)
    capacity.offer_places(event)  # a place may be free that no one was waiting for
    return entry


def _entry(event: Event, player: User) -> WaitingEntry:
    entry = WaitingEntry.objects.select_for_update().filter(event=event, player=player).first()
    if entry is None:
        raise Conflict(EventRefusal.NOT_WAITING, f"{player.public_name} is not on the waiting list of {event.name}.")
    return entry


@transaction.atomic
def leave(event: Event, player: User) -> None:
    """Leave the waiting list (declining an offer, if one is held): the next is offered the place."""
    event = locked_event(event)
    _entry(event, player).delete()
    capacity.offer_places(event)


@transaction.atomic
def accept(event: Event, player: User) -> Registration:
    """Take the offered place: the player is registered and leaves the list."""
    event = locked_event(event)
    entry = _entry(event, player)
    if entry.offered_at is None:
        raise Conflict(
            EventRefusal.NO_OFFER,
            f"No place of {event.name} is offered to {player.public_name} yet; "
            "a place is offered to the first on the waiting list when one frees up.",
        )
    if entry.offer_expires_at is not None and entry.offer_expires_at <= timezone.now():
        raise Conflict(
            EventRefusal.OFFER_LAPSED,
            f"The place of {event.name} offered to {player.public_name} has lapsed: it was not taken "
            "in time and goes to the next on the waiting list.",
        )
    return registration.register(event, player)


@transaction.atomic
def lapse(entry_id: int, version: int, now: datetime) -> int:
    """The place offered to ``entry_id`` (under its ``offer_version``) was not taken in time: the
    player leaves the list and is told, and the place goes to the next (``offer_places``). 1 if it
    lapsed now, 0 if there was nothing to do (taken, turned down, not yet due, another offer)."""
    event_id = WaitingEntry.objects.filter(pk=entry_id).values_list("event_id", flat=True).first()
    if event_id is None:
        return 0
    event = locked_event(event_id)  # the event first, as every change of its places
    entry = WaitingEntry.objects.select_for_update().filter(pk=entry_id).select_related("player").first()
    due = (
        entry is not None and entry.offered_at is not None and entry.offer_version == version
        and entry.offer_expires_at is not None and entry.offer_expires_at <= now
    )  # fmt: skip
    if not due:
        return 0
    assert entry is not None
    notices.offer_lapsed(event, entry)
    entry.delete()
    capacity.offer_places(event)
    return 1
