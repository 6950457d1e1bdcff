"""API routes of Runemasters challenges, mounted under /api/. API_ROOT_LINKS names the links shown at /api/."""

from __future__ import annotations

from typing import Any

from rest_framework.routers import SimpleRouter

from tournaments.coop.api import ChallengeViewSet

router = SimpleRouter()
router.register("runemasters/challenges", ChallengeViewSet, basename="api-coop-challenge")

urlpatterns: list[Any] = [*router.urls]
API_ROOT_LINKS: dict[str, str] = {"runemasters-challenges": "api-coop-challenge-list"}
