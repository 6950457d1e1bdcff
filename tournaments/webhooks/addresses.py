"""Which URLs a webhook may call, and the addresses a delivery connects to.

Everywhere: a full http(s) address, with no user name or password in it (``user:pass@``) and a
valid port. With ``WEBHOOK_ALLOW_PRIVATE`` off (production) also: https, and a host whose every
address is public. IPv6 addresses that carry an IPv4 address inside them (6to4, NAT64,
IPv4-mapped, IPv4-compatible, Teredo) are refused outright: the network may route them to the
IPv4 address they hold, which may be private.

Checked when the endpoint is added and again before every delivery, since DNS answers change.
A delivery connects to the very addresses that were checked (``target``): the host is looked up
once, so a name that answers a public address to the check and 127.0.0.1 to the connection (DNS
rebinding) cannot reach the site's own network.
"""

from __future__ import annotations

import ipaddress
import socket
from dataclasses import dataclass
from urllib.parse import SplitResult, urlsplit

from django.conf import settings

from tournaments.errors import Invalid
from tournaments.webhooks.errors import WebhookRefusal

MAX_URL_LENGTH = 500
IPAddress = ipaddress.IPv4Address | ipaddress.IPv6Address

#: IPv6 networks whose addresses embed an IPv4 address (a translator or tunnel may deliver to it).
EMBEDDED_IPV4 = tuple(
    ipaddress.IPv6Network(network)
    for network in (
        "2002::/16",  # 6to4
        "64:ff9b::/96",  # NAT64, well-known prefix
        "64:ff9b:1::/48",  # NAT64, local use
        "::ffff:0:0/96",  # IPv4-mapped
        "::ffff:0:0:0/96",  # IPv4-translated
        "::/96",  # IPv4-compatible (deprecated)
        "2001::/32",  # Teredo
    )
)


@dataclass(frozen=True)
class Target:
    """Where one delivery goes: the URL's parts and the addresses checked for its host."""

    scheme: str
    host: str
    port: int
    path: str  # with the query, as sent in the request line
    addresses: tuple[IPAddress, ...]


def check_url(url: str, allow_private: bool | None = None) -> str:
    """The URL, if a webhook may call it; otherwise an ``Invalid`` refusal saying why."""
    allow = settings.WEBHOOK_ALLOW_PRIVATE if allow_private is None else allow_private
    parts = _parts(url, allow)
    if not allow:
        _public_addresses(parts.hostname or "")
    return url.strip()


def target(url: str, allow_private: bool | None = None) -> Target:
    """The URL checked as ``check_url`` does, with its host looked up once: the delivery
    connects to these addresses and no others."""
    allow = settings.WEBHOOK_ALLOW_PRIVATE if allow_private is None else allow_private
    parts = _parts(url, allow)
    host = parts.hostname or ""
    addresses = tuple(resolve(host)) if allow else _public_addresses(host)
    path = (parts.path or "/") + (f"?{parts.query}" if parts.query else "")
    port = parts.port or (443 if parts.scheme == "https" else 80)
    return Target(parts.scheme, host, port, path, addresses)


def _parts(url: str, allow: bool) -> SplitResult:
    parts = urlsplit(url.strip())
    try:
        parts.port  # noqa: B018 (reading it checks it: a port that is not a number or past 65535 raises)
    except ValueError:
        raise Invalid(WebhookRefusal.BAD_URL, "The address's port must be a number from 1 to 65535.") from None
    if len(url) > MAX_URL_LENGTH or parts.scheme not in ("http", "https") or not parts.hostname:
        raise Invalid(WebhookRefusal.BAD_URL, "Give the endpoint as a full web address, like https://example.com/hook.")
    if "@" in parts.netloc:
        raise Invalid(
            WebhookRefusal.USERINFO_IN_URL,
            "Give the address without a user name or password (user:password@): the signature tells the "
            "receiver the message is from Fett.",
        )
    if not allow and parts.scheme != "https":
        raise Invalid(WebhookRefusal.INSECURE_URL, "Webhook endpoints must use https:// so nobody can read them.")
    return parts


def _public_addresses(host: str) -> tuple[IPAddress, ...]:
    found = resolve(host)
    blocked = [str(ip) for ip in found if not is_public(ip)]
    if blocked:
        raise Invalid(
            WebhookRefusal.PRIVATE_ADDRESS,
            f"{host} points to a private, local or reserved address ({', '.join(blocked)}); "
            "webhooks only go to public addresses.",
        )
    return tuple(found)


def resolve(host: str) -> list[IPAddress]:
    """Every address the host name (or literal address) stands for, each once, in the order
    the resolver gave them."""
    try:
        found = socket.getaddrinfo(host, None, proto=socket.IPPROTO_TCP)
    except (socket.gaierror, UnicodeError):
        raise Invalid(WebhookRefusal.HOST_NOT_FOUND, f"{host} could not be found; check the address.") from None
    addresses = [ipaddress.ip_address(str(info[4][0]).split("%")[0]) for info in found]
    return list(dict.fromkeys(addresses))


def is_public(ip: IPAddress) -> bool:
    if isinstance(ip, ipaddress.IPv6Address) and any(ip in network for network in EMBEDDED_IPV4):
        return False
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
