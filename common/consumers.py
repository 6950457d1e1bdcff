"""The base of the site's websocket consumers, the one site socket (``ws/live/``) and the ping socket.

A page opens one socket, ``LiveConsumer``, and subscribes on it by topic (an event, a match, a draft
pod, ...). Each topic kind is a ``Topic`` given by the app that owns it (``config.routing`` wires
them): it checks who may follow what and names the push groups a subscription joins. Pushes reach
the page wrapped as ``{"topic": key, "data": payload}``; the payload is the app's message as it is.
"""

from __future__ import annotations

import json
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import Any, TypeGuard

from channels.consumer import get_handler_name
from channels.generic.websocket import AsyncJsonWebsocketConsumer, AsyncWebsocketConsumer

from common import threads
from common.push import json_text


class SiteConsumer(AsyncJsonWebsocketConsumer):
    """Handles each message on the loop, with no stop on a thread first.

    Channels' ``dispatch`` closes stale database connections before every handler, through a
    thread; for a push (most messages a consumer gets) that crossing was the largest cost of
    delivering it on a busy server. Our handlers reach the database only through
    ``database_sync_to_async``, which closes stale connections itself, so the crossing is skipped.
    ``LiveConsumer`` runs a subscription's messages (moves) on a thread lent by ``common.threads``.
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


Messages = list[dict[str, Any]]


@dataclass
class Subscription:
    """What a page may follow under one topic: the push groups it joins, the messages it gets right
    after joining (``first``, e.g. the viewer's view), what ends it (``leave``, e.g. presence), and
    what it may send on it (``receive``: a reply, or None)."""

    groups: list[str]
    first: Callable[[], Awaitable[Messages]] | None = None
    leave: Callable[[], Awaitable[None]] | None = None
    receive: Callable[[dict[str, Any]], Awaitable[dict[str, Any] | None]] | None = None


class Topic:
    """One kind of subscription. ``open`` answers a ``Subscription``, or the refusal in words."""

    async def open(self, socket: LiveConsumer, user: Any, ident: int, seat: int | None) -> Subscription | str:
        raise NotImplementedError


MAX_TOPICS = 16  # more than any page needs; a socket that asks for more is refused


class LiveConsumer(SiteConsumer):
    """The one site socket. The page sends ``{"type": "subscribe", "topic": kind, "id": n}`` (and
    ``"seat": n`` where a kind has seats: only the viewer's own is allowed); it is answered
    ``{"type": "subscribed", "topic": "kind:n"}`` then the topic's pushes, or
    ``{"type": "refused", "topic": ..., "detail": ...}``. ``unsubscribe`` ends one; any other
    message names its topic and goes to that subscription's ``receive``."""

    topics: dict[str, Topic] = {}  # set by ``as_asgi(topics=...)`` in config.routing

    def __init__(self, *args: Any, topics: dict[str, Topic] | None = None, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        if topics is not None:
            self.topics = topics
        self.followed: dict[str, Subscription] = {}
        self.topic_of_group: dict[str, str] = {}

    async def connect(self) -> None:
        await self.accept()

    async def receive_json(self, content: Any, **kwargs: Any) -> None:
        if not isinstance(content, dict) or not isinstance(content.get("type"), str):
            return await self.refuse(
                'Send an object with a "type", e.g. {"type": "subscribe", "topic": "event", "id": 1}.'
            )
        kind = content["type"]
        if kind == "ping":
            return await self.send_json({"type": "pong"})
        if kind == "subscribe":
            return await self.subscribe(content)
        key = content.get("topic")
        if not isinstance(key, str):
            return await self.refuse('Name the topic, e.g. "match:12".')
        if kind == "unsubscribe":
            return await self.unsubscribe(key)
        subscription = self.followed.get(key)
        if subscription is None or subscription.receive is None:
            return await self.refuse("Subscribe first: this socket takes subscribe, unsubscribe and ping.")
        async with threads.lend():  # a move's database work on a request thread, beside the others
            reply = await subscription.receive(content)
        if reply is not None:
            await self.send_topic(key, reply)

    async def subscribe(self, content: dict[str, Any]) -> None:
        kind, ident, seat = content.get("topic"), content.get("id"), content.get("seat")
        topic = self.topics.get(kind) if isinstance(kind, str) else None
        key = f"{str(kind)[:40]}:{str(ident)[:20]}"
        if topic is None:
            return await self.refused(key, f"There is nothing to follow called {str(kind)[:40]!r}.")
        if not _is_id(ident) or (seat is not None and not _is_id(seat)):
            return await self.refused(key, "The id (and seat) to follow must be whole numbers.")
        if key in self.followed:
            return await self.send_json({"type": "subscribed", "topic": key})
        if len(self.followed) >= MAX_TOPICS:
            return await self.refused(key, f"One page may follow at most {MAX_TOPICS} topics.")
        opened = await topic.open(self, self.scope.get("user"), ident, seat)
        if isinstance(opened, str):
            return await self.refused(key, opened)
        self.followed[key] = opened
        for group in opened.groups:
            self.topic_of_group.setdefault(group, key)
            await self.channel_layer.group_add(group, self.channel_name)
        # "subscribed" says the page is in its groups and the topic's opening work is done (a match
        # seat is marked present and its arrival counted): the page's re-read then misses nothing.
        first = await opened.first() if opened.first is not None else []
        await self.send_json({"type": "subscribed", "topic": key})
        for message in first:
            await self.send_topic(key, message)

    async def unsubscribe(self, key: str) -> None:
        subscription = self.followed.pop(key, None)
        if subscription is not None:
            await self._leave(subscription)
        await self.send_json({"type": "unsubscribed", "topic": key})

    async def _leave(self, subscription: Subscription) -> None:
        for group in subscription.groups:
            self.topic_of_group.pop(group, None)
            await self.channel_layer.group_discard(group, self.channel_name)
        if subscription.leave is not None:
            await subscription.leave()

    async def refused(self, key: str, detail: str) -> None:
        await self.send_json({"type": "refused", "topic": key, "detail": detail})

    async def send_topic(self, key: str, message: dict[str, Any]) -> None:
        await self.send(text_data=under_topic(key, json_text(message)))

    async def site_text(self, message: dict[str, Any]) -> None:
        """A push encoded once by its sender, wrapped with the topic it came under (its text is
        spliced in as it is, not decoded again). Dropped unsent: a push of a group this socket has
        left, one this socket gets in another form (``common.push.Skip``: it is also in one of the
        groups ``unless_in``, or it is the socket ``unless_channel``)."""
        key = self.topic_of_group.get(message.get("group", ""))
        if key is None or message.get("unless_channel") == self.channel_name:
            return
        unless = message.get("unless_in")
        if unless and any(group in self.topic_of_group for group in unless):
            return
        await self.send(text_data=under_topic(key, message["text"]))

    async def disconnect(self, code: int) -> None:
        followed, self.followed = self.followed, {}
        for subscription in followed.values():
            await self._leave(subscription)


def under_topic(key: str, text: str) -> str:
    """A message's JSON ``text`` wrapped with the topic it goes to the page under, by splicing
    strings (the text is not decoded again)."""
    return '{"topic": ' + json.dumps(key) + ', "data": ' + text + "}"


def _is_id(value: Any) -> TypeGuard[int]:
    return isinstance(value, int) and not isinstance(value, bool) and 0 <= value < 2**63


class PingConsumer(AsyncWebsocketConsumer):
    """Answers "ping" with "pong" and the user's name: proves websockets and auth work."""

    async def connect(self) -> None:
        await self.accept()

    async def receive(self, text_data: str | None = None, bytes_data: bytes | None = None, **_: Any) -> None:
        user = self.scope.get("user")
        name = user.get_username() if user is not None and user.is_authenticated else None
        await self.send(json.dumps({"type": "pong", "echo": text_data, "user": name}))


class NoSuchSocket(AsyncWebsocketConsumer):
    """Every websocket path the site does not serve (an old page's ``ws/play/...``, a typo): the
    handshake is refused (HTTP 403 from the server; code 4404 to a test communicator) instead of
    failing in the router with a server error."""

    async def connect(self) -> None:
        await self.close(code=4404)
