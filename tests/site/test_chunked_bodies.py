"""A chunked request body (``Transfer-Encoding: chunked``, no Content-Length) is read under the
real ASGI server, and one past the size limit is refused with 413 while it is read."""

from __future__ import annotations

import http.client
import json
from collections.abc import Iterator
from typing import Any
from urllib.parse import urlsplit

import pytest
from django.conf import settings

from gameplay.runeslingers.site_catalog import current_catalog
from tests.browser.asgi import asgi_server

pytestmark = pytest.mark.django_db(transaction=True)


def _chunked_post(url: str, path: str, chunks: Iterator[bytes]) -> tuple[int, dict[str, Any]]:
    where = urlsplit(url)
    connection = http.client.HTTPConnection(where.hostname or "127.0.0.1", where.port, timeout=30)
    try:
        connection.request("POST", path, body=chunks, headers={"Content-Type": "application/json"}, encode_chunked=True)
        answer = connection.getresponse()
        return answer.status, json.loads(answer.read())
    finally:
        connection.close()


def test_a_chunked_body_is_read_and_one_too_large_is_refused() -> None:
    card = sorted(c.name for c in current_catalog().cards.values())[0]
    body = json.dumps({"format": "awakening-constructed", "text": f"2 {card}"}).encode()
    with asgi_server() as url:
        status, answer = _chunked_post(url, "/api/decks/check/", iter([body[:10], body[10:25], body[25:]]))
        assert status == 200, answer
        assert answer["deck"]["cards"] and answer["format"] == "awakening-constructed"

        limit = settings.DATA_UPLOAD_MAX_MEMORY_SIZE
        assert limit is not None
        pieces = iter([b"[" + b" " * 65536] * (limit // 65536 + 2))
        status, answer = _chunked_post(url, "/api/decks/check/", pieces)
        assert status == 413 and answer["detail"].startswith("The request body is too large")
