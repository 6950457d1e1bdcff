"""The event on the site socket: the ``event`` topic (``common.consumers.LiveConsumer``), followed by
the projector, the players' event pages and the deck-swap pages.

Whoever may see the event (anonymous too, once it is public) joins its group ``event-<id>``
(``tournaments.live``, which says what is pushed); anyone else is refused. Pushes are at most
once: a page re-reads over HTTP whenever its subscription (re)opens.
"""

from __future__ import annotations

from typing import Any

from channels.db import database_sync_to_async

from common.consumers import LiveConsumer, Messages, Subscription, Topic
from tournaments.live import event_group
from tournaments.selectors import visible_events


@database_sync_to_async
def _may_follow(user: Any, event_id: int) -> bool:
    if user is None:
        return False
    return visible_events(user).filter(pk=event_id).exists()


class EventTopic(Topic):
    """``{"type": "subscribe", "topic": "event", "id": <event>}``; it opens with ``{"kind": "hello"}``."""

    async def open(self, socket: LiveConsumer, user: Any, ident: int, seat: int | None) -> Subscription | str:
        if seat is not None:
            return "An event has no seats to follow."
        if not await _may_follow(user, ident):
            return "You may not follow this event."

        async def first() -> Messages:
            return [{"kind": "hello"}]

        return Subscription(groups=[event_group(ident)], first=first)
