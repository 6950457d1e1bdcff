"""An event's places: how many players may be registered at once (``Event.capacity``; empty is no
limit). A place is taken by every registration that has not dropped; a no-show or a drop frees
theirs. Registering (the player's own, the API's, a walk-in at the desk), undoing a drop and
re-adding a dropped player are refused while every place is taken; lowering the capacity below the
players already registered is refused too. Callers hold the event's row lock, so two players
cannot take the last place at once.

A place offered to the first on the waiting list (``tournaments.services.waiting``) is held for
them: nobody else may take it (no jumping the queue) until they accept or decline, or the offer
lapses (``offer_deadline``; the kind of deadline ``WAITING_OFFER``). Whatever frees a place (a drop,
a no-show, a player dropped at the desk, a raised capacity, an offer lapsed) calls ``offer_places``.
"""

from __future__ import annotations

from datetime import datetime, timedelta
from functools import partial

from django.conf import settings
from django.db import transaction
from django.utils import timezone

from common import deadlines
from common.words import count
from tournaments import notices
from tournaments.errors import Conflict, EventRefusal, Invalid
from tournaments.models import MAX_CAPACITY, Event, WaitingEntry
from tournaments.services.common import active_registrations
from tournaments.signals import place_offered

#: The kind of deadline of a place offered from the waiting list (``tournaments.deadlines``).
WAITING_OFFER = "waiting-offer"
#: The least time an offer is held, however near the start.
SHORTEST_OFFER = timedelta(minutes=15)


def offer_deadline(event: Event, now: datetime) -> datetime:
    """When a place offered at ``now`` lapses: ``WAITING_OFFER_HOURS`` (24) later, but no later than
    half the time left before the event starts (an offer made 6 hours before the start is held 3
    hours), and never less than 15 minutes (the least, too, once the event has started: a late entry)."""
    hold = timedelta(hours=settings.WAITING_OFFER_HOURS)
    if event.starts_at is not None:
        hold = min(hold, (event.starts_at - now) / 2)
    return now + max(hold, SHORTEST_OFFER)


def places_taken(event: Event) -> int:
    return active_registrations(event).count()


def places_words(event: Event, taken: int | None = None) -> str:
    """ "5 of 16 places taken" ("" for an event without a capacity)."""
    if event.capacity is None:
        return ""
    taken = places_taken(event) if taken is None else taken
    return f"{taken} of {count(event.capacity, 'place', 'places')} taken"


def offers_held(event: Event, but_for: int | None = None) -> int:
    """Places offered to players on the waiting list and not yet answered (but ``but_for``'s own)."""
    offers = WaitingEntry.objects.filter(event=event, offered_at__isnull=False)
    if but_for is not None:
        offers = offers.exclude(player_id=but_for)
    return offers.count()


def is_full_for(event: Event, player_id: int | None = None, taken: int | None = None) -> bool:
    """Whether every place is taken or held by an offer to someone else on the waiting list."""
    taken = places_taken(event) if taken is None else taken
    return event.capacity is not None and taken + offers_held(event, player_id) >= event.capacity


def full_refusal(event: Event, organiser: bool = False, player_id: int | None = None) -> str:
    """Why one more player cannot take a place, in words for whoever asks ("" while one is free)."""
    taken = places_taken(event)
    if not is_full_for(event, player_id, taken):
        return ""
    held = offers_held(event, player_id)
    offered = f"; {count(held, 'place is', 'places are')} offered to the waiting list" if held else ""
    then = (
        "raise its capacity in the settings to let more players in"
        if organiser
        else "join its waiting list: a place that frees up is offered to the first on the list"
    )
    return f"{event.name} is full ({places_words(event, taken)}{offered}); {then}."


def refuse_if_full(event: Event, organiser: bool = False, player_id: int | None = None) -> None:
    reason = full_refusal(event, organiser, player_id)
    if reason:
        raise Conflict(EventRefusal.EVENT_FULL, reason)


def takes_waiting(event: Event) -> bool:
    """Whether a freed place can be offered: registration is open, or the event takes late entries."""
    if event.status == Event.Status.REGISTRATION:
        return True
    return event.status == Event.Status.RUNNING and bool(event.late_entry_until_round)


def offer_places(event: Event) -> list[WaitingEntry]:
    """Offer every free place that no offer holds to the next on the waiting list, in the order
    they joined; the caller holds the event's lock. ``place_offered`` goes out once committed."""
    if not takes_waiting(event):
        return []
    waiting = WaitingEntry.objects.filter(event=event, offered_at__isnull=True).select_related("player")
    if event.capacity is not None:
        free = event.capacity - places_taken(event) - offers_held(event)
        waiting = waiting[: max(free, 0)]
    chosen = list(waiting)
    now = timezone.now()
    for entry in chosen:
        entry.offered_at = now
        entry.offer_expires_at = offer_deadline(event, now)
        entry.offer_version += 1
        entry.save(update_fields=["offered_at", "offer_expires_at", "offer_version"])
        deadlines.schedule(WAITING_OFFER, entry.pk, entry.offer_version, entry.offer_expires_at)
        transaction.on_commit(partial(place_offered.send, sender=Event, event=event, user=entry.player))
        notices.place_offered(event, entry)
    return chosen


def validate_capacity(event: Event) -> None:
    """A capacity of 1 to ``MAX_CAPACITY`` places, never below the players already registered."""
    if event.capacity is None:
        return
    if not 1 <= event.capacity <= MAX_CAPACITY:
        raise Invalid(EventRefusal.BAD_CAPACITY, f"An event has 1 to {MAX_CAPACITY} places, or none set (no limit).")
    taken = places_taken(event) if event.pk else 0
    if event.capacity < taken:
        raise Invalid(
            EventRefusal.BAD_CAPACITY,
            f"{count(taken, 'player is', 'players are')} registered for {event.name}; "
            f"give it at least {count(taken, 'place', 'places')}, or leave the capacity empty.",
        )
