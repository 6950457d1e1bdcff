"""Signatures: HMAC-SHA256 over "timestamp.body"; a wrong secret, a changed body or an old
timestamp does not verify."""

from __future__ import annotations

import hashlib
import hmac
import time

from tournaments.webhooks import signing

SECRET = "whsec_test-secret"
BODY = b'{"id":"1","type":"ping"}'


def test_a_signature_made_now_verifies_and_is_the_documented_hmac() -> None:
    now = int(time.time())
    header = signing.signature(SECRET, now, BODY)
    expected = hmac.new(SECRET.encode(), f"{now}.".encode() + BODY, hashlib.sha256).hexdigest()
    assert header == f"v1={expected}"
    assert signing.verify(SECRET, str(now), BODY, header)


def test_a_wrong_secret_or_a_changed_body_or_timestamp_does_not_verify() -> None:
    now = int(time.time())
    header = signing.signature(SECRET, now, BODY)
    assert not signing.verify("whsec_other", now, BODY, header)
    assert not signing.verify(SECRET, now, BODY + b" ", header)
    assert not signing.verify(SECRET, now - 1, BODY, header)
    assert not signing.verify(SECRET, "not a number", BODY, header)
    assert not signing.verify(SECRET, now, BODY, "v1=" + "0" * 64)


def test_an_old_or_future_timestamp_is_refused_even_with_a_good_signature() -> None:
    old = int(time.time()) - 301
    assert not signing.verify(SECRET, old, BODY, signing.signature(SECRET, old, BODY))
    assert signing.verify(SECRET, old, BODY, signing.signature(SECRET, old, BODY), tolerance=600)
    future = int(time.time()) + 400
    assert not signing.verify(SECRET, future, BODY, signing.signature(SECRET, future, BODY))


def test_new_secrets_are_long_random_and_prefixed() -> None:
    first, second = signing.new_secret(), signing.new_secret()
    assert first != second and first.startswith("whsec_") and len(first) > 40
