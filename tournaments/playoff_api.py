"""A round robin's ties and playoffs through the API, as the standings page offers them
(`tournaments/services/playoffs.py` says what a tie and a playoff are):

- ``GET /api/events/{id}/ties/``: the ties, each in words, with its playoff if one was ordered;
- ``POST /api/events/{id}/playoffs/`` with ``{"place": n}``: the organiser orders the playoff for
  the tie of two at that place (201);
- ``POST /api/playoffs/{id}/winner/`` with ``{"winner": player id}``: the organiser or a judge
  records (or corrects) its winner.
"""

from __future__ import annotations

from typing import Any

from django.shortcuts import get_object_or_404
from drf_spectacular.utils import extend_schema
from rest_framework import serializers, status
from rest_framework.decorators import api_view, permission_classes
from rest_framework.permissions import IsAuthenticated, IsAuthenticatedOrReadOnly
from rest_framework.request import Request
from rest_framework.response import Response

from accounts.auth import signed_in_user
from accounts.models import User
from common.ids import MAX_ID
from tournaments import selectors
from tournaments.errors import EventRefusal, Invalid
from tournaments.models import Playoff
from tournaments.pairing import TiebreakSystem
from tournaments.pairing.pod_standings import ordinal
from tournaments.services import playoffs
from tournaments.services.standings import standings_settings
from tournaments.web.presentation import tie_words


class PlayoffSerializer(serializers.ModelSerializer[Playoff]):
    player_a_name = serializers.CharField(source="player_a.public_name", read_only=True)
    player_b_name = serializers.CharField(source="player_b.public_name", read_only=True)
    winner_name = serializers.CharField(source="winner.public_name", default=None, read_only=True, allow_null=True)

    class Meta:
        model = Playoff
        fields = ("id", "event", "place", "player_a", "player_a_name", "player_b", "player_b_name", "winner",
                  "winner_name", "decided_at")  # fmt: skip
        read_only_fields = fields


class TieSerializer(serializers.Serializer[Any]):
    place = serializers.IntegerField()
    place_words = serializers.CharField()
    players = serializers.ListField(child=serializers.IntegerField())
    names = serializers.ListField(child=serializers.CharField())
    words = serializers.CharField()
    of_two = serializers.BooleanField()
    playoff = PlayoffSerializer(allow_null=True)


class OrderSerializer(serializers.Serializer[Any]):
    place = serializers.IntegerField(min_value=1, max_value=MAX_ID)


class WinnerSerializer(serializers.Serializer[Any]):
    winner = serializers.IntegerField(min_value=1, max_value=MAX_ID)


def _valid(serializer: serializers.Serializer[Any]) -> dict[str, Any]:
    serializer.is_valid(raise_exception=True)
    return dict(serializer.validated_data)


@extend_schema(tags=["events"], responses=TieSerializer(many=True))
@api_view(["GET"])
@permission_classes([IsAuthenticatedOrReadOnly])
def event_ties(request: Request, pk: int) -> Response:
    """The round robin's ties (an empty list for other structures, or when nothing is tied)."""
    event = selectors.event_for(request.user, pk)
    system = standings_settings(event).system
    return Response(TieSerializer([_tie(tie, system) for tie in playoffs.ties(event)], many=True).data)


def _tie(tie: playoffs.Tie, system: TiebreakSystem) -> dict[str, Any]:
    players = list(tie.players)
    return {
        "place": tie.place,
        "place_words": ordinal(tie.place),
        "players": [p.pk for p in players],
        "names": [p.public_name for p in players],
        "words": tie_words(tie, system),
        "of_two": tie.of_two,
        "playoff": tie.playoff,
    }


@extend_schema(tags=["events"], request=OrderSerializer, responses={201: PlayoffSerializer})
@api_view(["POST"])
@permission_classes([IsAuthenticated])
def order_playoff(request: Request, pk: int) -> Response:
    event = selectors.event_for(request.user, pk)
    place = _valid(OrderSerializer(data=request.data))["place"]
    playoff = playoffs.order_playoff(event, place, signed_in_user(request))
    return Response(PlayoffSerializer(playoff).data, status=status.HTTP_201_CREATED)


@extend_schema(tags=["events"], request=WinnerSerializer, responses=PlayoffSerializer)
@api_view(["POST"])
@permission_classes([IsAuthenticated])
def record_playoff(request: Request, playoff_id: int) -> Response:
    playoff = get_object_or_404(Playoff.objects.filter(event__in=selectors.visible_events(request.user)), pk=playoff_id)
    winner = User.objects.filter(pk=_valid(WinnerSerializer(data=request.data))["winner"]).first()
    if winner is None:
        raise Invalid(EventRefusal.NOT_IN_PLAYOFF, "winner must be one of the playoff's two players.")
    playoff = playoffs.record_playoff(playoff, winner, signed_in_user(request))
    return Response(
        PlayoffSerializer(Playoff.objects.select_related("player_a", "player_b", "winner").get(pk=playoff.pk)).data
    )
