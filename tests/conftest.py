"""Fixtures every test can use: personas around one event, and clean Redis state; and the close of
the request threads' database connections before the test database is dropped."""

from __future__ import annotations

import sys
from collections.abc import Iterator
from dataclasses import dataclass
from typing import TYPE_CHECKING

import pytest

if TYPE_CHECKING:  # pure tests run without Django set up, so models are imported lazily
    from django.test import Client

    from accounts.models import User
    from tournaments.models import Event


@dataclass
class Personas:
    """The five sides of every permission question, around one event."""

    event: Event
    organiser: User
    judge: User
    player: User
    outsider: User

    def client(self, who: str) -> Client:
        from django.test import Client

        client = Client()
        if who != "anonymous":
            client.force_login(getattr(self, who))
        return client


@pytest.fixture
def personas(db: None) -> Personas:
    from tests.factories import EventFactory, OrganiserFactory, RegistrationFactory, UserFactory

    organiser = OrganiserFactory.create(username="oda")
    event = EventFactory.create(organiser=organiser)
    judge = UserFactory.create(username="judy")
    event.judges.add(judge)
    player = UserFactory.create(username="pat")
    RegistrationFactory.create(event=event, player=player)
    return Personas(
        event=event, organiser=organiser, judge=judge, player=player, outsider=UserFactory.create(username="olly")
    )


@pytest.fixture
def fresh_redis_state() -> None:
    """Delete the run's keys of the site's own Redis database (heartbeats, locks) before the test;
    another run's keys on a shared Redis (under another prefix) stay."""
    from common.redis import key, state_redis

    redis = state_redis()
    for name in redis.scan_iter(match=key("*"), count=1000):
        redis.delete(name)


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_teardown(item: pytest.Item, nextitem: pytest.Item | None) -> Iterator[None]:
    """Before the last test's teardown (which drops the test database), the request threads a
    socket test lent work to close their connections: PostgreSQL refuses to drop a database that
    anyone is still connected to (pytest-django only warns, and the database stays behind)."""
    if nextitem is None and "common.threads" in sys.modules:
        sys.modules["common.threads"].close_connections()
    yield
