"""Creating events and managing who plays: registration, check-in, drops, late entries, start."""

from __future__ import annotations

from typing import Any

from django.db import transaction

from accounts.models import User
from gameplay.formats import FORMATS
from gameplay.matches.models import PlayMatch
from tournaments.errors import Conflict, EventRefusal, Invalid
from tournaments.models import Event, IllegalTransition, Registration, Round
from tournaments.pairing import recommended_rounds, round_robin_rounds
from tournaments.permissions import Perm, require
from tournaments.services.common import (
    active_registrations,
    locked_event,
    played_round_count,
    refuse_if_finished,
    rounds_of,
)

EDITABLE_FIELDS = (
    "name", "format", "structure", "rounds", "round_minutes", "best_of", "top_cut", "tiebreakers",
    "bye_counts_in_own_mw", "late_entry_until_round", "pod_rounds", "starts_at", "played_on_site", "clock_minutes",
    "window_seconds", "clock_loses_match", "extra_turns", "matches_public",
)  # fmt: skip
LOCKED_ONCE_RUNNING = (
    "format", "structure", "best_of", "tiebreakers", "bye_counts_in_own_mw", "pod_rounds", "played_on_site",
)  # fmt: skip


def create_event(by: User, **fields: Any) -> Event:
    require(by, Perm.CREATE_EVENT)
    unknown = set(fields) - set(EDITABLE_FIELDS)
    if unknown:
        raise Invalid(EventRefusal.UNKNOWN_SETTINGS, f"Unknown event settings: {', '.join(sorted(unknown))}.")
    event = Event(organiser=by, **fields)
    validate_settings(event)
    event.save()
    return event


def validate_settings(event: Event) -> None:
    if event.format not in FORMATS:
        raise Invalid(
            EventRefusal.UNKNOWN_FORMAT, f"Unknown format {event.format!r}; choose one of {', '.join(FORMATS)}."
        )
    if event.structure == Event.Structure.SWISS_TOP_CUT and event.top_cut not in (2, 4, 8):
        raise Invalid(EventRefusal.BAD_TOP_CUT, "A Swiss + top cut event needs a top cut of 2, 4 or 8.")
    if event.structure != Event.Structure.SWISS_TOP_CUT and event.top_cut:
        raise Invalid(
            EventRefusal.TOP_CUT_WITHOUT_STRUCTURE,
            "Only a Swiss + top cut event has a top cut; choose that structure or no cut.",
        )
    if event.structure == Event.Structure.ROUND_ROBIN and event.late_entry_until_round:
        raise Invalid(
            EventRefusal.ROUND_ROBIN_LATE_ENTRY, "A round robin is scheduled at the start; it takes no late entries."
        )
    if event.round_minutes < 10:
        raise Invalid(EventRefusal.ROUND_TOO_SHORT, "Rounds last at least 10 minutes.")
    if event.rounds is not None and not 1 <= event.rounds <= 20:
        raise Invalid(EventRefusal.BAD_ROUND_COUNT, "An event has between 1 and 20 Swiss rounds.")


@transaction.atomic
def update_event(event: Event, by: User, **fields: Any) -> Event:
    event = locked_event(event)
    require(by, Perm.MANAGE, event)
    refuse_if_finished(event)
    unknown = set(fields) - set(EDITABLE_FIELDS)
    if unknown:
        raise Invalid(EventRefusal.UNKNOWN_SETTINGS, f"Unknown event settings: {', '.join(sorted(unknown))}.")
    started = event.status not in (Event.Status.DRAFT, Event.Status.REGISTRATION)
    frozen = [name for name in LOCKED_ONCE_RUNNING if name in fields and fields[name] != getattr(event, name)]
    if started and frozen:
        raise Conflict(
            EventRefusal.SETTINGS_LOCKED,
            f"These settings cannot change once the event has started: {', '.join(frozen)}.",
        )
    opened = "matches_public" in fields and fields["matches_public"] != event.matches_public
    for name, value in fields.items():
        setattr(event, name, value)
    validate_settings(event)
    event.save()
    if opened:  # the matches already made follow the event's setting (watchers' pages re-check it)
        PlayMatch.objects.filter(event_match__round__event=event).update(public=event.matches_public)
    return event


@transaction.atomic
def change_status(event: Event, status: str, by: User) -> Event:
    """Open or close registration (the other moves have their own services)."""
    event = locked_event(event)
    require(by, Perm.MANAGE, event)
    if status not in (Event.Status.REGISTRATION, Event.Status.DRAFT):
        raise Invalid(EventRefusal.STATUS_HAS_ITS_OWN_STEP, "Use start, cut or finish for those steps.")
    try:
        event.set_status(status, by=by)
    except IllegalTransition as exc:
        raise Conflict(EventRefusal.ILLEGAL_STATUS_CHANGE, str(exc)) from None
    return event


