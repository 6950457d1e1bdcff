"""The deck-swap API: the organiser's plan, a pod's swap as the caller may see it, the choice, the
ownership log (the same services and readings as the pages)."""

from __future__ import annotations

from typing import Any

from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import extend_schema
from rest_framework import serializers
from rest_framework.decorators import api_view, permission_classes
from rest_framework.permissions import IsAuthenticated
from rest_framework.request import Request
from rest_framework.response import Response

from accounts.auth import signed_in_user
from tournaments import selectors
from tournaments.api import _valid
from tournaments.permissions import Perm, has_permission
from tournaments.swaps import reading, services
from tournaments.swaps.models import DEFAULT_MINUTES

MAX_CARD = 120
OBJECTS = {"type": "array", "items": {"type": "object", "additionalProperties": {}}}


class PlanSerializer(serializers.Serializer[Any]):
    rounds = serializers.ListField(child=serializers.IntegerField(), max_length=services.MAX_ROUNDS)
    minutes = serializers.IntegerField(required=False, default=DEFAULT_MINUTES)


class ChoiceSerializer(serializers.Serializer[Any]):
    left = serializers.ListField(child=serializers.CharField(max_length=MAX_CARD), max_length=30)
    right = serializers.ListField(child=serializers.CharField(max_length=MAX_CARD), max_length=30)


def _plan(plan: Any) -> dict[str, Any]:
    return {"rounds": list(plan.rounds or []), "minutes": plan.minutes}


@extend_schema(tags=["swaps"], request=PlanSerializer, responses={200: OpenApiTypes.OBJECT})
@api_view(["GET", "PUT"])
@permission_classes([IsAuthenticated])
def plan(request: Request, event_pk: int) -> Response:
    """GET: the rounds with the deck swap and the time to choose. PUT: set them (the organiser)."""
    event = selectors.event_for(request.user, event_pk)
    if request.method == "PUT":
        wanted = _valid(PlanSerializer(data=request.data))
        return Response(_plan(services.set_plan(event, signed_in_user(request), **wanted)))
    return Response(_plan(services.plan_of(event)))


@extend_schema(tags=["swaps"], responses={200: OBJECTS})
@api_view(["GET"])
@permission_classes([IsAuthenticated])
def event_swaps(request: Request, event_pk: int) -> Response:
    """The event's swaps: all of them for the organiser and judges, the caller's own for a player."""
    user = signed_in_user(request)
    event = selectors.event_for(user, event_pk)
    manages = has_permission(user, Perm.VIEW_PRIVATE, event)
    found = reading.event_swaps(event) if manages else reading.my_swaps(user, event)
    return Response([reading.seat_state(swap, user) for swap in found])


@extend_schema(tags=["swaps"], responses={200: OpenApiTypes.OBJECT})
@api_view(["GET"])
@permission_classes([IsAuthenticated])
def swap(request: Request, pk: int) -> Response:
    """One pod's swap as the caller may see it (choices hidden until the whole pod has chosen)."""
    user = signed_in_user(request)
    return Response(reading.seat_state(services.swap_for(user, pk), user))


@extend_schema(tags=["swaps"], request=ChoiceSerializer, responses={200: OpenApiTypes.OBJECT})
@api_view(["POST"])
@permission_classes([IsAuthenticated])
def choose(request: Request, pk: int) -> Response:
    """Choose the 5 cards for the left and the 5 for the right (class card ids); every problem at once."""
    user = signed_in_user(request)
    done = services.choose(pk, user, **_valid(ChoiceSerializer(data=request.data)))
    return Response(reading.seat_state(done, user))


@extend_schema(tags=["swaps"], responses={200: OBJECTS})
@api_view(["GET"])
@permission_classes([IsAuthenticated])
def swap_log(request: Request, event_pk: int) -> Response:
    """The ownership log: every card passed (organiser and judges), or the caller's own passes."""
    event = selectors.event_for(request.user, event_pk)
    return Response(reading.swap_log(signed_in_user(request), event))
