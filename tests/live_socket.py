"""A test's view of one subscription on the site socket (``ws/live/``, ``common.consumers.LiveConsumer``).

``TopicSocket`` opens the real socket through the application it is given, subscribes to one topic
on ``connect()`` (answering ``(True, None)``, or ``(False, detail)`` when the socket refuses it), and
hands back the payloads pushed under that topic unwrapped; messages of the socket itself (errors,
pong) come back as they are.
"""

from __future__ import annotations

from typing import Any

from channels.testing import WebsocketCommunicator

ORIGIN = [(b"origin", b"http://localhost")]


def live_app() -> Any:
    from config.asgi import application

    return application


class TopicSocket:
    def __init__(
        self, topic: str, ident: int, user: Any = None, seat: int | None = None, application: Any = None
    ) -> None:
        self.talk = WebsocketCommunicator(application or live_app(), "/ws/live/", headers=ORIGIN)
        self.scope = self.talk.scope
        if user is not None:
            self.scope["user"] = user
        self.subscription: dict[str, Any] = {"type": "subscribe", "topic": topic, "id": ident}
        if seat is not None:
            self.subscription["seat"] = seat
        self.key = f"{topic}:{ident}"
        self.refusal: str | None = None

    async def connect(self, timeout: float = 5) -> tuple[bool, str | None]:
        opened, _ = await self.talk.connect(timeout)
        assert opened, "the site socket did not open"
        await self.talk.send_json_to(self.subscription)
        answer = await self.talk.receive_json_from(timeout)
        assert answer.get("topic") == self.key, answer
        if answer["type"] == "refused":
            self.refusal = answer["detail"]
            return False, answer["detail"]
        assert answer["type"] == "subscribed", answer
        return True, None

    async def receive_json_from(self, timeout: float = 1) -> Any:
        message = await self.talk.receive_json_from(timeout)
        if isinstance(message, dict) and message.get("topic") == self.key and "data" in message:
            return message["data"]
        return message

    async def send_json_to(self, payload: dict[str, Any]) -> None:
        await self.talk.send_json_to({"topic": self.key, **payload})

    async def send_to(self, text_data: str | None = None, bytes_data: bytes | None = None) -> None:
        await self.talk.send_to(text_data=text_data, bytes_data=bytes_data)

    async def receive_nothing(self, timeout: float = 0.1, interval: float = 0.01) -> bool:
        return await self.talk.receive_nothing(timeout, interval)

    async def disconnect(self, code: int = 1000, timeout: float = 1) -> None:
        await self.talk.disconnect(code, timeout)
