"""Abuse limits on the pages and the API: a clear message with the wait, 429 and Retry-After, nothing done."""

from __future__ import annotations

import re
from collections.abc import Iterator
from datetime import UTC, datetime
from typing import Any

import pytest
from django.core import mail
from django.core.cache import cache
from django.core.exceptions import ImproperlyConfigured
from django.test import Client, override_settings
from rest_framework.authtoken.models import Token

from accounts import throttling
from accounts.models import User
from config.env import env_rate
from gameplay.matches.models import MatchChallenge, PlayMatch
from tests.factories import PASSWORD, UserFactory

pytestmark = pytest.mark.django_db

LOW = {
    "sign-in": "2/minute",
    "token": "2/minute",
    "sign-up": "1/hour",
    "password-reset": "1/hour",
    "practice-match": "1/hour",
    "challenge": "1/hour",
}
WAIT = re.compile(r"Try again in (\d+) (seconds?|minutes)\.")


def forget_counts() -> None:
    client = cache._cache.get_client(write=True)  # type: ignore[attr-defined]
    for key in client.scan_iter(match=f"{cache.make_key('throttle:')}*"):
        client.delete(key)


@pytest.fixture(autouse=True)
def low_limits(time_machine: Any) -> Iterator[None]:
    """Low limits, and the clock stopped at one instant: windows are aligned to the clock, so a test
    whose attempts straddled the end of a minute (or hour) would start counting again midway."""
    time_machine.move_to(datetime(2026, 11, 24, 10, 0, 5, tzinfo=UTC), tick=False)
    forget_counts()
    with override_settings(THROTTLE_RATES=LOW):
        yield
    forget_counts()


