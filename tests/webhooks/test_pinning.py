"""DNS rebinding: the delivery connects to the address its check approved, never to whatever the
host name answers next. A fake resolver answers the check with 127.0.0.2 (standing in for a
public address: the test makes the address rule count it as public) and every later lookup with
127.0.0.1, where a service of the site's own network listens. The connection itself is real, to
HTTPS receivers on 127.0.0.x with certificates from a CA made for the test."""

from __future__ import annotations

import ipaddress
import socket
from typing import Any

import pytest

from tests.webhooks.conftest import Queued, endpoint_for
from tests.webhooks.receiver import counting_listener, running_receiver
from tests.webhooks.tls import LocalCA
from tournaments.webhooks import addresses
from tournaments.webhooks import delivery as sending
from tournaments.webhooks.models import Delivery, Kind
from tournaments.webhooks.outbox import emit

pytestmark = pytest.mark.django_db

HOST = "rebind.example"
CHECKED = "127.0.0.2"  # what the check is told; counted as public here
INSIDE = "127.0.0.1"  # what the name answers afterwards: the site's own network


class RebindingResolver:
    """``socket.getaddrinfo`` for the test: the first lookup of HOST answers CHECKED, every later
    one INSIDE; any other name or literal address is looked up for real."""

    def __init__(self) -> None:
        self.real = socket.getaddrinfo
        self.asked = 0

    def __call__(self, host: Any, port: Any, *args: Any, **kwargs: Any) -> list[Any]:
        if host != HOST:
            return self.real(host, port, *args, **kwargs)
        self.asked += 1
        ip = CHECKED if self.asked == 1 else INSIDE
        return [(socket.AF_INET, socket.SOCK_STREAM, socket.IPPROTO_TCP, "", (ip, port or 0))]


@pytest.fixture
def production(settings: Any, monkeypatch: pytest.MonkeyPatch) -> RebindingResolver:
    """Production's address rules (https, public addresses only; 127.0.0.2 counts as public), the
    rebinding resolver, and a delivery that trusts the test's CA."""
    settings.WEBHOOK_ALLOW_PRIVATE = False
    real_is_public = addresses.is_public
    stand_in = ipaddress.ip_address(CHECKED)
    monkeypatch.setattr(addresses, "is_public", lambda ip: ip == stand_in or real_is_public(ip))
    resolver = RebindingResolver()
    monkeypatch.setattr(socket, "getaddrinfo", resolver)
    return resolver


def _delivery(url: str) -> Delivery:
    from tests.factories import EventFactory

    event = EventFactory.create(name="Rebinding Cup")
    endpoint_for(event, url)  # added when the name still answered a public address
    (delivery,) = emit(event, Kind.EVENT_FINISHED, {"champion": None})
    return delivery


def test_a_name_that_rebinds_to_loopback_gets_the_checked_address_with_sni_and_its_certificate(
    queued: Queued, production: RebindingResolver, monkeypatch: pytest.MonkeyPatch
) -> None:
    ca = LocalCA.make()
    monkeypatch.setattr(sending, "tls_context", ca.client_context, raising=False)
    with (
        counting_listener(INSIDE) as inside,
        running_receiver(host=CHECKED, port=inside.port, tls=ca.server_context(HOST)) as receiver,
    ):
        delivery = _delivery(f"https://{HOST}:{inside.port}/hook")
        outcome = sending.deliver(delivery.pk)
    delivery.refresh_from_db()
    assert inside.accepted == []  # nothing on the site's own network was reached
    assert outcome == "delivered", delivery.last_error
    (request,) = receiver.requests()
    assert request.headers["Host"] == f"{HOST}:{inside.port}"
    assert receiver.server_names == [HOST]  # SNI names the host, not the address
    assert production.asked == 1  # looked up once: the check's answer is the one connected to


def test_a_certificate_for_another_name_is_refused_and_nothing_is_sent(
    queued: Queued, production: RebindingResolver, monkeypatch: pytest.MonkeyPatch
) -> None:
    ca = LocalCA.make()
    monkeypatch.setattr(sending, "tls_context", ca.client_context)
    with running_receiver(host=CHECKED, tls=ca.server_context("other.example")) as receiver:
        port = receiver.url.rsplit(":", 1)[1].split("/")[0]
        delivery = _delivery(f"https://{HOST}:{port}/hook")
        assert sending.deliver(delivery.pk) == "retrying"
    delivery.refresh_from_db()
    assert receiver.requests() == []
    assert "could not be reached" in delivery.last_error and "certificate" in delivery.last_error.lower()


def test_a_certificate_from_an_unknown_authority_is_refused(queued: Queued, production: RebindingResolver) -> None:
    """Without the test's CA in the trusted ones (the system's only), the receiver's certificate
    does not verify."""
    with running_receiver(host=CHECKED, tls=LocalCA.make().server_context(HOST)) as receiver:
        port = receiver.url.rsplit(":", 1)[1].split("/")[0]
        delivery = _delivery(f"https://{HOST}:{port}/hook")
        assert sending.deliver(delivery.pk) == "retrying"
    delivery.refresh_from_db()
    assert receiver.requests() == [] and "certificate" in delivery.last_error.lower()


def test_development_connects_to_the_looked_up_address_too(queued: Queued) -> None:
    """With private addresses allowed (development, tests) the host is still looked up once and
    that address connected to: the same code path, over plain http."""
    with running_receiver() as receiver:
        delivery = _delivery(receiver.url.replace("127.0.0.1", "localhost"))
        assert sending.deliver(delivery.pk) == "delivered"
    (request,) = receiver.requests()
    assert request.headers["Host"].startswith("localhost:")
