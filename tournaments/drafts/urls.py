"""Pages of drafts and sealed pools."""

from __future__ import annotations

from typing import Any

from django.urls import path

from tournaments.drafts import views

app_name = "drafts"
urlpatterns: list[Any] = [
    path("events/<id:pk>/draft/", views.event_drafts, name="event"),
    path("events/<id:pk>/draft/seat/", views.seat_pods, name="seat"),
    path("events/<id:pk>/draft/sealed/", views.open_sealed, name="sealed-open"),
    path("pods/<id:pk>/", views.pod_page, name="pod"),
    path("pods/<id:pk>/do/<slug:action>/", views.pod_action, name="pod-action"),
    path("pods/<id:pk>/swap/", views.swap_for_bot, name="swap"),
    path("pods/<id:pk>/log/<id:seat_index>/", views.pick_log, name="log"),
    path("pools/<id:pk>/", views.pool_page, name="pool"),
]
