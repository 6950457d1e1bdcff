"""Posting a delivery: claim it, sign and POST it (no redirects, a timeout), log the attempt,
then mark it delivered, retry it later (exponential backoff) or give up.

No transaction is held while the request is out: a short one claims the delivery and another
records the outcome. The claim moves ``next_try_at`` to when the next try is due if this one is
lost (the doubling schedule), and at least past the time this try can take, so a second task
skips it. A worker that dies mid-request leaves that time in place; beat's sweep of deadlines
(every 2 s) queues the delivery again once it is due (``retry``).

The request goes to the addresses the host was checked at (``addresses.target``): the host name
is looked up once, and the connection is made to that address, with the host name in the
``Host`` header, in TLS's SNI and in the certificate check. Redirects are never followed; no
proxy is used.
"""

from __future__ import annotations

import http.client
import json
import socket
import ssl
import time
from dataclasses import dataclass
from datetime import datetime, timedelta

from django.conf import settings
from django.db import transaction
from django.utils import timezone

from common.refusals import Refusal
from tournaments.webhooks import signing
from tournaments.webhooks.addresses import IPAddress, Target, target
from tournaments.webhooks.models import Delivery, DeliveryAttempt, Kind
from tournaments.webhooks.outbox import retry_later, send_later

EXCERPT = 200  # characters of a response body kept in the log
SWITCHED_OFF = "Not sent: the endpoint was switched off."
CLAIM_MARGIN = timedelta(seconds=5)  # beyond the connect and answer timeouts, before a try counts as lost
CLAIM_SLACK = timedelta(seconds=1)  # a try this close to its time is due


@dataclass(frozen=True)
class AttemptResult:
    """What one try of a delivery got back: the status code (None if no answer came), the error in
    words, the start of the body, and how long the try took."""

    status_code: int | None
    error: str = ""
    excerpt: str = ""
    duration_ms: int = 0

    @property
    def succeeded(self) -> bool:
        return self.status_code is not None and 200 <= self.status_code < 300


def tls_context() -> ssl.SSLContext:
    """The system's trusted certificates, the host name checked (tests trust their own CA here)."""
    return ssl.create_default_context()


class PinnedConnection(http.client.HTTPConnection):
    """HTTP to ``host``, connected to ``address`` (already checked) instead of looking it up."""

    def __init__(self, host: str, port: int, address: IPAddress, timeout: float) -> None:
        super().__init__(host, port, timeout=timeout)
        self.address = address

    def connect(self) -> None:
        self.sock = socket.create_connection((str(self.address), self.port), self.timeout)
        self.sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)


class PinnedTLSConnection(PinnedConnection):
    """HTTPS as above: SNI and the certificate check use the host name, not the address."""

    default_port = http.client.HTTPS_PORT

    def connect(self) -> None:
        super().connect()
        self.sock = tls_context().wrap_socket(self.sock, server_hostname=self.host)


def deliver(delivery_id: int) -> str:
    """One try at a delivery; the task's body. Returns what happened, for logs and tests."""
    delivery = claim(delivery_id)
    if delivery is None:
        return "skipped"
    return record(delivery_id, post(delivery))


@transaction.atomic
def claim(delivery_id: int) -> Delivery | None:
    now = timezone.now()
    delivery = Delivery.objects.select_for_update().select_related("endpoint").filter(pk=delivery_id).first()
    if delivery is None or delivery.status != Delivery.Status.PENDING:
        return None
    if delivery.next_try_at is not None and delivery.next_try_at > now + CLAIM_SLACK:
        return None  # not due yet, or another worker is posting it right now
    if not delivery.endpoint.active and delivery.kind != Kind.PING:
        delivery.set_status(Delivery.Status.FAILED)
        delivery.next_try_at, delivery.last_error = None, SWITCHED_OFF
        delivery.save(update_fields=["status", "next_try_at", "last_error"])
        return None
    delivery.next_try_at = now + max(longest_try(), backoff(delivery.attempts + 1))
    delivery.save(update_fields=["next_try_at"])
    return delivery


def longest_try() -> timedelta:
    """How long a try can take: the connection and the answer each within the timeout."""
    return 2 * timedelta(seconds=settings.WEBHOOK_TIMEOUT_SECONDS) + CLAIM_MARGIN


