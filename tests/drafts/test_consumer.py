"""The pod websocket: who may connect, what each side is pushed, and that every push has the version."""

from __future__ import annotations

from typing import Any

import pytest
from asgiref.sync import async_to_sync
from channels.db import database_sync_to_async
from channels.routing import URLRouter
from django.contrib.auth.models import AnonymousUser

from config.routing import websocket_urlpatterns
from tests.drafts.helpers import draft_table, human_seats, started_pod
from tests.drafts.test_api import strings
from tests.live_socket import TopicSocket
from tournaments.drafts.models import Pick, Pod, Seat
from tournaments.drafts.services import picking, presence
from tournaments.drafts.services.state import card_set, load_state
from tournaments.limited import current_pack

pytestmark = pytest.mark.django_db(transaction=True)


def communicator(pod: Pod, user: Any) -> TopicSocket:
    """The pod's topic on the site socket, for ``user``."""
    return TopicSocket("pod", pod.pk, user=user, application=URLRouter(websocket_urlpatterns))


@database_sync_to_async
def pick_first(pod: Pod, seat: Seat) -> None:
    pending = current_pack(load_state(pod), seat.index)
    assert pending is not None
    player = seat.registration.player  # type: ignore[union-attr]
    picking.make_pick(pod.pk, player, pending.round, pending.pick_number, pending.cards[: pending.take], pending.pack)


async def receive_until(talk: TopicSocket, kind: str) -> dict[str, Any]:
    for _ in range(10):
        message: dict[str, Any] = await talk.receive_json_from(timeout=5)
        if message["kind"] == kind:
            return message
    raise AssertionError(f"no {kind} message")


def test_strangers_cannot_listen_to_a_pod() -> None:
    table = draft_table(4, username="ws1")
    pod = started_pod(table)

    async def scenario() -> None:
        for user in (AnonymousUser(), table.outsider):
            talk = communicator(pod, user)
            connected, refusal = await talk.connect()
            assert not connected and refusal == "You may not follow this draft."
            await talk.disconnect()

    async_to_sync(scenario)()


def test_a_player_is_pushed_their_own_pack_and_spectators_only_progress() -> None:
    table = draft_table(4, username="ws2")
    pod = started_pod(table)
    seat = human_seats(pod)[0]
    player = seat.registration.player  # type: ignore[union-attr]
    slugs = set(card_set().by_slug)

    async def scenario() -> None:
        mine, watcher = communicator(pod, player), communicator(pod, table.judge)
        assert (await mine.connect())[0] and (await watcher.connect())[0]
        hello = await mine.receive_json_from()
        assert hello["kind"] == "hello" and hello["seat"] is True and hello["version"] >= 1
        assert (await watcher.receive_json_from())["seat"] is False
        await pick_first(pod, seat)
        pushed = await receive_until(mine, "seat")
        fresh = await database_sync_to_async(Pod.objects.get)(pk=pod.pk)
        assert pushed["version"] == fresh.version == pushed["state"]["version"]
        picked = await database_sync_to_async(lambda: {c for p in Pick.objects.filter(seat=seat) for c in p.cards})()
        current = pushed["state"]["current"]
        allowed = picked | set(current["cards"] if current else [])
        assert strings(pushed) & slugs <= allowed
        progress = await receive_until(watcher, "pod")
        assert progress["version"] == fresh.version
        assert not strings(progress) & slugs
        await mine.talk.send_json_to({"type": "ping"})  # the site socket's own ping
        answers = [await mine.receive_json_from(timeout=5)]
        while answers[-1].get("type") != "pong" and len(answers) < 10:  # pod pushes may come first
            answers.append(await mine.receive_json_from(timeout=5))
        assert answers[-1] == {"type": "pong"}
        await mine.disconnect()
        await watcher.disconnect()

    async_to_sync(scenario)()


def test_the_next_player_is_pushed_the_pack_passed_to_them() -> None:
    table = draft_table(4, username="ws3")
    pod = started_pod(table)
    seats = {s.index: s for s in human_seats(pod)}
    upstream, downstream = next((seats[i], seats[i + 1]) for i in range(5) if i in seats and i + 1 in seats)
    async_to_sync(pick_first)(pod, downstream)  # now waiting for the pack from the left

    async def scenario() -> None:
        talk = communicator(pod, downstream.registration.player)  # type: ignore[union-attr]
        assert (await talk.connect())[0]
        before = (await talk.receive_json_from())["version"]
        await pick_first(pod, upstream)
        pushed = await receive_until(talk, "seat")
        assert pushed["version"] > before
        current = pushed["state"]["current"]
        assert current["round"] == 1 and current["pick_number"] == 2 and current["pack"] == upstream.index
        assert current["deadline"] is not None
        await talk.disconnect()

    async_to_sync(scenario)()


@pytest.mark.usefixtures("fresh_redis_state")
def test_a_players_open_draft_page_marks_them_at_the_draft_until_it_closes() -> None:
    """The presence the pick clock's ``clock_low`` reads: a player's subscription marks their seat
    (in the real Redis), a watcher's marks nothing, and closing the page unmarks it."""
    table = draft_table(4, username="ws9")
    pod = started_pod(table)
    seat, other = human_seats(pod)[:2]
    player = seat.registration.player  # type: ignore[union-attr]

    async def scenario() -> None:
        assert await database_sync_to_async(presence.is_away)(seat.pk)
        mine, watcher = communicator(pod, player), communicator(pod, table.judge)
        assert (await mine.connect())[0] and (await watcher.connect())[0]
        assert (await mine.receive_json_from())["kind"] == "hello"  # sent once the seat is marked
        assert not await database_sync_to_async(presence.is_away)(seat.pk)
        assert await database_sync_to_async(presence.is_away)(other.pk)
        await mine.disconnect()
        assert await database_sync_to_async(presence.is_away)(seat.pk)
        await watcher.disconnect()

    async_to_sync(scenario)()
