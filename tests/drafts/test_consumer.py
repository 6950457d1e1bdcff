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
from tournaments.drafts.services import draft_pods, picking, presence
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


async def first_with(talk: TopicSocket, field: str, value: Any) -> dict[str, Any]:
    """The first message the socket gets whose ``field`` is ``value`` (pushes may come first)."""
    for _ in range(20):
        message: dict[str, Any] = await talk.receive_json_from(timeout=5)
        if message.get(field) == value:
            return message
    raise AssertionError(f"no message with {field} {value!r}")


async def answer_to(talk: TopicSocket, request: str | int) -> dict[str, Any]:
    """The socket's answer to the message sent with ``request``."""
    return await first_with(talk, "request", request)


def test_a_pick_on_the_socket_is_checked_taken_and_answered_as_the_api_does() -> None:
    table = draft_table(4, username="ws10")
    pod = started_pod(table)
    seat = human_seats(pod)[0]
    player = seat.registration.player  # type: ignore[union-attr]
    pending = current_pack(load_state(pod), seat.index)
    assert pending is not None
    body = {"round": 1, "pick_number": pending.pick_number, "pack": pending.pack, "cards": list(pending.cards[:2])}
    picks = database_sync_to_async(lambda: list(Pick.objects.filter(seat=seat).values_list("cards", flat=True)))

    async def scenario() -> None:
        mine, watcher = communicator(pod, player), communicator(pod, table.judge)
        assert (await mine.connect())[0] and (await watcher.connect())[0]
        await watcher.send_json_to({"type": "pick", "request": "w", **body})
        assert (await answer_to(watcher, "w")) == {
            "type": "pick-refused", "status": 403, "detail": "You are watching this draft, not drafting in it.",
            "request": "w",
        }  # fmt: skip
        await mine.send_json_to({"type": "pick", "request": "bad", "round": "first", "cards": []})
        bad = await answer_to(mine, "bad")
        assert bad["type"] == "pick-refused" and bad["status"] == 400
        assert "round: A valid integer is required." in bad["detail"] and "pick_number:" in bad["detail"]
        assert "cards:" in bad["detail"] and set(bad["fields"]) == {"round", "pick_number", "cards"}
        assert await picks() == []  # nothing changed
        await mine.send_json_to({"type": "pick", "request": 1, **body})
        taken = await answer_to(mine, 1)
        assert taken["type"] == "picked" and taken["repeated"] is False
        assert taken["recorded"]["cards"] == body["cards"] and taken["state"]["seat"] == seat.index
        fresh = await database_sync_to_async(Pod.objects.get)(pk=pod.pk)
        assert taken["version"] == taken["state"]["version"] == fresh.version
        await mine.send_json_to({"type": "pick", "request": 2, **body})  # sent again: taken once
        again = await answer_to(mine, 2)
        assert again["type"] == "picked" and again["repeated"] is True
        await mine.send_json_to({"type": "pick", "request": 3, **body, "cards": list(pending.cards[2:4])})
        other = await answer_to(mine, 3)
        assert other["type"] == "pick-refused" and other["status"] == 409 and other["reason"] == "already-picked"
        assert other["recorded"]["cards"] == body["cards"] and other["state"]["seat"] == seat.index
        assert await picks() == [body["cards"]]
        await mine.send_json_to({"type": "trade", "request": 4})
        error = await receive_type(mine, "error")
        assert error["detail"].startswith('A draft takes {"type": "pick"')
        await mine.disconnect()
        await watcher.disconnect()

    async_to_sync(scenario)()


async def receive_type(talk: TopicSocket, kind: str) -> dict[str, Any]:
    return await first_with(talk, "type", kind)


def test_marks_on_the_socket_are_kept_or_refused_as_the_api_does() -> None:
    table = draft_table(4, username="ws11")
    pod = started_pod(table)
    seat = human_seats(pod)[0]
    player = seat.registration.player  # type: ignore[union-attr]
    pending = current_pack(load_state(pod), seat.index)
    assert pending is not None
    key = f"{pending.round}.{pending.pick_number}"
    marks = database_sync_to_async(lambda: Seat.objects.get(pk=seat.pk).marks)

    async def scenario() -> None:
        mine = communicator(pod, player)
        assert (await mine.connect())[0]
        wanted = list(pending.cards[:1])
        await mine.send_json_to({"type": "marks", "request": "m1", "round": pending.round,
                                 "pick_number": pending.pick_number, "cards": wanted})  # fmt: skip
        marked = await answer_to(mine, "m1")
        assert marked["type"] == "marked" and marked["state"]["seat"] == seat.index
        assert (await marks()) == {key: wanted}
        await mine.send_json_to({"type": "marks", "request": "m2", "round": pending.round,
                                 "pick_number": pending.pick_number, "cards": ["no-such-card"]})  # fmt: skip
        refused = await answer_to(mine, "m2")
        assert refused["type"] == "marks-refused" and refused["status"] == 400
        assert refused["detail"] == "Mark only cards in this pack."
        assert (await marks()) == {key: wanted}  # unchanged
        await mine.disconnect()

    async_to_sync(scenario)()


