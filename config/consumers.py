from __future__ import annotations

import json
from typing import Any

from channels.generic.websocket import AsyncWebsocketConsumer


class PingConsumer(AsyncWebsocketConsumer):
    """Answers "ping" with "pong" and the user's name: proves websockets and auth work."""

    async def connect(self) -> None:
        await self.accept()

    async def receive(self, text_data: str | None = None, bytes_data: bytes | None = None, **_: Any) -> None:
        user = self.scope.get("user")
        name = user.get_username() if user is not None and user.is_authenticated else None
        await self.send(json.dumps({"type": "pong", "echo": text_data, "user": name}))
