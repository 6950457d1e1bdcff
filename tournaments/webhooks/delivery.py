"""Posting a delivery: claim it, sign and POST it (no redirects, a timeout), log the attempt,
then mark it delivered, retry it later (exponential backoff) or give up.

No transaction is held while the request is out: a short one claims the delivery (its
``next_try_at`` moves past the request's timeout, so a second task skips it) and another records
the outcome. A worker that dies mid-request leaves the claim to lapse; the sweeper queues it again.
"""

from __future__ import annotations

import json
import time
import urllib.error
import urllib.request
from dataclasses import dataclass
from datetime import timedelta

from django.conf import settings
from django.db import transaction
from django.utils import timezone

from common.refusals import Refusal
from tournaments.webhooks import signing
from tournaments.webhooks.addresses import check_url
from tournaments.webhooks.models import Delivery, DeliveryAttempt, Kind
from tournaments.webhooks.outbox import send_later

EXCERPT = 200  # characters of a response body kept in the log
SWEEP_GRACE = timedelta(seconds=60)  # a due delivery this late has lost its task
SWITCHED_OFF = "Not sent: the endpoint was switched off."


@dataclass(frozen=True)
class Outcome:
    status_code: int | None
    error: str = ""
    excerpt: str = ""
    duration_ms: int = 0

    @property
    def succeeded(self) -> bool:
        return self.status_code is not None and 200 <= self.status_code < 300


class _NoRedirects(urllib.request.HTTPRedirectHandler):
    """A redirect is an answer like any other non-2xx: it is logged, never followed."""

    def redirect_request(self, *_args: object, **_kwargs: object) -> None:
        return None


_OPENER = urllib.request.build_opener(urllib.request.ProxyHandler({}), _NoRedirects())


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
    if delivery.next_try_at is not None and delivery.next_try_at > now + timedelta(seconds=1):
        return None  # not due yet, or another worker is posting it right now
    if not delivery.endpoint.active and delivery.kind != Kind.PING:
        delivery.set_status(Delivery.Status.FAILED)
        delivery.next_try_at, delivery.last_error = None, SWITCHED_OFF
        delivery.save(update_fields=["status", "next_try_at", "last_error"])
        return None
    delivery.next_try_at = now + timedelta(seconds=settings.WEBHOOK_TIMEOUT_SECONDS) + SWEEP_GRACE
    delivery.save(update_fields=["next_try_at"])
    return delivery


def request_for(delivery: Delivery, sent_at: int) -> urllib.request.Request:
    body = json.dumps(delivery.payload, separators=(",", ":")).encode()
    headers = {
        "Content-Type": "application/json",
        "User-Agent": "Fett-Webhooks/1",
        signing.ID_HEADER: str(delivery.webhook_id),
        signing.TIMESTAMP_HEADER: str(sent_at),
        signing.SIGNATURE_HEADER: signing.signature(delivery.endpoint.secret, sent_at, body),
    }
    return urllib.request.Request(delivery.endpoint.url, data=body, headers=headers, method="POST")


def post(delivery: Delivery) -> Outcome:
    started = time.monotonic()
    try:
        check_url(delivery.endpoint.url)  # again: the host's addresses may have changed
        with _OPENER.open(request_for(delivery, int(time.time())), timeout=settings.WEBHOOK_TIMEOUT_SECONDS) as answer:
            return Outcome(answer.status, excerpt=_excerpt(answer.read(EXCERPT)), duration_ms=_since(started))
    except urllib.error.HTTPError as exc:
        return Outcome(exc.code, f"The endpoint answered {exc.code}.", _excerpt(exc.read(EXCERPT)), _since(started))
    except Refusal as exc:
        return Outcome(None, str(exc), duration_ms=_since(started))
    except (urllib.error.URLError, OSError, ValueError) as exc:
        reason = getattr(exc, "reason", exc)
        return Outcome(None, f"The endpoint could not be reached: {reason}"[:300], duration_ms=_since(started))


def _since(started: float) -> int:
    return int((time.monotonic() - started) * 1000)


def _excerpt(body: bytes) -> str:
    return body[:EXCERPT].decode("utf-8", errors="replace")


@transaction.atomic
def record(delivery_id: int, outcome: Outcome) -> str:
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
        send_later(delivery)
    delivery.save()
    return delivery.status if delivery.status != Delivery.Status.PENDING else "retrying"


def backoff(attempts: int) -> timedelta:
    """The wait after ``attempts`` failed tries: the base, then twice as long each time."""
    return timedelta(seconds=settings.WEBHOOK_RETRY_BASE_SECONDS * 2 ** (attempts - 1))


def sweep_due() -> int:
    """Queue again every pending delivery whose task is long overdue (lost with a broker or a
    worker). Returns how many."""
    late = timezone.now() - SWEEP_GRACE
    due = list(Delivery.objects.filter(status=Delivery.Status.PENDING, next_try_at__lte=late))
    for delivery in due:
        send_later(delivery)
    return len(due)
