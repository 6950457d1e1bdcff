"""An event's places: how many players may be registered at once (``Event.capacity``; empty is no
limit). A place is taken by every registration that has not dropped; a no-show or a drop frees
theirs. Registering (the player's own, the API's, a walk-in at the desk), undoing a drop and
re-adding a dropped player are refused while every place is taken; lowering the capacity below the
players already registered is refused too. Callers hold the event's row lock, so two players
cannot take the last place at once.
"""

from __future__ import annotations

from common.words import count
from tournaments.errors import Conflict, EventRefusal, Invalid
from tournaments.models import MAX_CAPACITY, Event
from tournaments.services.common import active_registrations


def places_taken(event: Event) -> int:
    return active_registrations(event).count()


def places_words(event: Event, taken: int | None = None) -> str:
    """ "5 of 16 places taken" ("" for an event without a capacity)."""
    if event.capacity is None:
        return ""
    taken = places_taken(event) if taken is None else taken
    return f"{taken} of {count(event.capacity, 'place', 'places')} taken"


def is_full(event: Event, taken: int | None = None) -> bool:
    taken = places_taken(event) if taken is None else taken
    return event.capacity is not None and taken >= event.capacity


def full_refusal(event: Event, organiser: bool = False) -> str:
    """Why one more player cannot take a place, in words for whoever asks ("" while one is free)."""
    taken = places_taken(event)
    if not is_full(event, taken):
        return ""
    then = (
        "raise its capacity in the settings to let more players in"
        if organiser
        else "a place frees up only when a player drops"
    )
    return f"{event.name} is full ({places_words(event, taken)}); {then}."


def refuse_if_full(event: Event, organiser: bool = False) -> None:
    reason = full_refusal(event, organiser)
    if reason:
        raise Conflict(EventRefusal.EVENT_FULL, reason)


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
