"""API tokens: a bad token is challenged (401), and a password change or reset revokes old tokens."""

from __future__ import annotations

import re

import pytest
from django.core import mail
from django.test import Client

from accounts.models import User
from tests.factories import PASSWORD, UserFactory

pytestmark = pytest.mark.django_db

NEW_PASSWORD = "fresh-pass-phrase-9"


def me(token: str) -> object:
    return Client().get("/api/me/", HTTP_AUTHORIZATION=f"Token {token}")


def issued_token(user: User, password: str = PASSWORD) -> str:
    answer = Client().post("/api/auth/token/", {"username": user.username, "password": password})
    assert answer.status_code == 200, answer.content
    token: str = answer.json()["token"]
    assert me(token).status_code == 200  # type: ignore[attr-defined]
    return token


def assert_refused(token: str) -> None:
    response = me(token)
    assert response.status_code == 401  # type: ignore[attr-defined]
    assert response.headers["WWW-Authenticate"] == "Token"  # type: ignore[attr-defined]
    assert response.json()["detail"] == "Invalid token."  # type: ignore[attr-defined]


def test_an_unknown_token_gets_401_with_a_token_challenge() -> None:
    assert_refused("0" * 40)


def test_a_malformed_authorization_header_gets_401_with_a_token_challenge() -> None:
    response = Client().get("/api/me/", HTTP_AUTHORIZATION="Token two words")
    assert response.status_code == 401 and response.headers["WWW-Authenticate"] == "Token"


def test_an_inactive_users_token_gets_401() -> None:
    user = UserFactory.create(username="scripter")
    token = issued_token(user)
    user.is_active = False
    user.save()
    response = me(token)
    assert response.status_code == 401 and response.json()["detail"] == "User inactive or deleted."  # type: ignore[attr-defined]


def test_without_credentials_the_api_still_answers_403_and_sessions_still_need_csrf() -> None:
    anonymous = Client().get("/api/me/")
    assert anonymous.status_code == 403 and "WWW-Authenticate" not in anonymous.headers
    user = UserFactory.create(username="pat")
    browser = Client(enforce_csrf_checks=True)
    browser.force_login(user)
    assert browser.get("/api/me/").status_code == 200
    refused = browser.patch("/api/me/", {"display_name": "Pat"}, content_type="application/json")
    assert refused.status_code == 403 and "CSRF" in refused.json()["detail"]


def test_a_password_change_on_the_site_revokes_the_users_tokens() -> None:
    user = UserFactory.create(username="pat")
    old = issued_token(user)
    other = UserFactory.create(username="kim")
    others = issued_token(other)
    client = Client()
    client.force_login(user)
    changed = client.post(
        "/accounts/password_change/",
        {"old_password": PASSWORD, "new_password1": NEW_PASSWORD, "new_password2": NEW_PASSWORD},
    )
    assert changed.status_code == 302
    assert_refused(old)
    assert me(others).status_code == 200  # type: ignore[attr-defined]
    fresh = issued_token(user, NEW_PASSWORD)
    assert fresh != old


def test_a_password_reset_revokes_the_users_tokens() -> None:
    user = UserFactory.create(username="pat", email="pat@example.com")
    old = issued_token(user)
    client = Client()
    assert client.post("/accounts/password_reset/", {"email": "pat@example.com"}).status_code == 302
    link = re.search(r"http://testserver(/accounts/reset/\S+/)", str(mail.outbox[0].body))
    assert link is not None
    form = client.get(link.group(1), follow=True)
    done = client.post(form.redirect_chain[-1][0], {"new_password1": NEW_PASSWORD, "new_password2": NEW_PASSWORD})
    assert done.status_code == 302
    assert_refused(old)
    issued_token(user, NEW_PASSWORD)


def test_a_password_set_by_staff_in_the_admin_revokes_the_users_tokens() -> None:
    user = UserFactory.create(username="pat")
    old = issued_token(user)
    staff = UserFactory.create(username="boss", is_staff=True, is_superuser=True)
    admin = Client()
    admin.force_login(staff)
    changed = admin.post(
        f"/admin/accounts/user/{user.pk}/password/",
        {"password1": NEW_PASSWORD, "password2": NEW_PASSWORD, "usable_password": "true"},
    )
    assert changed.status_code == 302, changed.content.decode()[:2000]
    assert_refused(old)


def test_saving_a_user_without_a_new_password_keeps_their_tokens() -> None:
    user = UserFactory.create(username="pat")
    token = issued_token(user)
    user.display_name = "Pat"
    user.save()
    user.set_password(PASSWORD)  # set but not yet saved: the token still works until it is
    assert me(token).status_code == 200  # type: ignore[attr-defined]
    user.save()
    assert_refused(token)
