"""Which URLs a webhook may call. With ``WEBHOOK_ALLOW_PRIVATE`` off (production) a URL must be
https and its host must resolve only to public addresses; checked when the endpoint is added and
again before every delivery, since DNS answers change."""

from __future__ import annotations

import ipaddress
import socket
from urllib.parse import urlsplit

from django.conf import settings

from tournaments.errors import Invalid
from tournaments.webhooks.errors import WebhookRefusal

MAX_URL_LENGTH = 500
IPAddress = ipaddress.IPv4Address | ipaddress.IPv6Address


def check_url(url: str, allow_private: bool | None = None) -> str:
    """The URL, if a webhook may call it; otherwise an ``Invalid`` refusal saying why."""
    allow = settings.WEBHOOK_ALLOW_PRIVATE if allow_private is None else allow_private
    parts = urlsplit(url.strip())
    if len(url) > MAX_URL_LENGTH or parts.scheme not in ("http", "https") or not parts.hostname:
        raise Invalid(WebhookRefusal.BAD_URL, "Give the endpoint as a full web address, like https://example.com/hook.")
    if allow:
        return url.strip()
    if parts.scheme != "https":
        raise Invalid(WebhookRefusal.INSECURE_URL, "Webhook endpoints must use https:// so nobody can read them.")
    blocked = [str(ip) for ip in resolve(parts.hostname) if not is_public(ip)]
    if blocked:
        raise Invalid(
            WebhookRefusal.PRIVATE_ADDRESS,
            f"{parts.hostname} points to a private, local or reserved address ({', '.join(blocked)}); "
            "webhooks only go to public addresses.",
        )
    return url.strip()


def resolve(host: str) -> list[IPAddress]:
    """Every address the host name (or literal address) stands for."""
    try:
        found = socket.getaddrinfo(host, None, proto=socket.IPPROTO_TCP)
    except (socket.gaierror, UnicodeError):
        raise Invalid(WebhookRefusal.HOST_NOT_FOUND, f"{host} could not be found; check the address.") from None
    return [ipaddress.ip_address(str(info[4][0]).split("%")[0]) for info in found]


def is_public(ip: IPAddress) -> bool:
    if isinstance(ip, ipaddress.IPv6Address) and ip.ipv4_mapped is not None:
        return is_public(ip.ipv4_mapped)
    return (
        not (
            ip.is_private
            or ip.is_loopback
            or ip.is_link_local
            or ip.is_multicast
            or ip.is_reserved
            or ip.is_unspecified
        )
        and ip.is_global
    )
