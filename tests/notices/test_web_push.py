"""Web Push of notices: the site signs with its VAPID key and encrypts for the subscription
(RFC 8291, aes128gcm); a push service on 127.0.0.1 takes the push and decrypts it with the
subscription's private key, as a browser would. A push service that says the subscription is
gone (410) makes the site forget it."""

from __future__ import annotations

import base64
import json
import os
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any

import http_ece
import pytest
from cryptography.hazmat.primitives.asymmetric import ec
from cryptography.hazmat.primitives.serialization import Encoding, PublicFormat
from django.test import override_settings

from accounts.notices import services
from accounts.notices.models import Channel, Kind, Notice, NoticeSwitch, PushSubscription
from tests.factories import UserFactory
from tests.notices.conftest import Queued

pytestmark = pytest.mark.django_db


def b64(raw: bytes) -> str:
    return base64.urlsafe_b64encode(raw).rstrip(b"=").decode()


def point(key: ec.EllipticCurvePrivateKey) -> bytes:
    return key.public_key().public_bytes(Encoding.X962, PublicFormat.UncompressedPoint)


@dataclass
class PushService:
    """The browser's push service, on 127.0.0.1: keeps each push, answers ``status``."""

    status: int = 201
    pushes: list[tuple[dict[str, str], bytes]] = field(default_factory=list)
    url: str = ""


@contextmanager
def push_service(status: int = 201) -> Iterator[PushService]:
    service = PushService(status)

    class Handler(BaseHTTPRequestHandler):
        def do_POST(self) -> None:
            body = self.rfile.read(int(self.headers["Content-Length"]))
            service.pushes.append(({k.lower(): v for k, v in self.headers.items()}, body))
            self.send_response(service.status)
            self.send_header("Content-Length", "0")
            self.end_headers()

        def log_message(self, *args: Any) -> None:
            pass

    server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    service.url = f"http://127.0.0.1:{server.server_address[1]}/push/subscription-1"
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield service
    finally:
        server.shutdown()
        server.server_close()


@pytest.fixture
def vapid() -> Iterator[ec.EllipticCurvePrivateKey]:
    key = ec.generate_private_key(ec.SECP256R1())
    private = b64(key.private_numbers().private_value.to_bytes(32, "big"))
    with override_settings(
        VAPID_PUBLIC_KEY=b64(point(key)), VAPID_PRIVATE_KEY=private, VAPID_SUBJECT="mailto:desk@fett.test"
    ):
        yield key


def a_browser(user: Any, endpoint: str) -> tuple[ec.EllipticCurvePrivateKey, bytes]:
    """A browser's subscription: its key pair and auth secret (the private half stays here)."""
    key, auth = ec.generate_private_key(ec.SECP256R1()), os.urandom(16)
    PushSubscription.objects.create(user=user, endpoint=endpoint, p256dh=b64(point(key)), auth=b64(auth))
    return key, auth


def test_a_notice_reaches_a_subscribed_browser_encrypted_for_it_and_signed_by_the_site(
    vapid: ec.EllipticCurvePrivateKey, queued: Queued, django_capture_on_commit_callbacks: Any
) -> None:
    user, unsubscribed, pushes_off = UserFactory.create(), UserFactory.create(), UserFactory.create()
    NoticeSwitch.objects.create(user=pushes_off, kind=Kind.PAIRINGS, channel=Channel.PUSH, on=False)
    with push_service() as service:
        key, auth = a_browser(user, service.url)
        a_browser(pushes_off, service.url + "-off")
        with django_capture_on_commit_callbacks(execute=True):
            services.notify(
                [user, unsubscribed, pushes_off],
                Kind.PAIRINGS,
                "round:4:published",
                "Round 1, table 7, against Corvin",
                "Harbour Open",
                "/events/4/",
            )
        ran = queued.run_all(django_capture_on_commit_callbacks)
        assert ran.count("accounts.notices.tasks.send_pushes") == 1
        [(headers, body)] = service.pushes
    assert headers["content-encoding"] == "aes128gcm"
    assert headers["authorization"].startswith("vapid t=") and f"k={b64(point(vapid))}" in headers["authorization"]
    clear = http_ece.decrypt(body, private_key=key, auth_secret=auth, version="aes128gcm")
    assert json.loads(clear) == {
        "title": "Round 1, table 7, against Corvin", "body": "Harbour Open", "url": "http://localhost:8000/events/4/",
    }  # fmt: skip
    assert Notice.objects.get(user=user).pushed_at is not None
    queued.calls.append(("accounts.notices.tasks.send_pushes", ([Notice.objects.get(user=user).pk],)))
    queued.run_all(django_capture_on_commit_callbacks)
    assert len(service.pushes) == 1, "a notice is pushed at most once"


def test_a_subscription_its_push_service_says_is_gone_is_forgotten(
    vapid: ec.EllipticCurvePrivateKey, queued: Queued, django_capture_on_commit_callbacks: Any
) -> None:
    user = UserFactory.create()
    with push_service(status=410) as service:
        a_browser(user, service.url)
        with django_capture_on_commit_callbacks(execute=True):
            services.notify([user], Kind.EVENT_SOON, "event:4:soon", "Harbour Open starts in an hour")
        queued.run_all(django_capture_on_commit_callbacks)
        assert len(service.pushes) == 1
    assert PushSubscription.objects.count() == 0
    assert services.unread_count(user) == 1
