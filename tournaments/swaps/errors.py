"""Refusals of the deck-swap app: the event refusal classes with the swap's own reasons."""

from __future__ import annotations

from enum import StrEnum


class SwapRefusal(StrEnum):
    """Why a deck-swap plan or a swap choice was refused."""

    BAD_CHOICE = "bad-choice"
    BAD_MINUTES = "bad-minutes"
    BAD_ROUNDS = "bad-rounds"
    LATE = "late"
    NOT_A_RUNEBOUND_POD_EVENT = "not-a-runebound-pod-event"
    NOT_IN_POD = "not-in-pod"
    NO_SWAP = "no-swap"
    ROUNDS_PUBLISHED = "rounds-published"
    SWAP_CLOSED = "swap-closed"
