"""The embedded Redis that `make run` and `make test` start when no REDIS_URL is given."""

from __future__ import annotations

import socket as sockets
from pathlib import Path

import pytest
import redis.retry

from config import embedded_redis


@pytest.fixture
def no_sleeping(monkeypatch: pytest.MonkeyPatch) -> None:
    """redis-py sleeps between the retries of a refused connection; the check must not retry."""

    def refuse(seconds: float) -> None:
        raise AssertionError(f"the check slept {seconds:.2f} s before retrying")

    monkeypatch.setattr(redis.retry, "sleep", refuse)


def test_no_server_is_told_at_once_without_retries(tmp_path: Path, no_sleeping: None) -> None:
    assert embedded_redis.answers(tmp_path / "missing.sock") is False

    # A socket file that nobody listens on any more: the connection is refused, not retried.
    path = tmp_path / "closed.sock"
    listener = sockets.socket(sockets.AF_UNIX, sockets.SOCK_STREAM)
    listener.bind(str(path))
    listener.close()
    assert path.exists()
    assert embedded_redis.answers(path) is False


def test_a_started_server_answers_and_a_stopped_one_does_not(tmp_path: Path, no_sleeping: None) -> None:
    path = tmp_path / "redis.sock"
    process = embedded_redis.start(path)
    try:
        assert embedded_redis.answers(path) is True
        with pytest.raises(embedded_redis.EmbeddedRedisError, match="already answers"):
            embedded_redis.start(path)
    finally:
        embedded_redis.stop(process, path)
    assert process.poll() is not None
    assert embedded_redis.answers(path) is False
