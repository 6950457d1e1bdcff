"""Live match pages: each seat (and spectators) listen on their own group and get their own view.

Every push carries the match version; a client that sees a gap, or reconnects, re-reads its view
over the REST API. Delivery is at most once by design: nothing depends on a push arriving.
"""

from __future__ import annotations

import json
import time
from typing import Any

from channels.db import database_sync_to_async

from common.consumers import SiteConsumer
from common.push import push_json
from common.redis import key, state_redis
from gameplay.matches.models import PlayMatch


def group_name(match_id: int, seat: int | None) -> str:
    return f"play-{match_id}-{'public' if seat is None else f'p{seat + 1}'}"


class MatchConsumer(SiteConsumer):
    async def connect(self) -> None:
        user = self.scope.get("user")
        match_id = int(self.scope["url_route"]["kwargs"]["match_id"])
        seat = await self._seat(match_id, user)
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
            await database_sync_to_async(mark_presence)(match_id, self.seat, self.channel_name, True)
        else:
            await database_sync_to_async(mark_watching)(match_id, self.channel_name, True)
        await self.accept()
        view = await database_sync_to_async(view_after_moves_in_flight)(match_id, self.seat)
        await self.send(text_data=json.dumps(view_message(view, time.time())))

    @database_sync_to_async
    def _seat(self, match_id: int, user: Any) -> int | bool | None:
        """The user's seat, None for a spectator who may watch, False for anyone else."""
        from gameplay.matches.services import sight

        match = PlayMatch.objects.filter(pk=match_id).first()
        seen = None if match is None else sight(match, user)
        return False if seen is None else seen.seat

    async def disconnect(self, code: int) -> None:
        if hasattr(self, "group"):
            await self.channel_layer.group_discard(self.group, self.channel_name)
        if getattr(self, "seat", None) is not None:
            await database_sync_to_async(mark_presence)(self.match_id, self.seat, self.channel_name, False)
        elif hasattr(self, "group"):
            await database_sync_to_async(mark_watching)(self.match_id, self.channel_name, False)


def view_after_moves_in_flight(match_id: int, seat: int | None) -> dict[str, Any]:
    """The seat's view (or the public one), read once the match row is free: a move that holds its
    lock commits first, so its change is in this view."""
    from django.db import transaction

    from gameplay.matches.services import player_view

    with transaction.atomic():
        match = PlayMatch.objects.select_for_update().get(pk=match_id)
        return player_view(match, seat)


PRESENCE_TTL = 24 * 3600


def presence_key(match_id: int, seat: int) -> str:
    return key("play", str(match_id), "connected", f"p{seat + 1}")


def mark_presence(match_id: int, seat: int, channel: str, connected: bool) -> None:
    """Remember which seats have a page open, and tell everyone when that changes."""
    redis = state_redis()
    if connected:
        redis.sadd(presence_key(match_id, seat), channel)
        redis.expire(presence_key(match_id, seat), PRESENCE_TTL)
    else:
        redis.srem(presence_key(match_id, seat), channel)
    message = {"type": "presence", "connected": connected_seats(match_id)}
    push_json([(group_name(match_id, seat), message) for seat in (0, 1, None)])


def watchers_key(match_id: int) -> str:
    return key("play", str(match_id), "watchers")


def mark_watching(match_id: int, channel: str, watching: bool) -> None:
    """Count spectators' sockets, so a move computes the public view only when someone watches."""
    redis = state_redis()
    if watching:
        redis.sadd(watchers_key(match_id), channel)
        redis.expire(watchers_key(match_id), PRESENCE_TTL)
    else:
        redis.srem(watchers_key(match_id), channel)


def connected_seats(match_id: int) -> dict[str, bool]:
    try:
        return listeners(match_id)[0]
    except Exception:  # Redis down: presence is unknown, not fatal
        return {"p1": False, "p2": False}


def listeners(match_id: int) -> tuple[dict[str, bool], bool]:
    """Which seats have a page open and whether anyone watches, in one round trip."""
    pipe = state_redis().pipeline(transaction=False)
    for seat in (0, 1):
        pipe.scard(presence_key(match_id, seat))
    pipe.scard(watchers_key(match_id))
    p1, p2, watchers = pipe.execute()
    return {"p1": bool(p1), "p2": bool(p2)}, bool(watchers)


def view_message(view: dict[str, Any], at: float) -> dict[str, Any]:
    """A view as a socket receives it: its version, the view, and when the server sent it."""
    return {"type": "view", "version": view["version"], "view": view, "at": at}


def push_views(match_id: int, views: dict[int | None, dict[str, Any]]) -> None:
    """Send each seat its own view, and spectators the public one (called after commit)."""
    sent = time.time()
    push_json([(group_name(match_id, seat), view_message(view, sent))
               for seat, view in views.items()])  # fmt: skip
