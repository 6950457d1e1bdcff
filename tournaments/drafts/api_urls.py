"""API routes of drafts, mounted under /api/. API_ROOT_LINKS names the links shown at /api/."""

from __future__ import annotations

from typing import Any

from django.urls import path
from rest_framework.routers import SimpleRouter

from tournaments.drafts.api import EventDraftViewSet, PodViewSet, PoolViewSet

router = SimpleRouter()
router.register("pods", PodViewSet, basename="api-pod")
router.register("pools", PoolViewSet, basename="api-pool")

urlpatterns: list[Any] = [
    path(
        "events/<id:event_pk>/pods/",
        EventDraftViewSet.as_view({"get": "list", "post": "seat"}),
        name="api-event-pods",
    ),
    path(
        "events/<id:event_pk>/sealed/open/",
        EventDraftViewSet.as_view({"post": "open_sealed"}),
        name="api-event-sealed-open",
    ),
    *router.urls,
]
API_ROOT_LINKS: dict[str, str] = {"pools": "api-pool-list"}
