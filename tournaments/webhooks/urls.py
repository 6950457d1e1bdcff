"""Pages of an event's webhooks (its organiser's only)."""

from __future__ import annotations

from django.urls import path

from tournaments.webhooks import views

app_name = "webhooks"
urlpatterns = [
    path("events/<id:pk>/webhooks/", views.endpoints, name="endpoints"),
    path("events/<id:pk>/webhooks/<id:endpoint_id>/", views.endpoint_page, name="endpoint"),
    path("events/<id:pk>/webhooks/<id:endpoint_id>/delete/", views.delete_endpoint, name="delete"),
    path("events/<id:pk>/webhooks/<id:endpoint_id>/do/<slug:action>/", views.endpoint_action, name="action"),
    path("events/<id:pk>/webhooks/deliveries/<id:delivery_id>/redeliver/", views.redeliver, name="redeliver"),
]
