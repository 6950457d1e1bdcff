"""Bad input gets a clear 4xx and changes nothing: ids that are not numbers, JSON nested too
deeply, frames that are not JSON on the sockets."""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any

import pytest
from asgiref.sync import async_to_sync
from channels.routing import URLRouter
from channels.testing import WebsocketCommunicator
from django.test import Client
from django.urls import URLResolver, get_resolver
from rest_framework.parsers import JSONParser

from config.parsers import BoundedJSONParser
from tests.conftest import Personas

DEEP = "[" * 5000 + "]" * 5000

NOT_IDS = ["abc", "1e3", "1.5", "-1", "%C2%B2", "%D9%A3", "99999999999999999999", "0x10"]
ROUTES = [
    "/api/rounds/{}/",
    "/api/matches/{}/",
    "/api/matches/{}/reports/",
    "/api/pods/{}/",
    "/api/pods/{}/log/",
    "/api/pods/{}/me/",
    "/api/pools/{}/",
    "/api/pools/{}/suggestion/",
    "/api/events/{}/",
    "/api/events/{}/pods/",
    "/api/deck-versions/{}/",
    "/api/play/{}/",
    "/api/registrations/{}/drop/",
]
POST_ROUTES = [
    "/api/rounds/{}/publish/",
    "/api/rounds/{}/end/",
    "/api/matches/{}/confirm/",
    "/api/pods/{}/start/",
    "/api/pods/{}/marks/",
    "/api/pools/{}/check/",
    "/api/pools/{}/deck/",
    "/api/events/{}/sealed/open/",
]


@pytest.mark.parametrize("route", ROUTES + POST_ROUTES)
def test_an_id_that_is_not_a_number_is_not_found(personas: Personas, route: str) -> None:
    client = personas.client("player")
    for raw in NOT_IDS:
        url = route.format(raw)
        answer = client.post(url, {}, content_type="application/json") if route in POST_ROUTES else client.get(url)
        assert answer.status_code == 404, (url, answer.status_code)
        assert answer["Content-Type"] == "application/json"
        assert answer.json() == {"detail": "Not found."}


def test_ids_in_query_strings_are_read_safely(personas: Personas) -> None:
    client = personas.client("player")
    assert client.get("/api/pools/", {"event": "²"}).status_code == 200  # not an id: all of your pools
    assert client.get("/api/pools/", {"event": "99999999999999999999"}).status_code == 200
    assert client.get("/api/pools/", {"event": "999999999999999999"}).status_code == 404


def test_json_nested_too_deeply_is_refused(personas: Personas) -> None:
    client = personas.client("organiser")
    answer = client.patch(f"/api/events/{personas.event.pk}/", DEEP, content_type="application/json")
    assert answer.status_code == 400
    assert answer.json() == {"detail": "JSON nested too deeply."}
    answer = client.post("/api/decks/check/", DEEP, content_type="application/json")
    assert answer.status_code == 400 and answer.json()["detail"] == "JSON nested too deeply."


def test_json_nested_too_deeply_is_refused_by_the_token_view_too(personas: Personas) -> None:
    """DRF's token view sets its own parsers; the site's view uses the bounded JSON parser."""
    answer = Client().post("/api/auth/token/", DEEP, content_type="application/json")
    assert answer.status_code == 400 and answer.json() == {"detail": "JSON nested too deeply."}


def _views(patterns: list[Any], prefix: str = "") -> Iterator[tuple[str, Any]]:
    """Every view class the URL patterns reach (a DRF view or viewset: its ``cls``), with its route."""
    for pattern in patterns:
        if isinstance(pattern, URLResolver):
            yield from _views(pattern.url_patterns, prefix + str(pattern.pattern))
        else:
            view = getattr(pattern.callback, "cls", None) or getattr(pattern.callback, "view_class", None)
            if view is not None:
                yield prefix + str(pattern.pattern), view
            action = getattr(pattern.callback, "initkwargs", {})  # a viewset's @action(parser_classes=...)
            if "parser_classes" in action:
                yield prefix + str(pattern.pattern), type("Action", (), {"parser_classes": action["parser_classes"]})


def test_every_view_that_parses_json_uses_the_bounded_parser() -> None:
    """A view that sets its own ``parser_classes`` (as DRF's ``ObtainAuthToken`` does) must not
    bring back the plain JSON parser, which answers JSON nested 5,000 deep with a 500."""
    views = list(_views(get_resolver().url_patterns))
    assert any(route == "api/auth/token/" for route, _view in views) and len(views) > 50
    unbounded = [
        f"{route}: {parser.__name__}"
        for route, view in views
        for parser in getattr(view, "parser_classes", ())
        if issubclass(parser, JSONParser) and not issubclass(parser, BoundedJSONParser)
    ]
    assert unbounded == []


