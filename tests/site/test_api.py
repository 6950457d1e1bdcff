from __future__ import annotations

import pytest
from django.test import Client
from rest_framework.authtoken.models import Token

from tests.conftest import Personas
from tests.factories import PASSWORD, UserFactory

pytestmark = pytest.mark.django_db


def test_the_api_root_lists_the_endpoints(client: Client) -> None:
    body = client.get("/api/", HTTP_ACCEPT="application/json").json()
    assert {"me", "token", "schema", "docs", "health"} <= set(body)


def test_me_needs_authentication_and_answers_for_each_persona(personas: Personas) -> None:
    assert personas.client("anonymous").get("/api/me/").status_code in (401, 403)
    for who in ("organiser", "judge", "player", "outsider"):
        body = personas.client(who).get("/api/me/").json()
        assert body["username"] == getattr(personas, who).username
        assert body["is_organiser"] is (who == "organiser")


def test_a_token_from_username_and_password_authenticates_api_calls(client: Client) -> None:
    UserFactory.create(username="scripter")
    bad = client.post("/api/auth/token/", {"username": "scripter", "password": "wrong"})
    assert bad.status_code == 400
    token = client.post("/api/auth/token/", {"username": "scripter", "password": PASSWORD}).json()["token"]
    assert Token.objects.get(key=token).user.username == "scripter"
    me = Client().get("/api/me/", HTTP_AUTHORIZATION=f"Token {token}")
    assert me.status_code == 200 and me.json()["username"] == "scripter"


def test_me_refuses_to_change_read_only_fields(personas: Personas) -> None:
    client = personas.client("player")
    response = client.patch("/api/me/", {"display_name": "Pat", "is_organiser": True}, content_type="application/json")
    assert response.status_code == 200
    personas.player.refresh_from_db()
    assert personas.player.display_name == "Pat"
    assert personas.player.is_organiser is False


def test_the_openapi_schema_and_its_docs_are_served_without_a_cdn(client: Client) -> None:
    schema = client.get("/api/schema/", HTTP_ACCEPT="application/vnd.oai.openapi+json")
    assert schema.status_code == 200
    spec = schema.json()
    assert spec["openapi"].startswith("3.")
    assert "/api/me/" in spec["paths"]
    docs = client.get("/api/docs/").content.decode()
    assert "drf_spectacular_sidecar" in docs
    assert "cdn" not in docs.lower()


def test_token_authentication_is_one_query_and_refuses_unknown_tokens_and_inactive_users(client: Client) -> None:
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    user = UserFactory.create(username="scripter")
    token = Token.objects.create(user=user)
    with CaptureQueriesContext(connection) as queries:
        me = Client().get("/api/me/", HTTP_AUTHORIZATION=f"Token {token.key}")
    assert me.status_code == 200 and me.json()["username"] == "scripter"
    assert len(queries) == 1  # the token and its user together; /api/me/ reads nothing more
    unknown = Client().get("/api/me/", HTTP_AUTHORIZATION="Token " + "0" * 40)
    # 401 with a challenge: a presented token that is refused names the token scheme
    assert unknown.status_code == 401 and unknown.json()["detail"] == "Invalid token."
    assert unknown.headers["WWW-Authenticate"] == "Token"
    user.is_active = False
    user.save()
    inactive = Client().get("/api/me/", HTTP_AUTHORIZATION=f"Token {token.key}")
    assert inactive.status_code == 401 and inactive.json()["detail"] == "User inactive or deleted."
    spec = client.get("/api/schema/", HTTP_ACCEPT="application/vnd.oai.openapi+json").json()
    assert spec["components"]["securitySchemes"]["tokenAuth"]["type"] == "apiKey"


def test_the_api_is_resolved_before_the_pages_and_no_page_address_starts_with_api() -> None:
    """API requests (every move) resolve without trying the pages' patterns first; moving the API
    first changed no address, because no page's address starts with ``api/``."""
    from django.urls import URLPattern, URLResolver, get_resolver

    def addresses(pattern: URLPattern | URLResolver, prefix: str = "") -> list[str]:
        here = prefix + str(pattern.pattern)
        if isinstance(pattern, URLResolver):
            return [address for inner in pattern.url_patterns for address in addresses(inner, here)]
        return [here]

    first, *pages = get_resolver().url_patterns
    assert isinstance(first, URLResolver) and str(first.pattern) == "api/"
    page_addresses = [address for pattern in pages for address in addresses(pattern)]
    assert len(page_addresses) > 50 and not [a for a in page_addresses if a.startswith("api/")]
