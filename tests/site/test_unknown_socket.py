"""A websocket path the site does not serve is refused at the handshake, never a server error:
in the router (the communicator sees the close before any accept) and through a real ASGI server
(uvicorn answers the handshake with 403, as it does for any socket closed before it was accepted)."""

from __future__ import annotations

import asyncio

import pytest
from channels.routing import URLRouter
from channels.testing import WebsocketCommunicator

from config.routing import websocket_urlpatterns
from tests.browser.asgi import asgi_server

OLD_OR_WRONG = ["/ws/play/12/", "/ws/events/3/", "/ws/pods/1/", "/ws/nothing-here/", "/ws/live", "/"]


@pytest.mark.parametrize("path", OLD_OR_WRONG)
def test_the_router_refuses_a_path_it_does_not_serve(path: str) -> None:
    async def attempt() -> tuple[bool, int | str | None]:
        communicator = WebsocketCommunicator(URLRouter(websocket_urlpatterns), path)
        connected, code = await communicator.connect(timeout=5)
        await communicator.disconnect()
        return connected, code

    assert asyncio.run(attempt()) == (False, 4404)


@pytest.mark.django_db(transaction=True)
def test_a_real_server_answers_an_unknown_socket_path_with_403() -> None:
    import websockets

    async def attempt(url: str, origin: str) -> int:
        try:
            async with websockets.connect(url + "/ws/play/12/", additional_headers={"Origin": origin}, open_timeout=30):
                return 101
        except websockets.exceptions.InvalidStatus as refused:
            return refused.response.status_code

    async def served(url: str, origin: str) -> bool:
        headers = {"Origin": origin}
        async with websockets.connect(url + "/ws/ping/", additional_headers=headers, open_timeout=30) as socket:
            await socket.send("ping")
            return "pong" in await socket.recv()

    with asgi_server() as base:
        url = base.replace("http://", "ws://")
        assert asyncio.run(served(url, base)), "a served path answers (the origin is the site's own)"
        assert asyncio.run(attempt(url, base)) == 403
