"""Live match pages: the socket of each seat's page (and of watchers'), on its own push group.

What is pushed, and presence, live in ``push``; a socket opens with its viewer's view.
"""

from __future__ import annotations

import json
import time
from typing import Any

from channels.db import database_sync_to_async
from django.db import transaction

from common.consumers import SiteConsumer
from gameplay.matches.chat import say
from gameplay.matches.models import PlayMatch
from gameplay.matches.push import group_name, mark_presence, mark_watching, view_message
from gameplay.matches.selectors import sight
from gameplay.matches.services import player_view, players_arrived


class MatchConsumer(SiteConsumer):
    async def connect(self) -> None:
        user = self.scope.get("user")
        match_id = int(self.scope["url_route"]["kwargs"]["match_id"])
        seat, self.seat_count = await self._seat(match_id, user)
        if seat is False:
            await self.close(code=4403)
            return
        self.group = group_name(match_id, seat if isinstance(seat, int) else None)
        self.match_id, self.seat = match_id, seat if isinstance(seat, int) else None
        await self.channel_layer.group_add(self.group, self.channel_name)
        # Presence is marked before the socket opens, and the view sent on opening is read after
        # any move in flight commits: a move pushes only to the seats it sees present, so a move
        # that looked before the mark reaches this page by that first view instead.
        if self.seat is not None:
            await database_sync_to_async(mark_presence)(match_id, self.seat, self.channel_name, True, self.seat_count)
            await database_sync_to_async(players_arrived)(match_id)  # both here: the clocks of a waiting match start
        else:
            await database_sync_to_async(mark_watching)(match_id, self.channel_name, True)
        await self.accept()
        view = await database_sync_to_async(view_after_moves_in_flight)(match_id, self.seat)
        await self.send(text_data=json.dumps(view_message(view, time.time())))

    @database_sync_to_async
    def _seat(self, match_id: int, user: Any) -> tuple[int | bool | None, int]:
        """The user's seat (the first they hold at a table), None for a spectator who may watch,
        False for anyone else; and the match's number of seats."""
        match = PlayMatch.objects.filter(pk=match_id).first()
        seen = None if match is None else sight(match, user)
        return (False, 0) if match is None or seen is None else (seen.seat, match.seat_count)

    async def receive_json(self, content: Any, **kwargs: Any) -> None:
        """A player's preset message to the opponent (``chat``); watchers may send nothing."""
        if not isinstance(content, dict) or content.get("type") != "say":
            return await self.refuse('This socket takes only {"type": "say", "message": …} from players.')
        if getattr(self, "seat", None) is None:
            return await self.send_json({"type": "say-refused", "detail": "Watchers cannot send messages."})
        refused = await database_sync_to_async(say)(self.match_id, self.seat, content.get("message"))
        if refused:
            await self.send_json({"type": "say-refused", "detail": refused})

    async def disconnect(self, code: int) -> None:
        if hasattr(self, "group"):
            await self.channel_layer.group_discard(self.group, self.channel_name)
        if getattr(self, "seat", None) is not None:
            await database_sync_to_async(mark_presence)(
                self.match_id, self.seat, self.channel_name, False, self.seat_count
            )
        elif hasattr(self, "group"):
            await database_sync_to_async(mark_watching)(self.match_id, self.channel_name, False)


def view_after_moves_in_flight(match_id: int, seat: int | None) -> dict[str, Any]:
    """The seat's view (or the public one), read once the match row is free: a move that holds its
    lock commits first, so its change is in this view."""
    with transaction.atomic():
        match = PlayMatch.objects.select_for_update().get(pk=match_id)
        return player_view(match, seat)
