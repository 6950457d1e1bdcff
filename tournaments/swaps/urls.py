"""Pages of the deck swap."""

from __future__ import annotations

from django.urls import path

from tournaments.swaps import views

app_name = "swaps"
urlpatterns = [
    path("events/<id:pk>/swaps/", views.event_swaps, name="event"),
    path("events/<id:pk>/swaps/<id:swap_id>/", views.swap_page, name="swap"),
]
