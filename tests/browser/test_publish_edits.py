"""In Chromium: the organiser changes two opponents on a preview and presses Publish without
saving; the dialog names the changes, and the round goes up as the form showed it (issue 30)."""

from __future__ import annotations

from typing import Any

import pytest

from gameplay.runeslingers.formats import Deck
from gameplay.runeslingers.site_catalog import current_catalog
from tests.browser.test_event_flow import logged_in_page
from tests.factories import OrganiserFactory, UserFactory
from tournaments.models import Event, Round
from tournaments.services import decks, registration, rounds

NAMES = ["Eva", "Corvin", "Mira", "Tobin", "Sela", "Ansel"]


@pytest.mark.django_db(transaction=True)
@pytest.mark.parametrize("width", [390, 1280])
def test_publish_takes_the_unsaved_opponents(browser: Any, live_server: Any, width: int, tmp_path: Any) -> None:
    organiser = OrganiserFactory.create(username="oda", display_name="Oda")
    event = registration.create_event(organiser, name="Floor Open", rounds=3, format="awakening-starter")
    registration.change_status(event, Event.Status.REGISTRATION, organiser)
    players = [UserFactory.create(username=name.lower(), display_name=name) for name in NAMES]
    starter = Deck.from_starter(current_catalog().starter_decks["eva-starter"])
    for player in players:
        registration.register(event, player)
        decks.register_deck(event, player, starter, player)  # legal lists: publishing asks nothing more
    registration.start_event(event, organiser)
    preview = rounds.pair_next_round(event, organiser)
    (a1, b1), (a2, b2) = [(m.player_a, m.player_b) for m in preview.matches.order_by("table")[:2]]
    assert b1 is not None and b2 is not None

    boss = logged_in_page(browser, live_server, organiser, viewport={"width": width, "height": 900})
    boss.goto(f"{live_server.url}/events/{event.pk}/manage/")
    boss.get_by_label("Table 1 second player").select_option(label=b2.public_name)
    boss.get_by_label("Table 2 second player").select_option(label=b1.public_name)
    boss.get_by_role("button", name="Publish round 1").click()  # not saved first
    changes = boss.get_by_test_id("unsaved-changes")
    changes.wait_for()
    assert boss.locator("dialog[open]").count() == 1
    said = changes.inner_text()
    assert f"Table 1: {a1.public_name} v {b2.public_name} (was {a1.public_name} v {b1.public_name})" in said
    assert f"Table 2: {a2.public_name} v {b1.public_name} (was {a2.public_name} v {b2.public_name})" in said
    assert boss.evaluate("document.documentElement.scrollWidth <= window.innerWidth")
    boss.screenshot(path=tmp_path / f"publish-dialog-{width}.png")  # to look at (pytest --basetemp)
    boss.get_by_test_id("confirm-action").click()
    boss.get_by_test_id("current-round").wait_for()
    assert "Round 1 is published with your changes" in boss.content()
    published = Round.objects.get(pk=preview.pk)
    assert published.status == Round.Status.OPEN
    tables = [(m.player_a_id, m.player_b_id) for m in published.matches.order_by("table")[:2]]
    assert tables == [(a1.pk, b2.pk), (a2.pk, b1.pk)]
    assert f"{a1.public_name} v {b2.public_name}" in boss.get_by_test_id("table-1").inner_text()
