"""Signatures: HMAC-SHA256 over "timestamp.body"; a wrong secret, a changed body or an old
timestamp does not verify."""

from __future__ import annotations

import hashlib
import hmac
import re
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any, cast

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


STRANGE_TIMESTAMPS = ["²", "١٧٠٠٠٠٠٠٠٠", "+1700000000", " 1700000000", "1_700_000_000", "", "-5", "1e9"]


def _documented_receiver() -> Callable[[str, str, bytes, str], bool]:
    """``is_from_fett`` exactly as docs/webhooks.md prints it."""
    text = (Path(__file__).resolve().parents[2] / "docs" / "webhooks.md").read_text()
    (code,) = [block for block in re.findall(r"```python\n(.*?)```", text, re.S) if "def is_from_fett" in block]
    namespace: dict[str, Any] = {}
    exec(compile(code, "docs/webhooks.md", "exec"), namespace)  # the docs' own example, run as printed
    return cast(Callable[[str, str, bytes, str], bool], namespace["is_from_fett"])


def test_the_documented_receiver_accepts_a_real_signature_and_never_raises() -> None:
    is_from_fett = _documented_receiver()
    now = str(int(time.time()))
    header = signing.signature(SECRET, int(now), BODY)
    assert is_from_fett(SECRET, now, BODY, header)
    assert not is_from_fett("whsec_other", now, BODY, header)
    for timestamp in STRANGE_TIMESTAMPS:
        assert is_from_fett(SECRET, timestamp, BODY, header) is False, timestamp
    for strange in ("v1=é", "v1=\x00", "", "v1=" + "²" * 64):
        assert is_from_fett(SECRET, now, BODY, strange) is False, strange


def test_the_sites_verify_refuses_strange_timestamps_and_headers_without_raising() -> None:
    now = int(time.time())
    header = signing.signature(SECRET, now, BODY)
    for timestamp in STRANGE_TIMESTAMPS:
        assert signing.verify(SECRET, timestamp, BODY, header) is False, timestamp
    for strange in ("v1=é", "v1=\x00", "", "v1=" + "²" * 64, "x, v1=ü"):
        assert signing.verify(SECRET, now, BODY, strange) is False, strange
    assert signing.verify(SECRET, now, BODY, "v1=ü, " + header)  # one of several that signs
