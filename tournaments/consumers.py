"""The event's websocket (``ws/events/<id>/``): the projector, the players' event pages and the
deck-swap pages follow it.

Whoever may see the event (anonymous too, once it is public) joins its group ``event-<id>``
(``tournaments.live``, which says what is pushed); anyone else is closed with code 4403. Pushes are
at most once: a page re-reads over HTTP whenever its socket (re)opens.
"""

from __future__ import annotations

from typing import Any

from channels.db import database_sync_to_async

from common.consumers import SiteConsumer
from tournaments.live import event_group
from tournaments.selectors import visible_events

FORBIDDEN = 4403


@database_sync_to_async
def _may_follow(user: Any, event_id: int) -> bool:
    if user is None:
        return False
    return visible_events(user).filter(pk=event_id).exists()


class EventConsumer(SiteConsumer):
    message_key = "kind"
    group: str | None = None

    async def connect(self) -> None:
        event_id = int(self.scope["url_route"]["kwargs"]["event_id"])
        if not await _may_follow(self.scope.get("user"), event_id):
            await self.close(code=FORBIDDEN)
            return
        self.group = event_group(event_id)
        await self.channel_layer.group_add(self.group, self.channel_name)
        await self.accept()
        await self.send_json({"kind": "hello"})

    async def disconnect(self, code: int) -> None:
        if self.group is not None:
            await self.channel_layer.group_discard(self.group, self.channel_name)

    async def receive_json(self, content: Any, **kwargs: Any) -> None:
        if isinstance(content, dict) and content.get("kind") == "ping":
            await self.send_json({"kind": "pong"})
