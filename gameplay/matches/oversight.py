"""Who oversees a match, asked at the moment of each request of whatever the match belongs to.

``gameplay`` never imports ``tournaments``. An app that makes matches (the events of
``tournaments``) registers an ``Overseer`` when it is ready; for a match it claims, the overseer
says who may referee it now (an event's current organiser and judges), whether its deck lists
are public (the event published them) and whether they are still closed to its own players (an
event that has neither published them nor finished). A match no overseer claims (practice, challenges) has no
referees but staff, and its lists are never public. Nothing is copied onto the match, so a judge
removed from an event loses the match at once, and one added later gains it.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Protocol

from django.db.models import Q

if TYPE_CHECKING:
    from gameplay.matches.models import PlayMatch


@dataclass(frozen=True)
class Oversight:
    referees: frozenset[int]  # the users who may referee the match now (staff always may)
    lists_public: bool  # the match's deck lists are public (the event published them)
    # The lists are still closed to the players themselves (an event that has neither published its
    # lists nor finished): a finished match then shows each player only their own hidden cards.
    lists_closed: bool = False


UNCLAIMED = Oversight(frozenset(), False)


class Overseer(Protocol):
    def oversight(self, match: PlayMatch) -> Oversight | None:
        """The match's oversight, or None if this overseer does not own the match."""

    def refereed_by(self, user_id: int) -> Any:
        """A subquery of the ids of the matches this user may referee (for listing them)."""


_overseers: list[Overseer] = []


def register(overseer: Overseer) -> None:
    """Called at app ready by an app that owns matches (once per kind of overseer)."""
    if all(type(known) is not type(overseer) for known in _overseers):
        _overseers.append(overseer)


def oversight(match: PlayMatch) -> Oversight:
    """The match's oversight now (asked afresh every time: nothing is kept between requests)."""
    for overseer in _overseers:
        claimed = overseer.oversight(match)
        if claimed is not None:
            return claimed
    return UNCLAIMED


def refereed_by(user_id: int) -> Q:
    """A filter on matches: those this user may referee now (staff aside)."""
    found = Q(pk__in=[])
    for overseer in _overseers:
        found |= Q(pk__in=overseer.refereed_by(user_id))
    return found


def claimed(match: PlayMatch) -> bool:
    """Whether an app (an event) owns the match; practice and challenges belong to no one."""
    return any(overseer.oversight(match) is not None for overseer in _overseers)
