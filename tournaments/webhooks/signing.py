"""Signatures of webhook requests: HMAC-SHA256 over ``f"{timestamp}.{body}"`` with the endpoint's
secret, sent as ``Fett-Webhook-Signature: v1=<hex>``. ``verify`` is what a receiver runs."""

from __future__ import annotations

import hashlib
import hmac
import secrets
import time

SCHEME = "v1"
ID_HEADER = "Fett-Webhook-Id"
TIMESTAMP_HEADER = "Fett-Webhook-Timestamp"
SIGNATURE_HEADER = "Fett-Webhook-Signature"
SECRET_PREFIX = "whsec_"


def new_secret() -> str:
    return SECRET_PREFIX + secrets.token_urlsafe(32)


def signature(secret: str, timestamp: int, body: bytes) -> str:
    """The header's value for this body sent at this time."""
    signed = str(timestamp).encode() + b"." + body
    return f"{SCHEME}={hmac.new(secret.encode(), signed, hashlib.sha256).hexdigest()}"


def verify(secret: str, timestamp: str | int, body: bytes, header: str, tolerance: int = 300) -> bool:
    """Whether ``header`` signs ``body`` at ``timestamp`` with ``secret``, sent at most
    ``tolerance`` seconds from now (an old request replayed is refused)."""
    text = str(timestamp)
    if not (text.isascii() and text.isdigit()) or abs(time.time() - int(text)) > tolerance:
        return False  # isdigit() alone takes "²", which int() refuses, and "١٢", which it reads
    expected = signature(secret, int(text), body).encode()
    return any(hmac.compare_digest(expected, given.strip().encode("utf-8", "replace")) for given in header.split(","))
