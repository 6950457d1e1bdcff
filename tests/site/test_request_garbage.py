"""An API answer is freed when it has been sent, by reference counting, not left to the garbage
collector (``common.middleware.ReleaseAnswerMiddleware``): on a busy web process the collections
that found such answers held every request and socket for tens of milliseconds."""

from __future__ import annotations

import gc
from collections.abc import Iterator
from typing import Any

import pytest
from asgiref.sync import async_to_sync
from channels.testing import HttpCommunicator
from rest_framework.authtoken.models import Token

from gameplay.matches import services
from tests.factories import UserFactory
from tests.matches.test_services import STARTERS, play_first

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


def test_a_match_view_read_over_the_api_is_freed_once_sent(saved_garbage: list[Any]) -> None:
    from config.asgi import application

    players = [UserFactory.create(username="ann"), UserFactory.create(username="bob")]
    match = play_first(services.create_match(players[0], players[1], STARTERS), players)
    token = Token.objects.create(user=players[0]).key
    headers = [(b"authorization", f"Token {token}".encode()), (b"host", b"localhost")]
    for _ in range(3):  # as the server reads it: the ASGI application, its middleware, the API's view
        read = HttpCommunicator(application, "GET", f"/api/play/{match.pk}/", headers=headers)
        answer = async_to_sync(read.get_response)()
        assert answer["status"] == 200 and b'"board"' in answer["body"]
    gc.collect()
    views = [o for o in saved_garbage if isinstance(o, dict) and "board" in o and "version" in o]
    assert not views, f"{len(views)} of the 3 answers' views were left to the garbage collector"
