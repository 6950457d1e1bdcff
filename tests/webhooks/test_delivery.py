"""Deliveries against a real HTTP receiver on 127.0.0.1: signed requests that verify, retries with
exponential backoff, no redirects followed, giving up after the last try, and the address rules
again at delivery time."""

from __future__ import annotations

import json
from datetime import timedelta
from typing import Any

import pytest
from django.test import Client
from django.utils import timezone

from common import deadlines
from config.celery import app
from gameplay.matches.services import decide
from tests.drafts.helpers import draft_table, drive, started_pod
from tests.factories import EventFactory
from tests.matches.test_event_matches import onsite_event
from tests.webhooks.conftest import Queued, endpoint_for
from tests.webhooks.receiver import running_receiver
from tests.webhooks.test_emission import published, report_all, running_event
from tournaments.errors import Conflict
from tournaments.models import Event
from tournaments.services import rounds
from tournaments.webhooks import delivery as sending
from tournaments.webhooks import signing
from tournaments.webhooks.models import Delivery, Kind
from tournaments.webhooks.outbox import WEBHOOK_RETRY, emit
from tournaments.webhooks.services import redeliver, send_ping, set_active

pytestmark = pytest.mark.django_db


def one_delivery(url: str) -> Delivery:
    event = EventFactory.create(name="Receiver Cup")
    endpoint_for(event, url)
    (delivery,) = emit(event, Kind.EVENT_FINISHED, {"champion": {"id": 1, "name": "Eva"}})
    return delivery


def due(delivery: Delivery) -> None:
    """Bring the next try forward (instead of waiting for it)."""
    Delivery.objects.filter(pk=delivery.pk).update(next_try_at=timezone.now())


def test_the_receiver_gets_a_signed_body_that_verifies(queued: Queued) -> None:
    with running_receiver() as receiver:
        delivery = one_delivery(receiver.url)
        assert sending.deliver(delivery.pk) == "delivered"
    (request,) = receiver.requests()
    headers = {k.lower(): v for k, v in request.headers.items()}
    assert headers["content-type"] == "application/json"
    assert headers["fett-webhook-id"] == str(delivery.webhook_id)
    sent_at, signature = headers["fett-webhook-timestamp"], headers["fett-webhook-signature"]
    assert signing.verify(delivery.endpoint.secret, sent_at, request.body, signature)
    assert not signing.verify("whsec_wrong", sent_at, request.body, signature)
    body = json.loads(request.body)
    assert body["id"] == str(delivery.webhook_id) and body["type"] == "event.finished"
    assert body["event"]["name"] == "Receiver Cup" and body["data"]["champion"]["name"] == "Eva"
    delivery.refresh_from_db()
    assert (delivery.status, delivery.attempts, delivery.last_status_code) == (Delivery.Status.DELIVERED, 1, 200)
    assert delivery.delivered_at is not None and delivery.next_try_at is None
    (attempt,) = delivery.attempt_log.all()
    assert attempt.succeeded and attempt.response_excerpt == "ok"
    assert sending.deliver(delivery.pk) == "skipped"  # a second task for it sends nothing
    assert len(receiver.requests()) == 1


def test_a_receiver_that_fails_twice_gets_it_on_the_third_try_with_backoff(
    queued: Queued, settings: Any, django_capture_on_commit_callbacks: Any
) -> None:
    settings.WEBHOOK_RETRY_BASE_SECONDS = 10

    def try_once(expected: str, wait: int | None) -> None:
        before = timezone.now()
        with django_capture_on_commit_callbacks(execute=True):
            assert sending.deliver(delivery.pk) == expected
        after = timezone.now()
        delivery.refresh_from_db()
        if wait is not None:  # the next try waits that long from the moment the answer came
            assert delivery.next_try_at is not None
            assert before + timedelta(seconds=wait) <= delivery.next_try_at <= after + timedelta(seconds=wait)

    with running_receiver(answers=[500, 503]) as receiver:
        delivery = one_delivery(receiver.url)
        try_once("retrying", 10)
        try_once("skipped", None)  # not due yet: nothing is sent
        due(delivery)
        try_once("retrying", 20)
        due(delivery)
        try_once("delivered", None)
    assert delivery.status == Delivery.Status.DELIVERED and delivery.attempts == 3
    assert [a.status_code for a in delivery.attempt_log.all()] == [500, 503, 200]
    assert queued.delivery_ids() == [delivery.pk] * 2  # each failure queued the next try
    ids = {r.headers["Fett-Webhook-Id"] for r in receiver.requests()}
    assert len(receiver.requests()) == 3 and ids == {str(delivery.webhook_id)}  # one id: receivers de-duplicate


