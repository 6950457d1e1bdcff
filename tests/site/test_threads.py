"""``common.threads``: socket messages get request threads of their own, side by side.

Without a lent thread, asgiref runs every thread-sensitive call made on a server's loop on one
shared thread, so two sockets' moves waited for each other (and one's wait on the database held
up all the others). Each test here runs on a loop with no sync caller above it, as a web
process's loop is.
"""

from __future__ import annotations

import asyncio
import threading
from typing import Any

import pytest
from asgiref.sync import async_to_sync, sync_to_async
from channels.testing import WebsocketCommunicator
from django.db import connection as db_connection
from django.test import override_settings

from common import threads
from common.consumers import LiveConsumer, Subscription, Topic

WAIT = 30  # seconds; only a broken pool gets near it


def _meet(barrier: threading.Barrier) -> str:
    barrier.wait(timeout=WAIT)  # returns only once the other call is on its own thread
    return threading.current_thread().name


async def _two_at_once() -> list[str]:
    barrier = threading.Barrier(2)

    async def one() -> str:
        async with threads.lend():
            return await sync_to_async(_meet)(barrier)

    return list(await asyncio.gather(one(), one()))


def test_two_lent_calls_run_at_once_on_two_request_threads() -> None:
    """Before, both went to asgiref's one shared thread: the first waited at the barrier for the
    second, which waited for the first to finish (a broken barrier after ``WAIT``)."""
    names = asyncio.run(_two_at_once())
    assert len(set(names)) == 2
    assert all(name.startswith("django-") for name in names)


def test_one_borrowed_thread_serves_a_whole_message() -> None:
    async def message() -> set[str]:
        async with threads.lend():
            return {await sync_to_async(lambda: threading.current_thread().name)() for _ in range(3)}

    assert len(asyncio.run(message())) == 1


@override_settings(WEB_THREADS=1)
def test_a_message_waits_for_a_thread_when_all_are_lent() -> None:
    """Lending never makes a thread more than the pool holds (each holds a database connection)."""
    order: list[str] = []

    async def message(name: str, hold: asyncio.Event, go: asyncio.Event) -> None:
        async with threads.lend():
            order.append(f"{name} in")
            hold.set()
            await go.wait()
            order.append(f"{name} out")

    async def run() -> None:
        first_in, second_in, go = asyncio.Event(), asyncio.Event(), asyncio.Event()
        first = asyncio.create_task(message("first", first_in, go))
        await first_in.wait()
        second = asyncio.create_task(message("second", second_in, asyncio.Event()))
        for _ in range(20):
            await asyncio.sleep(0)
        assert not second_in.is_set()  # the one thread is lent out
        go.set()
        await first
        await second_in.wait()
        second.cancel()

    saved = list(threads._executors)
    threads._executors.clear()  # a pool of the overridden size for this test
    try:
        asyncio.run(run())
    finally:
        threads._executors[:] = saved
    assert order[:3] == ["first in", "first out", "second in"]


def test_under_a_waiting_sync_caller_nothing_is_lent() -> None:
    """A test (or any sync code) driving the app through async_to_sync keeps its own thread, and
    with it the test's transaction."""
    here = threading.current_thread().name

    async def message() -> str:
        async with threads.lend():
            return await sync_to_async(lambda: threading.current_thread().name)()

    assert async_to_sync(message)() == here


class _Meeting(Topic):
    """A topic whose one message waits, on a thread, until the other socket's message does too."""

    def __init__(self) -> None:
        self.barrier = threading.Barrier(2)

    async def open(self, socket: LiveConsumer, user: Any, ident: int, seat: int | None) -> Subscription | str:
        async def receive(content: dict[str, Any]) -> dict[str, Any]:
            return {"type": "met", "thread": await sync_to_async(_meet)(self.barrier)}

        return Subscription(groups=[f"meeting-{ident}"], receive=receive)


def test_two_sockets_messages_are_handled_side_by_side() -> None:
    """The site socket lends each message a thread: two pages' moves no longer wait in one line."""
    topics = {"meeting": _Meeting()}

    async def page(number: int) -> str:
        talk = WebsocketCommunicator(LiveConsumer.as_asgi(topics=topics), "/ws/live/")
        assert (await talk.connect())[0]
        await talk.send_json_to({"type": "subscribe", "topic": "meeting", "id": number})
        assert (await talk.receive_json_from(timeout=WAIT))["type"] == "subscribed"
        await talk.send_json_to({"type": "meet", "topic": f"meeting:{number}"})
        answer = await talk.receive_json_from(timeout=WAIT)
        await talk.disconnect()
        return str(answer["data"]["thread"])

    async def both() -> list[str]:
        return list(await asyncio.gather(page(1), page(2)))

    names = asyncio.run(both())
    assert len(set(names)) == 2 and all(name.startswith("django-") for name in names)


def _holds_a_connection() -> bool:
    from django.db import connection

    return connection.connection is not None


@pytest.mark.django_db(transaction=True)
@pytest.mark.skipif(db_connection.vendor != "postgresql", reason="Django never closes an in-memory SQLite database")
def test_the_threads_hand_their_connections_back_when_asked() -> None:
    """A socket message's database work can leave its thread's connection open; the test run asks
    the threads to close theirs before dropping the test database (tests/conftest.py)."""

    def query() -> None:
        with db_connection.cursor() as cursor:
            cursor.execute("SELECT 1")

    async def on_a_lent_thread() -> None:
        async with threads.lend():
            await sync_to_async(query)()

    asyncio.run(on_a_lent_thread())
    held = [executor.submit(_holds_a_connection).result() for executor in threads.executors()]
    assert any(held)

    threads.close_connections()

    assert not any(executor.submit(_holds_a_connection).result() for executor in threads.executors())
