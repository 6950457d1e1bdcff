"""Refusals: what a service raises when it will not do what it was asked, and nothing has changed.

A refusal carries a reason (a member of the app's reason enum, never a bare string), the human
message shown to the person, and the HTTP status it answers with. The status comes from its
category: ``Invalid`` (400), ``Forbidden`` (403), ``NotFound`` (404), ``Conflict`` (409) and
``Stale`` (409, carrying the current version). Each app subclasses these once, so it can still
catch only its own refusals (``MatchError``, ``EventError``). The API answers every refusal in one
place (``common.api.exception_handler``) with ``{"detail": message, **extra}``; pages catch the
base class or let ``common.middleware`` turn a ``NotFound`` into the site's 404 page.

Nothing here imports Django, so the states and services of every app may build on it.
"""

from __future__ import annotations

from enum import Enum
from typing import Any


class Refusal(Exception):
    """A refused request: ``reason`` says why (an enum member), ``message`` says it to a person."""

    status_code: int = 400

    def __init__(self, reason: Enum, message: str, /, **extra: Any) -> None:
        if not isinstance(reason, Enum):
            raise TypeError(f"A refusal's reason is an enum member, not {type(reason).__name__} {reason!r}.")
        if not isinstance(message, str):
            raise TypeError(f"A refusal's message is text, not {type(message).__name__}.")
        super().__init__(message)
        self.reason = reason
        self.message = message
        self.extra = extra

    def __str__(self) -> str:
        return self.message

    def body(self) -> dict[str, Any]:
        """The API's answer: the message as ``detail``, then whatever else the refusal carries."""
        return {"detail": self.message, **self.extra}


class Invalid(Refusal):
    """The request itself is wrong (bad numbers, an illegal move, a malformed form)."""

    status_code = 400


class Forbidden(Refusal):
    """This person may not do this."""

    status_code = 403


class NotFound(Refusal):
    """There is no such thing, or this person may not know it exists (answered as a 404)."""

    status_code = 404


class Conflict(Refusal):
    """The request is fine, but not now: the thing is not in a state that allows it."""

    status_code = 409


class Stale(Conflict):
    """The client acted on an old version; ``current`` (answered as ``version``) is the one to re-read."""

    def __init__(self, reason: Enum, message: str, current: int) -> None:
        super().__init__(reason, message, version=current)
        self.current = current
