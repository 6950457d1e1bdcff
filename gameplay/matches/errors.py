"""Refusals a player can act on, each with the HTTP status it answers with; nothing has changed."""

from __future__ import annotations


class MatchError(ValueError):
    status_code = 400


class Invalid(MatchError):
    """The move or the request is wrong (illegal action, bad deck, bad settings)."""


class Forbidden(MatchError):
    status_code = 403


class Conflict(MatchError):
    """Not now: the match is paused or over, or it is not your decision."""

    status_code = 409


class Stale(Conflict):
    """The client acted on an old version; ``current`` tells it which version to re-read."""

    def __init__(self, message: str, current: int) -> None:
        super().__init__(message)
        self.current = current
