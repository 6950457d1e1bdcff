"""Moves sent on the site socket (``{"type": "act"}`` on a match topic): the same checks and answers
as ``POST /api/play/<id>/act/``. A move is answered ``acted`` with the mover's view and pushed to the
other seat; a repeated move (the same version again), a move out of turn, an illegal move and
malformed input are each answered ``act-refused`` with the API's status and change nothing."""

from __future__ import annotations

from typing import Any

import pytest
from asgiref.sync import async_to_sync
from channels.db import database_sync_to_async
from channels.routing import URLRouter

from config.routing import websocket_urlpatterns
from gameplay.matches import services
from gameplay.matches.models import GameAction, PlayMatch
from tests.factories import UserFactory
from tests.live_socket import TopicSocket
from tests.matches.test_services import STARTERS, play_first

pytestmark = pytest.mark.django_db(transaction=True)


def a_match() -> tuple[PlayMatch, list[Any]]:
    players = [UserFactory.create(username="lia"), UserFactory.create(username="max")]
    return play_first(services.create_match(players[0], players[1], STARTERS), players), players


def seat_socket(match: PlayMatch, user: Any) -> TopicSocket:
    return TopicSocket("match", match.pk, user=user, application=URLRouter(websocket_urlpatterns))


async def answer_to(socket: TopicSocket, message: dict[str, Any]) -> dict[str, Any]:
    """The socket's answer to ``message`` (pushes of views in between are skipped)."""
    await socket.send_json_to(message)
    for _ in range(20):
        got: dict[str, Any] = await socket.receive_json_from(timeout=10)
        if got.get("type") in ("acted", "act-refused", "error"):
            return got
    raise AssertionError("no answer to the move")


async def view_push(socket: TopicSocket, version: int) -> dict[str, Any]:
    for _ in range(20):
        got: dict[str, Any] = await socket.receive_json_from(timeout=10)
        if got.get("type") == "view" and got["version"] >= version:
            return got
    raise AssertionError(f"no view of version {version} was pushed")


def recorded(match: PlayMatch) -> tuple[int, int]:
    match.refresh_from_db()
    return match.version, GameAction.objects.filter(game__match=match).count()


def test_a_move_on_the_socket_is_played_answered_and_pushed_to_the_other_seat() -> None:
    match, players = a_match()
    seat = match.on_clock
    assert seat is not None
    view = services.player_view(match, seat)
    move, version = view["board"]["legal"][0], view["version"]
    before = recorded(match)

    async def scenario() -> tuple[dict[str, Any], dict[str, Any], dict[str, Any]]:
        mover, other = seat_socket(match, players[seat]), seat_socket(match, players[1 - seat])
        assert (await mover.connect())[0] and (await other.connect())[0]
        answer = await answer_to(mover, {"type": "act", "version": version, "action": move, "request": "m1"})
        pushed = await view_push(other, version + 1)
        again = await answer_to(mover, {"type": "act", "version": version, "action": move, "request": "m2"})
        await mover.disconnect()
        await other.disconnect()
        return answer, pushed, again

    answer, pushed, again = async_to_sync(scenario)()
    assert answer["type"] == "acted" and answer["request"] == "m1"
    assert answer["view"]["version"] == version + 1
    now = services.player_view(PlayMatch.objects.get(pk=match.pk), seat)  # clocks and presence move on
    assert (answer["view"]["board"], answer["view"]["seat"]) == (now["board"], now["seat"])
    assert pushed["view"]["version"] == version + 1 and pushed["view"]["seat"] == f"p{2 - seat}"
    after = recorded(match)
    assert after[0] == before[0] + 1 and after[1] == before[1] + 1
    # The same move sent twice (a resend after a dropped answer) is played once.
    assert (again["type"], again["status"], again["request"]) == ("act-refused", 409, "m2")
    assert recorded(match) == after


