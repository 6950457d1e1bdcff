"""Django's ASGI handler with its sync work on reused threads, and the serving loop for pushes.

Django runs each request's sync code (middleware, views, the ORM) on a thread it starts for that
request, and starting a thread makes the event loop wait until the new thread runs. Under load
that stalls every websocket the process serves. ``PooledThreadsHandler`` uses the process's fixed
set of single-thread executors instead (``common.threads``, which lends them to socket messages
too): a request borrows an idle one for its whole life (so Django's thread-sensitive guarantee
holds) and waits when all are busy, which also bounds the database connections a process uses.

It also crosses from the loop to the thread **once** per request. Django's own ASGI handler runs
the middleware in async mode when it can: with one sync-only middleware in the stack (WhiteNoise)
and the sync hooks of the others, a request went back and forth between loop and thread about
fourteen times, and each crossing waited its turn on a loop busy with websocket pushes (under
a draft's load that was most of a pick's 200 ms). Here the middleware chain is loaded in sync
mode and a request's whole sync part (the ``request_started`` signal, the request, the chain,
the view and, for a response that is not streamed, its ``close``, which hands the database
connection back) runs in one call on the borrowed thread; the loop only reads the body and sends
the bytes.

At its first request the handler makes the serving loop the one pushes are handed to
(``common.push.set_serving_loop``).
"""

from __future__ import annotations

import asyncio
import tempfile
from typing import Any

from asgiref.sync import sync_to_async
from django.conf import settings
from django.core import signals
from django.core.exceptions import RequestAborted
from django.core.handlers.asgi import ASGIHandler, get_script_prefix
from django.http import FileResponse, HttpResponseBase, JsonResponse
from django.urls import set_script_prefix

from common import push, threads


class BodyTooLarge(Exception):
    """The request body passed the limit while it was read."""


def _too_large() -> HttpResponseBase:
    limit = settings.DATA_UPLOAD_MAX_MEMORY_SIZE or 0
    return JsonResponse({"detail": f"The request body is too large: at most {limit // 1024} KB."}, status=413)


def with_content_length(scope: Any, body_file: Any) -> Any:
    """The scope with a Content-Length header when the client sent none (a chunked body).

    Django's ASGI request reads its body from the file the handler filled, but DRF's request
    (and Django's multipart parser) read a body only up to the declared length, so a chunked
    body without one was read as empty. Once the body is read its length is known: it is
    declared here, and every check of the declared length sees the real one."""
    headers = scope.get("headers") or []
    if any(name.lower() == b"content-length" for name, _value in headers):
        return scope
    body_file.seek(0, 2)
    size = body_file.tell()
    body_file.seek(0)
    if not size:
        return scope
    return {**scope, "headers": [*headers, (b"content-length", str(size).encode())]}


class PooledThreadsHandler(ASGIHandler):
    def __init__(self) -> None:
        super().__init__()
        self.load_middleware(is_async=False)  # the whole chain runs on the request's thread

    async def handle(self, scope: Any, receive: Any, send: Any) -> None:
        try:
            body_file = await self.read_body(receive)
        except RequestAborted:
            return
        except BodyTooLarge:
            await self.send_response(_too_large(), send)
            return
        scope = with_content_length(scope, body_file)
        set_script_prefix(get_script_prefix(scope))
        try:
            response = await sync_to_async(self._respond, thread_sensitive=True)(scope, body_file)
            try:
                await self.send_response(response, send)
            except asyncio.CancelledError:
                pass  # the client went away while the response was sent
            finally:
                if response.streaming:
                    await sync_to_async(response.close, thread_sensitive=True)()
        finally:
            body_file.close()

    async def read_body(self, receive: Any) -> Any:
        """The body, as Django reads it, but refused past ``DATA_UPLOAD_MAX_MEMORY_SIZE`` bytes
        (Django only checks that limit once the whole body has been written to a file)."""
        limit = settings.DATA_UPLOAD_MAX_MEMORY_SIZE
        body_file = tempfile.SpooledTemporaryFile(max_size=settings.FILE_UPLOAD_MAX_MEMORY_SIZE, mode="w+b")  # noqa: SIM115 (returned open; the caller closes it)
        size = 0
        while True:
            message = await receive()
            if message["type"] == "http.disconnect":
                body_file.close()
                raise RequestAborted()
            chunk = message.get("body", b"")
            size += len(chunk)
            if limit is not None and size > limit:
                body_file.close()
                raise BodyTooLarge()
            body_file.write(chunk)
            if not message.get("more_body", False):
                break
        body_file.seek(0)
        return body_file

    def _respond(self, scope: Any, body_file: Any) -> HttpResponseBase:
        """The sync part of a request, on its thread: Django's WSGI order, start to close."""
        signals.request_started.send(sender=self.__class__, scope=scope)
        request, error_response = self.create_request(scope, body_file)
        if request is None:
            assert error_response is not None
            response: HttpResponseBase = error_response
        else:
            response = self.get_response(request)
        response._handler_class = self.__class__  # type: ignore[attr-defined]
        if isinstance(response, FileResponse):
            response.block_size = self.chunk_size
        if not response.streaming:
            response.close()  # the content is made: request_finished gives the connection back now
        return response

    async def __call__(self, scope: Any, receive: Any, send: Any) -> None:
        if push.serving_loop() is None:  # the first request: this loop serves the process
            push.set_serving_loop(asyncio.get_running_loop())
        async with threads.lend(always=True):
            await super().__call__(scope, receive, send)
