"""The benchmarks' database set-up: a PostgreSQL database named in ``DATABASE_URL`` is created if
it does not exist yet (SQLite creates its file itself)."""

from __future__ import annotations


def ensure_database(url: str) -> None:
    if not url.startswith("postgres"):
        return
    import psycopg  # only benchmarks pointed at PostgreSQL need the driver loaded

    name = url.rsplit("/", 1)[1]
    with psycopg.connect(url.rsplit("/", 1)[0] + "/postgres", autocommit=True) as conn:
        if not conn.execute("SELECT 1 FROM pg_database WHERE datname = %s", (name,)).fetchone():
            conn.execute(f'CREATE DATABASE "{name}"')
