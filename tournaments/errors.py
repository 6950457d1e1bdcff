"""Errors a person can fix: each carries the HTTP status it answers with.

Views and API views turn any ``EventError`` into that status and its message;
nothing has changed when one is raised (services raise before they write).
"""

from __future__ import annotations


class EventError(ValueError):
    status_code = 400


class Invalid(EventError):
    """The request itself is wrong (bad numbers, unknown players, a format the event does not use)."""


class Forbidden(EventError):
    status_code = 403


class Conflict(EventError):
    """The request is fine but the event is not in a state that allows it."""

    status_code = 409
