"""The event form in Chromium: picking a Classic format sets "Best of three" until the organiser
chooses the number of games themselves."""

from __future__ import annotations

from typing import Any

import pytest

from tests.browser.test_event_flow import logged_in_page
from tests.factories import OrganiserFactory


@pytest.mark.django_db(transaction=True)
def test_a_classic_format_sets_best_of_three_unless_the_organiser_chose(browser: Any, live_server: Any) -> None:
    page = logged_in_page(browser, live_server, OrganiserFactory.create())
    page.goto(f"{live_server.url}/events/new/")
    assert page.locator("#id_best_of").input_value() == "1"
    page.select_option("#id_format", "classic-constructed")
    assert page.locator("#id_best_of").input_value() == "3"
    page.select_option("#id_format", "awakening-constructed")
    assert page.locator("#id_best_of").input_value() == "1"
    page.select_option("#id_best_of", "3")  # the organiser's own choice stays
    page.select_option("#id_format", "awakening-starter")
    assert page.locator("#id_best_of").input_value() == "3"
    page.context.close()
