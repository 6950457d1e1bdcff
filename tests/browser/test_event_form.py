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


@pytest.mark.django_db(transaction=True)
def test_the_on_site_settings_show_only_while_played_on_the_site_is_ticked(browser: Any, live_server: Any) -> None:
    page = logged_in_page(browser, live_server, OrganiserFactory.create())
    page.goto(f"{live_server.url}/events/new/")
    on_site = ("#id_clock_minutes", "#id_window_seconds", "#id_arrival_minutes", "#id_extra_turns",
               "#id_clock_loses_match", "#id_matches_public")  # fmt: skip
    assert not page.locator("#id_played_on_site").is_checked()
    assert all(page.locator(field).is_hidden() for field in on_site)
    assert page.locator("#id_best_of").is_visible() and page.locator("#id_capacity").is_visible()
    page.check("#id_played_on_site")
    assert all(page.locator(field).is_visible() for field in on_site)
    page.select_option("#id_structure", "pods")  # a pod event is never played here: hidden again
    assert all(page.locator(field).is_hidden() for field in on_site)
    page.select_option("#id_structure", "swiss")
    assert all(page.locator(field).is_visible() for field in on_site)
    page.select_option("#id_format", "runebound-custom")  # a game played at the table unticks it
    assert not page.locator("#id_played_on_site").is_checked()
    assert all(page.locator(field).is_hidden() for field in on_site)
    page.context.close()