def test_every_pick_of_a_whole_draft_on_the_socket_is_answered_the_last_one_too() -> None:
    """One player makes every pick of the draft on the socket (bots fill the other seats; the
    review pause is 0 s): each is answered ``picked``, the last (which ends the draft) as well."""
    table = draft_table(2, username="ws12")
    pod = started_pod(table, seats=4, settings={"review_seconds_first": 0})
    seat, other = human_seats(pod)
    draft_pods.swap_for_bot(pod, other.index, table.organiser)
    player = seat.registration.player  # type: ignore[union-attr]

    @database_sync_to_async
    def pending_pick() -> dict[str, Any] | None:
        fresh = Pod.objects.get(pk=pod.pk)
        if fresh.status != Pod.Status.DRAFTING:
            return None
        pending = current_pack(load_state(fresh), seat.index)
        assert pending is not None  # against bots only, the next pack is always there
        return {"round": pending.round, "pick_number": pending.pick_number, "pack": pending.pack,
                "cards": list(pending.cards[: pending.take])}  # fmt: skip

    async def scenario() -> list[str]:
        mine = communicator(pod, player)
        assert (await mine.connect())[0]
        kinds = []
        while (body := await pending_pick()) is not None:
            request = f"{body['round']}.{body['pick_number']}"
            await mine.send_json_to({"type": "pick", "request": request, **body})
            kinds.append((await answer_to(mine, request))["type"])
        await mine.disconnect()
        return kinds

    kinds = async_to_sync(scenario)()
    assert kinds == ["picked"] * 16  # 8 a round; the pack's last two cards are the server's
    assert Pod.objects.get(pk=pod.pk).status == Pod.Status.BUILDING


async def until_pong(talk: TopicSocket) -> list[dict[str, Any]]:
    """Every message the socket gets before the answer to a ping sent now (pushes already sent to
    it come first: the consumer handles its messages in order)."""
    await talk.talk.send_json_to({"type": "ping"})
    seen = []
    while (message := await talk.receive_json_from(timeout=5)) != {"type": "pong"}:
        seen.append(message)
    return seen


def test_each_socket_is_written_one_frame_a_change() -> None:
    """A pick sent on one of a player's two sockets: that socket gets the answer alone (no seat
    state, no pod summary of that version); their other socket gets the seat state (which holds the
    summary) and not the summary; a spectator gets the summary."""
    table = draft_table(4, username="ws13")
    pod = started_pod(table)
    seat = human_seats(pod)[0]
    player = seat.registration.player  # type: ignore[union-attr]
    pending = current_pack(load_state(pod), seat.index)
    assert pending is not None
    body = {"round": 1, "pick_number": pending.pick_number, "pack": pending.pack, "cards": list(pending.cards[:2])}

    async def scenario() -> None:
        first, second, watcher = communicator(pod, player), communicator(pod, player), communicator(pod, table.judge)
        for talk in (first, second, watcher):
            assert (await talk.connect())[0]
            assert (await talk.receive_json_from(timeout=5))["kind"] == "hello"
        await first.send_json_to({"type": "pick", "request": "one", **body})
        answer = await answer_to(first, "one")
        version = answer["version"]
        assert answer["type"] == "picked" and answer["state"]["progress"]  # the summary is in the state
        assert [m for m in await until_pong(first) if m.get("version") == version] == []
        other = [m for m in await until_pong(second) if m.get("version") == version]
        assert [m["kind"] for m in other] == ["seat"] and other[0]["state"] == answer["state"]
        watched = [m for m in await until_pong(watcher) if m.get("version") == version]
        assert [m["kind"] for m in watched] == ["pod"]
        for talk in (first, second, watcher):
            await talk.disconnect()

    async_to_sync(scenario)()