def takes_entries(event: Event) -> bool:
    """Whether a new player may join now: registration is open, or late entry still is."""
    if event.status == Event.Status.REGISTRATION:
        return True
    if event.status != Event.Status.RUNNING or not event.late_entry_until_round:
        return False
    no_preview = not rounds_of(event).filter(status=Round.Status.PREVIEW).exists()
    return played_round_count(event) < event.late_entry_until_round and no_preview


@transaction.atomic
def register(event: Event, player: User) -> Registration:
    event = locked_event(event)
    existing = Registration.objects.filter(event=event, player=player).first()
    if existing is not None and existing.active:
        raise Conflict(EventRefusal.ALREADY_REGISTERED, f"{player.public_name} is already registered for {event.name}.")
    late_round = None
    if event.status == Event.Status.RUNNING:
        next_round = played_round_count(event) + 1
        if event.late_entry_until_round < next_round or rounds_of(event).filter(status=Round.Status.PREVIEW).exists():
            raise Conflict(EventRefusal.LATE_ENTRY_CLOSED, f"Late entry to {event.name} is closed.")
        late_round = next_round
    elif event.status != Event.Status.REGISTRATION:
        raise Conflict(EventRefusal.REGISTRATION_CLOSED, f"{event.name} is not taking registrations.")
    if existing is not None:
        if existing.dropped_after_round and event.status == Event.Status.RUNNING:
            raise Conflict(
                EventRefusal.DROPPED_AFTER_PLAYING,
                "You have played in this event and dropped; ask the organiser to re-add you.",
            )
        existing.dropped_after_round = None
        existing.save(update_fields=["dropped_after_round"])
        return existing
    return Registration.objects.create(
        event=event, player=player, late_entry_round=late_round, checked_in=late_round is not None
    )


@transaction.atomic
def drop(registration: Registration, by: User) -> Registration:
    """Drop a player: they finish the current match but are not paired again."""
    event = locked_event(registration.event_id)
    registration = Registration.objects.select_for_update().get(pk=registration.pk)
    if by.pk != registration.player_id:
        require(by, Perm.MANAGE, event)
    refuse_if_finished(event)
    if not registration.active:
        raise Conflict(EventRefusal.ALREADY_DROPPED, f"{registration.player.public_name} has already dropped.")
    registration.dropped_after_round = played_round_count(event)
    registration.save(update_fields=["dropped_after_round"])
    return registration


@transaction.atomic
def readd(registration: Registration, by: User) -> Registration:
    event = locked_event(registration.event_id)
    require(by, Perm.MANAGE, event)
    refuse_if_finished(event)
    registration = Registration.objects.select_for_update().get(pk=registration.pk)
    if registration.active:
        raise Conflict(EventRefusal.NOT_DROPPED, f"{registration.player.public_name} is still playing.")
    if event.structure == Event.Structure.ROUND_ROBIN and event.status != Event.Status.REGISTRATION:
        raise Conflict(
            EventRefusal.ROUND_ROBIN_FIXED, "A round robin's schedule is fixed; a dropped player cannot come back."
        )
    registration.dropped_after_round = None
    registration.save(update_fields=["dropped_after_round"])
    return registration


@transaction.atomic
def set_checked_in(registration: Registration, by: User, checked_in: bool) -> Registration:
    event = locked_event(registration.event_id)
    require(by, Perm.MANAGE, event)
    if event.status != Event.Status.REGISTRATION:
        raise Conflict(EventRefusal.CHECK_IN_CLOSED, "Check-in happens while registration is open.")
    registration.checked_in = checked_in
    registration.save(update_fields=["checked_in"])
    return registration


@transaction.atomic
def start_event(event: Event, by: User) -> Event:
    """Close registration and fix the number of rounds; unchecked players become no-shows."""
    event = locked_event(event)
    require(by, Perm.MANAGE, event)
    if event.status != Event.Status.REGISTRATION:
        raise Conflict(
            EventRefusal.CANNOT_START,
            f"Only an event with open registration can start; {event.name} is {event.get_status_display()}.",
        )
    players = list(active_registrations(event))
    if any(r.checked_in for r in players):
        no_shows = [r.pk for r in players if not r.checked_in]
        Registration.objects.filter(pk__in=no_shows).update(dropped_after_round=0)
        players = [r for r in players if r.checked_in]
    needed = max(2, event.top_cut if event.wants_top_cut else 2)
    if len(players) < needed:
        raise Conflict(
            EventRefusal.TOO_FEW_PLAYERS,
            f"{event.name} needs at least {needed} players to start; it has {len(players)}.",
        )
    if event.structure == Event.Structure.ROUND_ROBIN:
        event.rounds = round_robin_rounds(len(players))
    elif event.rounds is None:
        event.rounds = recommended_rounds(len(players))
    event.save(update_fields=["rounds"])
    event.set_status(Event.Status.RUNNING, by=by)
    return event
