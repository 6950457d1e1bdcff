"""Live match pages on the site socket: the ``match`` topic (``common.consumers.LiveConsumer``).

A seat's page joins its own seat's push group and a watcher's the public one; anyone else is
refused. What is pushed, and presence, live in ``push``; a subscription opens with its viewer's view.
"""

from __future__ import annotations

import time
from typing import Any

from channels.db import database_sync_to_async
from django.db import transaction

from common.consumers import LiveConsumer, Messages, Subscription, Topic
from gameplay.matches.chat import say
from gameplay.matches.models import PlayMatch
from gameplay.matches.push import group_name, mark_presence, mark_watching, view_message
from gameplay.matches.selectors import sight
from gameplay.matches.services import player_view, players_arrived


class MatchTopic(Topic):
    """``{"type": "subscribe", "topic": "match", "id": <match>}``: the viewer's own seat (the first
    they hold at the table), or the public view for a watcher. A ``seat`` asked for must be their own."""

    async def open(self, socket: LiveConsumer, user: Any, ident: int, seat: int | None) -> Subscription | str:
        own, seat_count = await _seat(ident, user)
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
                await database_sync_to_async(mark_presence)(ident, mine, channel, True, seat_count)
                await database_sync_to_async(players_arrived)(ident)  # all here: the clocks of a waiting match start
            else:
                await database_sync_to_async(mark_watching)(ident, channel, True)
            view = await database_sync_to_async(view_after_moves_in_flight)(ident, mine)
            return [view_message(view, time.time())]

        async def leave() -> None:
            if mine is not None:
                await database_sync_to_async(mark_presence)(ident, mine, channel, False, seat_count)
            else:
                await database_sync_to_async(mark_watching)(ident, channel, False)

        async def receive(content: dict[str, Any]) -> dict[str, Any] | None:
            """A player's preset message to the others (``chat``); watchers may send nothing."""
            if content.get("type") != "say":
                return {"type": "error", "detail": 'A match takes only {"type": "say", "message": …} from players.'}
            if mine is None:
                return {"type": "say-refused", "detail": "Watchers cannot send messages."}
            refused = await database_sync_to_async(say)(ident, mine, content.get("message"))
            return {"type": "say-refused", "detail": refused} if refused else None

        return Subscription(groups=[group_name(ident, mine)], first=first, leave=leave, receive=receive)


@database_sync_to_async
def _seat(match_id: int, user: Any) -> tuple[int | bool | None, int]:
    """The user's seat (the first they hold at a table), None for a spectator who may watch,
    False for anyone else; and the match's number of seats."""
    match = PlayMatch.objects.filter(pk=match_id).first()
    seen = None if match is None else sight(match, user)
    return (False, 0) if match is None or seen is None else (seen.seat, match.seat_count)


def view_after_moves_in_flight(match_id: int, seat: int | None) -> dict[str, Any]:
    """The seat's view (or the public one), read once the match row is free: a move that holds its
    lock commits first, so its change is in this view."""
    with transaction.atomic():
        match = PlayMatch.objects.select_for_update().get(pk=match_id)
        return player_view(match, seat)
