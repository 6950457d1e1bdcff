"""Websocket routes: each app adds its own (match, pod, event groups)."""

from __future__ import annotations

from typing import Any

from django.urls import path

from common.consumers import PingConsumer
from gameplay.routing import websocket_urlpatterns as play_routes
from tournaments.drafts.routing import websocket_urlpatterns as draft_routes
from tournaments.routing import websocket_urlpatterns as event_routes

websocket_urlpatterns: list[Any] = [
    path("ws/ping/", PingConsumer.as_asgi()),
    *draft_routes,
    *event_routes,
    *play_routes,
]
