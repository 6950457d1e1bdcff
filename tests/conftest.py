"""Fixtures every test can use: personas around one event, and clean Redis state."""

from __future__ import annotations

from dataclasses import dataclass

import pytest
from django.test import Client

from accounts.models import User
from tests.factories import EventFactory, OrganiserFactory, RegistrationFactory, UserFactory
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
        client = Client()
        if who != "anonymous":
            client.force_login(getattr(self, who))
        return client


@pytest.fixture
def personas(db: None) -> Personas:
    organiser = OrganiserFactory(username="oda")
    event = EventFactory(organiser=organiser)
    judge = UserFactory(username="judy")
    event.judges.add(judge)
    player = UserFactory(username="pat")
    RegistrationFactory(event=event, player=player)
    return Personas(event=event, organiser=organiser, judge=judge, player=player, outsider=UserFactory(username="olly"))


@pytest.fixture
def fresh_redis_state() -> None:
    """Empty the site's own Redis database (heartbeats, locks) before the test."""
    from config.redis_client import state_redis

    state_redis().flushdb()
