"""Work a process does once, at its start, instead of in its first request or task."""

from __future__ import annotations

import logging
import time

log = logging.getLogger(__name__)


def warm_up() -> None:
    """Read the card catalog (and the draft ratings of its cards) now: parsing the data files takes
    about a quarter of a second, and a worker process that did it in its first task made that
    task's auto-picks late by as much, or several times as much on a busy machine, when a draft's
    first clocks ran out. A catalog that cannot be read is logged here and reported again by the
    request or task that needs it."""
    from tournaments.drafts.services.state import card_set

    started = time.monotonic()
    try:
        card_set()
    except Exception as exc:  # the catalog's own errors name the file and the card
        log.warning("could not read the card catalog at start-up: %s", exc)
        return
    log.debug("card catalog read in %.0f ms", (time.monotonic() - started) * 1000)
