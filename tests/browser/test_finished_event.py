"""A finished event read in Chromium: the champion and the bracket with game wins on the overview,
a tiebreaker tapped open on the standings (desktop and phone), and a round robin's crosstable on a
phone, scrolling inside its box with the names column in place."""

from __future__ import annotations

from typing import Any

import pytest

from tests.browser.waiting import wait_in_page
from tests.events.finished_events import finished_round_robin, finished_swiss_with_top_four
from tournaments.models import Match

SIZES = {"desktop": {"width": 1280, "height": 800}, "phone": {"width": 390, "height": 844}}


def no_page_scroll(page: Any) -> bool:
    return bool(page.evaluate("() => document.documentElement.scrollWidth <= window.innerWidth"))


@pytest.mark.django_db(transaction=True)
@pytest.mark.parametrize("size", ["desktop", "phone"])
def test_a_finished_swiss_shows_its_champion_bracket_and_explained_tiebreakers(
    browser: Any, live_server: Any, size: str
) -> None:
    event, _ = finished_swiss_with_top_four(winner_seed=4)
    final = Match.objects.select_related("player_a", "player_b").get(round__event=event, round__number=5)
    champion = final.player_a if final.a_games == 2 else final.player_b
    assert champion is not None
    page = browser.new_context(viewport=SIZES[size]).new_page()
    page.set_default_timeout(60_000)

    page.goto(f"{live_server.url}/events/{event.pk}/")
    assert page.get_by_test_id("champion").inner_text().startswith(f"Champion: {champion.public_name}")
    assert page.get_by_text("Log in to register").count() == 0
    bracket = page.get_by_test_id("bracket")
    final_box = bracket.locator(".bracket-col").nth(1).locator(".bracket-match")
    assert final_box.locator(".won").inner_text().split() == ["4", champion.public_name, "✔", "2"]
    assert final_box.locator(".games").all_inner_texts() == ["2", "0"]
    assert no_page_scroll(page), "the finished overview scrolls sideways"
    right_edges = bracket.locator(".bracket-match").evaluate_all(
        "boxes => boxes.map(b => b.getBoundingClientRect().right)"
    )
    assert len(right_edges) == 3 and max(right_edges) <= SIZES[size]["width"], "a bracket score is cut off"

    page.get_by_role("link", name="All standings").click()
    page.wait_for_load_state()
    if size == "phone":
        page.get_by_test_id("show-tiebreakers").check()
    note = page.get_by_test_id("tiebreak-omw").first
    explanation = note.locator("p")
    assert not explanation.is_visible()
    note.locator("summary").click()
    wait_in_page(page, "document.querySelector('[data-testid=tiebreak-omw]').open")
    text = explanation.inner_text()
    shown = note.locator("summary").inner_text()
    assert text.startswith(f"OMW% {shown}: the average of your opponents' match-win percentages")
    assert "each at least 33%" in text
    box = explanation.bounding_box()
    assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= SIZES[size]["width"]
    page.context.close()


@pytest.mark.django_db(transaction=True)
@pytest.mark.parametrize("size", ["desktop", "phone"])
def test_the_last_rows_tiebreaker_explanation_is_not_cut_off(browser: Any, live_server: Any, size: str) -> None:
    event, _ = finished_swiss_with_top_four(winner_seed=4)
    page = browser.new_context(viewport=SIZES[size]).new_page()
    page.set_default_timeout(60_000)
    page.goto(f"{live_server.url}/events/{event.pk}/standings/")
    if size == "phone":
        page.get_by_test_id("show-tiebreakers").check()
    note = page.get_by_test_id("tiebreak-omw").last
    note.locator("summary").click()
    wait_in_page(page, "[...document.querySelectorAll('[data-testid=tiebreak-omw]')].at(-1).open")
    on_top = note.locator("p").evaluate(
        """p => { const r = p.getBoundingClientRect();
                  const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
                  return r.height > 20 && p.contains(hit); }"""
    )
    assert on_top, "the explanation is hidden by the table's box"
    assert no_page_scroll(page)
    page.context.close()


@pytest.mark.django_db(transaction=True)
def test_a_round_robin_crosstable_fits_a_phone_scrolling_inside_its_box(browser: Any, live_server: Any) -> None:
    event, _ = finished_round_robin(["Aurelia Longname", "Bartholomew Q", "Cassiopeia", "Demetrius", "Evangeline"])
    page = browser.new_context(viewport=SIZES["phone"]).new_page()
    page.set_default_timeout(60_000)
    page.goto(f"{live_server.url}/events/{event.pk}/standings/")
    page.get_by_test_id("crosstable-link").click()
    page.wait_for_load_state()

    table = page.get_by_test_id("crosstable")
    assert table.locator("tbody tr").count() == 5
    first_row = table.locator("tbody tr").first.locator("td.cell").all_inner_texts()
    assert first_row[0] == "" and all(cell[:2] in ("W ", "L ", "D ") for cell in first_row[1:])
    assert no_page_scroll(page), "the crosstable page scrolls sideways"
    aligns = table.locator("thead th.opponent, tbody td.cell").evaluate_all(
        "cells => cells.map(c => getComputedStyle(c).textAlign)"
    )
    assert len(aligns) == 5 + 5 * 5 and set(aligns) == {"center"}, "a column number must sit over its results"
    wrap = page.get_by_test_id("crosstable-wrap")
    assert wrap.evaluate("e => e.scrollWidth > e.clientWidth"), "five players should need the box to scroll"
    name = table.locator("tbody th.name").first
    before = name.bounding_box()
    wrap.evaluate("e => { e.scrollLeft = e.scrollWidth; }")
    wait_in_page(page, "document.querySelector('[data-testid=crosstable-wrap]').scrollLeft > 0")
    after = name.bounding_box()
    assert before is not None and after is not None
    assert after["x"] <= before["x"] and after["x"] >= 0, "the names column scrolled away"
    assert name.is_visible()
    page.context.close()
