from __future__ import annotations

import re
from pathlib import Path

import pytest
from asgiref.sync import async_to_sync
from channels.testing import WebsocketCommunicator
from django.core.management import call_command
from django.test import Client

from accounts.models import User
from config.asgi import application
from tournaments.models import AuditEntry, Event, IllegalTransition, Registration

pytestmark = pytest.mark.django_db
TEMPLATES = Path(__file__).resolve().parents[2] / "templates"


def test_the_home_page_lists_open_events_and_hides_drafts(client: Client) -> None:
    call_command("load_demo")
    Event.objects.create(name="Secret Draft", organiser=User.objects.get(username="organiser"))
    html = client.get("/").content.decode()
    assert "Fett Demo Open" in html
    assert "Secret Draft" not in html
    assert 'name="viewport"' in html


def test_no_template_loads_anything_from_another_site() -> None:
    for template in TEMPLATES.rglob("*.html"):
        text = template.read_text()
        assert not re.search(r"""(src|href)=["']https?://""", text), template


def test_the_demo_data_is_complete_and_loading_it_twice_changes_nothing() -> None:
    call_command("load_demo")
    call_command("load_demo")
    event = Event.objects.get(name="Fett Demo Open")
    assert event.status == Event.Status.REGISTRATION
    assert event.organiser.is_organiser
    assert Registration.objects.filter(event=event).count() == 8
    assert User.objects.count() == 9
    assert Client().login(username="player3", password="fett-demo")


def test_event_status_moves_only_along_the_table_and_is_audited() -> None:
    call_command("load_demo")
    event = Event.objects.get(name="Fett Demo Open")
    with pytest.raises(IllegalTransition, match="registration open cannot move to finished"):
        event.set_status(Event.Status.FINISHED, by=event.organiser)
    event.refresh_from_db()
    assert event.status == Event.Status.REGISTRATION
    event.set_status(Event.Status.RUNNING, by=event.organiser)
    change = AuditEntry.objects.get(event=event)
    assert (change.kind, change.old, change.new, change.by) == (
        "event_status",
        "registration",
        "running",
        event.organiser,
    )
    assert change.describe() == "Event: registration open → running"


def test_websockets_answer_through_the_asgi_app() -> None:
    async def talk() -> dict[str, object]:
        communicator = WebsocketCommunicator(application, "/ws/ping/", headers=[(b"origin", b"http://localhost")])
        connected, _ = await communicator.connect()
        assert connected
        await communicator.send_to(text_data="ping")
        reply = await communicator.receive_json_from()
        await communicator.disconnect()
        return reply

    assert async_to_sync(talk)() == {"type": "pong", "echo": "ping", "user": None}
