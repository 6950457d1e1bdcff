"""Delivered by Celery: a real worker (`default` and `timers` queues) posts what a published round
queued after its commit to a receiver on 127.0.0.1 that fails twice, and gets it there on the
third try (each retry's deadline fires from `timers`)."""

from __future__ import annotations

import os

import pytest

from tests.factories import EventFactory, OrganiserFactory, RegistrationFactory
from tests.processes import celery_process, stop_process, wait_for_worker
from tests.waiting import wait_until
from tests.webhooks.conftest import endpoint_for
from tests.webhooks.receiver import running_receiver
from tournaments.services import registration, rounds
from tournaments.webhooks import signing
from tournaments.webhooks.models import Delivery, Kind


@pytest.mark.slow
@pytest.mark.django_db(transaction=True)
def test_a_worker_delivers_on_the_third_try_to_a_receiver_that_fails_twice(monkeypatch: pytest.MonkeyPatch) -> None:
    organiser = OrganiserFactory.create()
    event = EventFactory.create(organiser=organiser)
    for _ in range(4):
        RegistrationFactory.create(event=event)
    registration.start_event(event, organiser)
    monkeypatch.setenv("WEBHOOK_RETRY_BASE_SECONDS", "1")  # the worker's backoff: 1 s, then 2 s
    name = f"webhooks-{os.getpid()}"
    # a failed try's next one is a deadline, fired from the `timers` queue
    worker = celery_process("worker", "-Q", "default,timers", "-c", "1", "-n", f"{name}@%h")
    try:
        with running_receiver(answers=[500, 500]) as receiver:
            endpoint = endpoint_for(event, receiver.url, kinds=[Kind.ROUND_PAIRED])
            wait_for_worker(name)
            rounds.publish_round(rounds.pair_next_round(event, organiser), organiser)
            delivered = Delivery.objects.filter(endpoint=endpoint, status=Delivery.Status.DELIVERED)
            wait_until(delivered.exists, 120, "the worker to deliver the round.paired webhook")
        delivery = delivered.get()
        assert [a.status_code for a in delivery.attempt_log.all()] == [500, 500, 200]
        requests = receiver.requests()
        assert len(requests) == 3
        for request in requests:
            headers = request.headers
            assert headers["Fett-Webhook-Id"] == str(delivery.webhook_id)
            assert signing.verify(
                endpoint.secret, headers["Fett-Webhook-Timestamp"], request.body, headers["Fett-Webhook-Signature"]
            )
    finally:
        stop_process(worker)
