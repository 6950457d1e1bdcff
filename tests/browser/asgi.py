"""A real ASGI server (uvicorn, websockets included) over the test database, for browser tests.

pytest-django's live server speaks WSGI only; pages that live on websockets need this one. It
runs in its own process against the same test database and Redis, so tests that use it must
commit their data (``django_db(transaction=True)``).
"""

from __future__ import annotations

import os
import subprocess
import sys
import urllib.error
import urllib.request
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from tests.processes import database_url, free_port, stop_process
from tests.waiting import wait_until

ROOT = Path(__file__).resolve().parents[2]


@contextmanager
def asgi_server(app: str = "config.asgi:application") -> Iterator[str]:
    """The server's URL while it runs ``app`` (``tests.browser.sweeping_asgi:application`` also expires
    match clocks, as beat does)."""
    server, url = _started(app)
    try:
        yield url
    finally:
        stop_process(server)


def _started(app: str, attempts: int = 3) -> tuple[subprocess.Popen[bytes], str]:
    """A server that answers. ``free_port`` only finds a port free a moment ago: another process
    (another test run on this machine) may take it first, and the server then exits at once; the
    next attempt takes another port."""
    env = {**os.environ, "DATABASE_URL": database_url(), "FETT_ENV": "test"}
    for attempt in range(1, attempts + 1):
        port = free_port()
        server = subprocess.Popen(
            [sys.executable, "-m", "uvicorn", app, "--port", str(port), "--lifespan", "off",
             "--no-access-log", "--log-level", "warning"],
            cwd=ROOT, env=env, start_new_session=True,
        )  # fmt: skip
        url = f"http://127.0.0.1:{port}"

        def answers(server: subprocess.Popen[bytes] = server, url: str = url) -> bool:
            if server.poll() is not None:
                return True  # it will never answer: said below
            try:
                urllib.request.urlopen(f"{url}/", timeout=5).close()
            except urllib.error.HTTPError:  # it answers (with an error status the test will see)
                return True
            except OSError:
                return False
            return True

        try:
            wait_until(answers, 120, f"the ASGI server at {url} to answer", every=0.2)
        except BaseException:
            stop_process(server)
            raise
        if server.poll() is None:
            return server, url
        if attempt == attempts:
            raise AssertionError(f"the ASGI server exited with code {server.returncode} before answering")
    raise AssertionError("unreachable")
