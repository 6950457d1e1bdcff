"""Address rules: outside development and tests an endpoint must be https to a public address,
checked when it is added and again at every delivery."""

from __future__ import annotations

import socket
from typing import Any

import pytest

from tournaments.errors import Invalid
from tournaments.webhooks.addresses import check_url, target
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


@pytest.mark.parametrize(
    "url",
    ["https://user:secret@hooks.example.com/in", "https://user@93.184.215.14/hook", "http://a@127.0.0.1:8161/hook",
     "https://hooks.example.com@127.0.0.1/hook"],
)  # fmt: skip
def test_an_address_with_a_user_name_or_password_is_refused_everywhere(url: str) -> None:
    for allow in (True, False):
        with pytest.raises(Invalid, match="without a user name or password") as refused:
            check_url(url, allow_private=allow)
        assert refused.value.reason is WebhookRefusal.USERINFO_IN_URL


@pytest.mark.parametrize("url", ["https://93.184.215.14:99999/hook", "https://93.184.215.14:port/hook"])
def test_a_port_that_is_not_one_is_refused(url: str) -> None:
    with pytest.raises(Invalid, match="port must be a number") as refused:
        check_url(url, allow_private=True)
    assert refused.value.reason is WebhookRefusal.BAD_URL


@pytest.mark.parametrize(
    "host",
    ["2002:5db8:d70e::1",  # 6to4 of a public IPv4 address
     "2002:7f00:1::1",  # 6to4 of 127.0.0.1
     "64:ff9b::808:808",  # NAT64
     "64:ff9b:1::a00:1",  # NAT64, local use
     "::ffff:8.8.8.8",  # IPv4-mapped, even of a public address
     "::ffff:0:808:808",  # IPv4-translated
     "::808:808",  # IPv4-compatible
     "2001:0:4136:e378:8000:63bf:3fff:fdd2"],  # Teredo
)  # fmt: skip
def test_ipv6_addresses_carrying_an_ipv4_address_are_refused_in_production(host: str) -> None:
    with pytest.raises(Invalid) as refused:
        check_url(f"https://[{host}]/hook", allow_private=False)
    assert refused.value.reason is WebhookRefusal.PRIVATE_ADDRESS
    assert check_url(f"http://[{host}]/hook", allow_private=True)  # development allows any address


def test_a_public_ipv6_address_passes() -> None:
    assert check_url("https://[2606:2800:21f:cb07:6820:80da:af6b:8b2c]/hook", allow_private=False)


def test_the_target_is_the_checked_addresses_each_once_with_port_and_path(monkeypatch: pytest.MonkeyPatch) -> None:
    def fake_lookup(host: str, *_args: Any, **_kwargs: Any) -> list[Any]:
        assert host == "hooks.example.com"
        return [(socket.AF_INET, socket.SOCK_STREAM, 6, "", (ip, 0)) for ip in ("93.184.215.14", "93.184.215.14")] + [
            (socket.AF_INET6, socket.SOCK_STREAM, 6, "", ("2606:2800:21f:cb07:6820:80da:af6b:8b2c", 0, 0, 0))
        ]

    monkeypatch.setattr(socket, "getaddrinfo", fake_lookup)
    found = target("https://hooks.example.com/in?x=1#part", allow_private=False)
    assert (found.scheme, found.host, found.port, found.path) == ("https", "hooks.example.com", 443, "/in?x=1")
    assert [str(ip) for ip in found.addresses] == ["93.184.215.14", "2606:2800:21f:cb07:6820:80da:af6b:8b2c"]
    assert target("http://hooks.example.com:8080", allow_private=True).port == 8080
    assert target("http://hooks.example.com:8080", allow_private=True).path == "/"
