"""API routes of the gameplay app, mounted under /api/.

API_ROOT_LINKS maps a name shown at /api/ to the URL name it links to.
"""

from __future__ import annotations

from typing import Any

from django.urls import path
from rest_framework.routers import SimpleRouter

from gameplay import api
from gameplay.decks.api import SavedDeckViewSet
from gameplay.invitations.api import InvitationViewSet
from gameplay.matches.api import MatchChallengeViewSet, PlayViewSet

router = SimpleRouter()
router.register("play/challenges", MatchChallengeViewSet, basename="api-challenge")
router.register("play", PlayViewSet, basename="api-play")
router.register("decks/mine", SavedDeckViewSet, basename="api-saved-deck")
router.register("invitations", InvitationViewSet, basename="api-invitation")

urlpatterns: list[Any] = [
    path("cards/", api.CardListView.as_view(), name="api-card-list"),
    path("cards/<slug:slug>/", api.CardDetailView.as_view(), name="api-card-detail"),
    path("runeslingers/", api.RuneslingerListView.as_view(), name="api-runeslinger-list"),
    path("equips/", api.EquipListView.as_view(), name="api-equip-list"),
    path("formats/", api.FormatListView.as_view(), name="api-format-list"),
    path("decks/check/", api.DeckCheckView.as_view(), name="api-deck-check"),
    *router.urls,
]
API_ROOT_LINKS: dict[str, str] = {
    "cards": "api-card-list",
    "runeslingers": "api-runeslinger-list",
    "equips": "api-equip-list",
    "formats": "api-format-list",
    "deck_check": "api-deck-check",
    "my_decks": "api-saved-deck-list",
    "play": "api-play-list",
    "invitations": "api-invitation-list",
}
