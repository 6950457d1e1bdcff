"""Turn-based play (``PlayMatch.Pace.TURNS``): the time banks a match may give each move, and
how the pace and the time left are said on the pages and in notices."""

from __future__ import annotations

from datetime import timedelta
from typing import Any

from common.words import count
from gameplay.matches.errors import Invalid, MatchRefusal

HOUR = 3600
DAY = 24 * HOUR
#: The time bank of a turn-based move, in seconds, and how it is said.
TIME_BANKS: dict[int, str] = {HOUR: "1 h", 12 * HOUR: "12 h", 24 * HOUR: "24 h", 3 * DAY: "3 days"}
ALLOWED = "1 h, 12 h, 24 h or 3 days (bank_seconds 3600, 43200, 86400 or 259200)"


def check_bank(seconds: Any) -> int:
    """The time bank ``seconds`` as an int, if it is one of ``TIME_BANKS``; refused (400) otherwise."""
    try:
        bank = int(seconds)
    except (TypeError, ValueError):
        bank = -1
    if bank not in TIME_BANKS:
        raise Invalid(MatchRefusal.BAD_TIME_BANK, f"A turn-based time bank is {ALLOWED} a move.")
    return bank


def pace_words(pace: str, bank_seconds: int | None) -> str:
    """The pace as the pages say it: "Turn-based: 24 h a move", or "Live" (any other pace)."""
    if bank_seconds is None or pace != "turns":
        return "Live"
    return f"Turn-based: {TIME_BANKS.get(bank_seconds, time_left(timedelta(seconds=bank_seconds)))} a move"


def time_left(left: timedelta) -> str:
    """Hours and days as a person reads them: "2 days 3 h", "5 h 12 min", "12 min", "under a minute"."""
    minutes = max(0, int(left.total_seconds()) // 60)
    days, hours, mins = minutes // (24 * 60), minutes // 60 % 24, minutes % 60
    if days:
        return f"{count(days, 'day', 'days')} {hours} h" if hours else count(days, "day", "days")
    if hours:
        return f"{hours} h {mins} min" if mins else f"{hours} h"
    return f"{mins} min" if mins else "under a minute"
