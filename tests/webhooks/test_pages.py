"""The organiser's webhook pages: add an endpoint (its secret shown once), the delivery log with
its tries, a test ping, redeliver with the same id, switch off, delete after a question; nobody
else gets in."""

from __future__ import annotations

from typing import Any

import pytest
from django.test import Client

from tests.factories import EventFactory, UserFactory
from tests.webhooks.conftest import Queued, endpoint_for
from tests.webhooks.receiver import running_receiver
from tournaments.webhooks import delivery as sending
from tournaments.webhooks.models import Delivery, Endpoint, Kind
from tournaments.webhooks.services import send_ping

pytestmark = pytest.mark.django_db


def pages(personas: Any) -> str:
    return f"/events/{personas.event.pk}/webhooks/"


def test_the_manage_page_links_to_webhooks_for_the_organiser_only(personas: Any) -> None:
    manage = f"/events/{personas.event.pk}/manage/"
    assert pages(personas).encode() in personas.client("organiser").get(manage).content
    assert pages(personas).encode() not in personas.client("judge").get(manage).content


def test_adding_an_endpoint_shows_its_secret_once(personas: Any) -> None:
    organiser = personas.client("organiser")
    answer = organiser.post(pages(personas), {"url": "http://127.0.0.1:8161/hook", "kinds": ["result.confirmed"]})
    endpoint = Endpoint.objects.get(event=personas.event)
    assert answer.status_code == 302 and answer["Location"] == f"{pages(personas)}{endpoint.pk}/"
    assert endpoint.kinds == ["result.confirmed"] and endpoint.active
    first = organiser.get(answer["Location"]).content.decode()
    assert endpoint.secret in first and "Copy it now; it will not be shown again" in first
    again = organiser.get(answer["Location"]).content.decode()
    assert endpoint.secret not in again and 'data-testid="secret"' not in again
    listing = organiser.get(pages(personas)).content.decode()
    assert "http://127.0.0.1:8161/hook" in listing and "Result confirmed" in listing
    assert endpoint.secret not in listing


def test_a_refused_address_is_said_beside_the_form_and_adds_nothing(personas: Any, settings: Any) -> None:
    settings.WEBHOOK_ALLOW_PRIVATE = False
    answer = personas.client("organiser").post(pages(personas), {"url": "http://hooks.example.com/in"})
    assert answer.status_code == 400
    assert "must use https://" in answer.content.decode()
    answer = personas.client("organiser").post(pages(personas), {"url": "https://127.0.0.1/in"})
    assert answer.status_code == 400 and "public addresses" in answer.content.decode()
    assert not Endpoint.objects.exists()


@pytest.mark.parametrize(("who", "status"), [("judge", 403), ("player", 403), ("outsider", 403)])
def test_nobody_but_the_organiser_sees_or_changes_webhooks(personas: Any, who: str, status: int) -> None:
    endpoint = endpoint_for(personas.event)
    client = personas.client(who)
    assert client.get(pages(personas)).status_code == status
    assert client.get(f"{pages(personas)}{endpoint.pk}/").status_code == status
    assert client.post(pages(personas), {"url": "http://127.0.0.1:9/x"}).status_code == status
    assert client.post(f"{pages(personas)}{endpoint.pk}/do/disable/").status_code == status
    assert client.post(f"{pages(personas)}{endpoint.pk}/delete/").status_code == status
    assert Endpoint.objects.filter(pk=endpoint.pk, active=True).count() == 1
    assert Endpoint.objects.count() == 1


def test_anonymous_visitors_are_sent_to_sign_in_and_other_events_endpoints_are_not_found(personas: Any) -> None:
    endpoint = endpoint_for(EventFactory.create())
    assert personas.client("anonymous").get(pages(personas)).status_code == 302
    assert personas.client("organiser").get(f"{pages(personas)}{endpoint.pk}/").status_code == 404


def test_the_log_shows_every_try_and_redeliver_queues_the_same_id_again(
    personas: Any, queued: Queued, django_capture_on_commit_callbacks: Any
) -> None:
    organiser = personas.client("organiser")
    with running_receiver(answers=[500]) as receiver:
        endpoint = endpoint_for(personas.event, receiver.url)
        with django_capture_on_commit_callbacks(execute=True):
            assert organiser.post(f"{pages(personas)}{endpoint.pk}/do/ping/").status_code == 302
        (ping,) = Delivery.objects.filter(kind=Kind.PING)
        assert queued.delivery_ids() == [ping.pk]
        with django_capture_on_commit_callbacks(execute=True):
            assert sending.deliver(ping.pk) == "retrying"  # answered 500: the next try is queued
        Delivery.objects.filter(pk=ping.pk).update(next_try_at=None)
        sending.deliver(ping.pk)
        log = organiser.get(f"{pages(personas)}{endpoint.pk}/").content.decode()
        assert "Test ping" in log and "Delivered" in log
        assert "answered 500" in log and "answered 200" in log
        assert 'data-testid="redeliver"' in log
        with django_capture_on_commit_callbacks(execute=True):
            redone = organiser.post(f"/events/{personas.event.pk}/webhooks/deliveries/{ping.pk}/redeliver/")
        assert redone.status_code == 302
        ping.refresh_from_db()
        assert ping.status == Delivery.Status.PENDING and queued.delivery_ids() == [ping.pk] * 3  # ping, retry, again
        again = organiser.post(f"/events/{personas.event.pk}/webhooks/deliveries/{ping.pk}/redeliver/")
        assert again.status_code == 409  # still waiting to be sent: nothing to redeliver yet
        sending.deliver(ping.pk)
    ids = [r.headers["Fett-Webhook-Id"] for r in receiver.requests()]
    assert ids == [str(ping.webhook_id)] * 3
    assert ping.attempt_log.count() == 3


def test_switching_off_and_deleting_after_a_question(personas: Any, queued: Queued) -> None:
    organiser = personas.client("organiser")
    endpoint = endpoint_for(personas.event)
    assert organiser.post(f"{pages(personas)}{endpoint.pk}/do/disable/").status_code == 302
    endpoint.refresh_from_db()
    assert not endpoint.active
    assert "Switch on" in organiser.get(f"{pages(personas)}{endpoint.pk}/").content.decode()
    assert organiser.post(f"{pages(personas)}{endpoint.pk}/do/explode/").status_code == 400
    question = organiser.get(f"{pages(personas)}{endpoint.pk}/delete/")
    assert question.status_code == 200 and "Delete this webhook?" in question.content.decode()
    assert Endpoint.objects.filter(pk=endpoint.pk).exists()  # asking deletes nothing
    assert organiser.post(f"{pages(personas)}{endpoint.pk}/delete/").status_code == 302
    assert not Endpoint.objects.filter(pk=endpoint.pk).exists()


def test_staff_see_endpoints_and_deliveries_in_the_admin_without_the_secret(personas: Any, queued: Queued) -> None:
    endpoint = endpoint_for(personas.event)
    delivery = send_ping(endpoint, personas.organiser)
    client = Client()
    client.force_login(UserFactory.create(is_staff=True, is_superuser=True))
    listing = client.get("/admin/webhooks/endpoint/")
    assert listing.status_code == 200 and endpoint.url in listing.content.decode()
    change = client.get(f"/admin/webhooks/endpoint/{endpoint.pk}/change/").content.decode()
    assert endpoint.url in change and endpoint.secret not in change
    assert client.get("/admin/webhooks/endpoint/add/").status_code == 403
    assert client.get(f"/admin/webhooks/delivery/{delivery.pk}/change/").status_code == 200
