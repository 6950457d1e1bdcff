"""Services schedule their deadlines after commit: the one deadline task, named, reaches the
`timers` queue of the real broker carrying the kind, the row and its version, and a worker knows
a task by that name."""

from __future__ import annotations

import json
from typing import Any, cast

import pytest
import redis
from django.conf import settings

from common.deadlines import FIRE_TASK
from config import redis_urls
from config.celery import app
from tests.drafts.helpers import draft_table, started_pod
from tests.factories import EventFactory, OrganiserFactory, RegistrationFactory
from tournaments.drafts.services import clock
from tournaments.services import registration, rounds
from tournaments.services.timers import ROUND_CLOCK


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

    assert new_tasks(before) == [(FIRE_TASK, repr((ROUND_CLOCK, round_.pk, round_.timer_version)))]
    assert FIRE_TASK in known_tasks()


@pytest.mark.django_db(transaction=True)
def test_starting_a_draft_queues_the_pod_clock_by_a_name_the_worker_knows() -> None:
    table = draft_table(2, username="handoff")
    before = queued_timers()
    pod = started_pod(table, seats=4)

    pod.refresh_from_db()
    assert new_tasks(before) == [(FIRE_TASK, repr((clock.DRAFT_PICKS, pod.pk, pod.clock_version)))]
    assert FIRE_TASK in known_tasks()


def test_the_beat_schedule_names_tasks_the_worker_knows_and_sweeps_on_the_timers_queue() -> None:
    scheduled = {entry["task"] for entry in app.conf.beat_schedule.values()}
    assert scheduled <= known_tasks()
    routes = app.amqp.router
    for name in (FIRE_TASK, "common.deadlines.sweep_deadlines", "common.deadlines.feed_deadlines"):
        assert routes.route({}, name)["queue"].name == "timers"
    assert routes.route({}, "tournaments.webhooks.tasks.deliver")["queue"].name == "default"


@pytest.mark.django_db(transaction=True)
def test_a_task_handed_off_by_name_leaves_the_result_backend_alone(monkeypatch: pytest.MonkeyPatch) -> None:
    """No caller reads a task's result: sending one must not have the sending thread's result
    backend start consuming its result (``send_task`` does unless told to ignore results: more
    Redis work on every move, and a subscription kept for the life of the web process)."""
    from celery.backends.redis import ResultConsumer

    from common.tasks import queue_after_commit

    consumed: list[str] = []
    monkeypatch.setattr(ResultConsumer, "consume_from", lambda _self, task_id: consumed.append(task_id))
    before = queued_timers()
    queue_after_commit(FIRE_TASK, "no-such-kind", 1, 1)  # outside a transaction: sent at once
    assert [h["task"] for h in queued_timers() if h["id"] not in {b["id"] for b in before}] == [FIRE_TASK]
    assert consumed == []


@pytest.mark.django_db(transaction=True)
def test_the_broker_sends_every_task_with_one_redis_client(monkeypatch: pytest.MonkeyPatch) -> None:
    """Kombu's Redis channel made a redis-py client for each message sent (a sixth of a send's
    CPU, paid on every match move); the site's transport (``common.broker``) lends each send the
    one client of its channel's pool. The tasks still reach the queue, each once."""
    from kombu.transport import redis as kombu_redis

    from common.tasks import queue_after_commit

    made: list[object] = []
    make = kombu_redis.Channel._create_client

    def counted(channel: Any, asynchronous: bool = False) -> Any:
        made.append(channel)
        return make(channel, asynchronous)

    monkeypatch.setattr(kombu_redis.Channel, "_create_client", counted)
    before = queued_timers()
    for key in (1, 2, 3):
        queue_after_commit(FIRE_TASK, "no-such-kind", key, 1)  # outside a transaction: sent at once
    sent = [h["argsrepr"] for h in queued_timers() if h["id"] not in {b["id"] for b in before}]
    assert sorted(sent) == [repr(("no-such-kind", key, 1)) for key in (1, 2, 3)]
    assert len(made) <= 1  # none if this process's channel already made its client


def test_a_channel_whose_pool_is_replaced_lends_a_client_of_the_new_pool() -> None:
    from common.broker import Channel

    with app.connection_for_write() as connection:
        channel = connection.default_channel
        assert isinstance(channel, Channel)
        with channel.conn_or_acquire() as first, channel.conn_or_acquire() as again:
            assert again is first and first.connection_pool is channel.pool
        channel._disconnect_pools()  # as after a lost connection
        with channel.conn_or_acquire() as after:
            assert after is not first and after.connection_pool is channel.pool


def test_a_tasks_arguments_are_named_in_full_up_to_a_kilobyte() -> None:
    from common.tasks import ARGS_TEXT, args_text

    assert args_text(("match-clock", 12, 3)) == "('match-clock', 12, 3)"
    long = args_text(("deck-swap", [[n, 1] for n in range(1000)]))
    assert len(long) == ARGS_TEXT and long.endswith("...") and long.startswith("('deck-swap', [[0, 1], [1, 1]")
