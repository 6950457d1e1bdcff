"""Address rules: outside development and tests an endpoint must be https to a public address,
checked when it is added and again at every delivery."""

from __future__ import annotations

import socket
from typing import Any

import pytest

from tournaments.errors import Invalid
from tournaments.webhooks.addresses import check_url
from tournaments.webhooks.errors import WebhookRefusal


@pytest.mark.parametrize("url", ["ftp://example.com/hook", "example.com/hook", "https://", "x" * 600])
def test_anything_but_a_full_web_address_is_refused_everywhere(url: str) -> None:
    for allow in (True, False):
        with pytest.raises(Invalid) as refused:
            check_url(url, allow_private=allow)
        assert refused.value.reason is WebhookRefusal.BAD_URL


def test_plain_http_is_refused_when_private_addresses_are_not_allowed() -> None:
    with pytest.raises(Invalid, match="https://") as refused:
        check_url("http://93.184.215.14/hook", allow_private=False)
    assert refused.value.reason is WebhookRefusal.INSECURE_URL


@pytest.mark.parametrize(
    "host",
    ["127.0.0.1", "10.1.2.3", "192.168.0.9", "172.16.5.5", "169.254.169.254", "[::1]", "[fe80::1]", "224.0.0.1",
     "0.0.0.0", "[::ffff:127.0.0.1]", "240.0.0.1"],
)  # fmt: skip
def test_private_loopback_link_local_multicast_and_reserved_addresses_are_refused(host: str) -> None:
    with pytest.raises(Invalid) as refused:
        check_url(f"https://{host}/hook", allow_private=False)
    assert refused.value.reason is WebhookRefusal.PRIVATE_ADDRESS
    assert "public addresses" in str(refused.value)


def test_a_host_name_resolving_to_a_private_address_is_refused(monkeypatch: pytest.MonkeyPatch) -> None:
    def fake_lookup(host: str, *_args: Any, **_kwargs: Any) -> list[Any]:
        ip = {"hooks.example.com": "93.184.215.14", "sneaky.example.com": "10.0.0.7"}[host]
        return [(socket.AF_INET, socket.SOCK_STREAM, 6, "", (ip, 0))]

    monkeypatch.setattr(socket, "getaddrinfo", fake_lookup)
    assert check_url("https://hooks.example.com/in", allow_private=False) == "https://hooks.example.com/in"
    with pytest.raises(Invalid, match=r"sneaky.example.com points to .*10\.0\.0\.7"):
        check_url("https://sneaky.example.com/in", allow_private=False)


def test_a_host_that_cannot_be_found_is_refused(monkeypatch: pytest.MonkeyPatch) -> None:
    def no_such_host(*_args: Any, **_kwargs: Any) -> list[Any]:
        raise socket.gaierror(socket.EAI_NONAME, "Name or service not known")

    monkeypatch.setattr(socket, "getaddrinfo", no_such_host)
    with pytest.raises(Invalid, match="could not be found") as refused:
        check_url("https://nowhere.invalid/hook", allow_private=False)
    assert refused.value.reason is WebhookRefusal.HOST_NOT_FOUND


def test_a_public_https_address_passes_and_tests_may_use_loopback_http(settings: Any) -> None:
    assert check_url(" https://93.184.215.14/hook ", allow_private=False) == "https://93.184.215.14/hook"
    settings.WEBHOOK_ALLOW_PRIVATE = True
    assert check_url("http://127.0.0.1:8161/hook") == "http://127.0.0.1:8161/hook"
    settings.WEBHOOK_ALLOW_PRIVATE = False
    with pytest.raises(Invalid):
        check_url("http://127.0.0.1:8161/hook")
