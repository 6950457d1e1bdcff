"""The threads a web process runs its Django code on, lent to requests and socket messages alike.

Django code called from the event loop (``sync_to_async`` and Channels' ``database_sync_to_async``,
both thread-sensitive) runs on the thread of its context. An HTTP request gets one for its whole
life (``config.asgi_threads``). A websocket consumer has no such context, so asgiref ran every
socket message's database work of the process on **one** shared thread: a move sent on the play
socket waited behind every other socket's move, subscribe and presence mark, one at a time, and
behind their waits on the database. ``lend()`` gives a socket move (``LiveConsumer``) a thread of
the same pool as the requests for as long as it is handled: socket moves run side by side like
HTTP moves, and the pool still bounds the database connections a process uses.

The pool is the process's: ``WEB_THREADS`` single-thread executors, made at first use. Each event
loop that borrows them has its own queue of the idle ones (a web process serves on one loop).
Where a sync caller waits above the loop (a test drives a consumer through ``async_to_sync``),
``lend()`` lends nothing: the work goes back to that caller's thread, as asgiref does, and sees
its transaction.
"""

from __future__ import annotations

import asyncio
import threading
import weakref
from collections.abc import AsyncIterator
from concurrent.futures import ThreadPoolExecutor
from contextlib import asynccontextmanager

from asgiref.sync import AsyncToSync, ThreadSensitiveContext
from django.conf import settings

_executors: list[ThreadPoolExecutor] = []
_made = threading.Lock()
_idle: weakref.WeakKeyDictionary[asyncio.AbstractEventLoop, asyncio.Queue[ThreadPoolExecutor]] = (
    weakref.WeakKeyDictionary()
)


def executors() -> list[ThreadPoolExecutor]:
    """The process's ``WEB_THREADS`` single-thread executors (their threads start at first use)."""
    with _made:
        if not _executors:
            _executors.extend(
                ThreadPoolExecutor(max_workers=1, thread_name_prefix=f"django-{number}")
                for number in range(settings.WEB_THREADS)
            )
        return _executors


def close_connections() -> None:
    """Each thread of the pool closes its database connections (a pooled one goes back to the pool).
    A socket message's work can leave its thread's connection open, checked out of the pool; a test
    run calls this before its test database is dropped, which PostgreSQL refuses while anyone is
    connected to it."""
    from django.db import connections

    with _made:
        made = list(_executors)
    for executor in made:
        executor.submit(connections.close_all).result()


def _idle_here() -> asyncio.Queue[ThreadPoolExecutor]:
    loop = asyncio.get_running_loop()
    idle = _idle.get(loop)
    if idle is None:
        idle = _idle[loop] = asyncio.Queue()
        for executor in executors():
            idle.put_nowait(executor)
    return idle


def sync_caller_waits() -> bool:
    """A sync thread waits on this loop through ``async_to_sync`` (a test driving the app)."""
    return getattr(AsyncToSync.executors, "current", None) is not None


@asynccontextmanager
async def lend(always: bool = False) -> AsyncIterator[None]:
    """Inside, thread-sensitive sync code runs on one idle thread of the pool, borrowed (waiting
    while all are busy) and given back at the end. Unless ``always`` (an HTTP request), nothing is
    lent where a sync caller waits above the loop (``sync_caller_waits``)."""
    if not always and sync_caller_waits():
        yield
        return
    idle = _idle_here()
    executor = await idle.get()
    try:
        async with ThreadSensitiveContext(executor=executor):
            yield
    finally:
        idle.put_nowait(executor)
