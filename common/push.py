"""Websocket pushes from any thread: each ``(group, payload)`` goes over the channel layer, on the
serving loop of the process when it has one.

``serving_loop()`` is the event loop of the process's server (set by the web server's handler
at its first request, ``config.asgi_threads``) or the background loop a Celery worker process
starts (``start_background_loop``); None elsewhere. Code on another thread hands a push to that
loop without waiting for it (``run_soon``).
"""

from __future__ import annotations

import asyncio
import logging
import threading
from collections.abc import Coroutine, Sequence
from concurrent.futures import Future
from dataclasses import dataclass
from typing import Any

import orjson
import redis.asyncio
from asgiref.sync import async_to_sync
from channels.layers import get_channel_layer
from channels_redis.pubsub import RedisPubSubChannelLayer

log = logging.getLogger(__name__)

_loop: asyncio.AbstractEventLoop | None = None


def serving_loop() -> asyncio.AbstractEventLoop | None:
    return _loop


def set_serving_loop(loop: asyncio.AbstractEventLoop) -> None:
    """Make ``loop`` (the web server's, running) the one pushes are handed to."""
    global _loop
    _loop = loop


def start_background_loop() -> asyncio.AbstractEventLoop:
    """An event loop on a daemon thread, for a process with no server loop (a Celery worker
    process): its pushes then reuse one channel-layer connection and never block a task."""
    loop = asyncio.new_event_loop()
    threading.Thread(target=loop.run_forever, name="push-loop", daemon=True).start()
    set_serving_loop(loop)
    return loop


def run_soon(coroutine_function: Any) -> None:
    """Run ``coroutine_function()`` on the server's loop without waiting for it when called from a
    request thread; elsewhere (a Celery worker, a test, a management command) run it to the end.
    A thread that runs an event loop of its own (a browser test's, under Playwright's sync API)
    cannot wait for a coroutine on it: the coroutine runs to the end on a helper loop instead."""
    loop = _loop
    if loop is None or not loop.is_running() or _on_loop(loop):
        if _foreign_loop_here(loop):
            asyncio.run_coroutine_threadsafe(coroutine_function(), _helper_loop()).result()
            return
        async_to_sync(coroutine_function)()
        return
    coroutine: Coroutine[Any, Any, Any] = coroutine_function()
    asyncio.run_coroutine_threadsafe(coroutine, loop).add_done_callback(_report)


_helper: asyncio.AbstractEventLoop | None = None
_helper_lock = threading.Lock()


def _helper_loop() -> asyncio.AbstractEventLoop:
    """One loop on a daemon thread for the pushes of threads that run a loop of their own (not the
    server's: that stays ``serving_loop()``)."""
    global _helper
    with _helper_lock:
        if _helper is None:
            _helper = asyncio.new_event_loop()
            threading.Thread(target=_helper.run_forever, name="push-helper-loop", daemon=True).start()
        return _helper


def _foreign_loop_here(serving: asyncio.AbstractEventLoop | None) -> bool:
    try:
        running = asyncio.get_running_loop()
    except RuntimeError:
        return False
    return running is not serving


def send_to_groups(messages: list[tuple[str, dict[str, Any]]]) -> None:
    """Send each ``(group, message)`` over the channel layer, in order, through ``run_soon``."""
    layer = get_channel_layer()
    if layer is None or not messages:
        return

    async def send_all() -> None:
        await publish_all(layer, messages)

    run_soon(send_all)


@dataclass(frozen=True)
class Skip:
    """Sockets of a group a push is *not* written to: those also in one of ``groups`` (they get the
    same news in another message of the same push, e.g. a draft seat's own state, which holds the
    pod's summary) and the socket ``channel`` (the one the change is answered on). The consumer
    drops such a push before writing a frame: each frame written costs the server a send."""

    groups: tuple[str, ...] = ()
    channel: str | None = None


def push_json(messages: Sequence[tuple[str, dict[str, Any]] | tuple[str, dict[str, Any], Skip]]) -> None:
    """Push each ``(group, payload)`` (or ``(group, payload, Skip(...))``) to every socket of the
    group as JSON text, encoded once here (on the sender's thread), not by every receiving consumer
    on its loop (``LiveConsumer.site_text``, which wraps it with the topic the socket follows
    ``group`` under)."""
    wire = []
    for group, payload, *rest in messages:
        message: dict[str, Any] = {"type": "site.text", "group": group, "text": json_text(payload)}
        skip = rest[0] if rest else None
        if skip is not None and skip.groups:
            message["unless_in"] = list(skip.groups)
        if skip is not None and skip.channel:
            message["unless_channel"] = skip.channel
        wire.append((group, message))
    send_to_groups(wire)


def json_text(payload: Any) -> str:
    """``payload`` as JSON text, by orjson (several times as fast as ``json`` on a match view):
    compact, non-ASCII as UTF-8, and dict keys that are not text written as text, as ``json``
    does."""
    return orjson.dumps(payload, option=orjson.OPT_NON_STR_KEYS).decode()


_publishers: dict[asyncio.AbstractEventLoop, Any] = {}


async def publish_all(layer: Any, messages: list[tuple[str, dict[str, Any]]]) -> None:
    """``group_send`` each message, in one Redis round trip where the layer is Redis pub/sub.

    channels-redis publishes one message per round trip, under a lock it shares with every
    subscribe of the process: under load, pushes queued behind each other. The messages are
    serialised and named exactly as its ``group_send`` does, and published by a pipeline on a
    connection of this loop's own. Any other layer (the in-memory one of the tests) gets
    ``group_send`` one by one."""
    hosts = layer._kwargs.get("hosts") if isinstance(layer, RedisPubSubChannelLayer) else None
    if not hosts or len(hosts) != 1:  # not Redis pub/sub, or sharded: channels-redis's own way
        for group, message in messages:
            await layer.group_send(group, message)
        return
    loop_layer = layer._get_layer()
    loop = asyncio.get_running_loop()
    client = _publishers.get(loop)
    if client is None:
        host = hosts[0]
        client = _publishers[loop] = redis.asyncio.Redis.from_url(host if isinstance(host, str) else host["address"])
    pipe = client.pipeline(transaction=False)
    for group, message in messages:
        pipe.publish(loop_layer._get_group_channel_name(group), layer.serialize(message))
    await pipe.execute()


def _on_loop(loop: asyncio.AbstractEventLoop) -> bool:
    try:
        return asyncio.get_running_loop() is loop
    except RuntimeError:
        return False


def _report(future: Future[Any]) -> None:
    if not future.cancelled() and future.exception() is not None:
        log.warning("a push failed: %s", future.exception())
