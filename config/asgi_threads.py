"""Django's ASGI handler with its sync work on reused threads, and the serving loop for pushes.

Django runs each request's sync code (middleware, views, the ORM) on a thread it starts for that
request, and starting a thread makes the event loop wait until the new thread runs. Under load
that stalls every websocket the process serves. ``PooledThreadsHandler`` keeps a fixed set of
single-thread executors instead: a request borrows an idle one for its whole life (so Django's
thread-sensitive guarantee holds) and waits when all are busy, which also bounds the database
connections a process uses.

``serving_loop()`` is the event loop of the process's server (or the background loop a Celery
worker process starts, see ``start_background_loop``; None elsewhere), so code on another thread
can hand a push to that loop without waiting for it (see ``run_soon``).
"""

from __future__ import annotations

import asyncio
import logging
import threading
from collections.abc import Coroutine
from concurrent.futures import Future, ThreadPoolExecutor
from typing import Any

from asgiref.sync import ThreadSensitiveContext, async_to_sync
from django.core.handlers.asgi import ASGIHandler

log = logging.getLogger(__name__)

_loop: asyncio.AbstractEventLoop | None = None


def serving_loop() -> asyncio.AbstractEventLoop | None:
    return _loop


def start_background_loop() -> asyncio.AbstractEventLoop:
    """An event loop on a daemon thread, for a process with no server loop (a Celery worker
    process): its pushes then reuse one channel-layer connection and never block a task."""
    global _loop
    loop = asyncio.new_event_loop()
    threading.Thread(target=loop.run_forever, name="push-loop", daemon=True).start()
    _loop = loop
    return loop


def run_soon(coroutine_function: Any) -> None:
    """Run ``coroutine_function()`` on the server's loop without waiting for it when called from a
    request thread; elsewhere (a Celery worker, a test, a management command) run it to the end."""
    loop = _loop
    if loop is None or not loop.is_running() or _on_loop(loop):
        async_to_sync(coroutine_function)()
        return
    coroutine: Coroutine[Any, Any, Any] = coroutine_function()
    asyncio.run_coroutine_threadsafe(coroutine, loop).add_done_callback(_report)


def send_to_groups(messages: list[tuple[str, dict[str, Any]]]) -> None:
    """Send each ``(group, message)`` over the channel layer, in order, through ``run_soon``."""
    from channels.layers import get_channel_layer

    layer = get_channel_layer()
    if layer is None or not messages:
        return

    async def send_all() -> None:
        for group, message in messages:
            await layer.group_send(group, message)

    run_soon(send_all)


def _on_loop(loop: asyncio.AbstractEventLoop) -> bool:
    try:
        return asyncio.get_running_loop() is loop
    except RuntimeError:
        return False


def _report(future: Future[Any]) -> None:
    if not future.cancelled() and future.exception() is not None:
        log.warning("a push failed: %s", future.exception())


class PooledThreadsHandler(ASGIHandler):
    def __init__(self, threads: int) -> None:
        super().__init__()
        self.threads = threads
        self._idle: asyncio.Queue[ThreadPoolExecutor] | None = None

    async def __call__(self, scope: Any, receive: Any, send: Any) -> None:
        global _loop
        if self._idle is None:  # made on the serving loop, at the first request
            _loop = asyncio.get_running_loop()
            self._idle = asyncio.Queue()
            for number in range(self.threads):
                self._idle.put_nowait(ThreadPoolExecutor(max_workers=1, thread_name_prefix=f"django-{number}"))
        executor = await self._idle.get()
        try:
            async with ThreadSensitiveContext(executor=executor):
                await super().__call__(scope, receive, send)
        finally:
            self._idle.put_nowait(executor)
