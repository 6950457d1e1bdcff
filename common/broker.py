"""The Celery broker's transport: Kombu's Redis transport, less costly for each task sent.

Kombu's Redis channel makes a new redis-py client for each message it sends (``conn_or_acquire``
with no client given): building one fills a table of some 160 response callbacks, a sixth of the
CPU of ``send_task``, paid on every task the site sends (deadlines, notices, webhooks). This
channel keeps one client for its connection pool and lends it to each send; the pool, and so the
connections, are the same as before (redis-py's clients are safe to share between threads). A
pool the channel replaces (after a disconnect) gets a new client.

``config.celery`` makes it the transport of every Redis broker URL (``redis://``, ``rediss://``
and ``redis+socket://``, the embedded server's unix socket) by ``serve_redis_urls``: Kombu picks a
transport by the URL's scheme, and takes the scheme of a ``+`` URL over any transport named in the
settings. What is sent, and where, is unchanged.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

from kombu.transport import TRANSPORT_ALIASES
from kombu.transport import redis as kombu_redis


class Channel(kombu_redis.Channel):
    _lent: tuple[Any, Any] | None = None  # (the pool, the client made for it)

    @contextmanager
    def conn_or_acquire(self, client: Any = None) -> Iterator[Any]:
        if client:
            yield client
            return
        pool = self.pool
        lent = self._lent
        if lent is None or lent[0] is not pool:
            lent = self._lent = (pool, self._create_client())
        yield lent[1]


class Transport(kombu_redis.Transport):
    Channel = Channel


def serve_redis_urls() -> None:
    """Make this transport the one for the Redis URL schemes, in this process (before its first
    broker connection)."""
    for scheme in ("redis", "rediss"):
        TRANSPORT_ALIASES[scheme] = f"{__name__}:Transport"
