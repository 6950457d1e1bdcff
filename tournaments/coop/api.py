"""The challenges API: challenges (list, read, create, edit, publish, finish), teams (list,
register), attempts (list, start), the leaderboard, and the daily challenge. Same services as the pages."""

from __future__ import annotations

from datetime import datetime
from typing import Any

from django.db.models import Q, QuerySet
from drf_spectacular.utils import extend_schema
from rest_framework import status, viewsets
from rest_framework.decorators import action
from rest_framework.permissions import IsAuthenticatedOrReadOnly
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.serializers import BaseSerializer

from accounts.auth import signed_in_user
from common.ids import ID_PATTERN
from gameplay.invitations.api import InvitationSerializer
from tournaments.api import _valid
from tournaments.coop import invitations, services
from tournaments.coop.models import Attempt, Challenge, Team
from tournaments.coop.serializers import (
    ChallengeAttemptInputSerializer,
    ChallengeAttemptSerializer,
    ChallengeTeamInputSerializer,
    ChallengeTeamSerializer,
    InviteInputSerializer,
    LeaderboardRowSerializer,
    RunemastersChallengeSerializer,
)


def _rules(data: dict[str, Any], name: str = "") -> services.Rules:
    starts: datetime = data["starts_at"]
    return services.Rules(
        name=data.get("name", name),
        difficulty=data.get("difficulty", "initiate"),
        guardian_count=data.get("guardian_count", 2),
        guardians=list(data.get("guardians") or []),
        timing=data.get("timing", Challenge.Timing.WINDOW),
        starts_at=starts,
        ends_at=data.get("ends_at"),
        attempts_allowed=data.get("attempts_allowed", 1),
        turn_seconds=data.get("turn_seconds"),
    )


@extend_schema(tags=["runemasters challenges"])
class ChallengeViewSet(viewsets.ModelViewSet[Challenge]):
    serializer_class = RunemastersChallengeSerializer
    permission_classes = [IsAuthenticatedOrReadOnly]
    lookup_value_regex = ID_PATTERN
    http_method_names = ["get", "post", "patch", "head", "options"]

    def get_queryset(self) -> QuerySet[Challenge]:
        return services.visible(self.request.user).select_related("organiser")

    def get_object(self) -> Challenge:
        return services.settle(super().get_object())

    def perform_create(self, serializer: BaseSerializer[Challenge]) -> None:
        serializer.instance = services.create_challenge(signed_in_user(self.request), _rules(_valid(serializer)))

    def perform_update(self, serializer: BaseSerializer[Challenge]) -> None:
        challenge = serializer.instance
        assert isinstance(challenge, Challenge)
        current = {
            name: getattr(challenge, name)
            for name in RunemastersChallengeSerializer.Meta.fields
            if hasattr(challenge, name)
        }
        merged = current | _valid(serializer)
        serializer.instance = services.edit_challenge(challenge, signed_in_user(self.request), _rules(merged))

    def _answer(self, challenge: Challenge) -> Response:
        return Response(RunemastersChallengeSerializer(challenge).data)

    @extend_schema(request=None, responses=RunemastersChallengeSerializer)
    @action(detail=True, methods=["post"])
    def publish(self, request: Request, pk: str) -> Response:
        return self._answer(services.publish(self.get_object(), signed_in_user(request)))

    @extend_schema(request=None, responses=RunemastersChallengeSerializer)
    @action(detail=True, methods=["post"])
    def finish(self, request: Request, pk: str) -> Response:
        return self._answer(services.finish(self.get_object(), signed_in_user(request)))

    @extend_schema(methods=["get"], request=None, responses=ChallengeTeamSerializer(many=True))
    @extend_schema(methods=["post"], request=ChallengeTeamInputSerializer, responses={201: ChallengeTeamSerializer})
    @action(detail=True, methods=["get", "post"], pagination_class=None)
    def teams(self, request: Request, pk: str) -> Response:
        challenge = self.get_object()
        if request.method == "GET":
            teams = Team.objects.filter(challenge=challenge).select_related("captain").prefetch_related("members__user")
            return Response(ChallengeTeamSerializer(teams, many=True).data)
        data = _valid(ChallengeTeamInputSerializer(data=request.data))
        team = services.register_team(challenge, signed_in_user(request), data["name"], data["members"])
        return Response(ChallengeTeamSerializer(team).data, status=status.HTTP_201_CREATED)

    @extend_schema(request=InviteInputSerializer, responses={201: InvitationSerializer})
    @action(detail=True, methods=["post"])
    def invite(self, request: Request, pk: str) -> Response:
        """The captain invites a player to their team; the player joins only by accepting."""
        data = _valid(InviteInputSerializer(data=request.data))
        made = invitations.invite(self.get_object(), signed_in_user(request), data["player"])
        return Response(InvitationSerializer(made).data, status=status.HTTP_201_CREATED)

    @extend_schema(request=None, responses={204: None})
    @action(detail=True, methods=["post"])
    def leave(self, request: Request, pk: str) -> Response:
        """A member (not the captain) leaves their team before its first attempt."""
        invitations.leave(self.get_object(), signed_in_user(request))
        return Response(status=status.HTTP_204_NO_CONTENT)

    @extend_schema(request=None, responses={204: None})
    @action(detail=True, methods=["post"], url_path="withdraw-team")
    def withdraw_team(self, request: Request, pk: str) -> Response:
        """The captain withdraws their team before its first attempt."""
        invitations.withdraw_team(self.get_object(), signed_in_user(request))
        return Response(status=status.HTTP_204_NO_CONTENT)

    @extend_schema(methods=["get"], request=None, responses=ChallengeAttemptSerializer(many=True))
    @extend_schema(
        methods=["post"], request=ChallengeAttemptInputSerializer, responses={201: ChallengeAttemptSerializer}
    )
    @action(detail=True, methods=["get", "post"], pagination_class=None)
    def attempts(self, request: Request, pk: str) -> Response:
        """GET: the finished attempts (and, for a member, their team's own); POST: start one."""
        challenge = self.get_object()
        if request.method == "GET":
            mine = services.team_of(challenge, request.user)
            seen = Q(finished_at__isnull=False) | (Q(pk__in=[]) if mine is None else Q(team=mine))
            shown = Attempt.objects.filter(seen, team__challenge=challenge).select_related("team")
            return Response(ChallengeAttemptSerializer(shown.order_by("team_id", "number"), many=True).data)
        data = _valid(ChallengeAttemptInputSerializer(data=request.data))
        attempt = services.start_attempt(challenge, signed_in_user(request), data.get("guardians"))
        return Response(ChallengeAttemptSerializer(attempt).data, status=status.HTTP_201_CREATED)

    @extend_schema(request=None, responses=LeaderboardRowSerializer(many=True))
    @action(detail=True, methods=["get"], pagination_class=None)
    def leaderboard(self, request: Request, pk: str) -> Response:
        challenge = self.get_object()
        rows = services.leaderboard(challenge)
        return Response(LeaderboardRowSerializer(rows, many=True, context={"replays": challenge.is_finished}).data)

    @extend_schema(request=None, responses=RunemastersChallengeSerializer)
    @action(detail=False, methods=["get"])
    def daily(self, request: Request) -> Response:
        """Today's (UTC) daily challenge, made the first time anyone asks."""
        return self._answer(services.daily_challenge())
