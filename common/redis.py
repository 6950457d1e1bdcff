"""One redis-py client per process for the site's own keys (heartbeats, locks, caches), and the
spelling of those keys under the run's prefix."""

from __future__ import annotations

from functools import cache

import redis
from django.conf import settings


@cache
def state_redis() -> redis.Redis:
    return redis.Redis.from_url(settings.REDIS_STATE_URL, socket_timeout=2, socket_connect_timeout=2)


def key(*parts: str) -> str:
    return ":".join((settings.REDIS_KEY_PREFIX, *parts))
