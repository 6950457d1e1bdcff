"""The registration desk on a phone: the organiser adds a guest walk-in and an existing account,
marks them paid and checked in, and sees the warning naming who has no legal deck."""

from __future__ import annotations

from typing import Any

import pytest

from gameplay.runeslingers.formats import Deck
from gameplay.runeslingers.site_catalog import current_catalog
from tests.browser.test_event_flow import logged_in_page
from tests.browser.waiting import wait_for_htmx, wait_in_page
from tests.factories import EventFactory, OrganiserFactory, RegistrationFactory, UserFactory
from tournaments.models import Registration
from tournaments.services import decks


def no_sideways_scroll(page: Any) -> bool:
    return bool(page.evaluate("() => document.documentElement.scrollWidth <= window.innerWidth"))


def in_view(page: Any, test_id: str) -> bool:
    """Whether the element ``test_id`` is wholly inside the window and nothing covers it (the site's
    sticky top bar, say): what a person sees without scrolling."""
    return bool(
        page.evaluate(
            """id => {
  const element = document.querySelector(`[data-testid="${id}"]`);
  const box = element.getBoundingClientRect();
  if (box.height === 0 || box.top < 0 || box.bottom > window.innerHeight) return false;
  const x = box.left + Math.min(box.width, window.innerWidth) / 2;
  const hit = document.elementFromPoint(x, box.top + box.height / 2);
  return hit !== null && element.contains(hit);
}""",
            test_id,
        )
    )


@pytest.mark.django_db(transaction=True)
def test_the_organiser_runs_the_desk_on_a_phone(browser: Any, live_server: Any) -> None:
    organiser = OrganiserFactory.create(username="desk-oda")
    event = EventFactory.create(organiser=organiser, name="Desk Open", format="awakening-starter")
    ada = RegistrationFactory.create(event=event, player=UserFactory.create(display_name="Ada Lovelace")).player
    decks.register_deck(event, ada, Deck.from_starter(current_catalog().starter_decks["eva-starter"]), ada)
    UserFactory.create(username="eva_k", display_name="Eva Kerr")

    page = logged_in_page(browser, live_server, organiser)
    page.set_viewport_size({"width": 390, "height": 844})
    page.goto(f"{live_server.url}/events/{event.pk}/manage/")
    page.get_by_role("link", name="Open the desk").click()
    page.wait_for_load_state()
    assert page.get_by_test_id("desk-counts").inner_text() == "1 registered · 0 checked in · 0 paid"

    page.get_by_label("Or add a guest by name").fill("Gwen Walker")
    page.get_by_role("button", name="Add guest").click()
    page.wait_for_load_state()
    assert page.get_by_test_id("desk-said").inner_text() == "Gwen Walker is registered."

    page.get_by_label("Find an account").fill("kerr")
    page.get_by_role("button", name="Search").click()
    page.wait_for_load_state()
    page.get_by_role("button", name="Add Eva Kerr").click()
    page.wait_for_load_state()
    assert page.get_by_test_id("desk-said").inner_text() == "Eva Kerr is registered."

    page.get_by_role("button", name="Gwen Walker paid").click()  # each tap updates its row in place
    wait_in_page(page, "document.querySelector('[aria-label=\"Gwen Walker paid\"][aria-pressed=true]')")
    page.get_by_role("button", name="Gwen Walker checked in").click()
    wait_in_page(page, "document.querySelector('[aria-label=\"Gwen Walker checked in\"][aria-pressed=true]')")
    gwen = page.get_by_test_id("desk-row").filter(has_text="Gwen Walker")
    assert "guest" in gwen.inner_text() and "No list" in gwen.inner_text()
    assert gwen.get_by_role("button", name="Gwen Walker paid").get_attribute("aria-pressed") == "true"
    counts = page.get_by_test_id("desk-counts").inner_text()
    assert counts == "3 registered · 1 checked in · 1 paid · 2 without a legal deck"
    warning = page.get_by_test_id("desk-warning").inner_text()
    assert warning == "2 players without a legal deck: Eva Kerr, Gwen Walker."

    finder = page.get_by_placeholder("Find a player")
    finder.fill("gwe")
    assert page.get_by_test_id("desk-row").filter(visible=True).count() == 1
    finder.fill("")
    assert page.get_by_test_id("desk-row").filter(visible=True).count() == 3
    assert no_sideways_scroll(page), "the desk scrolls sideways on a phone"

    entry = Registration.objects.get(event=event, player__display_name="Gwen Walker")
    assert entry.paid and entry.checked_in and entry.player.is_guest
    assert entry.player.username not in page.content()

    page.goto(f"{live_server.url}/events/{event.pk}/manage/")
    summary = page.get_by_test_id("desk-summary").inner_text()
    assert "2 players without a legal deck: Eva Kerr, Gwen Walker." in summary
    assert no_sideways_scroll(page)
    page.context.close()


