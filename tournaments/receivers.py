"""Signals from gameplay that events act on, and the hook through which events oversee their
matches (gameplay never imports tournaments)."""

from __future__ import annotations

from typing import Any

from gameplay.matches import oversight
from gameplay.matches.models import PlayMatch
from gameplay.matches.services import match_finished
from tournaments.services.onsite import EventOversight, record_result


def on_match_finished(sender: Any, match: PlayMatch, **_: Any) -> None:
    record_result(match)


def connect() -> None:
    oversight.register(EventOversight())  # who referees an event's match, and whether its lists are public
    match_finished.connect(on_match_finished, dispatch_uid="tournaments-record-play-result")
