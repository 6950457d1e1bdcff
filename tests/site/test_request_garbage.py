"""An API request and its answer are freed when the answer has been sent, by reference counting,
not left to the garbage collector (``common.middleware.ReleaseAnswerMiddleware``, and
``common.api.InputSerializer`` for a move's data): on a busy web process the collections that found
them held every request and socket for tens of milliseconds."""

from __future__ import annotations

import gc
from collections.abc import Iterator
from typing import Any

import orjson
import pytest
from asgiref.sync import async_to_sync
from channels.testing import HttpCommunicator
from django.contrib.messages.storage.base import BaseStorage
from django.contrib.sessions.backends.base import SessionBase
from django.http import HttpRequest
from rest_framework.authtoken.models import Token
from rest_framework.fields import Field
from rest_framework.request import Request
from rest_framework.views import APIView

from accounts.models import User
from gameplay.matches import services
from tests.factories import UserFactory
from tests.matches.test_services import STARTERS, decider, play_first

#: What an API request is made of; none of it may be left for the collector once answered.
REQUEST_PARTS = (HttpRequest, Request, APIView, Field, BaseStorage, SessionBase, Token, User)

pytestmark = pytest.mark.django_db(transaction=True)  # the server reads on a thread of its own


@pytest.fixture
def saved_garbage() -> Iterator[list[Any]]:
    """``gc.garbage``: what the collections until the test ends found unreachable, kept there (the
    collector off meanwhile, so a collection runs only when the test asks for one)."""
    gc.collect()
    was = gc.isenabled()
    gc.disable()
    gc.set_debug(gc.DEBUG_SAVEALL)
    try:
        yield gc.garbage
    finally:
        gc.set_debug(0)
        gc.garbage.clear()
        gc.collect()
        if was:
            gc.enable()


def answer(method: str, path: str, user: User, body: dict[str, Any] | None = None) -> dict[str, Any]:
    """``method path`` as the server serves it: the ASGI application, its middleware, the API's view."""
    from config.asgi import application

    key = Token.objects.get_or_create(user=user)[0].key
    headers = [(b"authorization", f"Token {key}".encode()), (b"host", b"localhost")]
    if body is not None:
        headers.append((b"content-type", b"application/json"))
    sent = HttpCommunicator(application, method, path, body=orjson.dumps(body) if body else b"", headers=headers)
    got: dict[str, Any] = async_to_sync(sent.get_response)()
    assert got["status"] == 200, got
    return got


def test_match_views_read_and_moves_made_over_the_api_are_freed_once_answered(saved_garbage: list[Any]) -> None:
    players = [UserFactory.create(username="ann"), UserFactory.create(username="bob")]
    match = play_first(services.create_match(players[0], players[1], STARTERS), players)
    for _ in range(3):
        assert b'"board"' in answer("GET", f"/api/play/{match.pk}/", players[0])["body"]
    for _ in range(3):
        turn = decider(match, players)
        assert turn is not None
        mover, view = turn
        move = {"version": view["version"], "action": view["board"]["legal"][0]}
        assert b'"board"' in answer("POST", f"/api/play/{match.pk}/act/", mover, move)["body"]
    gc.collect()
    views = [o for o in saved_garbage if isinstance(o, dict) and "board" in o and "version" in o]
    assert not views, f"{len(views)} of the 6 answers' views were left to the garbage collector"
    parts = sorted(type(o).__qualname__ for o in saved_garbage if isinstance(o, REQUEST_PARTS))
    assert not parts, f"the requests' parts left to the garbage collector: {parts}"
