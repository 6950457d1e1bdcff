"""The play API: practice against a bot, act with versions, hidden information, the log export."""

from __future__ import annotations

import random
from typing import Any

import pytest

from accounts.models import User
from gameplay.matches import push, services
from gameplay.matches.models import PlayMatch
from tests.clients import api_client as api
from tests.factories import UserFactory
from tests.matches.test_services import STARTERS, play_first

pytestmark = pytest.mark.django_db


def test_a_practice_match_against_a_bot_plays_to_the_end_through_the_api(
    django_capture_on_commit_callbacks: Any,
) -> None:
    me = UserFactory.create(username="practiser")
    client = api(me)
    bad = client.post("/api/play/practice/", {"bot": "greedy", "starter": "nope", "bot_starter": "romin-starter"})
    assert bad.status_code == 400 and "Unknown starter deck" in str(bad.json())
    made = client.post(
        "/api/play/practice/", {"bot": "random", "starter": "eva-starter", "bot_starter": "romin-starter"}
    )
    assert made.status_code == 201
    match_id = made.json()["id"]
    rng = random.Random(8)
    for _ in range(6000):
        view = client.get(f"/api/play/{match_id}/").json()
        if view["status"] == "finished":
            break
        if view["clocks"]["on_clock"] == "p2":  # the bot's turn: what its Celery task would do
            with django_capture_on_commit_callbacks(execute=False):
                assert services.bot_move(match_id, view["version"])
            continue
        if view["choice"]["pending"]:  # we won the die roll: choose who goes first
            with django_capture_on_commit_callbacks(execute=False):
                chosen = client.post(f"/api/play/{match_id}/first/", {"version": view["version"], "first": "me"})
            assert chosen.status_code == 200, chosen.content
            continue
        move = rng.choice(view["board"]["legal"])
        with django_capture_on_commit_callbacks(execute=False):
            answer = client.post(f"/api/play/{match_id}/act/", {"version": view["version"], "action": move})
        assert answer.status_code == 200, answer.content
        assert answer.json()["version"] == view["version"] + 1 or answer.json()["status"] == "finished"
    assert view["status"] == "finished"
    log = client.get(f"/api/play/{match_id}/log/").json()
    assert len(log["games"]) == 1 and log["games"][0]["actions"]


def test_acting_needs_the_current_version_and_a_seat() -> None:
    players = [UserFactory.create(username="ann"), UserFactory.create(username="bob")]
    match = services.create_match(players[0], players[1], [{"starter": "eva-starter"}, {"starter": "romin-starter"}])
    match = play_first(match, players)
    seat = match.on_clock
    assert seat is not None
    mover, other = players[seat], players[1 - seat]
    view = api(mover).get(f"/api/play/{match.pk}/").json()
    move = view["board"]["legal"][0]
    assert (
        api(mover).post(f"/api/play/{match.pk}/act/", {"version": view["version"], "action": move}).status_code == 200
    )
    stale = api(mover).post(f"/api/play/{match.pk}/act/", {"version": view["version"], "action": move})
    assert stale.status_code == 409 and stale.json()["version"] == view["version"] + 1
    assert api(UserFactory.create()).get(f"/api/play/{match.pk}/").status_code == 404
    assert api(None).get(f"/api/play/{match.pk}/").status_code in (401, 403)
    other_view = api(other).get(f"/api/play/{match.pk}/").json()
    assert other_view["seat"] == f"p{2 - seat}"
    assert isinstance(other_view["board"]["players"][seat]["hand"], int)
    illegal = api(other).post(f"/api/play/{match.pk}/act/", {"version": other_view["version"], "action": "end"})
    assert illegal.status_code in (400, 409)
    assert PlayMatch.objects.get(pk=match.pk).version == view["version"] + 1


