"""Work a process does once, at its start, instead of in its first request or task."""

from __future__ import annotations

import gc
import logging
import time

from tournaments.drafts.services import state

log = logging.getLogger(__name__)


def warm_up() -> None:
    """Read the card catalog (and the draft ratings of its cards) now: parsing the data files takes
    about a quarter of a second, and a worker process that did it in its first task made that
    task's auto-picks late by as much, or several times as much on a busy machine, when a draft's
    first clocks ran out. A catalog that cannot be read is logged here and reported again by the
    request or task that needs it."""
    started = time.monotonic()
    try:
        state.card_set()
    except Exception as exc:  # the catalog's own errors name the file and the card
        log.warning("could not read the card catalog at start-up: %s", exc)
        return
    log.debug("card catalog read in %.0f ms", (time.monotonic() - started) * 1000)


def freeze_start_up_objects() -> None:
    """Tune the garbage collector for a long-lived server process, as the last step of its start.

    - Every object alive now (modules, classes, URL patterns, the catalog: some 150,000) is moved
      out of the collector's reach (``gc.freeze``): they live as long as the process, and a full
      collection walked them all, about 100 ms on this machine, with every request and push of
      the process stopped.
    - The youngest generation is collected after ``YOUNG_THRESHOLD`` net allocations instead of
      700: a request holds thousands of objects (ORM rows, querysets, views) for its few
      milliseconds, and a collection in its middle promoted them to the older generations, which
      then needed full collections to free them."""
    gc.collect()
    gc.freeze()
    _, middle, old = gc.get_threshold()
    gc.set_threshold(YOUNG_THRESHOLD, middle, old)


#: Net container allocations between two collections of the youngest generation (Python: 700).
YOUNG_THRESHOLD = 20_000
