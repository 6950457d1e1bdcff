"""The production channel layer (Redis pub/sub) for tests that push across processes.

The tests' settings use the in-memory layer, which reaches only the sockets of its own process.
A browser test whose pushes come from the test process (a service called there) to the sockets of
an ASGI server (``asgi_server("tests.browser.redis_asgi:application")``) sets this layer on both
sides: in the test with ``override_settings(CHANNEL_LAYERS=redis_channel_layers())``.
"""

from __future__ import annotations

from typing import Any

from django.conf import settings

from config import redis_urls


def redis_channel_layers() -> dict[str, dict[str, Any]]:
    return {
        "default": {
            "BACKEND": "channels_redis.pubsub.RedisPubSubChannelLayer",
            "CONFIG": {
                "hosts": [redis_urls.with_db(settings.REDIS_URL, settings.REDIS_DB_CHANNELS)],
                "prefix": f"{settings.REDIS_KEY_PREFIX}:asgi",
            },
        }
    }


def group_channel(group: str) -> str:
    """The Redis channel a group's pushes are published on (as channels-redis names it)."""
    return f"{settings.REDIS_KEY_PREFIX}:asgi__group__{group}"
