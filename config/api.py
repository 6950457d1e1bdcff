"""The API root: a map of every endpoint group, for people and for clients."""

from __future__ import annotations

from drf_spectacular.utils import extend_schema
from rest_framework.decorators import api_view, permission_classes
from rest_framework.permissions import AllowAny
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.reverse import reverse


@extend_schema(exclude=True)
@api_view(["GET"])
@permission_classes([AllowAny])
def api_root(request: Request) -> Response:
    def link(name: str) -> str:
        return reverse(name, request=request)

    return Response(
        {
            "me": link("api-me"),
            "token": link("api-token"),
            "schema": link("api-schema"),
            "docs": link("api-docs"),
            "health": link("healthz"),
        }
    )
