"""Spell one Redis address the way each client wants it.

REDIS_URL is given once (``redis://``, ``rediss://`` or ``unix:///path``).
Kombu (the Celery broker) needs ``redis+socket:///path`` for a unix socket, while
redis-py, django's cache and channels-redis take ``unix:///path``; each user of
Redis also gets its own logical database so their keys never meet.
"""

from __future__ import annotations

from urllib.parse import parse_qsl, urlencode, urlsplit, urlunsplit

SCHEMES = ("redis", "rediss", "unix")


class RedisUrlError(ValueError):
    """REDIS_URL cannot be understood."""


def parse(url: str) -> tuple[str, str, str, dict[str, str]]:
    """Split a Redis URL into (scheme, netloc, path, query); refuses unknown schemes."""
    parts = urlsplit(url)
    if parts.scheme not in SCHEMES:
        raise RedisUrlError(f"REDIS_URL must start with redis://, rediss:// or unix://, got {url!r}")
    if parts.scheme == "unix" and not parts.path:
        raise RedisUrlError(f"REDIS_URL names a unix socket without a path: {url!r}")
    return parts.scheme, parts.netloc, parts.path, dict(parse_qsl(parts.query))


def with_db(url: str, db: int) -> str:
    """The same server, logical database ``db``, in redis-py's spelling."""
    scheme, netloc, path, query = parse(url)
    if scheme == "unix":
        query["db"] = str(db)
        return f"unix://{path}?{urlencode(query)}"
    query.pop("db", None)
    return urlunsplit((scheme, netloc, f"/{db}", urlencode(query), ""))


def for_kombu(url: str, db: int) -> str:
    """The broker URL Kombu understands for the same server and database."""
    scheme, _netloc, path, query = parse(url)
    if scheme != "unix":
        return with_db(url, db)
    query.pop("db", None)
    query["virtual_host"] = str(db)
    return f"redis+socket://{path}?{urlencode(query)}"