def assert_refused(response: object, message: str) -> str:
    """The answer is a 429 whose text says ``message`` and how long to wait, matching Retry-After."""
    assert response.status_code == 429  # type: ignore[attr-defined]
    retry_after = int(response.headers["Retry-After"])  # type: ignore[attr-defined]
    content = response.content.decode()  # type: ignore[attr-defined]
    text = response.json()["detail"] if "json" in response.headers["Content-Type"] else content  # type: ignore[attr-defined]
    assert message in text
    found = WAIT.search(text)
    assert found is not None, text
    amount = int(found.group(1))
    assert amount == retry_after if found.group(2).startswith("second") else amount == -(-retry_after // 60)
    return text


def test_the_suite_runs_with_limits_it_never_reaches() -> None:
    from config import settings as config_settings  # the values test mode starts with, under the overrides

    assert set(config_settings.THROTTLE_RATES) == set(LOW)
    assert all(rate == "100000/minute" for rate in config_settings.THROTTLE_RATES.values())


def test_a_rate_in_the_environment_is_checked_and_named() -> None:
    assert env_rate("THROTTLE_SIGN_IN", "10/minute", environ={"THROTTLE_SIGN_IN": "5/hour"}) == "5/hour"
    with pytest.raises(ImproperlyConfigured, match="THROTTLE_SIGN_IN: .*10/minute or 5/hour; got 'lots'"):
        env_rate("THROTTLE_SIGN_IN", "10/minute", environ={"THROTTLE_SIGN_IN": "lots"})


def test_the_wait_is_the_rest_of_the_window_and_the_message_says_it() -> None:
    start = 60 * 1_000_000.0  # a window's first second
    key = "test|wait"
    assert throttling.hit("sign-in", key, now=start + 1) is None
    assert throttling.hit("sign-in", key, now=start + 2) is None
    assert throttling.hit("sign-in", key, now=start + 18) == 42
    assert throttling.refusal("sign-in", 42) == "Too many sign-in attempts. Try again in 42 seconds."
    assert throttling.refusal("sign-up", 1) == "Too many sign-ups from your address. Try again in 1 second."
    assert throttling.refusal("sign-up", 3000) == "Too many sign-ups from your address. Try again in 50 minutes."
    assert throttling.hit("sign-in", key, now=start + 60) is None  # the next window starts afresh


def test_sign_in_page_refuses_past_the_limit_keeps_the_username_and_signs_nobody_in() -> None:
    UserFactory.create(username="pat")
    client = Client()
    for _ in range(2):
        assert client.post("/accounts/login/", {"username": "pat", "password": "wrong"}).status_code == 200
    refused = client.post("/accounts/login/", {"username": "pat", "password": PASSWORD})
    assert_refused(refused, "Too many sign-in attempts.")
    assert 'data-testid="throttled"' in refused.content.decode()
    assert 'value="pat"' in refused.content.decode()
    assert "_auth_user_id" not in client.session
    UserFactory.create(username="kim")  # another account from the same address is not locked out
    assert client.post("/accounts/login/", {"username": "kim", "password": PASSWORD}).status_code == 302


def test_sign_in_from_another_address_is_not_refused() -> None:
    UserFactory.create(username="pat")
    for _ in range(3):
        Client(REMOTE_ADDR="192.0.2.1").post("/accounts/login/", {"username": "pat", "password": "wrong"})
    other = Client(REMOTE_ADDR="192.0.2.2").post("/accounts/login/", {"username": "pat", "password": PASSWORD})
    assert other.status_code == 302


def test_token_requests_past_the_limit_get_429_and_no_token() -> None:
    UserFactory.create(username="scripter")
    client = Client()
    for _ in range(2):
        assert client.post("/api/auth/token/", {"username": "scripter", "password": "wrong"}).status_code == 400
    refused = client.post("/api/auth/token/", {"username": "scripter", "password": PASSWORD})
    assert_refused(refused, "Too many token requests.")
    assert not Token.objects.filter(user__username="scripter").exists()
    # a body that is not an object is counted (under no username) and refused cleanly, never a 500
    odd = Client(REMOTE_ADDR="192.0.2.9")
    assert odd.post("/api/auth/token/", ["a", "list"], content_type="application/json").status_code == 400


def test_sign_up_past_the_limit_shows_the_form_again_and_creates_nobody() -> None:
    client = Client()
    data = {"username": "newbie", "display_name": "New", "email": "new@example.com",
            "password1": "a-long-pass-phrase", "password2": "a-long-pass-phrase"}  # fmt: skip
    assert client.post("/accounts/signup/", {**data, "password2": "other"}).status_code == 400
    refused = client.post("/accounts/signup/", data)
    assert_refused(refused, "Too many sign-ups from your address.")
    assert 'value="newbie"' in refused.content.decode() and "a-long-pass-phrase" not in refused.content.decode()
    assert not User.objects.filter(username="newbie").exists()


def test_password_reset_past_the_limit_sends_no_more_mail() -> None:
    UserFactory.create(username="pat", email="pat@example.com")
    client = Client()
    assert client.post("/accounts/password_reset/", {"email": "pat@example.com"}).status_code == 302
    refused = client.post("/accounts/password_reset/", {"email": "pat@example.com"})
    assert_refused(refused, "Too many password-reset requests.")
    assert len(mail.outbox) == 1


def api_client(user: User) -> Client:
    client = Client()
    client.force_login(user)
    return client


PRACTICE = {"bot": "random", "starter": "eva-starter", "bot_starter": "romin-starter"}


def test_practice_matches_through_the_api_past_the_limit_get_429_per_user() -> None:
    ann, bob = UserFactory.create(username="ann"), UserFactory.create(username="bob")
    assert api_client(ann).post("/api/play/practice/", PRACTICE).status_code == 201
    assert_refused(api_client(ann).post("/api/play/practice/", PRACTICE), "Too many practice matches started.")
    assert PlayMatch.objects.filter(player1=ann).count() == 1
    assert api_client(bob).post("/api/play/practice/", PRACTICE).status_code == 201


def test_challenges_through_the_api_past_the_limit_get_429() -> None:
    ann = UserFactory.create(username="ann")
    UserFactory.create(username="bob")
    UserFactory.create(username="cy")
    made = api_client(ann).post("/api/play/challenges/", {"opponent": "bob", "starter": "eva-starter"})
    assert made.status_code == 201
    refused = api_client(ann).post("/api/play/challenges/", {"opponent": "cy", "starter": "eva-starter"})
    assert_refused(refused, "Too many challenges sent.")
    assert MatchChallenge.objects.filter(challenger=ann).count() == 1


def test_the_play_page_refuses_practice_matches_and_challenges_past_their_limits() -> None:
    ann = UserFactory.create(username="ann")
    UserFactory.create(username="bob")
    page = api_client(ann)
    assert page.post("/play/", PRACTICE).status_code == 302
    refused = page.post("/play/", PRACTICE)
    assert_refused(refused, "Too many practice matches started.")
    assert PlayMatch.objects.filter(player1=ann).count() == 1
    challenge = {"action": "challenge", "opponent": "bob", "starter": "eva-starter"}
    assert page.post("/play/", challenge).status_code == 302
    assert_refused(page.post("/play/", challenge), "Too many challenges sent.")
    assert MatchChallenge.objects.filter(challenger=ann).count() == 1
