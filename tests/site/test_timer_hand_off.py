"""Services queue their timer tasks by name, after commit: each name reaches the `timers` queue of
the real broker, and a worker knows a task by that name."""

from __future__ import annotations

import json
from typing import Any, cast

import pytest
import redis
from django.conf import settings

from config import redis_urls
from config.celery import app
from tests.drafts.helpers import draft_table, started_pod
from tests.factories import EventFactory, OrganiserFactory, RegistrationFactory
from tournaments.services import registration, rounds


def queued_timers() -> list[dict[str, Any]]:
    """The headers of every message waiting in the broker's `timers` queue (under the run's key
    prefix when the run shares a Redis server)."""
    broker = redis.Redis.from_url(redis_urls.with_db(settings.REDIS_URL, settings.REDIS_DB_BROKER))
    prefix = settings.CELERY_BROKER_TRANSPORT_OPTIONS.get("global_keyprefix", "")
    with broker:
        messages = cast(list[bytes], broker.lrange(f"{prefix}timers", 0, -1))
    return [json.loads(raw)["headers"] for raw in messages]


def new_tasks(before: list[dict[str, Any]]) -> list[tuple[str, str]]:
    seen = {headers["id"] for headers in before}
    return [(h["task"], h["argsrepr"]) for h in queued_timers() if h["id"] not in seen]


def known_tasks() -> set[str]:
    app.loader.import_default_modules()
    return set(app.tasks)


@pytest.mark.django_db(transaction=True)
def test_publishing_a_round_queues_its_clock_by_a_name_the_worker_knows() -> None:
    organiser = OrganiserFactory.create()
    event = EventFactory.create(organiser=organiser, round_minutes=10)
    for _ in range(4):
        RegistrationFactory.create(event=event)
    registration.start_event(event, organiser)
    before = queued_timers()
    round_ = rounds.publish_round(rounds.pair_next_round(event, organiser), organiser)

    assert new_tasks(before) == [("tournaments.tasks.expire_round_timer", repr((round_.pk, round_.timer_version)))]
    assert "tournaments.tasks.expire_round_timer" in known_tasks()


@pytest.mark.django_db(transaction=True)
def test_starting_a_draft_queues_the_pod_clock_by_a_name_the_worker_knows() -> None:
    table = draft_table(2, username="handoff")
    before = queued_timers()
    pod = started_pod(table, seats=4)

    queued = new_tasks(before)
    assert [name for name, _ in queued] == ["tournaments.drafts.tasks.expire_draft_clocks"]
    assert queued[0][1].startswith(f"({pod.pk}, ")
    assert {name for name, _ in queued} <= known_tasks()
