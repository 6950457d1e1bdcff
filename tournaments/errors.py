"""The events app's refusals (errors a person can fix): one reason enum, and the common refusal
categories as its own classes.

Pages (``common.web.refusals_shown``) and the API (``common.api.exception_handler``) turn any
refusal into its status and message; nothing has changed when one is raised (services raise
before they write). ``except EventError`` catches only this app's refusals (the drafts app's too).
"""

from __future__ import annotations

from enum import StrEnum

from common import refusals


class EventRefusal(StrEnum):
    """Why an event, a round, a result or a deck registration refused a request."""

    ACCOUNT_IN_SAME_EVENT = "account-in-same-event"
    ALL_ROUNDS_PLAYED = "all-rounds-played"
    ALREADY_DROPPED = "already-dropped"
    ALREADY_REGISTERED = "already-registered"
    ALREADY_REPORTED = "already-reported"
    ALREADY_WAITING = "already-waiting"
    BAD_ARRIVAL_WAIT = "bad-arrival-wait"
    BAD_CAPACITY = "bad-capacity"
    BAD_FILTER = "bad-filter"
    BAD_GUEST_NAME = "bad-guest-name"
    BAD_PAIRINGS = "bad-pairings"
    BAD_PLACEMENTS = "bad-placements"
    BAD_PLACEMENT_POINTS = "bad-placement-points"
    BAD_PODS = "bad-pods"
    BAD_POD_SIZES = "bad-pod-sizes"
    BAD_ROUND_COUNT = "bad-round-count"
    BAD_SCORE = "bad-score"
    BAD_TIME_CHANGE = "bad-time-change"
    BAD_TOP_CUT = "bad-top-cut"
    BYE = "bye"
    CANNOT_CUT = "cannot-cut"
    CANNOT_DELETE = "cannot-delete"
    CANNOT_FINISH = "cannot-finish"
    CANNOT_PAIR = "cannot-pair"
    CANNOT_START = "cannot-start"
    CHECK_IN_CLOSED = "check-in-closed"
    DECKS_LOCKED = "decks-locked"
    DECK_FROM_POOL = "deck-from-pool"
    DECK_INPUT_TOO_LARGE = "deck-input-too-large"
    DECK_NOT_LEGAL = "deck-not-legal"
    DROP_FINAL = "drop-final"
    DROPPED_AFTER_PLAYING = "dropped-after-playing"
    EVENT_FINISHED = "event-finished"
    EVENT_FULL = "event-full"
    EVENT_NOT_RUNNING = "event-not-running"
    FORM_PROBLEMS = "form-problems"
    GUEST_CANNOT_PLAY_HERE = "guest-cannot-play-here"
    GUEST_ALREADY_CLAIMED = "guest-already-claimed"
    ILLEGAL_STATUS_CHANGE = "illegal-status-change"
    LATE_ENTRY_CLOSED = "late-entry-closed"
    NOT_CONFIRMED = "not-confirmed"
    NOTE_TOO_LONG = "note-too-long"
    NOTHING_TO_CONFIRM = "nothing-to-confirm"
    NOTHING_TO_DISPUTE = "nothing-to-dispute"
    NOT_A_POD_ROUND = "not-a-pod-round"
    NOT_A_GUEST = "not-a-guest"
    NOT_IN_PLAYOFF = "not-in-playoff"
    NOT_PLAYABLE_ON_SITE = "not-playable-on-site"
    NO_CROSSTABLE = "no-crosstable"
    NOT_DROPPED = "not-dropped"
    NOT_FULL = "not-full"
    NOT_WAITING = "not-waiting"
    NO_OFFER = "no-offer"
    OFFER_LAPSED = "offer-lapsed"
    NOT_PERMITTED = "not-permitted"
    NOT_PLAYING = "not-playing"
    NOT_REGISTERED = "not-registered"
    NO_DECKS = "no-decks"
    NO_LIST_CHOICE = "no-list-choice"
    NO_SUCH_ACCOUNT = "no-such-account"
    NO_SUCH_ROUND = "no-such-round"
    NO_TIE = "no-tie"
    NO_TOP_CUT = "no-top-cut"
    ON_SITE_DRAWS = "on-site-draws"
    OWN_REPORT = "own-report"
    PLAYOFF_NOT_NOW = "playoff-not-now"
    PLAYOFF_ORDERED = "playoff-ordered"
    PLAYOFF_UNDECIDED = "playoff-undecided"
    PLAYED_ON_SITE = "played-on-site"
    PODS_NOT_ON_SITE = "pods-not-on-site"
    PREVIEW_OUTDATED = "preview-outdated"
    PREVIEW_PENDING = "preview-pending"
    REGISTRATION_CLOSED = "registration-closed"
    REPORT_CHANGED = "report-changed"
    RESULTS_UNCONFIRMED = "results-unconfirmed"
    RESULT_CONFIRMED = "result-confirmed"
    RESULT_DISPUTED = "result-disputed"
    ROUND_ENDED = "round-ended"
    ROUND_IN_PROGRESS = "round-in-progress"
    ROUND_NOT_IN_PROGRESS = "round-not-in-progress"
    ROUND_NOT_PUBLISHED = "round-not-published"
    ROUND_PUBLISHED = "round-published"
    ROUND_ROBIN_FIXED = "round-robin-fixed"
    ROUND_ROBIN_LATE_ENTRY = "round-robin-late-entry"
    ROUND_TOO_SHORT = "round-too-short"
    SETTINGS_LOCKED = "settings-locked"
    STATUS_HAS_ITS_OWN_STEP = "status-has-its-own-step"
    SWISS_NOT_OVER = "swiss-not-over"
    TABLE_NEEDS_PLAYER = "table-needs-player"
    TOO_FEW_PLAYERS = "too-few-players"
    TOP_CUT_FIXED = "top-cut-fixed"
    TOP_CUT_NEEDS_WINNER = "top-cut-needs-winner"
    TOP_CUT_NOT_OVER = "top-cut-not-over"
    TOP_CUT_OVER = "top-cut-over"
    TOP_CUT_PAIRED = "top-cut-paired"
    TOP_CUT_WITHOUT_STRUCTURE = "top-cut-without-structure"
    UNKNOWN_ACTION = "unknown-action"
    UNKNOWN_FORMAT = "unknown-format"
    UNKNOWN_SETTINGS = "unknown-settings"
    WALK_IN_NEEDS_PLAYER = "walk-in-needs-player"


class EventError(refusals.Refusal):
    """Base of the events (and drafts) app's refusals."""


class Invalid(EventError, refusals.Invalid):
    """The request itself is wrong (bad numbers, unknown players, a format the event does not use)."""


class Forbidden(EventError, refusals.Forbidden):
    """This person may not do this to this event."""


class NotFound(EventError, refusals.NotFound):
    """No such thing, or not one this person may see (the same 404 either way)."""


class Conflict(EventError, refusals.Conflict):
    """The request is fine but the event is not in a state that allows it."""