@pytest.mark.django_db(transaction=True)
def test_each_seat_gets_its_own_view_pushed_over_its_websocket(fresh_redis_state: None) -> None:
    from asgiref.sync import async_to_sync

    from config.asgi import application
    from tests.live_socket import TopicSocket

    players = [UserFactory.create(username="ann"), UserFactory.create(username="bob")]
    match = services.create_match(players[0], players[1], [{"starter": "eva-starter"}, {"starter": "romin-starter"}])
    match = play_first(match, players)

    async def connect(user: User | None) -> tuple[TopicSocket, bool]:
        communicator = TopicSocket("match", match.pk, application=application)
        communicator.scope["user"] = user
        connected, _ = await communicator.connect()
        return communicator, connected

    async def scenario() -> tuple[list[dict[str, Any]], bool]:
        from django.contrib.auth.models import AnonymousUser

        sockets = [await connect(p) for p in players]
        stranger, stranger_connected = await connect(AnonymousUser())  # type: ignore[arg-type]
        seat = match.on_clock
        assert seat is not None
        view = await database_sync(services.player_view, match, seat)
        await database_sync(_act, match.pk, players[seat], view["board"]["legal"][0], view["version"])
        received = [await latest(s, match.version + 1) for s, _ in sockets]
        for s, _ in sockets:
            await s.disconnect()
        await stranger.disconnect()  # a refused subscription leaves the site socket open, with its reason
        assert stranger.refusal == "You may not follow this match."
        return received, stranger_connected

    def _act(match_id: int, user: User, move: str, version: int) -> None:
        services.play(match_id, user, move, version)  # the push runs when this commits

    received, stranger_connected = async_to_sync(scenario)()
    assert not stranger_connected
    for seat, message in enumerate(received):
        assert message["type"] == "view" and message["version"] == match.version + 1
        assert message["view"]["seat"] == f"p{seat + 1}"
        assert isinstance(message["view"]["board"]["players"][1 - seat]["hand"], int)


@pytest.mark.django_db(transaction=True)
def test_a_socket_opens_with_a_view_that_includes_a_move_in_flight(fresh_redis_state: None) -> None:
    """A move pushes only to the seats it sees with a page open. Here the move looks while the other
    seat's page is still closed, and commits only once that page's socket is open and its first view
    is being read: that view waits for the move and shows it."""
    import threading

    from asgiref.sync import async_to_sync
    from django.db import connection, transaction

    from config.asgi import application
    from tests.live_socket import TopicSocket
    from tests.waiting import wait_until

    if not connection.features.has_select_for_update:
        pytest.skip("needs row locks (PostgreSQL); SQLite locks the whole database")
    players = [UserFactory.create(username="ann"), UserFactory.create(username="bob")]
    match = play_first(services.create_match(players[0], players[1], STARTERS), players)
    mover = match.on_clock
    assert mover is not None
    view = services.player_view(match, mover)
    opened, first_view = threading.Event(), []

    async def open_page() -> None:
        socket = TopicSocket("match", match.pk, application=application)
        socket.scope["user"] = players[1 - mover]
        # The site socket answers "subscribed" once the topic's opening work is done, the first view
        # read included: here that is after the move commits.
        assert (await socket.connect(timeout=120))[0]
        opened.set()
        first_view.append(await socket.receive_json_from(timeout=20))
        while first_view[-1]["type"] != "view":
            first_view.append(await socket.receive_json_from(timeout=20))
        await socket.disconnect()

    page = threading.Thread(target=async_to_sync(open_page))
    with transaction.atomic():
        services.play(match.pk, players[mover], view["board"]["legal"][0], view["version"])  # looks, holds the lock
        assert push.connected_seats(match.pk)[f"p{2 - mover}"] is False
        page.start()
        with connection.cursor() as cursor:

            def page_waits_on_the_lock() -> bool:
                cursor.execute("SELECT count(*) FROM pg_stat_activity WHERE wait_event_type = 'Lock'")
                return bool(cursor.fetchone()[0])

            wait_until(page_waits_on_the_lock, 120, "the page's first read to wait for the move's lock", every=0.05)
    page.join(120)
    assert opened.is_set(), "the page's subscription never opened"
    assert first_view and first_view[-1]["version"] == view["version"] + 1
    assert first_view[-1]["view"]["seat"] == f"p{2 - mover}"


async def latest(socket: Any, version: int) -> dict[str, Any]:
    """The first pushed view at ``version`` (skipping presence messages)."""
    while True:
        message = await socket.receive_json_from(timeout=5)
        if message["type"] == "view" and message["version"] >= version:
            return message


async def database_sync(function: Any, *args: Any) -> Any:
    from channels.db import database_sync_to_async

    return await database_sync_to_async(function)(*args)


