from __future__ import annotations

from typing import Any

import pytest

from accounts.models import User


@pytest.mark.django_db(transaction=True)
def test_a_new_user_signs_up_logs_out_logs_in_and_sees_the_home_page(page: Any, live_server: Any) -> None:
    base = live_server.url
    page.goto(f"{base}/")
    page.get_by_role("link", name="Create an account").click()

    page.fill("#id_username", "ada")
    page.fill("#id_display_name", "Ada the Bold")
    page.fill("#id_email", "ada@example.com")
    page.fill("#id_password1", "a-long-pass-phrase")
    page.fill("#id_password2", "a-different-phrase")
    page.get_by_role("button", name="Sign up").click()
    assert "didn’t match" in page.locator("#id_password2-errors").inner_text()
    assert not User.objects.filter(username="ada").exists()

    page.fill("#id_password1", "a-long-pass-phrase")
    page.fill("#id_password2", "a-long-pass-phrase")
    page.get_by_role("button", name="Sign up").click()
    assert page.get_by_test_id("greeting").inner_text() == "Signed in as Ada the Bold."

    page.get_by_role("button", name="Menu").click()  # the phone-width menu
    page.get_by_role("button", name="Log out").click()
    page.wait_for_url(f"{base}/")
    assert page.get_by_test_id("greeting").count() == 0
    assert page.get_by_role("link", name="Create an account").is_visible()

    page.goto(f"{base}/accounts/login/")
    page.fill("#id_username", "ada")
    page.fill("#id_password", "a-long-pass-phrase")
    page.get_by_role("button", name="Log in").click()
    page.wait_for_url(f"{base}/")
    assert page.get_by_test_id("greeting").inner_text() == "Signed in as Ada the Bold."
    assert page.title() == "Home · Fett"
