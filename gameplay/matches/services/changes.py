"""The steps every change of a match shares: lock the row, check who acts and on what version,
and finish the change (bump the version, save, push the views and queue the timers after commit).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from accounts.models import User
from gameplay.matches import rows, timers, turn_notices
from gameplay.matches.errors import Conflict, Forbidden, MatchRefusal, Stale
from gameplay.matches.models import Game, PlayMatch
from gameplay.matches.push import answered_on, listeners
from gameplay.matches.services.views import Views, views_for


@dataclass(frozen=True)
class ChangeResult:
    """What a move did: the match afterwards, a refusal to report if the move came too late, and
    the views it was pushed with (each connected seat's, the mover's, and the public one if watched)."""

    match: PlayMatch
    refused: str = ""
    views: Views = field(default_factory=dict)


def locked(match_id: int) -> PlayMatch:
    return PlayMatch.objects.select_for_update().get(pk=match_id)


def locked_with_game(match_id: int) -> tuple[PlayMatch, Game]:
    """The match row locked together with its current game, in one query (a move's hot path)."""
    found = rows.locked_match_and_game(match_id)
    if found is None:
        raise PlayMatch.DoesNotExist(f"No match {match_id} with a game.")
    return found


def seat_to_act(match: PlayMatch, user: User, version: int) -> int:
    """The seat of ``user``, who may act in ``match`` now, having seen ``version``; otherwise the
    refusal: not a player (403), the match paused or over (409), an old version (409, with the
    current one). A person holding several seats acts in the one on the clock."""
    seat = match.acting_seat(user.pk)
    if seat is None:
        raise Forbidden(MatchRefusal.NOT_PLAYING, "You are not playing in this match.")
    if match.status != PlayMatch.Status.PLAYING:
        raise Conflict(MatchRefusal.MATCH_NOT_PLAYING, f"The match is {match.get_status_display().lower()}.")
    if version != match.version:
        raise Stale(MatchRefusal.STALE_VERSION, "The game has moved on since you last looked.", current=match.version)
    return seat


def after_commit(match: PlayMatch, current: tuple[Game, Any] | None = None, viewer: int | None = None) -> Views:
    """Compute the views of this moment now (from the game and state in hand when given), push
    them (with a word to each person whose home page changes, ``push.push_views``) and queue the
    timers after commit. Returns the views: the ``viewer`` seat's always,
    the other seat's if its page is open, the public one if anyone watches."""
    count = match.seat_count
    # a person's pushes and views are keyed by their own seat (the first they hold)
    mover = None if viewer is None else match.home_seat(viewer)
    answered = answered_on() if mover is not None else None
    try:  # one Redis round trip
        connected, watchers, mover_sockets = listeners(match.pk, count, sockets_of=mover if answered else None)
    except Exception:  # Redis down: presence is unknown, so push everything (best effort)
        connected, watchers, mover_sockets = {f"p{s + 1}": True for s in range(count)}, True, set()
    homes = sorted({match.home_seat(s) for s in range(count) if not match.bot_of(s) or not match.seated})
    seats: list[int | None] = [s for s in homes if s == mover or connected[f"p{s + 1}"]]
    if watchers:
        seats.append(None)
    game, state = current if current is not None else (None, None)
    views = views_for(match, seats, game, state, connected) if seats else {}
    # a move sent on the mover's only open socket gets its view in the answer, not a push as well
    pushed = views if not answered or mover_sockets != {answered} else {s: v for s, v in views.items() if s != mover}
    # whose home page changes (a turn came or went, the match started or ended): told in the same push
    timers.after_change(match, pushed, match.waiting_changed())
    turn_notices.your_turn(match, viewer)  # turn-based play only: the next decider is told
    return views


def publish_change(
    match: PlayMatch,
    *,
    viewer: int | None = None,
    current: tuple[Game, Any] | None = None,
    save: Callable[[], None] | None = None,
) -> Views:
    """A change the players can see is done: the version moves on, the match is saved (by
    ``save`` when the caller writes its rows its own way) and, after commit, the views are pushed
    and the timers queued. Returns the views (see ``after_commit``)."""
    match.version += 1
    if save is None:
        match.save()
    else:
        save()
    return after_commit(match, current, viewer)