@pytest.mark.parametrize(
    ("message", "status", "words"),
    [
        ({"version": "one", "action": "x"}, 400, "version of the view"),
        ({"version": True, "action": "x"}, 400, "version of the view"),
        ({"version": -1, "action": "x"}, 400, "version of the view"),
        ({"action": "x"}, 400, "version of the view"),
        ({"version": 0}, 400, "needs an action"),
        ({"version": 0, "action": ""}, 400, "needs an action"),
        ({"version": 0, "action": ["a list"]}, 400, "needs an action"),
        ({"version": 0, "action": "x" * 201}, 400, "needs an action"),
    ],
    ids=["text-version", "bool-version", "negative-version", "no-version", "no-action", "empty", "list", "too-long"],
)
def test_malformed_moves_are_refused_with_the_field_named_and_change_nothing(
    message: dict[str, Any], status: int, words: str
) -> None:
    match, players = a_match()
    seat = match.on_clock
    assert seat is not None
    before = recorded(match)

    async def scenario() -> dict[str, Any]:
        socket = seat_socket(match, players[seat])
        assert (await socket.connect())[0]
        answer = await answer_to(socket, {"type": "act", **message})
        await socket.disconnect()
        return answer

    answer = async_to_sync(scenario)()
    assert (answer["type"], answer["status"]) == ("act-refused", status)
    assert words in answer["detail"]
    assert recorded(match) == before


def test_a_move_out_of_turn_or_illegal_is_refused_as_the_api_refuses_it() -> None:
    match, players = a_match()
    seat = match.on_clock
    assert seat is not None
    view = services.player_view(match, seat)
    before = recorded(match)

    async def scenario() -> tuple[dict[str, Any], dict[str, Any]]:
        waiting, mover = seat_socket(match, players[1 - seat]), seat_socket(match, players[seat])
        assert (await waiting.connect())[0] and (await mover.connect())[0]
        move = view["board"]["legal"][0]
        out_of_turn = await answer_to(waiting, {"type": "act", "version": view["version"], "action": move})
        illegal = await answer_to(mover, {"type": "act", "version": view["version"], "action": "play nothing-at-all"})
        await waiting.disconnect()
        await mover.disconnect()
        return out_of_turn, illegal

    out_of_turn, illegal = async_to_sync(scenario)()
    api = async_to_sync(database_sync_to_async(lambda: _api_refusal(match, players[1 - seat], view)))()
    assert out_of_turn["type"] == "act-refused"
    assert (out_of_turn["status"], out_of_turn["detail"]) == api
    assert illegal["type"] == "act-refused" and illegal["status"] == 400 and illegal["detail"]
    assert recorded(match) == before


def _api_refusal(match: PlayMatch, user: Any, view: dict[str, Any]) -> tuple[int, str]:
    from rest_framework.test import APIClient

    client = APIClient()
    client.force_authenticate(user)
    answer = client.post(
        f"/api/play/{match.pk}/act/", {"version": view["version"], "action": view["board"]["legal"][0]}, format="json"
    )
    return answer.status_code, answer.json()["detail"]


def test_the_movers_only_socket_gets_its_view_in_the_answer_not_pushed_again() -> None:
    """A move on the only socket its seat has open is answered with the view and not pushed to that
    socket as well: one view a move, not two."""
    match, players = a_match()
    seat = match.on_clock
    assert seat is not None
    view = services.player_view(match, seat)

    async def scenario() -> tuple[dict[str, Any], bool]:
        mover, other = seat_socket(match, players[seat]), seat_socket(match, players[1 - seat])
        assert (await mover.connect())[0] and (await other.connect())[0]
        answer = await answer_to(
            mover, {"type": "act", "version": view["version"], "action": view["board"]["legal"][0]}
        )
        await view_push(other, view["version"] + 1)
        # a move's pushes are all sent before its answer: none is still on its way to the mover
        quiet = await mover.receive_nothing(timeout=0.5)
        await mover.disconnect()
        await other.disconnect()
        return answer, quiet

    answer, quiet = async_to_sync(scenario)()
    assert answer["type"] == "acted" and answer["view"]["version"] == view["version"] + 1
    assert quiet, "the mover's only socket got its own move's view pushed as well as answered"


def test_another_page_of_the_movers_seat_still_gets_the_move_pushed() -> None:
    match, players = a_match()
    seat = match.on_clock
    assert seat is not None
    view = services.player_view(match, seat)

    async def scenario() -> tuple[dict[str, Any], dict[str, Any]]:
        mover, second_page = seat_socket(match, players[seat]), seat_socket(match, players[seat])
        assert (await mover.connect())[0] and (await second_page.connect())[0]
        await view_push(second_page, view["version"])  # its opening view
        answer = await answer_to(
            mover, {"type": "act", "version": view["version"], "action": view["board"]["legal"][0]}
        )
        pushed = await view_push(second_page, view["version"] + 1)
        await mover.disconnect()
        await second_page.disconnect()
        return answer, pushed

    answer, pushed = async_to_sync(scenario)()
    assert answer["type"] == "acted"
    assert pushed["version"] == answer["view"]["version"] == view["version"] + 1
    assert pushed["view"]["board"] == answer["view"]["board"]
