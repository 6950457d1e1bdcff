"""The base of the site's websocket consumers, and the ping socket."""

from __future__ import annotations

import json
from typing import Any

from channels.consumer import get_handler_name
from channels.generic.websocket import AsyncJsonWebsocketConsumer, AsyncWebsocketConsumer


class SiteConsumer(AsyncJsonWebsocketConsumer):
    """Handles each message on the loop, with no stop on a thread first.

    Channels' ``dispatch`` closes stale database connections before every handler, through a
    thread; for a push (most messages a consumer gets) that crossing was the largest cost of
    delivering it on a busy server. Our handlers reach the database only through
    ``database_sync_to_async``, which closes stale connections itself, so the crossing is skipped.
    """

    message_key = "type"  # the field that names a message's kind on this socket

    async def receive(self, text_data: str | None = None, bytes_data: bytes | None = None, **kwargs: Any) -> None:
        """A frame that is not JSON text answers an error message; the socket stays open."""
        if text_data is None:
            return await self.refuse("Send JSON as text frames.")
        try:
            content = await self.decode_json(text_data)
        except RecursionError:
            return await self.refuse("The message is JSON nested too deeply.")
        except ValueError:
            return await self.refuse("The message is not valid JSON.")
        await self.receive_json(content, **kwargs)

    async def refuse(self, detail: str) -> None:
        await self.send_json({self.message_key: "error", "detail": detail})

    async def dispatch(self, message: dict[str, Any]) -> None:
        handler = getattr(self, get_handler_name(message), None)
        if handler is None:
            raise ValueError(f"No handler for message type {message['type']}")
        await handler(message)

    async def site_text(self, message: dict[str, Any]) -> None:
        """A push encoded once by its sender (``common.push.push_json``): sent as it is."""
        await self.send(text_data=message["text"])


class PingConsumer(AsyncWebsocketConsumer):
    """Answers "ping" with "pong" and the user's name: proves websockets and auth work."""

    async def connect(self) -> None:
        await self.accept()

    async def receive(self, text_data: str | None = None, bytes_data: bytes | None = None, **_: Any) -> None:
        user = self.scope.get("user")
        name = user.get_username() if user is not None and user.is_authenticated else None
        await self.send(json.dumps({"type": "pong", "echo": text_data, "user": name}))
