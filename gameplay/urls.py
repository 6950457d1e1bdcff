"""Pages of the gameplay app."""

from __future__ import annotations

from typing import Any

from django.urls import path

from gameplay.web import play_views, views

app_name = "gameplay"
urlpatterns: list[Any] = [
    path("cards/", views.card_list, name="card-list"),
    path("cards/<slug:slug>/", views.card_detail, name="card-detail"),
    path("runeslingers/", views.runeslinger_list, name="runeslinger-list"),
    path("decks/starters/", views.starter_list, name="starter-list"),
    path("decks/builder/", views.deck_builder, name="deck-builder"),
    path("decks/builder/check/", views.deck_check, name="deck-check"),
    path("play/", play_views.play_home, name="play-home"),
    path("play/<id:pk>/", play_views.play_page, name="play"),
    path("play/<id:pk>/replay/", play_views.replay_page, name="replay"),
]
