"""Helpers for tests that start real processes (servers, Celery workers) over the test database."""

from __future__ import annotations

import socket

from django.db import connection


def database_url() -> str:
    """The test database as a DATABASE_URL, for a subprocess to use the same data."""
    db = connection.settings_dict
    if connection.vendor == "sqlite":
        return f"sqlite:///{db['NAME']}"
    host, port = db["HOST"] or "127.0.0.1", db["PORT"] or 5432
    return f"postgres://{db['USER']}:{db['PASSWORD'] or ''}@{host}:{port}/{db['NAME']}"


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])
