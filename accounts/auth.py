"""The signed-in user of a request, typed: every view behind a login check asks here."""

from __future__ import annotations

from typing import Protocol

from django.contrib.auth.models import AnonymousUser

from accounts.models import User


class HasUser(Protocol):
    user: User | AnonymousUser


def signed_in_user(request: HasUser) -> User:
    """The request's user; only for views that require a login (anything else is a bug)."""
    user = request.user
    assert isinstance(user, User), "this view requires a signed-in user"
    return user
