"""API routes of ratings, mounted under /api/. API_ROOT_LINKS names the links shown at /api/."""

from __future__ import annotations

from typing import Any

from django.urls import path

from tournaments.ratings.api import KindsView, LeaderboardView, PlayerRatingsView

urlpatterns: list[Any] = [
    path("ratings/", KindsView.as_view(), name="api-ratings"),
    path("ratings/<str:kind>/", LeaderboardView.as_view(), name="api-ratings-leaderboard"),
    path("players/<id:player_id>/ratings/", PlayerRatingsView.as_view(), name="api-player-ratings"),
]
API_ROOT_LINKS: dict[str, str] = {"ratings": "api-ratings"}
