"""The ``me`` topic of the site socket: a signed-in user's own pages hear their notices (the
bell's count). Only the user's own id may be followed; anonymous sockets are refused."""

from __future__ import annotations

from typing import Any

from channels.db import database_sync_to_async

from accounts.notices.live import user_group
from accounts.notices.services import unread_count
from common.consumers import LiveConsumer, Messages, Subscription, Topic


class MeTopic(Topic):
    """``{"type": "subscribe", "topic": "me", "id": <own user id>}``; it opens with
    ``{"kind": "unread", "unread": N}``, then each new notice is ``{"kind": "notice", "unread": N, "title": ...}``."""

    async def open(self, socket: LiveConsumer, user: Any, ident: int, seat: int | None) -> Subscription | str:
        if seat is not None:
            return "There are no seats to follow here."
        if user is None or not user.is_authenticated:
            return "Sign in to hear your notices."
        if user.pk != ident:
            return "You may follow only your own notices."

        async def first() -> Messages:
            return [{"kind": "unread", "unread": await database_sync_to_async(unread_count)(user)}]

        return Subscription(groups=[user_group(ident)], first=first)
