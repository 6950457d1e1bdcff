"""Errors raised by the pure tournament logic.

Decides nothing; names what can go wrong. Every error is a ``ValueError`` so a caller that
only knows "bad input" can still catch it, and each subclass says precisely which rule the
input broke, so an organiser can be told what to fix.
"""

from __future__ import annotations

__all__ = [
    "BracketError",
    "DuplicatePlayerError",
    "InvalidResultError",
    "InvalidRoundError",
    "NotEnoughPlayersError",
    "PairingError",
    "PlacementError",
    "PodEditError",
    "ProblemsError",
    "ScheduleError",
    "UnknownPlayerError",
]


class PairingError(ValueError):
    """Base class of every error raised by ``tournaments.pairing``."""


class DuplicatePlayerError(PairingError):
    """A player id appears twice in the entry list, or twice in one round."""


class UnknownPlayerError(PairingError):
    """A result or request names a player id that is not entered in the event."""


class InvalidResultError(PairingError):
    """A match record is impossible: negative games, a player against themselves, a bad bye."""


class InvalidRoundError(PairingError):
    """A round number is out of range or contradicts the history."""


class NotEnoughPlayersError(PairingError):
    """There are too few (active) players for what was asked."""


class ScheduleError(PairingError):
    """A round-robin schedule request is impossible (bad seats, round outside the schedule)."""


class BracketError(PairingError):
    """A top-cut bracket request is impossible (wrong size, a winner not in the match...)."""


class ProblemsError(PairingError):
    """An input with several things wrong at once; ``problems`` says each of them, in words."""

    def __init__(self, problems: list[str]) -> None:
        super().__init__("; ".join(problems))
        self.problems = tuple(problems)


class PlacementError(ProblemsError, InvalidResultError):
    """A pod's placement report is impossible (a player without a place, a place out of order...)."""


class PodEditError(ProblemsError):
    """An organiser's own pods are impossible (a player seated twice or left out, a pod too small...)."""
