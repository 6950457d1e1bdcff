"""The signed-in user of a request, typed (every view behind a login check asks here), and the
API's token authentication."""

from __future__ import annotations

from functools import cache
from typing import Protocol

import drf_spectacular.authentication
from django.contrib.auth.models import AnonymousUser
from django.db import connection
from django.utils.translation import gettext_lazy as _
from rest_framework import authentication, exceptions
from rest_framework.authtoken.models import Token
from rest_framework.request import Request

from accounts.models import User


class HasUser(Protocol):
    user: User | AnonymousUser


def signed_in_user(request: HasUser) -> User:
    """The request's user; only for views that require a login (anything else is a bug)."""
    user = request.user
    assert isinstance(user, User), "this view requires a signed-in user"
    return user


class SessionAuthentication(authentication.SessionAuthentication):
    """DRF's session authentication (with its CSRF check), first in the list so pages' calls work as
    before. DRF answers 401 only when the first class names a challenge; this one names the token
    scheme when the request presented an ``Authorization`` header, so a bad or revoked token gets
    ``401`` with ``WWW-Authenticate: Token``. A request with no credentials at all keeps DRF's
    session answer, 403."""

    def authenticate_header(self, request: Request) -> str | None:
        if request.META.get("HTTP_AUTHORIZATION"):
            return TokenAuthentication.keyword
        return None


class SessionScheme(drf_spectacular.authentication.SessionScheme):
    """The schema names this class as drf-spectacular names DRF's own (``cookieAuth``)."""

    target_class = "accounts.auth.SessionAuthentication"


class TokenAuthentication(authentication.TokenAuthentication):
    """DRF's token authentication (``Authorization: Token <key>``, the same answers and errors),
    with the token and its user read by one plain SQL query built once per process: through the
    ORM the same lookup was compiled again on every request, about a sixth of a web process's CPU
    per move under the match benchmark (``docs/matches.md``)."""

    def authenticate_credentials(self, key: str) -> tuple[User, Token]:
        found = list(User.objects.raw(_token_sql(), [key]))
        if not found:
            raise exceptions.AuthenticationFailed(_("Invalid token."))
        user = found[0]
        if not user.is_active:
            raise exceptions.AuthenticationFailed(_("User inactive or deleted."))
        token = Token(key=key, user_id=user.pk, created=user.token_created)  # type: ignore[attr-defined]
        # ``token.user`` is this user, read no more; not ``Token(user=user)``, which also made the
        # user name the token (``user.auth_token``): a reference cycle left to the garbage collector.
        Token.user.field.set_cached_value(token, user)
        return user, token


@cache
def _token_sql() -> str:
    quote = connection.ops.quote_name
    users, tokens = User._meta, Token._meta
    # The user's columns by name, not ``u.*``: a prepared statement (config/settings.py) whose
    # result columns changed under it (a migration adding one) would fail until its connection closed.
    columns = ", ".join(f"u.{quote(field.column)}" for field in users.concrete_fields)
    return (
        f"SELECT {columns}, t.{quote(tokens.get_field('created').column)} AS token_created "
        f"FROM {quote(users.db_table)} u INNER JOIN {quote(tokens.db_table)} t "
        f"ON t.{quote(tokens.get_field('user').column)} = u.{quote(users.pk.column)} "
        f"WHERE t.{quote(tokens.get_field('key').column)} = %s"
    )
