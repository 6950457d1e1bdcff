"""Issue 29: a match or table that changes for a person (their turn came or went, it started or
ended) says so on their own ``me`` topic, in the push the change already makes, so their open home
page reads its panel again. Read here as a browser reads it: the site socket's ``me`` topic on
the production channel layer (Redis pub/sub on the suite's embedded Redis), nothing mocked."""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

import pytest
from asgiref.sync import async_to_sync
from channels.db import database_sync_to_async
from channels.layers import get_channel_layer
from channels.routing import URLRouter
from channels_redis.pubsub import RedisPubSubChannelLayer
from django.test import override_settings

from config.routing import websocket_urlpatterns
from gameplay.matches import services
from gameplay.matches.models import PlayMatch
from gameplay.matches.services.lifecycle import concede
from tests.browser.redis_layer import redis_channel_layers
from tests.factories import UserFactory
from tests.live_socket import TopicSocket
from tests.matches.test_services import STARTERS, play_first
from tests.site.test_pushes import subscribed

pytestmark = pytest.mark.django_db(transaction=True)

PLAY = {"kind": "play"}  # all the message says: no card, no hand, no seat, no match


@pytest.fixture(autouse=True)
def redis_layer(fresh_redis_state: None) -> Iterator[None]:
    with override_settings(CHANNEL_LAYERS=redis_channel_layers()):
        assert isinstance(get_channel_layer(), RedisPubSubChannelLayer)
        yield


def me(user: Any) -> TopicSocket:
    return TopicSocket("me", user.pk, user=user, application=URLRouter(websocket_urlpatterns))


async def opened(users: list[Any]) -> list[TopicSocket]:
    """Each user's ``me`` topic, open and counted by Redis, its first message (the unread count) read."""
    sockets = [me(user) for user in users]
    for socket in sockets:
        assert await socket.connect() == (True, None)
        assert (await socket.receive_json_from(timeout=5))["kind"] == "unread"
    layer = get_channel_layer()
    assert isinstance(layer, RedisPubSubChannelLayer)
    await subscribed(layer, {f"user-{user.pk}": 1 for user in users})
    return sockets


async def heard(socket: TopicSocket) -> list[dict[str, Any]]:
    """What the socket hears until it is quiet (a push not sent is not waited for long)."""
    got = []
    while not await socket.receive_nothing(timeout=0.3):
        got.append(await socket.receive_json_from(timeout=5))
    return got


def test_a_live_move_that_passes_the_decision_tells_both_players_and_one_that_keeps_it_tells_nobody() -> None:
    players = [UserFactory.create(username="lia"), UserFactory.create(username="max")]
    match = play_first(services.create_match(players[0], players[1], STARTERS, seed=11), players)
    rng = random.Random(3)

    async def scenario() -> tuple[int, int]:
        sockets = await opened(players)
        passed = kept = 0
        for _ in range(40):
            row = await database_sync_to_async(PlayMatch.objects.get)(pk=match.pk)
            if row.status != PlayMatch.Status.PLAYING or (passed >= 2 and kept >= 1):
                break
            seat = row.on_clock
            assert seat is not None
            view = await database_sync_to_async(services.player_view)(row, seat)
            action = rng.choice(view["board"]["legal"])
            await database_sync_to_async(services.play)(match.pk, players[seat], action, view["version"])
            after = await database_sync_to_async(PlayMatch.objects.get)(pk=match.pk)
            got = [await heard(socket) for socket in sockets]
            if after.on_clock == seat and after.status == PlayMatch.Status.PLAYING:
                assert got == [[], []], f"{action}: the same player decides, yet {got}"
                kept += 1
            else:  # the decision passed: the one who decides now and the one who no longer does
                assert got == [[PLAY], [PLAY]], action
                passed += 1
        for socket in sockets:
            await socket.disconnect()
        return passed, kept

    passed, kept = async_to_sync(scenario)()
    assert passed and kept, (passed, kept)


def test_a_match_that_starts_or_ends_tells_its_people_and_never_a_bot() -> None:
    ann, bob = UserFactory.create(username="ann"), UserFactory.create(username="bob")

    async def scenario() -> list[list[list[dict[str, Any]]]]:
        sockets = await opened([ann, bob])
        steps = []
        made = await database_sync_to_async(services.create_match)(ann, bob, STARTERS, seed=7)
        steps.append([await heard(s) for s in sockets])  # the chooser of who goes first decides
        game = await database_sync_to_async(made.current_game)()
        assert game is not None
        chooser = [ann, bob][game.chooser]
        await database_sync_to_async(services.choose_first)(made.pk, chooser, True, made.version)
        steps.append([await heard(s) for s in sockets])
        row = await database_sync_to_async(PlayMatch.objects.get)(pk=made.pk)
        await database_sync_to_async(concede)(made.pk, ann, row.version)  # a challenge: the match is over
        steps.append([await heard(s) for s in sockets])
        await database_sync_to_async(services.create_match)(ann, None, STARTERS, bot="random", seed=5)
        steps.append([await heard(s) for s in sockets])
        # a match made waiting for its players (an event's round) is told by the round, not here
        await database_sync_to_async(services.create_match)(ann, bob, STARTERS, seed=9, arrival_seconds=60)
        steps.append([await heard(s) for s in sockets])
        for socket in sockets:
            await socket.disconnect()
        return steps

    made, chosen, conceded, practice, arriving = async_to_sync(scenario)()
    assert arriving == [[], []]
    match = PlayMatch.objects.get(player1=ann, player2=bob, seed=7)
    game = match.games.get()
    told = [[PLAY], []], [[], [PLAY]]  # Ann told, or Bob
    assert made == told[game.chooser]  # the chooser of who goes first decides first
    # the choice made: the chooser's wait ended, and the player who goes first decides now
    assert chosen == ([[], []] if game.first == game.chooser else [[PLAY], [PLAY]])
    assert match.status == PlayMatch.Status.FINISHED
    assert conceded == told[game.first]  # the one deciding when Ann conceded: nobody decides now
    bot_game = PlayMatch.objects.get(bot="random").games.get()
    # a practice match: Ann hears it only if she decides first; the bot's seat has nobody to tell
    assert practice == ([[PLAY], []] if bot_game.chooser == 0 else [[], []])