def test_a_redirect_is_not_followed_and_the_last_failure_gives_up(queued: Queued, settings: Any) -> None:
    settings.WEBHOOK_MAX_ATTEMPTS = 2
    with running_receiver(answers=[302, 404]) as receiver:
        delivery = one_delivery(receiver.url)
        assert sending.deliver(delivery.pk) == "retrying"
        due(delivery)
        assert sending.deliver(delivery.pk) == "failed"
    assert [r.path for r in receiver.requests()] == ["/hook", "/hook"]  # never /elsewhere
    delivery.refresh_from_db()
    assert (delivery.status, delivery.last_status_code, delivery.next_try_at) == (Delivery.Status.FAILED, 404, None)
    assert "answered 404" in delivery.last_error


def test_an_endpoint_that_does_not_answer_is_logged_and_retried(queued: Queued) -> None:
    with running_receiver() as receiver:
        url = receiver.url
    delivery = one_delivery(url)  # the receiver is gone: nothing listens there now
    assert sending.deliver(delivery.pk) == "retrying"
    delivery.refresh_from_db()
    assert delivery.last_status_code is None and "could not be reached" in delivery.last_error
    assert delivery.attempt_log.get().status_code is None


def test_private_addresses_are_refused_again_at_delivery_time(queued: Queued, settings: Any) -> None:
    with running_receiver() as receiver:
        delivery = one_delivery(receiver.url)
        settings.WEBHOOK_ALLOW_PRIVATE = False
        assert sending.deliver(delivery.pk) == "retrying"
    assert receiver.requests() == []
    delivery.refresh_from_db()
    assert "https://" in delivery.last_error


def test_the_sweeper_queues_only_deliveries_that_are_due_and_not_being_tried(
    queued: Queued, django_capture_on_commit_callbacks: Any
) -> None:
    late, waiting = one_delivery("http://127.0.0.1:9/a"), one_delivery("http://127.0.0.1:9/b")
    trying, done = one_delivery("http://127.0.0.1:9/c"), one_delivery("http://127.0.0.1:9/d")
    Delivery.objects.filter(pk=late.pk).update(next_try_at=timezone.now() - timedelta(minutes=5))
    Delivery.objects.filter(pk=waiting.pk).update(next_try_at=timezone.now() + timedelta(seconds=5))
    assert sending.claim(trying.pk) is not None  # a worker is posting it right now
    Delivery.objects.filter(pk=done.pk).update(status=Delivery.Status.DELIVERED, next_try_at=None)
    queued.calls.clear()
    with django_capture_on_commit_callbacks(execute=True):
        assert deadlines.sweep(only=[WEBHOOK_RETRY]) == 1
    assert queued.delivery_ids() == [late.pk]


def test_every_kind_reaches_a_real_receiver_signed_and_verified(
    queued: Queued, django_capture_on_commit_callbacks: Any
) -> None:
    """An organiser's day, each kind once: a Swiss round to the end, a draft pod, a match on the
    site and a ping; every message the receiver gets verifies with its endpoint's secret."""
    with running_receiver() as receiver:
        with django_capture_on_commit_callbacks(execute=True):  # the match on the site ends after commit
            swiss, organiser = running_event(rounds=1)
            endpoint_for(swiss, receiver.url)
            round_ = published(swiss, organiser)
            report_all(round_)
            rounds.end_round(round_, organiser)
            rounds.finish_event(Event.objects.get(pk=swiss.pk), organiser)
            table = draft_table(4, username="all")
            endpoint_for(table.event, receiver.url)
            drive(started_pod(table, seats=4))
            onsite, onsite_organiser = onsite_event()
            on_site = endpoint_for(onsite, receiver.url, kinds=[Kind.MATCH_FINISHED])
            match = published(onsite, onsite_organiser).matches.first()
            assert match is not None and match.play_id is not None
            decide(match.play_id, (1, 0))
            send_ping(on_site, onsite_organiser)
        for delivery_id in Delivery.objects.values_list("pk", flat=True):
            assert sending.deliver(delivery_id) == "delivered"
        got = receiver.requests()
    secrets = {
        str(webhook_id): secret for webhook_id, secret in Delivery.objects.values_list("webhook_id", "endpoint__secret")
    }
    for request in got:
        headers = request.headers
        secret = secrets[headers["Fett-Webhook-Id"]]
        assert signing.verify(
            secret, headers["Fett-Webhook-Timestamp"], request.body, headers["Fett-Webhook-Signature"]
        )
    assert {json.loads(request.body)["type"] for request in got} == {kind.value for kind in Kind}
    assert len(got) == Delivery.objects.filter(status=Delivery.Status.DELIVERED).count() == Delivery.objects.count()


