"""The invitations API: the caller's invitations, received and sent (newest first), and their
answers: accept, decline (the invited player), withdraw (whoever sent it). Same services as the page."""

from __future__ import annotations

from typing import Any

from django.db.models import Q, QuerySet
from drf_spectacular.utils import extend_schema
from rest_framework import serializers, viewsets
from rest_framework.decorators import action
from rest_framework.permissions import IsAuthenticated
from rest_framework.request import Request
from rest_framework.response import Response

from accounts.auth import signed_in_user
from common.ids import ID_PATTERN
from gameplay.invitations import services
from gameplay.invitations.models import Invitation


class InvitationSerializer(serializers.ModelSerializer[Invitation]):
    kind_label = serializers.CharField(source="get_kind_display", read_only=True)
    inviter = serializers.CharField(source="inviter.public_name", read_only=True)
    invitee = serializers.CharField(source="invitee.public_name", read_only=True)
    status_label = serializers.CharField(source="get_status_display", read_only=True)
    about = serializers.CharField(read_only=True, help_text="What the invitation is to, in words.")

    class Meta:
        model = Invitation
        fields = (
            "id", "kind", "kind_label", "about", "inviter", "invitee", "status", "status_label", "created_at",
            "answered_at",
        )  # fmt: skip
        read_only_fields = fields


@extend_schema(tags=["invitations"])
class InvitationViewSet(viewsets.ReadOnlyModelViewSet[Invitation]):
    """The caller's invitations, received and sent (newest first); accept, decline, withdraw."""

    serializer_class = InvitationSerializer
    permission_classes = [IsAuthenticated]
    lookup_value_regex = ID_PATTERN

    def get_queryset(self) -> QuerySet[Invitation]:
        user = self.request.user
        return Invitation.objects.filter(Q(invitee=user) | Q(inviter=user)).select_related("inviter", "invitee")

    def _answer(self, run: Any, pk: str) -> Response:
        return Response(InvitationSerializer(run(int(pk), signed_in_user(self.request))).data)

    @extend_schema(request=None, responses=InvitationSerializer)
    @action(detail=True, methods=["post"])
    def accept(self, request: Request, pk: str) -> Response:
        return self._answer(services.accept, pk)

    @extend_schema(request=None, responses=InvitationSerializer)
    @action(detail=True, methods=["post"])
    def decline(self, request: Request, pk: str) -> Response:
        return self._answer(services.decline, pk)

    @extend_schema(request=None, responses=InvitationSerializer)
    @action(detail=True, methods=["post"])
    def withdraw(self, request: Request, pk: str) -> Response:
        return self._answer(services.withdraw, pk)
