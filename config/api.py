"""The API root: a map of every endpoint group, for people and for clients."""

from __future__ import annotations

from drf_spectacular.utils import extend_schema
from rest_framework.decorators import api_view, permission_classes
from rest_framework.permissions import AllowAny
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.reverse import reverse

from gameplay import api_urls as gameplay_api_urls
from tournaments import api_urls as tournaments_api_urls
from tournaments.coop import api_urls as coop_api_urls
from tournaments.drafts import api_urls as drafts_api_urls
from tournaments.ratings import api_urls as ratings_api_urls

ROOT_LINKS = {"me": "api-me", "token": "api-token", "schema": "api-schema", "docs": "api-docs", "health": "healthz"}


@extend_schema(exclude=True)
@api_view(["GET"])
@permission_classes([AllowAny])
def api_root(request: Request) -> Response:
    def link(name: str) -> str:
        return reverse(name, request=request)

    links = {name: link(url_name) for name, url_name in ROOT_LINKS.items()}
    for module in (gameplay_api_urls, tournaments_api_urls, drafts_api_urls, coop_api_urls, ratings_api_urls):
        links.update({name: link(url_name) for name, url_name in module.API_ROOT_LINKS.items()})
    return Response(links)
