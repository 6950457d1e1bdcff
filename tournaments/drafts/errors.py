"""Refusals of the drafts app: the event refusal classes with the drafts' own reasons, plus a
refused pick that carries the seat's state."""

from __future__ import annotations

from enum import Enum, StrEnum
from typing import Any

from tournaments.errors import Conflict


class DraftRefusal(StrEnum):
    """Why a pod, a pool or a pick refused a request. A refused pick sends its reason to the
    client (``"reason"``), so those values are part of the API: not-started, not-drafting,
    paused, bot-seat, late (the rule refusals come from ``tournaments.limited.PickRefusal``)."""

    ALREADY_PAUSED = "already-paused"
    BAD_DECK_INPUT = "bad-deck-input"
    BAD_POD_SIZE = "bad-pod-size"
    BAD_TIMES = "bad-times"
    BAD_BOT_LEVEL = "bad-bot-level"
    BOT_ALREADY_PICKS = "bot-already-picks"
    BOT_SEAT = "bot-seat"
    BUILD_TIME_OVER = "build-time-over"
    CANNOT_START_POD = "cannot-start-pod"
    DECK_AUTO_BUILT = "deck-auto-built"
    LATE = "late"
    NOT_A_NUMBER = "not-a-number"
    NOT_DRAFTING = "not-drafting"
    NOT_DRAFT_EVENT = "not-draft-event"
    NOT_IN_POD = "not-in-pod"
    NOT_PAUSED = "not-paused"
    NOT_SEALED_EVENT = "not-sealed-event"
    NOT_STARTED = "not-started"
    NOT_YOUR_POOL = "not-your-pool"
    NO_PACK_HELD = "no-pack-held"
    NO_PLAYERS = "no-players"
    NO_RUNESLINGER = "no-runeslinger"
    NO_SEAT = "no-seat"
    NO_SUCH_POD = "no-such-pod"
    NO_SUCH_SEAT = "no-such-seat"
    OTHERS_PICKS = "others-picks"
    PAUSED = "paused"
    POD_FINISHED = "pod-finished"
    POD_STARTED = "pod-started"
    POD_TOO_SMALL = "pod-too-small"
    POOLS_CLOSED = "pools-closed"
    POOL_HIDDEN = "pool-hidden"
    POOL_TOO_SMALL = "pool-too-small"
    SEATING_CLOSED = "seating-closed"
    UNKNOWN_ACTION = "unknown-action"


class PickRefused(Conflict):
    """A pick that was not taken: ``reason`` names why, ``payload`` holds the current state and version.

    409 when the pod moved on (already picked, late, not your pack yet, paused ...); 400 when
    the pick itself is malformed (wrong count, cards not in the pack).
    """

    def __init__(self, reason: Enum, message: str, *, payload: dict[str, Any], status_code: int = 409) -> None:
        super().__init__(reason, message, **payload)
        self.extra = {"reason": str(reason.value), **payload}  # the reason first, as clients read it
        self.payload = payload
        self.status_code = status_code


NO_SUCH_POD = "No pod matches the given query."  # the words of every other pod lookup's 404
