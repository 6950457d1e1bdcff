"""The benchmarks' site set-up: the environment of a benchmark that runs the site in its own
process, and its database (a PostgreSQL database named in ``DATABASE_URL`` is created if it does not
exist yet; SQLite creates its file itself)."""

from __future__ import annotations

import os
import shutil
from collections.abc import Callable
from pathlib import Path


def site_environment(var_dir: Path, key_prefix: str, **more: str) -> None:
    """Development settings with their files under ``var_dir``, quiet logs and the benchmark's own
    Redis key prefix (``more``: any other variable the benchmark sets)."""
    os.environ.update(
        {
            "FETT_ENV": "development",
            "FETT_VAR_DIR": str(var_dir),
            "DEBUG": "false",
            "LOG_LEVEL": "WARNING",
            "REDIS_KEY_PREFIX": key_prefix,
            "DJANGO_SETTINGS_MODULE": "config.settings",
            **more,
        }
    )


def ensure_database(url: str) -> None:
    if not url.startswith("postgres"):
        return
    import psycopg  # only benchmarks pointed at PostgreSQL need the driver loaded

    name = url.rsplit("/", 1)[1]
    with psycopg.connect(url.rsplit("/", 1)[0] + "/postgres", autocommit=True) as conn:
        if not conn.execute("SELECT 1 FROM pg_database WHERE datname = %s", (name,)).fetchone():
            conn.execute(f'CREATE DATABASE "{name}"')


def on_the_site(var_dir: Path, run: Callable[[], None]) -> None:
    """Set Django up (the script has configured the environment), start the embedded Redis when no
    ``REDIS_URL`` is set, create and migrate the database, ``run()``, then stop Redis and remove
    ``var_dir``."""
    import django

    django.setup()
    from django.conf import settings
    from django.core.management import call_command

    from config import embedded_redis

    redis_process = None
    if settings.REDIS_EMBEDDED:
        redis_process = embedded_redis.start(Path(settings.EMBEDDED_REDIS_SOCKET))
    try:
        ensure_database(os.environ.get("DATABASE_URL", ""))
        call_command("migrate", verbosity=0)
        run()
    finally:
        if redis_process is not None:
            embedded_redis.stop(redis_process, Path(settings.EMBEDDED_REDIS_SOCKET))
        shutil.rmtree(var_dir, ignore_errors=True)
