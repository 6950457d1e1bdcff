from __future__ import annotations

from django.urls import path

from tournaments.ratings import views

app_name = "ratings"

urlpatterns = [
    path("players/<id:player_id>/", views.profile, name="profile"),
    path("ratings/<str:kind>/", views.leaderboard, name="leaderboard"),
]
