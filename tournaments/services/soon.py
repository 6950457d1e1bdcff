"""An event starts soon: its registered players hear it ``settings.EVENT_SOON_MINUTES`` before
``Event.starts_at`` (the kind of deadline ``tournaments.deadlines.EVENT_SOON``).

The deadline is the start less the lead time, read from the row itself, so a start moved later
or earlier needs no rescheduling: a task that comes early finds the start not yet near and does
nothing, and the beat's feed queues the new one. ``Event.soon_told_for`` keeps the start the
players were told of; an event whose start passed before anyone was told is marked told without
a notice (too late to be of use)."""

from __future__ import annotations

from datetime import datetime, timedelta

from django.conf import settings
from django.db import transaction

from tournaments import notices
from tournaments.models import Event
from tournaments.services.common import locked_event

EVENT_SOON = "event-soon"


def lead() -> timedelta:
    return timedelta(minutes=settings.EVENT_SOON_MINUTES)


@transaction.atomic
def tell_soon(event_id: int, _version: int, now: datetime) -> int:
    """Tell the event's players it starts soon, once per start time; 1 if told, else 0."""
    event = locked_event(event_id)
    starts = event.starts_at
    if event.status != Event.Status.REGISTRATION or starts is None or event.soon_told_for == starts:
        return 0
    if now < starts - lead():
        return 0  # the start moved later since this task was queued
    if now < starts:
        notices.event_soon(event, starts - now)
    event.soon_told_for = starts
    event.save(update_fields=["soon_told_for"])
    return int(now < starts)
