"""Refusals of the drafts app: the event errors, plus a refused pick that carries the seat's state."""

from __future__ import annotations

from typing import Any

from tournaments.errors import Conflict


class PickRefused(Conflict):
    """A pick that was not taken: ``reason`` names why, ``payload`` holds the current state and version.

    409 when the pod moved on (already picked, late, not your pack yet, paused ...); 400 when
    the pick itself is malformed (wrong count, cards not in the pack).
    """

    def __init__(self, message: str, *, reason: str, payload: dict[str, Any], status_code: int = 409) -> None:
        super().__init__(message)
        self.reason = reason
        self.payload = payload
        self.status_code = status_code
