from __future__ import annotations

import pytest

from config import redis_urls


def test_a_unix_socket_is_spelled_unix_for_redis_py_and_redis_socket_for_kombu() -> None:
    url = "unix:///srv/fett/redis.sock"
    assert redis_urls.with_db(url, 2) == "unix:///srv/fett/redis.sock?db=2"
    assert redis_urls.for_kombu(url, 0) == "redis+socket:///srv/fett/redis.sock?virtual_host=0"


def test_a_tcp_address_keeps_its_host_and_takes_the_database_in_the_path() -> None:
    assert redis_urls.with_db("redis://127.0.0.1:6379", 1) == "redis://127.0.0.1:6379/1"
    assert redis_urls.with_db("rediss://:pw@cache.example:6380/9", 3) == "rediss://:pw@cache.example:6380/3"
    assert redis_urls.for_kombu("redis://127.0.0.1:6379/5", 0) == "redis://127.0.0.1:6379/0"


@pytest.mark.parametrize("bad", ["http://localhost:6379", "localhost:6379", "unix://"])
def test_unknown_schemes_are_refused_by_name(bad: str) -> None:
    with pytest.raises(redis_urls.RedisUrlError, match="REDIS_URL"):
        redis_urls.parse(bad)
