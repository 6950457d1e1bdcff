"""Live match pages on the site socket: the ``match`` topic (``common.consumers.LiveConsumer``).

A seat's page joins its own seat's push group and a watcher's the public one; anyone else is
refused. What is pushed, and presence, live in ``push``; a subscription opens with its viewer's view.
"""

from __future__ import annotations

import time
from contextlib import nullcontext
from functools import partial
from typing import Any

from channels.db import database_sync_to_async
from django.db import transaction

from common.consumers import LiveConsumer, Messages, Subscription, Topic
from gameplay.matches.chat import say
from gameplay.matches.errors import MatchError
from gameplay.matches.models import PlayMatch
from gameplay.matches.push import answering, group_name, mark_presence, mark_watching, view_message
from gameplay.matches.selectors import sight
from gameplay.matches.services import play, player_view, players_arrived
from gameplay.matches.services.decisions import ACTION_LENGTH
from gameplay.matches.turn_notices import waiting_for_you


class MatchTopic(Topic):
    """``{"type": "subscribe", "topic": "match", "id": <match>}``: the viewer's own seat (the first
    they hold at the table), or the public view for a watcher. A ``seat`` asked for must be their own."""

    async def open(self, socket: LiveConsumer, user: Any, ident: int, seat: int | None) -> Subscription | str:
        own, seat_count, match = await _seat(ident, user)
        if own is False:
            return "You may not follow this match."
        mine = own if isinstance(own, int) else None
        if seat is not None and seat != mine:
            return "That seat is not yours: you may follow only your own seat's view."
        channel = socket.channel_name

        async def first() -> Messages:
            # Presence is marked once the page is in its group, and the view sent then is read after
            # any move in flight commits: a move pushes only to the seats it sees present, so a move
            # that looked before the mark reaches this page by that first view instead.
            if mine is not None:
                present = await database_sync_to_async(mark_presence)(ident, mine, channel, True, seat_count)
                await database_sync_to_async(players_arrived)(ident)  # all here: the clocks of a waiting match start
                assert match is not None
                await database_sync_to_async(waiting_for_you)(match, user, present)  # the others away are told
            else:
                await database_sync_to_async(mark_watching)(ident, channel, True)
            view = await database_sync_to_async(view_after_moves_in_flight)(ident, mine)
            return [view_message(view, time.time())]

        async def leave() -> None:
            if mine is not None:
                await database_sync_to_async(mark_presence)(ident, mine, channel, False, seat_count)
            else:
                await database_sync_to_async(mark_watching)(ident, channel, False)

        receive = partial(received, ident, user, mine, channel)
        return Subscription(groups=[group_name(ident, mine)], first=first, leave=leave, receive=receive)


TAKES = (
    'A match takes {"type": "act", "version": n, "action": "…"} (a move) and {"type": "say", "message": …} '
    "from its players."
)


async def received(
    ident: int, user: Any, mine: int | None, channel: str, content: dict[str, Any]
) -> dict[str, Any] | None:
    """What a page sent on its match topic: a player's move (``act``, as ``POST /api/play/<id>/act/``)
    or preset message to the others (``say``); watchers may send neither."""
    if content.get("type") == "act":
        return await database_sync_to_async(act)(ident, user, mine, content, channel)
    if content.get("type") != "say":
        return {"type": "error", "detail": TAKES}
    if mine is None:
        return {"type": "say-refused", "detail": "Watchers cannot send messages."}
    refused = await database_sync_to_async(say)(ident, mine, content.get("message"))
    return {"type": "say-refused", "detail": refused} if refused else None


def act(match_id: int, user: Any, seat: int | None, content: dict[str, Any], channel: str = "") -> dict[str, Any]:
    """A move sent on the socket: the same checks, refusals and answer as the play API's ``act``
    (a stale version, an illegal move, a move out of turn each refused, nothing changed), answered
    on the socket as ``acted`` with the mover's view, or ``act-refused`` with the HTTP status the
    API would have given and, where the match was read, the mover's current view. ``request``
    (a short text or a number the page chose) comes back, so the page can tell its answers apart.
    The answer is the socket's (``channel``) view of the move: it is not pushed to it as well."""
    request = content.get("request")
    mark = (
        request
        if isinstance(request, int | str) and not isinstance(request, bool) and len(str(request)) <= 64
        else None
    )

    def refused(status: int, detail: str, **more: Any) -> dict[str, Any]:
        return {"type": "act-refused", "status": status, "detail": detail, "request": mark, **more}

    version, action = content.get("version"), content.get("action")
    if seat is None:
        return refused(403, "You are watching this match, not playing it.")
    if not isinstance(version, int) or isinstance(version, bool) or version < 0:
        return refused(400, "The move needs the version of the view it was made from (a whole number, 0 or more).")
    if not isinstance(action, str) or not action or len(action) > ACTION_LENGTH:
        return refused(400, f"The move needs an action: text of 1 to {ACTION_LENGTH} characters.")
    try:
        with answering(channel) if channel else nullcontext():
            outcome = play(match_id, user, action, version)
    except PlayMatch.DoesNotExist:
        return refused(404, "No such match.")
    except MatchError as error:
        return refused(error.status_code, error.message, **error.extra)
    view = outcome.views.get(seat) or player_view(outcome.match, seat)
    if outcome.refused:
        return refused(409, outcome.refused, view=view)
    return {"type": "acted", "view": view, "request": mark}


@database_sync_to_async
def _seat(match_id: int, user: Any) -> tuple[int | bool | None, int, PlayMatch | None]:
    """The user's seat (the first they hold at a table), None for a spectator who may watch,
    False for anyone else; the match's number of seats; and the match as read."""
    match = PlayMatch.objects.filter(pk=match_id).first()
    seen = None if match is None else sight(match, user)
    return (False, 0, None) if match is None or seen is None else (seen.seat, match.seat_count, match)


def view_after_moves_in_flight(match_id: int, seat: int | None) -> dict[str, Any]:
    """The seat's view (or the public one), read once the match row is free: a move that holds its
    lock commits first, so its change is in this view."""
    with transaction.atomic():
        match = PlayMatch.objects.select_for_update().get(pk=match_id)
        return player_view(match, seat)
