"""Websocket routes of gameplay."""

from __future__ import annotations

from typing import Any

from django.urls import path

from gameplay.matches.consumers import MatchConsumer

websocket_urlpatterns: list[Any] = [
    path("ws/play/<id:match_id>/", MatchConsumer.as_asgi()),
]
