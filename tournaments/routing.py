"""Websocket routes of events (the event's live group: the projector, the deck-swap pages)."""

from __future__ import annotations

from typing import Any

from django.urls import path

from tournaments.consumers import EventConsumer

websocket_urlpatterns: list[Any] = [
    path("ws/events/<id:event_id>/", EventConsumer.as_asgi()),
]