def request_parts(delivery: Delivery, sent_at: int) -> tuple[bytes, dict[str, str]]:
    """The body and headers of one try, signed for the moment it is sent."""
    body = json.dumps(delivery.payload, separators=(",", ":")).encode()
    headers = {
        "Content-Type": "application/json",
        "User-Agent": "Fett-Webhooks/1",
        signing.ID_HEADER: str(delivery.webhook_id),
        signing.TIMESTAMP_HEADER: str(sent_at),
        signing.SIGNATURE_HEADER: signing.signature(delivery.endpoint.secret, sent_at, body),
    }
    return body, headers


def post(delivery: Delivery) -> AttemptResult:
    started = time.monotonic()
    try:
        where = target(delivery.endpoint.url)  # again: the host's addresses may have changed
        body, headers = request_parts(delivery, int(time.time()))
        status, answer = _send(where, body, headers)
    except Refusal as exc:
        return AttemptResult(None, str(exc), duration_ms=_since(started))
    except (OSError, http.client.HTTPException, ValueError) as exc:
        reason = str(exc) or type(exc).__name__
        return AttemptResult(None, f"The endpoint could not be reached: {reason}"[:300], duration_ms=_since(started))
    if 200 <= status < 300:
        return AttemptResult(status, excerpt=_excerpt(answer), duration_ms=_since(started))
    return AttemptResult(status, f"The endpoint answered {status}.", _excerpt(answer), _since(started))


def _send(where: Target, body: bytes, headers: dict[str, str]) -> tuple[int, bytes]:
    """POST to the first of the checked addresses that takes the connection; the status and the
    start of the answer's body."""
    kind = PinnedTLSConnection if where.scheme == "https" else PinnedConnection
    failure: OSError | None = None
    for address in where.addresses:
        connection = kind(where.host, where.port, address, settings.WEBHOOK_TIMEOUT_SECONDS)
        try:
            try:
                connection.connect()
            except ssl.SSLError:
                raise  # the address answered, with the wrong certificate or none: not another try
            except OSError as exc:  # refused, unreachable (an IPv6 address without a route), timed out
                failure = exc  # the next address, if the host has another
                continue
            connection.request("POST", where.path, body=body, headers=headers)
            answer = connection.getresponse()
            return answer.status, answer.read(EXCERPT)
        finally:
            connection.close()
    raise failure or OSError("the host has no address")


def _since(started: float) -> int:
    return int((time.monotonic() - started) * 1000)


def _excerpt(body: bytes) -> str:
    return body[:EXCERPT].decode("utf-8", errors="replace")


@transaction.atomic
def record(delivery_id: int, outcome: AttemptResult) -> str:
    delivery = Delivery.objects.select_for_update().get(pk=delivery_id)
    DeliveryAttempt.objects.create(
        delivery=delivery, status_code=outcome.status_code, error=outcome.error[:300],
        response_excerpt=outcome.excerpt, duration_ms=outcome.duration_ms,
    )  # fmt: skip
    delivery.attempts += 1
    delivery.last_status_code = outcome.status_code
    delivery.last_error = outcome.error[:300]
    now = timezone.now()
    if outcome.succeeded:
        delivery.set_status(Delivery.Status.DELIVERED)
        delivery.delivered_at, delivery.next_try_at = now, None
    elif delivery.attempts >= settings.WEBHOOK_MAX_ATTEMPTS:
        delivery.set_status(Delivery.Status.FAILED)
        delivery.next_try_at = None
    else:
        delivery.next_try_at = now + backoff(delivery.attempts)
        retry_later(delivery)
    delivery.save()
    return delivery.status if delivery.status != Delivery.Status.PENDING else "retrying"


def backoff(attempts: int) -> timedelta:
    """The wait after ``attempts`` failed tries: the base, then twice as long each time."""
    return timedelta(seconds=settings.WEBHOOK_RETRY_BASE_SECONDS * 2 ** (attempts - 1))


def retry(delivery_id: int, attempts: int, now: datetime | None = None) -> bool:
    """A retry's deadline: queue the delivery task again if the delivery is still waiting, after
    ``attempts`` tries, and due. Also what beat's sweep does for a try whose task was lost with a
    broker or a worker (a try in progress holds ``next_try_at`` past the time it can take), so a
    lost retry goes out at its due time, late by at most the sweep's interval. A task that is
    merely late finds the delivery claimed and skips it."""
    due = (now or timezone.now()) + CLAIM_SLACK
    delivery = Delivery.objects.filter(
        pk=delivery_id, status=Delivery.Status.PENDING, attempts=attempts, next_try_at__lte=due
    ).first()
    if delivery is None:
        return False
    send_later(delivery)
    return True
