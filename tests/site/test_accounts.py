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


HIDDEN = ["Eva\u202eK", "\u200fEva", "Ev\u0007a", "Eva\u200b", "Eva\u2066x\u2069", "Eva\u2028K", "Eva\ufeff"]


def _taken(personas: Personas) -> None:
    User.objects.filter(pk=personas.outsider.pk).update(display_name="Olly Quick", email="olly@example.com")
    User.objects.filter(pk=personas.judge.pk).update(display_name="")  # shown by the username, "judy"


def test_the_profile_refuses_another_accounts_email_or_name_and_hidden_characters(personas: Personas) -> None:
    _taken(personas)
    client = personas.client("player")
    before = User.objects.values_list("display_name", "email").get(pk=personas.player.pk)
    refusals = [
        ({"display_name": "Pat", "email": "OLLY@example.com"}, "email", "already exists"),
        ({"display_name": "olly quick", "email": "pat@example.com"}, "display_name", "already shown as"),
        ({"display_name": "  Olly   Quick ", "email": "pat@example.com"}, "display_name", "already shown as"),
        ({"display_name": "JUDY", "email": "pat@example.com"}, "display_name", "already shown as"),
        *(({"display_name": name, "email": "pat@example.com"}, "display_name", "invisible") for name in HIDDEN),
        ({"display_name": "Pat", "email": '"\u0001"@example.com'}, "email", ""),
    ]
    for data, field, words in refusals:
        answer = client.post("/accounts/profile/", data)
        html = answer.content.decode()
        assert answer.status_code == 400, data
        assert f'id="id_{field}-errors"' in html and words in html, data
        assert User.objects.values_list("display_name", "email").get(pk=personas.player.pk) == before


def test_me_refuses_another_accounts_email_or_name_and_hidden_characters_naming_the_field(
    personas: Personas,
) -> None:
    _taken(personas)
    client = personas.client("player")
    before = User.objects.values_list("display_name", "email").get(pk=personas.player.pk)
    refusals = [
        ({"email": "Olly@Example.com"}, "email", "already exists"),
        ({"display_name": "OLLY QUICK"}, "display_name", "already shown as"),
        ({"display_name": "Judy"}, "display_name", "already shown as"),
        *(({"display_name": name}, "display_name", "invisible") for name in HIDDEN),
    ]
    for data, field, words in refusals:
        answer = client.patch("/api/me/", data, content_type="application/json")
        assert answer.status_code == 400, data
        assert list(answer.json()) == [field] and words in answer.json()[field][0], answer.json()
        assert User.objects.values_list("display_name", "email").get(pk=personas.player.pk) == before


def test_names_others_do_not_show_and_ones_own_are_accepted(personas: Personas) -> None:
    """A guest's name is free (the guest is claimed later); a script may keep its own name and
    address, in any case, even when an older account shares them; ZWJ (emoji, scripts) is allowed."""
    _taken(personas)
    User.objects.create(username="guest-1", display_name="Gwen", is_guest=True, is_active=False)
    client = personas.client("player")
    for data in ({"display_name": "Gwen"}, {"display_name": "Pat \U0001f468\u200d\U0001f373"},
                 {"email": "PAT@Example.com"}, {"display_name": ""}):  # fmt: skip
        answer = client.patch("/api/me/", data, content_type="application/json")
        assert answer.status_code == 200, (data, answer.json())
    assert User.objects.get(pk=personas.player.pk).email == "pat@example.com"
    User.objects.filter(pk=personas.player.pk).update(display_name="Olly Quick")  # from before the rule
    kept = client.post("/accounts/profile/", {"display_name": "Olly Quick", "email": "p@example.com"})
    assert kept.status_code == 302


def test_sign_up_refuses_a_name_another_player_shows_or_hidden_characters(client: Client) -> None:
    UserFactory.create(username="eva", display_name="Eva K")
    for name in ("eva k", "Eva\u202eK"):
        answer = signup(client, display_name=name)
        assert answer.status_code == 400 and 'id="id_display_name-errors"' in answer.content.decode()
    assert not User.objects.filter(username="newbie").exists()