def test_malformed_json_is_a_400_naming_the_problem(personas: Personas) -> None:
    answer = personas.client("organiser").post("/api/events/", "{not json", content_type="application/json")
    assert answer.status_code == 400 and "JSON parse error" in answer.json()["detail"]


async def _next_error(talk: WebsocketCommunicator, key: str) -> dict[str, Any]:
    """The next error message (skipping pushes such as presence)."""
    for _ in range(10):
        message: dict[str, Any] = await talk.receive_json_from(timeout=5)
        if message[key] == "error":
            return message
    raise AssertionError("no error message")


def _frames_answer_errors(application: Any, path: str, user: Any, key: str) -> list[dict[str, Any]]:
    async def scenario() -> list[dict[str, Any]]:
        talk = WebsocketCommunicator(application, path, headers=[(b"origin", b"http://localhost")])
        talk.scope["user"] = user
        connected, _ = await talk.connect()
        assert connected
        answers = []
        for frame in ("{not json", DEEP, '"unterminated'):
            await talk.send_to(text_data=frame)
            answers.append(await _next_error(talk, key))
        await talk.send_to(bytes_data=b"\x00\x01")
        answers.append(await _next_error(talk, key))
        await talk.disconnect()
        return answers

    return async_to_sync(scenario)()


@pytest.mark.django_db(transaction=True)
def test_the_site_socket_answers_a_frame_that_is_not_json_and_stays_open(fresh_redis_state: None) -> None:
    from config.asgi import application
    from gameplay.matches import services
    from tests.factories import UserFactory

    players = [UserFactory.create(username="fay"), UserFactory.create(username="gus")]
    services.create_match(players[0], players[1], [{"starter": "eva-starter"}, {"starter": "romin-starter"}])
    answers = _frames_answer_errors(application, "/ws/live/", players[0], "type")
    assert [a["detail"] for a in answers] == [
        "The message is not valid JSON.",
        "The message is JSON nested too deeply.",
        "The message is not valid JSON.",
        "Send JSON as text frames.",
    ]


@pytest.mark.django_db(transaction=True)
def test_a_followed_pod_survives_a_frame_that_is_not_json() -> None:
    from config.routing import websocket_urlpatterns
    from tests.drafts.helpers import draft_table, human_seats, started_pod
    from tests.live_socket import TopicSocket

    table = draft_table(4, username="badws")
    pod = started_pod(table)
    player = human_seats(pod)[0].registration.player  # type: ignore[union-attr]

    async def still_answers() -> None:
        talk = TopicSocket("pod", pod.pk, user=player, application=URLRouter(websocket_urlpatterns))
        assert (await talk.connect())[0]
        assert (await talk.receive_json_from(timeout=5))["kind"] == "hello"
        await talk.send_to(text_data="nope")
        assert (await _next_error(talk.talk, "type"))["detail"] == "The message is not valid JSON."
        await talk.talk.send_json_to({"type": "ping"})
        assert await talk.receive_json_from(timeout=5) == {"type": "pong"}
        await talk.disconnect()

    async_to_sync(still_answers)()


def test_error_bodies_are_json_everywhere_under_the_api(personas: Personas) -> None:
    answer = Client().get("/api/no-such-thing/")
    assert answer.status_code == 404 and json.loads(answer.content) == {"detail": "Not found."}
    page = Client().get("/no-such-page/")
    assert page.status_code == 404 and page["Content-Type"].startswith("text/html")


def test_pages_read_numbers_safely(personas: Personas) -> None:
    from tests.matches.test_watch_and_replay_pages import finished

    match, _players = finished(personas, public=True)
    player = personas.client("player")
    for query in ("?game=%C2%B2", "?step=%C2%B2", "?game=99999999999999999999"):
        answer = player.get(f"/play/{match.pk}/replay/{query}")
        assert answer.status_code == 400 and "whole numbers" in answer.content.decode(), query
    refused = player.post("/play/", {"action": "accept", "challenge": "99999999999999999999"}, follow=True)
    assert refused.status_code == 200 and "That challenge cannot be answered." in refused.content.decode()
    for path in ("/events/99999999999999999999/", "/play/99999999999999999999/replay/"):
        assert player.get(path).status_code == 404, path


@pytest.mark.django_db
def test_the_draft_seating_form_reads_numbers_safely() -> None:
    from tests.drafts.helpers import draft_table

    table = draft_table(4, username="badnum")
    boss = Client()
    boss.force_login(table.organiser)
    answer = boss.post(f"/events/{table.event.pk}/draft/seat/", {"seats_per_pod": "²"})
    assert answer.status_code == 400 and "seats per pod must be a whole number" in answer.content.decode()
