"""Signals from gameplay that events act on, and the hook through which events oversee their
matches (gameplay never imports tournaments)."""

from __future__ import annotations

from typing import Any

from gameplay.matches.models import PlayMatch
from gameplay.matches.services import match_finished


def on_match_finished(sender: Any, match: PlayMatch, **_: Any) -> None:
    from tournaments.services.onsite import record_result

    record_result(match)


def connect() -> None:
    from gameplay.matches import oversight
    from tournaments.services.onsite import EventOversight

    oversight.register(EventOversight())  # who referees an event's match, and whether its lists are public
    match_finished.connect(on_match_finished, dispatch_uid="tournaments-record-play-result")
