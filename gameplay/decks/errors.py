"""The saved decks' refusals: one reason enum, and the common refusal categories as its own classes."""

from __future__ import annotations

from enum import StrEnum

from common import refusals


class DeckRefusal(StrEnum):
    """Why a saved deck refused a request."""

    BAD_NAME = "bad-name"
    BAD_FORMAT = "bad-format"
    CANNOT_READ = "cannot-read"
    NO_SUCH_DECK = "no-such-deck"
    NO_SUCH_STARTER = "no-such-starter"
    NO_SUCH_VERSION = "no-such-version"
    NOT_LEGAL = "not-legal"
    TOO_MANY = "too-many"


class DeckError(refusals.Refusal):
    """Base of the saved decks' refusals."""


class Invalid(DeckError, refusals.Invalid):
    """The deck or the request is wrong (an unreadable list, an empty name, an unknown format)."""


class NotFound(DeckError, refusals.NotFound):
    """No such deck, or not this person's (answered as a 404 either way)."""


class Conflict(DeckError, refusals.Conflict):
    """The deck is fine, but cannot be used here (not legal in the format played)."""
