"""Signals from gameplay that events act on (gameplay never imports tournaments)."""

from __future__ import annotations

from typing import Any

from gameplay.matches.models import PlayMatch
from gameplay.matches.services import match_finished


def on_match_finished(sender: Any, match: PlayMatch, **_: Any) -> None:
    from tournaments.services.onsite import record_result

    record_result(match)


def connect() -> None:
    match_finished.connect(on_match_finished, dispatch_uid="tournaments-record-play-result")