def test_a_switched_off_endpoint_gets_nothing_still_waiting_and_no_redelivery(queued: Queued) -> None:
    with running_receiver() as receiver:
        delivery = one_delivery(receiver.url)
        endpoint = delivery.endpoint
        organiser = endpoint.event.organiser
        set_active(endpoint, organiser, False)
        assert sending.deliver(delivery.pk) == "skipped"
        delivery.refresh_from_db()
        assert delivery.status == Delivery.Status.FAILED and delivery.last_error == sending.SWITCHED_OFF
        with pytest.raises(Conflict, match="switch it on"):
            redeliver(delivery, organiser)
        set_active(endpoint, organiser, True)
        redeliver(delivery, organiser)
        assert sending.deliver(delivery.pk) == "delivered"
    assert len(receiver.requests()) == 1


def test_test_pings_are_spaced_per_endpoint(queued: Queued, settings: Any) -> None:
    settings.WEBHOOK_PING_SPACING_SECONDS = 30
    delivery = one_delivery("http://127.0.0.1:9/hook")
    endpoint, organiser = delivery.endpoint, delivery.endpoint.event.organiser
    send_ping(endpoint, organiser)
    with pytest.raises(Conflict, match=r"less than 30 seconds ago; send the next one in (29|30) seconds") as refused:
        send_ping(endpoint, organiser)
    assert refused.value.status_code == 409
    assert Delivery.objects.filter(endpoint=endpoint, kind=Kind.PING).count() == 1
    other = endpoint_for(endpoint.event, "http://127.0.0.1:9/other")
    send_ping(other, organiser)  # another endpoint has its own spacing
    Delivery.objects.filter(kind=Kind.PING).update(created_at=timezone.now() - timedelta(seconds=31))
    send_ping(endpoint, organiser)
    assert Delivery.objects.filter(endpoint=endpoint, kind=Kind.PING).count() == 2


def test_a_delivery_is_sent_again_at_most_once_per_spacing(queued: Queued, settings: Any) -> None:
    settings.WEBHOOK_PING_SPACING_SECONDS = 30
    delivery = one_delivery("http://127.0.0.1:9/hook")
    organiser = delivery.endpoint.event.organiser
    Delivery.objects.filter(pk=delivery.pk).update(status=Delivery.Status.FAILED)
    redeliver(delivery, organiser)
    Delivery.objects.filter(pk=delivery.pk).update(status=Delivery.Status.FAILED)  # it failed again at once
    with pytest.raises(Conflict, match=r"sent again less than 30 seconds ago; send it again in (29|30) seconds") as no:
        redeliver(delivery, organiser)
    assert no.value.status_code == 409
    assert Delivery.objects.get(pk=delivery.pk).status == Delivery.Status.FAILED  # the refusal changed nothing
    other = one_delivery("http://127.0.0.1:9/other")
    Delivery.objects.filter(pk=other.pk).update(status=Delivery.Status.FAILED)
    redeliver(other, other.endpoint.event.organiser)  # each delivery has its own spacing
    assert Delivery.objects.get(pk=other.pk).status == Delivery.Status.PENDING


def test_the_ping_button_says_when_the_next_ping_may_go(queued: Queued, settings: Any) -> None:
    settings.WEBHOOK_PING_SPACING_SECONDS = 30
    delivery = one_delivery("http://127.0.0.1:9/hook")
    endpoint, event = delivery.endpoint, delivery.endpoint.event
    client = Client()
    client.force_login(event.organiser)
    url = f"/events/{event.pk}/webhooks/{endpoint.pk}/do/ping/"
    assert client.post(url).status_code == 302
    again = client.post(url)
    assert again.status_code == 409 and "send the next one in" in again.content.decode()
    assert Delivery.objects.filter(endpoint=endpoint, kind=Kind.PING).count() == 1


