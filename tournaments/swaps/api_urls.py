"""API routes of the deck swap, mounted under /api/."""

from __future__ import annotations

from typing import Any

from django.urls import path

from tournaments.swaps import api

urlpatterns: list[Any] = [
    path("events/<id:event_pk>/swap-plan/", api.plan, name="api-event-swap-plan"),
    path("events/<id:event_pk>/swaps/", api.event_swaps, name="api-event-swaps"),
    path("events/<id:event_pk>/swap-log/", api.swap_log, name="api-event-swap-log"),
    path("swaps/<id:pk>/", api.swap, name="api-swap"),
    path("swaps/<id:pk>/choose/", api.choose, name="api-swap-choose"),
]
