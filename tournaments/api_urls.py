"""API routes of the tournaments app, mounted under /api/.

API_ROOT_LINKS maps a name shown at /api/ to the URL name it links to.
"""

from __future__ import annotations

from django.urls import path
from rest_framework.routers import SimpleRouter

from tournaments.api import (
    DeckVersionViewSet,
    EventViewSet,
    MatchViewSet,
    PodTableViewSet,
    RegistrationViewSet,
    RoundPodsViewSet,
    RoundViewSet,
)
from tournaments.playoff_api import event_ties, order_playoff, record_playoff

router = SimpleRouter()
router.register("events", EventViewSet, basename="api-event")
router.register("registrations", RegistrationViewSet, basename="api-registration")
router.register("rounds", RoundViewSet, basename="api-round")
router.register("matches", MatchViewSet, basename="api-match")
router.register("round-pods", RoundPodsViewSet, basename="api-round-pods")
router.register("pod-tables", PodTableViewSet, basename="api-pod-table")
router.register("deck-versions", DeckVersionViewSet, basename="api-deck-version")

urlpatterns = [
    path("events/<id:pk>/ties/", event_ties, name="api-event-ties"),
    path("events/<id:pk>/playoffs/", order_playoff, name="api-event-order-playoff"),
    path("playoffs/<id:playoff_id>/winner/", record_playoff, name="api-playoff-winner"),
    *router.urls,
]
API_ROOT_LINKS: dict[str, str] = {"events": "api-event-list"}