def test_a_retry_whose_task_was_lost_is_swept_at_its_due_time_and_keeps_the_doubling(
    queued: Queued, settings: Any, django_capture_on_commit_callbacks: Any
) -> None:
    """After a failed try the next is due in 10 s; its task is lost (a broker restart). The
    sweeper, run by beat every few seconds, queues it as soon as it is due, not a minute or two
    later, and the schedule goes on doubling from there."""
    settings.WEBHOOK_RETRY_BASE_SECONDS = 10
    beat = app.conf.beat_schedule["sweep-deadlines"]["schedule"]
    assert beat <= settings.WEBHOOK_RETRY_BASE_SECONDS / 2  # a lost retry is late by at most the beat's interval
    with running_receiver(answers=[500, 500]) as receiver:
        delivery = one_delivery(receiver.url)
        started = timezone.now()
        assert sending.deliver(delivery.pk) == "retrying"
        delivery.refresh_from_db()
        assert delivery.next_try_at is not None
        assert started + timedelta(seconds=10) <= delivery.next_try_at <= timezone.now() + timedelta(seconds=10)
        queued.calls.clear()  # the retry's task is lost
        with django_capture_on_commit_callbacks(execute=True):
            assert deadlines.sweep(only=[WEBHOOK_RETRY]) == 0  # not due yet: nothing to catch
        # Ten seconds pass: the retry falls due.
        Delivery.objects.filter(pk=delivery.pk).update(next_try_at=timezone.now() - timedelta(milliseconds=10))
        with django_capture_on_commit_callbacks(execute=True):
            assert deadlines.sweep(only=[WEBHOOK_RETRY]) == 1
        assert queued.delivery_ids() == [delivery.pk]
        before = timezone.now()
        assert sending.deliver(delivery.pk) == "retrying"
        delivery.refresh_from_db()
        assert before + timedelta(seconds=20) <= delivery.next_try_at <= timezone.now() + timedelta(seconds=20)
    assert delivery.attempts == 2 and len(receiver.requests()) == 2


def test_a_try_lost_with_its_worker_is_retried_when_the_schedule_says(
    queued: Queued, settings: Any, django_capture_on_commit_callbacks: Any
) -> None:
    """A worker claims the third try and is killed before it records anything. The claim left
    the delivery due when the fourth try would have been (40 s after the third began: the doubling
    schedule), or once the try can no longer be running if that is later; the sweeper queues it
    then, and it goes out."""
    settings.WEBHOOK_RETRY_BASE_SECONDS = 10
    settings.WEBHOOK_TIMEOUT_SECONDS = 5
    with running_receiver() as receiver:
        delivery = one_delivery(receiver.url)
        Delivery.objects.filter(pk=delivery.pk).update(attempts=2)
        before = timezone.now()
        assert sending.claim(delivery.pk) is not None  # ... and the worker dies here
        after = timezone.now()
        delivery.refresh_from_db()
        assert delivery.next_try_at is not None
        assert before + timedelta(seconds=40) <= delivery.next_try_at <= after + timedelta(seconds=40)
        assert sending.deliver(delivery.pk) == "skipped"  # a duplicate task meanwhile sends nothing
        settings.WEBHOOK_RETRY_BASE_SECONDS = 1  # a short schedule: the try's own length (2 × 5 s + 5 s) rules
        Delivery.objects.filter(pk=delivery.pk).update(next_try_at=timezone.now())
        before = timezone.now()
        assert sending.claim(delivery.pk) is not None  # killed again
        delivery.refresh_from_db()
        assert delivery.next_try_at is not None
        assert before + timedelta(seconds=15) <= delivery.next_try_at <= timezone.now() + timedelta(seconds=15)
        queued.calls.clear()
        with django_capture_on_commit_callbacks(execute=True):
            assert deadlines.sweep(only=[WEBHOOK_RETRY]) == 0  # the try could still be running
        Delivery.objects.filter(pk=delivery.pk).update(next_try_at=timezone.now() - timedelta(milliseconds=10))
        with django_capture_on_commit_callbacks(execute=True):
            assert deadlines.sweep(only=[WEBHOOK_RETRY]) == 1
        assert queued.delivery_ids() == [delivery.pk]
        assert sending.deliver(delivery.pk) == "delivered"
    assert len(receiver.requests()) == 1
