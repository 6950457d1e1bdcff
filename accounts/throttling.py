"""Abuse limits: one limiter for the pages and the API, counted in the cache (Redis).

Each scope (``settings.THROTTLE_RATES``: sign-in, token, sign-up, password-reset, practice-match,
challenge) allows a number of attempts per fixed window; the window is the same for everyone
(aligned to the epoch), so the wait is known exactly: the time until the window ends. A refused
attempt is answered 429 with ``Retry-After`` and a message saying how long to wait, on a page by
the form again, in the API by ``{"detail": ...}``.

Who is counted: sign-in and token requests per client address and username together (a venue
full of players behind one address must not lock each other out), sign-up and password reset per
client address, practice matches and challenges per signed-in user. The client address is
``REMOTE_ADDR``: behind a proxy, the web server must take it from the proxy's headers.
"""

from __future__ import annotations

import hashlib
import logging
import math
import time
from typing import Any

from django.conf import settings
from django.core.cache import cache
from django.http import HttpRequest, HttpResponse
from redis.exceptions import RedisError
from rest_framework.exceptions import Throttled

from common.rates import parse_rate
from common.words import count

log = logging.getLogger(__name__)

#: What each scope's refusal says before "Try again in ...".
REFUSALS = {
    "sign-in": "Too many sign-in attempts.",
    "token": "Too many token requests.",
    "sign-up": "Too many sign-ups from your address.",
    "password-reset": "Too many password-reset requests.",
    "practice-match": "Too many practice matches started.",
    "challenge": "Too many challenges sent.",
}


def client_key(request: HttpRequest, scope: str, username: object = None) -> str:
    """Whom an attempt in ``scope`` counts against (see the module's notes)."""
    if scope in ("practice-match", "challenge"):
        return f"user:{request.user.pk}"
    address = request.META.get("REMOTE_ADDR") or "unknown"
    if scope in ("sign-in", "token"):
        name = username.strip().lower() if isinstance(username, str) else ""
        return f"{address}|{name}"
    return address


def hit(scope: str, key: str, now: float | None = None) -> int | None:
    """Counts one attempt; the seconds to wait when it is over the limit, else None.

    One ``add`` and one ``incr`` on the cache, both atomic in Redis. If Redis cannot be reached the
    attempt is let through (and logged): the limits guard against abuse, not against an outage."""
    count, period = parse_rate(settings.THROTTLE_RATES[scope])
    now = time.time() if now is None else now
    window = int(now // period)
    digest = hashlib.sha256(key.encode()).hexdigest()[:32]  # addresses and usernames stay out of key names
    name = f"throttle:{scope}:{digest}:{window}"
    try:
        cache.add(name, 0, timeout=period + 1)
        try:
            seen = cache.incr(name)
        except ValueError:  # the key expired between the two calls
            cache.set(name, 1, timeout=period + 1)
            seen = 1
    except RedisError:
        log.warning("throttle %s not counted: the cache is unreachable", scope, exc_info=True)
        return None
    if seen <= count:
        return None
    return max(1, math.ceil((window + 1) * period - now))


def refusal(scope: str, wait: int) -> str:
    """``Too many sign-in attempts. Try again in 42 seconds.`` (or minutes, for long waits)."""
    when = count(wait, "second", "seconds") if wait < 120 else count(math.ceil(wait / 60), "minute", "minutes")
    return f"{REFUSALS[scope]} Try again in {when}."


def check_api(request: Any, scope: str, username: object = None) -> None:
    """For API views: counts the attempt and raises DRF's ``Throttled`` (429, ``Retry-After``,
    ``{"detail": message}``) when it is over the limit."""
    wait = hit(scope, client_key(request, scope, username))
    if wait is not None:
        raise TooMany(refusal(scope, wait), wait)


class TooMany(Throttled):
    """DRF's 429 with our message as it is (given ``wait``, DRF's own would append a sentence);
    DRF's handler still sends ``Retry-After`` from ``wait``."""

    wait: int | None

    def __init__(self, message: str, wait: int) -> None:
        super().__init__(detail=message)
        self.wait = wait


class Refusal:
    """A page's answer to an attempt over the limit: its message, and the 429 response's header."""

    def __init__(self, scope: str, wait: int) -> None:
        self.wait = wait
        self.message = refusal(scope, wait)

    def mark(self, response: HttpResponse) -> HttpResponse:
        response.status_code = 429
        response["Retry-After"] = str(self.wait)
        return response


def check_page(request: HttpRequest, scope: str, username: object = None) -> Refusal | None:
    """For pages: counts the attempt; a ``Refusal`` when it is over the limit (the view shows the
    form again, empty of secrets, with the message, and ``Refusal.mark`` makes the answer a 429)."""
    wait = hit(scope, client_key(request, scope, username))
    return None if wait is None else Refusal(scope, wait)
