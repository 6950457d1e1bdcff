"""The deck swap's deadline as a kind of deadline (``common.deadlines``): the automatic choice
for the seats that have not chosen, then the cards pass."""

from __future__ import annotations

from common.deadlines import DeadlineKind
from tournaments.clock_low import SWAP_LOW
from tournaments.swaps import low, services
from tournaments.swaps.models import PodSwap

DECK_SWAP = DeadlineKind(
    name=services.DECK_SWAP,
    rows=PodSwap.objects.filter(revealed_at__isnull=True, skipped=""),  # index swap_choosing_deadline
    fire=services.expire,
    # not a deadline: a published round of a plan whose swaps a failed receiver did not open
    repair=services.open_missing_swaps,
)

#: The swap's clock runs low (``low``): ``PodSwap.low_at``, set when the swap opens; cleared once told.
DECK_SWAP_LOW = DeadlineKind(
    name=SWAP_LOW,
    rows=PodSwap.objects.filter(revealed_at__isnull=True, skipped="", low_at__isnull=False),  # index swap_choosing_low
    deadline="low_at",
    fire=low.warn_swap,
)
