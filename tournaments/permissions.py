"""Who may do what to an event: one enum and one function answer every access question."""

from __future__ import annotations

from enum import StrEnum

from django.contrib.auth.models import AnonymousUser

from accounts.models import User
from tournaments.errors import EventRefusal, Forbidden
from tournaments.models import Event


class Perm(StrEnum):
    CREATE_EVENT = "create_event"
    MANAGE = "manage"  # settings, players, rounds, pairings: the organiser (and staff)
    RECORD_RESULTS = "record_results"  # enter or override any result: organiser and judges
    VIEW_PRIVATE = "view_private"  # disputes, report history, all deck lists: organiser and judges


def has_permission(user: User | AnonymousUser, perm: Perm, event: Event | None = None) -> bool:
    if not user.is_authenticated:
        return False
    assert isinstance(user, User)
    if user.is_staff:
        return True
    if perm is Perm.CREATE_EVENT:
        return user.is_organiser
    assert event is not None, f"{perm} is asked of an event"
    if event.organiser_id == user.pk:
        return True
    if perm in (Perm.RECORD_RESULTS, Perm.VIEW_PRIVATE):
        return event.judges.filter(pk=user.pk).exists()
    return False


def require(user: User | AnonymousUser, perm: Perm, event: Event | None = None) -> User:
    """The user, if allowed; otherwise Forbidden with a message saying who may."""
    if has_permission(user, perm, event):
        assert isinstance(user, User)
        return user
    who = {
        Perm.CREATE_EVENT: "organisers",
        Perm.MANAGE: "the event's organiser",
        Perm.RECORD_RESULTS: "the event's organiser and judges",
        Perm.VIEW_PRIVATE: "the event's organiser and judges",
    }[perm]
    raise Forbidden(EventRefusal.NOT_PERMITTED, f"Only {who} may do this.")
