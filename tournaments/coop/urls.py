"""Pages of Runemasters challenges."""

from __future__ import annotations

from django.urls import path

from tournaments.coop import views

app_name = "coop"
urlpatterns = [
    path("runemasters/challenges/", views.challenge_list, name="challenges"),
    path("runemasters/challenges/new/", views.create_challenge, name="create"),
    path("runemasters/challenges/daily/", views.daily_page, name="daily"),
    path("runemasters/challenges/<id:pk>/", views.challenge_page, name="challenge"),
    path("runemasters/challenges/<id:pk>/edit/", views.edit_challenge, name="edit"),
    path("runemasters/challenges/<id:pk>/team/", views.register_team, name="register"),
    path("runemasters/challenges/<id:pk>/attempt/", views.start_attempt, name="attempt"),
    path("runemasters/challenges/<id:pk>/leaderboard.csv", views.leaderboard_csv, name="csv"),
    path("runemasters/challenges/<id:pk>/do/<slug:action>/", views.step, name="step"),
    path("runemasters/challenges/<id:pk>/invite/", views.invite, name="invite"),
    path("runemasters/challenges/<id:pk>/team/<slug:action>/", views.team_step, name="team-step"),
]
