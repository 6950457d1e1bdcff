"""An organiser adds a webhook in Chromium on a phone, copies the secret shown once, sends a test
ping and sees it delivered in the log; the receiver on 127.0.0.1 verifies it with that secret."""

from __future__ import annotations

from typing import Any

from tests.browser.test_event_flow import click, logged_in_page
from tests.factories import EventFactory, OrganiserFactory
from tests.webhooks.receiver import running_receiver
from tournaments.webhooks import delivery as sending
from tournaments.webhooks import signing
from tournaments.webhooks.models import Delivery, Kind


def test_an_organiser_adds_a_webhook_copies_its_secret_and_sees_a_ping_delivered(
    browser: Any, live_server: Any
) -> None:
    organiser = OrganiserFactory.create(display_name="Oda")
    event = EventFactory.create(organiser=organiser, name="Hook Open")
    page = logged_in_page(browser, live_server, organiser)
    with running_receiver() as receiver:
        page.goto(f"{live_server.url}/events/{event.pk}/manage/")
        page.get_by_test_id("webhooks-link").get_by_role("link", name="Webhooks").click()
        page.get_by_label("Endpoint address").fill(receiver.url)
        page.get_by_label("Result confirmed").check()
        page.get_by_label("Event finished").check()
        click(page, "Add endpoint")
        secret = page.get_by_test_id("secret").locator("code").inner_text().strip()
        assert secret.startswith("whsec_")
        assert "Copy it now; it will not be shown again." in page.content()
        assert page.evaluate("document.documentElement.scrollWidth") <= page.evaluate("window.innerWidth")
        click(page, "Send a test ping")
        assert "A test ping is on its way." in page.content()
        assert page.get_by_test_id("secret").count() == 0  # shown once only
        (ping,) = Delivery.objects.filter(kind=Kind.PING)
        assert sending.deliver(ping.pk) == "delivered"  # what the worker does (tests/webhooks/test_worker.py)
        page.reload()
        row = page.get_by_test_id("delivery").first
        assert "Test ping" in row.inner_text() and "Delivered" in row.inner_text()
        assert "answer 200" in row.get_by_test_id("delivery-answer").inner_text()
        (request,) = receiver.requests()
    headers = request.headers
    assert signing.verify(secret, headers["Fett-Webhook-Timestamp"], request.body, headers["Fett-Webhook-Signature"])
    page.goto(f"{live_server.url}/events/{event.pk}/webhooks/")
    assert "Result confirmed, Event finished" in page.content()
    page.context.close()
