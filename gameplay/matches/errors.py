"""The match app's refusals: one reason enum, and the common refusal categories as its own classes.

Each refusal answers with its category's HTTP status (see ``common.refusals``); nothing has changed
when one is raised. ``except MatchError`` catches only this app's refusals.
"""

from __future__ import annotations

from enum import StrEnum

from common import refusals


class MatchRefusal(StrEnum):
    """Why a match (or a challenge) refused a request."""

    ALREADY_PAUSED = "already-paused"
    BAD_BEST_OF = "bad-best-of"
    BAD_CLOCK = "bad-clock"
    BAD_RESULT = "bad-result"
    BAD_TABLE = "bad-table"
    BAD_TIME_BANK = "bad-time-bank"
    BAD_TIME_CHANGE = "bad-time-change"
    CHALLENGER_CANNOT_ACCEPT = "challenger-cannot-accept"
    CHALLENGE_ALREADY_OPEN = "challenge-already-open"
    CHALLENGE_ANSWERED = "challenge-answered"
    DECKS_CANNOT_START = "decks-cannot-start"
    DECK_CANNOT_PLAY = "deck-cannot-play"
    ENGINE_VERSION_GONE = "engine-version-gone"
    FIRST_ALREADY_CHOSEN = "first-already-chosen"
    FIRST_NOT_CHOSEN = "first-not-chosen"
    GAME_NOT_FINISHED = "game-not-finished"
    ILLEGAL_MOVE = "illegal-move"
    MATCH_NOT_OVER = "match-not-over"
    MATCH_NOT_PLAYING = "match-not-playing"
    MATCH_OVER = "match-over"
    NOT_PAUSED = "not-paused"
    NOT_PLAYING = "not-playing"
    NOT_REFEREE = "not-referee"
    NOT_TWO_DECKS = "not-two-decks"
    NOT_TWO_PLAYERS = "not-two-players"
    NOT_YOUR_CHALLENGE = "not-your-challenge"
    NOT_YOUR_DECISION = "not-your-decision"
    NO_DECK_CHOSEN = "no-deck-chosen"
    NO_PERSON_AT_TABLE = "no-person-at-table"
    NO_REMATCH = "no-rematch"
    OPPONENT_CHOOSES_FIRST = "opponent-chooses-first"
    REMATCH_OFFERED = "rematch-offered"
    SELF_CHALLENGE = "self-challenge"
    SELF_MATCH = "self-match"
    STALE_VERSION = "stale-version"
    STEP_OUT_OF_RANGE = "step-out-of-range"
    UNKNOWN_BOT = "unknown-bot"
    UNKNOWN_GAME = "unknown-game"
    WAITING_FOR_PLAYERS = "waiting-for-players"


class MatchError(refusals.Refusal):
    """Base of the match app's refusals."""


class Invalid(MatchError, refusals.Invalid):
    """The move or the request is wrong (illegal action, bad deck, bad settings)."""


class Forbidden(MatchError, refusals.Forbidden):
    """Not this person's match, challenge or decision to make."""


class Conflict(MatchError, refusals.Conflict):
    """Not now: the match is paused or over, or it is not your decision."""


class Stale(Conflict, refusals.Stale):
    """The client acted on an old version; ``current`` tells it which version to re-read."""
