"""When a clock waiting on a player "runs low" (the ``clock_low`` notice): ``CLOCK_LOW_SECONDS``
before its end, or at its last quarter when that is shorter, so a short clock is not called low
as it starts. The deck-building clock (``tournaments.drafts.services.low``) and the deck swap's
(``tournaments.swaps.low``) store the instant when they start and are kinds of deadline of their
own, under the clock's own version; so is a draft pick's (``tournaments.drafts.services.low``), told
only to a player away from the draft and once per pack."""

from __future__ import annotations

from datetime import datetime, timedelta

from django.conf import settings

BUILD_LOW = "deck-build-low"
PICK_LOW = "draft-pick-low"
SWAP_LOW = "deck-swap-low"


def low_at(start: datetime, deadline: datetime) -> datetime:
    """When a clock running from ``start`` to ``deadline`` runs low."""
    return deadline - min(timedelta(seconds=settings.CLOCK_LOW_SECONDS), (deadline - start) / 4)


def in_words(left: timedelta) -> str:
    """The time left as a person reads it: "1 minute", "3 minutes", "45 seconds"."""
    seconds = max(1, round(left.total_seconds()))
    if seconds >= 60:
        minutes = round(seconds / 60)
        return "1 minute" if minutes == 1 else f"{minutes} minutes"
    return "1 second" if seconds == 1 else f"{seconds} seconds"
