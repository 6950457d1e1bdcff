"""Websocket routes: the one site socket (``ws/live/``) with every app's topics, the ping socket, and a
refusal for every other path."""

from __future__ import annotations

from typing import Any

from django.urls import path, re_path

from accounts.notices.consumers import MeTopic
from common.consumers import LiveConsumer, NoSuchSocket, PingConsumer
from gameplay.matches.consumers import MatchTopic
from tournaments.consumers import EventTopic
from tournaments.drafts.consumers import PodTopic

TOPICS = {"event": EventTopic(), "match": MatchTopic(), "pod": PodTopic(), "me": MeTopic()}

websocket_urlpatterns: list[Any] = [
    path("ws/ping/", PingConsumer.as_asgi()),
    path("ws/live/", LiveConsumer.as_asgi(topics=TOPICS)),
    re_path(r"", NoSuchSocket.as_asgi()),  # last: any other path is refused, not a server error
]
