"""Event structures behind one seam: how an event seats its players and reads its results.

An event is played either in pairs (Swiss, Swiss with a top cut, round robin: two players a
table, ``tournaments.structures.pairs``) or in game pods (multiplayer games with placements,
``tournaments.structures.game_pods``). Every layer that would otherwise ask "is this a pod
event?" asks ``structure_of(event)`` instead and calls the ``Structure`` it gets
(``tournaments.structures.protocol``): a round's tables, the preview and publishing, results,
standings, CSV and webhook rows, the pages and their partials, the words.

``structure_of`` is the only reader of ``Event.structure`` outside the model and its migrations
(``tests/site/test_structure_seam.py`` fails on any other). The implementations reach into the
page, service and webhook modules that call the seam, so they are installed when the app is ready
(``tournaments.apps``) rather than imported here: the seam itself imports none of its callers.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping

from tournaments.errors import EventRefusal, NotFound
from tournaments.models import Event
from tournaments.structures.protocol import Structure

#: An implementation, made for one event, by the structure stored on the event.
Maker = Callable[[Event], Structure]

_makers: dict[str, Maker] = {}

#: The two names a structure answers to (``Structure.name``).
PAIRS = "pairs"
PODS = "pods"


def install(makers: Mapping[str, Maker]) -> None:
    """Use these implementations from now on, by the ``Event.Structure`` value each plays."""
    _makers.update(makers)


def structure_of(event: Event) -> Structure:
    """The structure ``event`` is played in, ready to answer for that event."""
    try:
        make = _makers[event.structure]
    except KeyError:
        raise KeyError(
            f"No event structure {event.structure!r} is installed; known: {', '.join(sorted(_makers))}."
        ) from None
    return make(event)


def require_pods(event: Event) -> Event:
    """The event, for a page only a pod event has (a pod CSV, a pod's page); 404 for the others."""
    if structure_of(event).name != PODS:
        raise NotFound(EventRefusal.NOT_A_POD_ROUND, f"{event.name} is played in pairs; it has no pods.")
    return event


__all__ = ["PAIRS", "PODS", "Structure", "install", "require_pods", "structure_of"]
