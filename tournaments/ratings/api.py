"""The ratings API: the kinds of rating, a kind's leaderboard a page at a time, a player's ratings
with their history. Read by anyone, as the pages are."""

from __future__ import annotations

from typing import Any

from drf_spectacular.utils import OpenApiParameter, extend_schema
from rest_framework import serializers
from rest_framework.permissions import AllowAny
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.reverse import reverse
from rest_framework.views import APIView

from tournaments.ratings import reading
from tournaments.ratings.models import Kind, PlayerRating


class KindSerializer(serializers.Serializer[Any]):
    kind = serializers.ChoiceField(choices=Kind.choices)
    name = serializers.CharField()
    leaderboard = serializers.URLField()


class LeaderRowSerializer(serializers.Serializer[Any]):
    place = serializers.IntegerField()
    player = serializers.IntegerField(help_text="The player's account id (a key; show the name).")
    name = serializers.CharField()
    value = serializers.FloatField()
    deviation = serializers.FloatField()
    games = serializers.IntegerField()


class LeaderboardSerializer(serializers.Serializer[Any]):
    kind = serializers.ChoiceField(choices=Kind.choices)
    name = serializers.CharField()
    count = serializers.IntegerField(help_text="Players with a rating of this kind.")
    page = serializers.IntegerField()
    pages = serializers.IntegerField()
    results = LeaderRowSerializer(many=True)


class PointSerializer(serializers.Serializer[Any]):
    at = serializers.DateTimeField(help_text="When the rating period ended.")
    period = serializers.CharField(help_text="The rating period in words.")
    value = serializers.FloatField()
    deviation = serializers.FloatField()


class PlayerRatingSerializer(serializers.Serializer[Any]):
    kind = serializers.ChoiceField(choices=Kind.choices)
    name = serializers.CharField()
    value = serializers.FloatField()
    deviation = serializers.FloatField()
    volatility = serializers.FloatField(help_text="Glicko-2's volatility; 0 for the pod rating.")
    games = serializers.IntegerField()
    place = serializers.IntegerField(help_text="The place on the kind's leaderboard.")
    history = PointSerializer(many=True)


class PlayerRatingsSerializer(serializers.Serializer[Any]):
    player = serializers.IntegerField()
    name = serializers.CharField()
    ratings = PlayerRatingSerializer(many=True)


def _row(place: int, rating: PlayerRating) -> dict[str, Any]:
    return {
        "place": place, "player": rating.player_id, "name": rating.player.public_name, "value": rating.value,
        "deviation": rating.deviation, "games": rating.games,
    }  # fmt: skip


@extend_schema(tags=["ratings"], responses=KindSerializer(many=True))
class KindsView(APIView):
    """The kinds of rating, each with its leaderboard."""

    permission_classes = [AllowAny]

    def get(self, request: Request) -> Response:
        return Response(
            [
                {
                    "kind": value,
                    "name": str(label),
                    "leaderboard": reverse("api-ratings-leaderboard", [value], request=request),
                }
                for value, label in Kind.choices
            ]
        )


@extend_schema(
    tags=["ratings"], responses=LeaderboardSerializer,
    parameters=[OpenApiParameter("page", int, description="The page, from 1 (50 players a page).")],
)  # fmt: skip
class LeaderboardView(APIView):
    """A kind's leaderboard, highest rating first: a page that is not a number is a 400, one past the end a 404."""

    permission_classes = [AllowAny]

    def get(self, request: Request, kind: str) -> Response:
        chosen = reading.kind_named(kind)
        page = reading.page_of(reading.leaderboard(chosen), request.query_params.get("page"))
        return Response(
            {
                "kind": chosen.value, "name": chosen.label, "count": page.paginator.count, "page": page.number,
                "pages": page.paginator.num_pages,
                "results": [_row(place, rating) for place, rating in reading.placed(page)],
            }
        )  # fmt: skip


@extend_schema(tags=["ratings"], responses=PlayerRatingsSerializer)
class PlayerRatingsView(APIView):
    """A player's ratings, each with its deviation, its place and its history (one point a rating period)."""

    permission_classes = [AllowAny]

    def get(self, request: Request, player_id: int) -> Response:
        player = reading.shown_player(player_id)
        ratings = [
            {
                "kind": card.rating.kind, "name": card.name, "value": card.rating.value,
                "deviation": card.rating.deviation, "volatility": card.rating.volatility, "games": card.rating.games,
                "place": card.rank,
                "history": [
                    {"at": p.at, "period": p.label, "value": p.value, "deviation": p.deviation} for p in card.history
                ],
            }
            for card in reading.ratings_of(player)
        ]  # fmt: skip
        return Response(
            PlayerRatingsSerializer({"player": player.pk, "name": player.public_name, "ratings": ratings}).data
        )
