"""Websocket routes of drafts (pod groups)."""

from __future__ import annotations

from typing import Any

from django.urls import path

from tournaments.drafts.consumers import PodConsumer

websocket_urlpatterns: list[Any] = [
    path("ws/pods/<id:pod_id>/", PodConsumer.as_asgi()),
]