@pytest.mark.django_db(transaction=True)
def test_the_opponent_sees_when_a_player_disconnects(fresh_redis_state: None) -> None:
    from asgiref.sync import async_to_sync

    from config.asgi import application
    from tests.live_socket import TopicSocket

    players = [UserFactory.create(username="ann"), UserFactory.create(username="bob")]
    match = services.create_match(players[0], players[1], [{"starter": "eva-starter"}, {"starter": "romin-starter"}])

    async def scenario() -> tuple[dict[str, bool], dict[str, bool]]:
        sockets = []
        for user in players:
            socket = TopicSocket("match", match.pk, application=application)
            socket.scope["user"] = user
            assert (await socket.connect())[0]
            sockets.append(socket)
        both = await database_sync(push.connected_seats, match.pk)
        await sockets[1].disconnect()
        message = await sockets[0].receive_json_from(timeout=5)
        while message["type"] != "presence" or message["connected"]["p2"]:
            message = await sockets[0].receive_json_from(timeout=5)
        await sockets[0].disconnect()
        return both, message["connected"]

    both, after = async_to_sync(scenario)()
    assert both == {"p1": True, "p2": True}
    assert after == {"p1": True, "p2": False}


def test_a_player_challenges_another_who_accepts_with_a_deck_and_the_match_starts() -> None:
    ann, bob, eve = (
        UserFactory.create(username="ann"),
        UserFactory.create(username="bob"),
        UserFactory.create(username="eve"),
    )
    assert api(ann).post("/api/play/challenges/", {"opponent": "nobody", "starter": "eva-starter"}).status_code == 400
    bad_deck = api(ann).post("/api/play/challenges/", {"opponent": "bob", "starter": "no-such-starter"})
    assert bad_deck.status_code == 400 and "cannot play" in bad_deck.json()["detail"]
    made = api(ann).post("/api/play/challenges/", {"opponent": "bob", "starter": "eva-starter", "best_of": 3})
    assert made.status_code == 201
    challenge = made.json()["id"]
    again = api(ann).post("/api/play/challenges/", {"opponent": "bob", "starter": "eva-starter"})
    assert again.status_code == 409
    assert api(eve).post(f"/api/play/challenges/{challenge}/accept/", {"starter": "romin-starter"}).status_code == 404
    assert api(ann).post(f"/api/play/challenges/{challenge}/accept/", {"starter": "romin-starter"}).status_code == 403
    assert api(bob).post(f"/api/play/challenges/{challenge}/accept/", {}).status_code == 400
    accepted = api(bob).post(f"/api/play/challenges/{challenge}/accept/", {"starter": "romin-starter"}).json()
    assert accepted["status"] == "accepted" and accepted["match"]
    played = PlayMatch.objects.get(pk=accepted["match"])
    assert (played.player1, played.player2, played.best_of) == (ann, bob, 3)
    assert api(bob).post(f"/api/play/challenges/{challenge}/decline/").status_code == 409


def test_a_challenge_can_be_declined_or_withdrawn() -> None:
    ann, bob = UserFactory.create(username="ann"), UserFactory.create(username="bob")
    first = api(ann).post("/api/play/challenges/", {"opponent": "bob", "starter": "eva-starter"}).json()["id"]
    assert api(bob).post(f"/api/play/challenges/{first}/decline/").json()["status"] == "declined"
    second = api(ann).post("/api/play/challenges/", {"opponent": "bob", "starter": "eva-starter"}).json()["id"]
    assert api(ann).post(f"/api/play/challenges/{second}/decline/").json()["status"] == "cancelled"
    assert [c["status"] for c in api(bob).get("/api/play/challenges/").json()] == ["cancelled", "declined"]
    assert not PlayMatch.objects.exists()
    assert api(ann).get("/api/play/abc/").status_code == 404


def test_the_play_page_challenges_and_answers(client: Any) -> None:
    ann, bob = UserFactory.create(username="ann"), UserFactory.create(username="bob")
    client.force_login(ann)
    sent = client.post("/play/", {"action": "challenge", "opponent": "bob", "starter": "eva-starter"}, follow=True)
    assert "Challenge sent to" in sent.content.decode()
    client.force_login(bob)
    page = client.get("/play/").content.decode()
    assert "challenges you" in page
    from gameplay.matches.models import MatchChallenge

    challenge = MatchChallenge.objects.get()
    started = client.post("/play/", {"action": "accept", "challenge": challenge.pk, "starter": "romin-starter"})
    assert started.status_code == 302 and started["Location"].startswith("/play/")
    assert client.get(started["Location"]).status_code == 200
