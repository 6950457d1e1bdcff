from __future__ import annotations

import re
from typing import TYPE_CHECKING

import pytest
from django.core import mail
from django.test import Client

from accounts.models import User
from tests.conftest import Personas
from tests.factories import PASSWORD, UserFactory

if TYPE_CHECKING:  # the test client's response type exists only in django-stubs
    from django.test.client import _MonkeyPatchedWSGIResponse as TestResponse

pytestmark = pytest.mark.django_db


def signup(client: Client, **overrides: str) -> TestResponse:
    data = {
        "username": "newbie",
        "display_name": "New Bie",
        "email": "newbie@example.com",
        "password1": "a-long-pass-phrase",
        "password2": "a-long-pass-phrase",
        **overrides,
    }
    return client.post("/accounts/signup/", data)


def test_signing_up_creates_the_account_and_logs_in(client: Client) -> None:
    response = signup(client)
    assert response.status_code == 302
    user = User.objects.get(username="newbie")
    assert user.public_name == "New Bie"
    assert not user.is_organiser
    home = client.get("/")
    assert "Signed in as <strong>New Bie</strong>" in home.content.decode()


def test_a_bad_sign_up_shows_each_error_next_to_its_field_and_creates_nothing(client: Client) -> None:
    UserFactory.create(username="taken", email="taken@example.com")
    response = signup(client, username="taken", email="TAKEN@example.com", password2="different")
    assert response.status_code == 400
    html = response.content.decode()
    assert 'id="id_username-errors"' in html
    assert 'id="id_email-errors"' in html and "already exists" in html
    assert 'id="id_password2-errors"' in html
    assert User.objects.count() == 1


def test_log_in_and_out() -> None:
    UserFactory.create(username="pat")
    client = Client()
    assert client.post("/accounts/login/", {"username": "pat", "password": "wrong"}).status_code == 200
    assert "_auth_user_id" not in client.session
    assert client.post("/accounts/login/", {"username": "pat", "password": PASSWORD}).status_code == 302
    assert "_auth_user_id" in client.session
    assert client.post("/accounts/logout/").status_code == 302
    assert "_auth_user_id" not in client.session


def test_password_change_needs_the_old_password(client: Client) -> None:
    user = UserFactory.create(username="pat")
    client.force_login(user)
    bad = client.post(
        "/accounts/password_change/",
        {"old_password": "nope", "new_password1": "fresh-pass-phrase-9", "new_password2": "fresh-pass-phrase-9"},
    )
    assert bad.status_code == 200 and "id_old_password-errors" in bad.content.decode()
    good = client.post(
        "/accounts/password_change/",
        {"old_password": PASSWORD, "new_password1": "fresh-pass-phrase-9", "new_password2": "fresh-pass-phrase-9"},
    )
    assert good.status_code == 302
    user.refresh_from_db()
    assert user.check_password("fresh-pass-phrase-9")


def test_password_reset_mails_a_working_link(client: Client) -> None:
    user = UserFactory.create(username="pat", email="pat@example.com")
    assert client.post("/accounts/password_reset/", {"email": "pat@example.com"}).status_code == 302
    assert len(mail.outbox) == 1
    link = re.search(r"http://testserver(/accounts/reset/\S+/)", str(mail.outbox[0].body))
    assert link is not None
    form = client.get(link.group(1), follow=True)
    assert form.status_code == 200
    done = client.post(
        form.redirect_chain[-1][0], {"new_password1": "brand-new-phrase-7", "new_password2": "brand-new-phrase-7"}
    )
    assert done.status_code == 302
    user.refresh_from_db()
    assert user.check_password("brand-new-phrase-7")


def test_an_unknown_address_gets_the_same_answer_and_no_mail(client: Client) -> None:
    assert client.post("/accounts/password_reset/", {"email": "nobody@example.com"}).status_code == 302
    assert mail.outbox == []


def test_the_profile_page_edits_the_display_name_for_its_owner_only(personas: Personas) -> None:
    anonymous = personas.client("anonymous").get("/accounts/profile/")
    assert anonymous.status_code == 302 and "/accounts/login/" in anonymous["Location"]
    client = personas.client("player")
    assert (
        client.post("/accounts/profile/", {"display_name": "Pat the Bold", "email": "pat@example.com"}).status_code
        == 302
    )
    personas.player.refresh_from_db()
    assert personas.player.display_name == "Pat the Bold"
    personas.outsider.refresh_from_db()
    assert personas.outsider.display_name != "Pat the Bold"


def test_staff_reach_the_admin_and_players_do_not(personas: Personas) -> None:
    personas.organiser.is_staff = True
    personas.organiser.save()
    assert personas.client("organiser").get("/admin/").status_code == 200
    assert personas.client("player").get("/admin/").status_code == 302
    assert personas.client("anonymous").get("/admin/").status_code == 302
