"""The match clock as a kind of deadline (``common.deadlines``): answer windows, choices, clocks,
Runemasters turns and the wait for both players, all one deadline on the match row."""

from __future__ import annotations

from datetime import datetime, timedelta

from common.deadlines import DeadlineKind
from gameplay.matches import services
from gameplay.matches.models import PlayMatch
from gameplay.matches.timers import MATCH_CLOCK as NAME


def expire(match_id: int, timer_version: int, now: datetime) -> bool:
    """The match's deadline passed; True if that changed the match. The deadline helper has just
    read that the match carries ``timer_version`` (``DeadlineKind.carries``): not read again."""
    return services.expire(match_id, timer_version, now, checked=True) not in services.NOTHING_DONE


MATCH_CLOCK = DeadlineKind(
    name=NAME,
    rows=PlayMatch.objects.filter(status=PlayMatch.Status.PLAYING),  # index match_status_deadline
    fire=expire,
    horizon=timedelta(seconds=60),  # nearer deadlines get their task at once, the others from beat's feed
)