NAMES = [
    "Ada", "Bo", "Cy", "Dara", "Eli", "Fern", "Gus", "Hana", "Ivo", "Jun", "Kai", "Lia", "Milo", "Nia",
    "Otto", "Pia", "Quin", "Rhea", "Sami", "Tove", "Uma", "Vik", "Wren", "Xan", "Yara", "Zed", "Abel",
    "Bea", "Cato", "Dina", "Emil", "Faye", "Gert", "Hugo", "Isla", "Jory", "Kira", "Lars", "Mona", "Noor",
]  # fmt: skip


@pytest.mark.django_db(transaction=True)
def test_forty_players_checked_in_on_a_phone_keep_the_place_on_the_page(browser: Any, live_server: Any) -> None:
    """Each tap updates its own row where it is: the page does not reload, nor jump to the top."""
    organiser = OrganiserFactory.create(username="desk-forty")
    event = EventFactory.create(organiser=organiser, name="Forty Open", format="awakening-starter")
    for name in NAMES:
        RegistrationFactory.create(event=event, player=UserFactory.create(display_name=f"{name} Player"))

    page = logged_in_page(browser, live_server, organiser, viewport={"width": 390, "height": 844})
    page.goto(f"{live_server.url}/events/{event.pk}/desk/")
    page.evaluate("() => { window.sameDocument = true; }")  # gone if the page reloads
    rows = page.get_by_test_id("desk-row")
    for index, name in enumerate(sorted(NAMES, key=str.lower)):
        row = rows.filter(has_text=f"{name} Player")
        if index % 10 == 9:  # now and then the organiser finds the player by name first
            finder = page.get_by_placeholder("Find a player")
            finder.fill(name.lower())
            wait_in_page(page, "document.querySelectorAll('[data-testid=desk-row]:not([hidden])').length <= 2")
        button = row.get_by_role("button", name=f"{name} Player checked in")
        wait_for_htmx(page)  # the tap before has settled: what it swapped in is live
        button.scroll_into_view_if_needed()
        before = page.evaluate("() => window.scrollY")
        button.click()
        wait_in_page(
            page,
            f'document.querySelector(\'[data-name="{name.lower()} player"] [aria-label$="checked in"]\')'
            ".getAttribute('aria-pressed') === 'true'",
        )
        assert page.evaluate("() => window.sameDocument") is True, f"the page reloaded after checking in {name}"
        assert page.evaluate("() => window.scrollY") == before, f"the page scrolled after checking in {name}"
        assert "✓ Checked in" in row.inner_text()
        if index % 10 == 9:
            page.get_by_placeholder("Find a player").fill("")
    assert (
        page.get_by_test_id("desk-counts").inner_text()
        == "40 registered · 40 checked in · 0 paid · 40 without a legal deck"
    )
    # At the last row, far down the page, a tap's new figures are in view, with the name filter.
    last = page.get_by_role("button", name="Zed Player paid")
    last.scroll_into_view_if_needed()
    last.click()
    wait_in_page(page, "document.querySelector('[data-testid=desk-counts]').textContent.includes('1 paid')")
    assert page.evaluate("() => window.scrollY") > 2000
    assert in_view(page, "desk-counts"), "the counts scrolled out of view"
    assert in_view(page, "desk-said") and page.get_by_test_id("desk-said").inner_text() == "Zed Player has paid."
    assert page.get_by_placeholder("Find a player").is_visible()
    assert Registration.objects.filter(event=event, checked_in=True).count() == 40
    assert no_sideways_scroll(page)
    page.context.close()
