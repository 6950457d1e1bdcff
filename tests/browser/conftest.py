"""Playwright driving Debian's Chromium against a live test server.

Without Chromium these tests skip with a clear message; with REQUIRE_BROWSER=1
(as CI sets) a missing browser fails the run instead.
"""

from __future__ import annotations

import os
import shutil
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

# Playwright's sync API keeps an event loop running in the test thread; the ORM
# calls the tests make between browser steps are still synchronous.
os.environ.setdefault("DJANGO_ALLOW_ASYNC_UNSAFE", "true")

CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-quic",
    "--no-first-run",
    "--disable-component-update",
    "--disable-sync",
]


def chromium_path() -> str | None:
    candidate = os.environ.get("CHROMIUM_PATH") or shutil.which("chromium") or "/usr/bin/chromium"
    return candidate if Path(candidate).exists() else None


def browser_environment() -> dict[str, str | float | bool]:
    """The test run's environment, but under ``make test-future`` Chromium's monotonic clock moves
    with libfaketime's: the tests' Python needs it real (``tests/faketime/sitecustomize.py``), and
    Chromium's timed waits hang on a real monotonic clock beside a shifted wall clock."""
    return {name: value for name, value in os.environ.items() if name != "FAKETIME_DONT_FAKE_MONOTONIC"}


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    for item in items:
        if "tests/browser/" in str(item.fspath).replace(os.sep, "/"):
            item.add_marker(pytest.mark.browser)


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    """One Chromium per test module: Playwright's event loop must not outlive the browser tests."""
    path = chromium_path()
    if path is None:
        message = "Chromium is not installed (apt-get install chromium, or set CHROMIUM_PATH)"
        if os.environ.get("REQUIRE_BROWSER") == "1":
            pytest.fail(f"REQUIRE_BROWSER=1 but {message}")
        pytest.skip(message)
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        browser = Relaunching(
            lambda: playwright.chromium.launch(
                executable_path=path, args=CHROMIUM_ARGS, headless=True, env=browser_environment()
            )
        )
        yield browser
        browser.close()


class Relaunching:
    """A Chromium that is started again when a test asks it for a new page (``new_context``) after
    it went away: a browser that crashed on a loaded machine fails the test it crashed in, not every
    later test of its module. Everything else is the browser's own."""

    def __init__(self, launch: Callable[[], Any]) -> None:
        self._launch = launch
        self._browser = launch()

    def new_context(self, **options: Any) -> Any:
        if not self._browser.is_connected():
            self._browser = self._launch()
        return self._browser.new_context(**options)

    def close(self) -> None:
        if self._browser.is_connected():
            self._browser.close()

    def __getattr__(self, name: str) -> Any:
        return getattr(self._browser, name)


@pytest.fixture
def page(browser: Any) -> Iterator[Any]:
    context = browser.new_context(viewport={"width": 390, "height": 844})  # a phone-sized screen
    page = context.new_page()
    page.set_default_timeout(60_000)  # generous: a loaded machine is slow, not wrong
    yield page
    context.close()


@pytest.fixture
def live_site(transactional_db: None, fresh_redis_state: None) -> Iterator[Any]:
    """The site served as in production for pages that follow the site socket (they never poll):
    a real ASGI server (uvicorn) on the Redis pub/sub layer, with the same layer on the test's side,
    so a push sent here (a bot's pick, a deadline, a service the test calls) reaches the page.
    It has ``url``, as pytest-django's ``live_server`` does."""
    from django.test import override_settings

    from tests.browser.asgi import asgi_server
    from tests.browser.onsite import Live
    from tests.browser.redis_layer import redis_channel_layers

    with (
        override_settings(CHANNEL_LAYERS=redis_channel_layers()),
        asgi_server("tests.browser.redis_asgi:application") as url,
    ):
        yield Live(url)
