"""Waiting on a condition instead of sleeping and hoping: ``wait_until(cond, timeout, message)``.

A test that starts a process or hands work to another one waits for what it needs (a heartbeat,
a row, an empty queue), polling every ``every`` seconds, with a generous timeout: a loaded machine
makes things slower, never wrong. On timeout it fails naming what it waited for.
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import Awaitable, Callable
from typing import TypeVar

T = TypeVar("T")

GENEROUS = 90.0  # seconds: far beyond any healthy wait, short enough to fail a hung test


def wait_until(condition: Callable[[], T], timeout: float = GENEROUS, message: str = "", every: float = 0.1) -> T:
    """Poll ``condition`` until it returns something true and return that; fail after ``timeout`` s."""
    deadline = time.monotonic() + timeout
    while True:
        value = condition()
        if value:
            return value
        if time.monotonic() >= deadline:
            raise AssertionError(f"waited {timeout:.0f} s for {message or condition.__name__}, in vain")
        time.sleep(every)


async def await_until(
    condition: Callable[[], Awaitable[T]], timeout: float = GENEROUS, message: str = "", every: float = 0.02
) -> T:
    """``wait_until`` for a coroutine condition, without blocking the event loop."""
    deadline = time.monotonic() + timeout
    while True:
        value = await condition()
        if value:
            return value
        if time.monotonic() >= deadline:
            raise AssertionError(f"waited {timeout:.0f} s for {message or condition.__name__}, in vain")
        await asyncio.sleep(every)
