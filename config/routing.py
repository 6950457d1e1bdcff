"""Websocket routes: the one site socket (``ws/live/``) with every app's topics, and the ping socket."""

from __future__ import annotations

from typing import Any

from django.urls import path

from common.consumers import LiveConsumer, PingConsumer
from gameplay.matches.consumers import MatchTopic
from tournaments.consumers import EventTopic
from tournaments.drafts.consumers import PodTopic

TOPICS = {"event": EventTopic(), "match": MatchTopic(), "pod": PodTopic()}

websocket_urlpatterns: list[Any] = [
    path("ws/ping/", PingConsumer.as_asgi()),
    path("ws/live/", LiveConsumer.as_asgi(topics=TOPICS)),
]
