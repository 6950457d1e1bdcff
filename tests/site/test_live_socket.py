"""The one site socket (``ws/live/``, ``common.consumers.LiveConsumer``) on the production channel
layer (Redis pub/sub on the suite's embedded Redis): who may subscribe to what, that a seat's own
stream reaches only that seat, that a refusal is said on the socket (which stays open), and that a
page that comes back after its socket dropped reads what it missed."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from asgiref.sync import async_to_sync
from channels.db import database_sync_to_async
from channels.layers import get_channel_layer
from channels.routing import URLRouter
from channels.testing import WebsocketCommunicator
from channels_redis.pubsub import RedisPubSubChannelLayer
from django.contrib.auth.models import AnonymousUser
from django.test import override_settings

from config.routing import websocket_urlpatterns
from gameplay.matches import services
from gameplay.matches.models import PlayMatch
from tests.browser.redis_layer import redis_channel_layers
from tests.drafts.helpers import draft_table, human_seats, started_pod
from tests.drafts.test_consumer import pick_first
from tests.factories import UserFactory
from tests.live_socket import TopicSocket
from tests.matches.test_services import STARTERS, play_first
from tournaments.models import Event

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.fixture(autouse=True)
def redis_layer(fresh_redis_state: None) -> Iterator[None]:
    with override_settings(CHANNEL_LAYERS=redis_channel_layers()):
        assert isinstance(get_channel_layer(), RedisPubSubChannelLayer)
        yield


def router() -> Any:
    return URLRouter(websocket_urlpatterns)


def topic(kind: str, ident: int, user: Any, seat: int | None = None) -> TopicSocket:
    return TopicSocket(kind, ident, user=user, seat=seat, application=router())


async def until(socket: TopicSocket, wanted: Any) -> dict[str, Any]:
    """The first message for which ``wanted(message)`` holds (skipping presence and the like)."""
    for _ in range(20):
        message: dict[str, Any] = await socket.receive_json_from(timeout=5)
        if wanted(message):
            return message
    raise AssertionError("the message never came")


def a_match() -> tuple[PlayMatch, list[Any]]:
    players = [UserFactory.create(username="lia"), UserFactory.create(username="max")]
    match = play_first(services.create_match(players[0], players[1], STARTERS), players)
    return match, players


def test_a_player_follows_only_their_own_seat_and_a_stranger_no_seat() -> None:
    match, players = a_match()
    stranger = UserFactory.create(username="nosy")

    async def scenario() -> dict[str, Any]:
        answers: dict[str, Any] = {}
        for name, socket in {
            "own seat asked": topic("match", match.pk, players[0], seat=0),
            "other seat asked": topic("match", match.pk, players[0], seat=1),
            "stranger": topic("match", match.pk, stranger),
            "stranger asks a seat": topic("match", match.pk, stranger, seat=0),
            "anonymous": topic("match", match.pk, AnonymousUser()),
            "no such match": topic("match", match.pk + 1000, players[0]),
        }.items():
            answers[name] = await socket.connect()
            await socket.disconnect()
        return answers

    answers = async_to_sync(scenario)()
    assert answers["own seat asked"] == (True, None)
    assert answers["other seat asked"] == (False, "That seat is not yours: you may follow only your own seat's view.")
    for name in ("stranger", "stranger asks a seat", "anonymous", "no such match"):
        assert answers[name] == (False, "You may not follow this match."), name


def test_each_seat_is_pushed_its_own_hand_and_never_the_others() -> None:
    match, players = a_match()

    async def scenario() -> list[dict[str, Any]]:
        sockets = [topic("match", match.pk, p) for p in players]
        for socket in sockets:
            assert (await socket.connect())[0]
        seat = match.on_clock
        assert seat is not None
        view = await database_sync_to_async(services.player_view)(match, seat)
        move = view["board"]["legal"][0]
        await database_sync_to_async(services.play)(match.pk, players[seat], move, view["version"])
        version = view["version"] + 1
        got = [await until(s, lambda m: m.get("type") == "view" and m["version"] >= version) for s in sockets]
        for socket in sockets:
            await socket.disconnect()
        return got

    for seat, message in enumerate(async_to_sync(scenario)()):
        assert message["view"]["seat"] == f"p{seat + 1}"
        assert isinstance(message["view"]["board"]["players"][1 - seat]["hand"], int)  # a count, not cards
        assert isinstance(message["view"]["board"]["players"][seat]["hand"], list)


def test_a_page_that_comes_back_reads_what_it_missed_while_down() -> None:
    match, players = a_match()
    seat = match.on_clock
    assert seat is not None
    other = 1 - seat

    async def scenario() -> tuple[int, int]:
        page = topic("match", match.pk, players[other])
        assert (await page.connect())[0]
        first = await until(page, lambda m: m.get("type") == "view")
        await page.disconnect()  # the socket drops; a move is made meanwhile
        view = await database_sync_to_async(services.player_view)(match, seat)
        await database_sync_to_async(services.play)(match.pk, players[seat], view["board"]["legal"][0], view["version"])
        back = topic("match", match.pk, players[other])  # the reconnect subscribes again
        assert (await back.connect())[0]
        again = await until(back, lambda m: m.get("type") == "view")
        await back.disconnect()
        return first["version"], again["version"]

    before, after = async_to_sync(scenario)()
    assert after == before + 1


def test_a_player_follows_the_pod_and_their_own_seat_only_and_a_judge_no_seat() -> None:
    table = draft_table(4, username="lv")
    pod = started_pod(table)
    seats = human_seats(pod)
    mine, theirs = seats[0], seats[1]
    player = mine.registration.player  # type: ignore[union-attr]

    async def scenario() -> tuple[dict[str, Any], list[dict[str, Any]]]:
        answers = {}
        for name, socket in {
            "other seat": topic("pod", pod.pk, player, seat=theirs.index),
            "stranger": topic("pod", pod.pk, table.outsider),
            "stranger asks a seat": topic("pod", pod.pk, table.outsider, seat=mine.index),
            "anonymous": topic("pod", pod.pk, AnonymousUser()),
        }.items():
            answers[name] = await socket.connect()
            await socket.disconnect()
        judge = topic("pod", pod.pk, table.judge)
        own = topic("pod", pod.pk, player, seat=mine.index)
        assert (await judge.connect())[0] and (await own.connect())[0]
        await pick_first(pod, mine)
        before = []  # what the own socket hears up to its seat's state
        while (message := await own.receive_json_from(timeout=5)).get("kind") != "seat":
            before.append(message)
        answers["own seat"] = message["state"]["seat"]
        # Published first, in the same pipeline: the pod's summary of that version would come first.
        # The seat's state holds it, so the socket is not written it (common.push.Skip).
        assert [m for m in before if m.get("version") == message["version"]] == []
        heard = [await until(judge, lambda m: m.get("kind") == "pod")]
        assert await judge.receive_nothing(timeout=0.5)  # no seat's pack came after the pod's progress
        for socket in (judge, own):
            await socket.disconnect()
        return answers, heard

    answers, heard = async_to_sync(scenario)()
    assert answers["other seat"] == (False, "That seat is not yours: you may follow only your own seat's packs.")
    for name in ("stranger", "stranger asks a seat", "anonymous"):
        assert answers[name] == (False, "You may not follow this draft."), name
    assert answers["own seat"] == mine.index
    assert [m["kind"] for m in heard] == ["pod"]


def test_an_event_is_followed_by_whoever_may_see_it() -> None:
    table = draft_table(2, username="ev")
    event = table.event

    async def follows(user: Any, seat: int | None = None) -> tuple[bool, str | None]:
        socket = topic("event", event.pk, user, seat=seat)
        answer = await socket.connect()
        await socket.disconnect()
        return answer

    assert async_to_sync(follows)(table.outsider)[0] is True  # a public event
    assert async_to_sync(follows)(table.organiser, 0) == (False, "An event has no seats to follow.")
    Event.objects.filter(pk=event.pk).update(status=Event.Status.DRAFT)
    assert async_to_sync(follows)(table.outsider) == (False, "You may not follow this event.")
    assert async_to_sync(follows)(AnonymousUser()) == (False, "You may not follow this event.")
    assert async_to_sync(follows)(table.organiser)[0] is True


def test_bad_subscriptions_are_refused_in_words_and_the_socket_stays_open() -> None:
    match, players = a_match()

    async def scenario() -> list[dict[str, Any]]:
        talk = WebsocketCommunicator(router(), "/ws/live/")
        talk.scope["user"] = players[0]
        assert (await talk.connect())[0]
        answers = []
        for sent in (
            {"type": "subscribe", "topic": "hands", "id": 1},
            {"type": "subscribe", "topic": "match", "id": "12"},
            {"type": "subscribe", "topic": "match", "id": match.pk, "seat": True},
            {"type": "say", "topic": f"match:{match.pk}", "message": "hi"},
            {"kind": "ping"},
            {"type": "ping"},
        ):
            await talk.send_json_to(sent)
            answers.append(await talk.receive_json_from(timeout=5))
        await talk.disconnect()
        return answers

    assert async_to_sync(scenario)() == [
        {"type": "refused", "topic": "hands:1", "detail": "There is nothing to follow called 'hands'."},
        {"type": "refused", "topic": "match:12", "detail": "The id (and seat) to follow must be whole numbers."},
        {
            "type": "refused",
            "topic": f"match:{match.pk}",
            "detail": "The id (and seat) to follow must be whole numbers.",
        },
        {"type": "error", "detail": "Subscribe first: this socket takes subscribe, unsubscribe and ping."},
        {
            "type": "error",
            "detail": 'Send an object with a "type", e.g. {"type": "subscribe", "topic": "event", "id": 1}.',
        },
        {"type": "pong"},
    ]


def test_a_page_that_leaves_a_topic_is_pushed_nothing_more_of_it() -> None:
    match, players = a_match()
    seat = match.on_clock
    assert seat is not None

    async def scenario() -> tuple[dict[str, Any], bool]:
        page, mover = topic("match", match.pk, players[1 - seat]), topic("match", match.pk, players[seat])
        assert (await page.connect())[0] and (await mover.connect())[0]
        await until(page, lambda m: m.get("type") == "view")
        await page.talk.send_json_to({"type": "unsubscribe", "topic": page.key})
        left = await until(page, lambda m: m.get("type") == "unsubscribed")
        view = await database_sync_to_async(services.player_view)(match, seat)
        await database_sync_to_async(services.play)(match.pk, players[seat], view["board"]["legal"][0], view["version"])
        await until(
            mover, lambda m: m.get("type") == "view" and m["version"] > view["version"]
        )  # the move's push is out
        quiet = await page.receive_nothing(timeout=0.2)
        await page.disconnect()
        await mover.disconnect()
        return left, quiet

    left, quiet = async_to_sync(scenario)()
    assert left == {"type": "unsubscribed", "topic": f"match:{match.pk}"}
    assert quiet
