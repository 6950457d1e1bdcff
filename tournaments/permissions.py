"""Who may do what to an event or a Runemasters challenge: one enum and one function answer every
access question of the organisers' side."""

from __future__ import annotations

from enum import StrEnum

from django.contrib.auth.models import AnonymousUser

from accounts.models import User
from tournaments.coop.models import Challenge
from tournaments.errors import EventRefusal, Forbidden
from tournaments.models import Event


class Perm(StrEnum):
    CREATE_EVENT = "create_event"
    CREATE_CHALLENGE = "create_challenge"  # a Runemasters challenge: organisers (and staff)
    MANAGE = "manage"  # an event's settings, players, rounds, pairings, or a challenge: its organiser (and staff)
    RECORD_RESULTS = "record_results"  # enter or override any result: organiser and judges
    VIEW_PRIVATE = "view_private"  # disputes, report history, all deck lists: organiser and judges


def has_permission(user: User | AnonymousUser, perm: Perm, event: Event | Challenge | None = None) -> bool:
    """Whether ``user`` may ``perm`` (on ``event``, an event or a challenge, for every perm but the
    two CREATE ones). Staff may do everything; a challenge has no judges."""
    if not user.is_authenticated:
        return False
    assert isinstance(user, User)
    if user.is_staff:
        return True
    if perm in (Perm.CREATE_EVENT, Perm.CREATE_CHALLENGE):
        return user.is_organiser
    assert event is not None, f"{perm} is asked of an event or a challenge"
    if event.organiser_id is not None and event.organiser_id == user.pk:
        return True
    if isinstance(event, Challenge):
        return False
    if perm in (Perm.RECORD_RESULTS, Perm.VIEW_PRIVATE):
        return event.judges.filter(pk=user.pk).exists()
    return False


def require(user: User | AnonymousUser, perm: Perm, event: Event | Challenge | None = None) -> User:
    """The user, if allowed; otherwise Forbidden with a message saying who may."""
    if has_permission(user, perm, event):
        assert isinstance(user, User)
        return user
    who = {
        Perm.CREATE_EVENT: "organisers",
        Perm.CREATE_CHALLENGE: "organisers",
        Perm.MANAGE: "the event's organiser",
        Perm.RECORD_RESULTS: "the event's organiser and judges",
        Perm.VIEW_PRIVATE: "the event's organiser and judges",
    }[perm]
    raise Forbidden(EventRefusal.NOT_PERMITTED, f"Only {who} may do this.")
