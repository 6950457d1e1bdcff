"""The player profile and a leaderboard on a phone (390 x 844) and a desktop (1280 x 800): the
rating reads "1,532 ± 84", its history chart is drawn, nothing scrolls sideways, axe-core finds no
serious violation, and the leaderboard's names lead to the profiles. With FETT_SCREENSHOTS set to a
folder, the pages are saved there to look at."""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

import pytest

from accounts.models import User
from tests.browser.test_accessibility import violations
from tests.factories import EventFactory, OrganiserFactory, RegistrationFactory, UserFactory
from tests.pods.test_pod_services import pod_event, publish, settle
from tournaments.models import Match
from tournaments.ratings import services
from tournaments.ratings.models import Kind, PlayerRating
from tournaments.services import registration, results, rounds

SIZES = {"phone": (390, 844), "desktop": (1280, 800)}


def shoot(page: Any, name: str) -> None:
    folder = os.environ.get("FETT_SCREENSHOTS")
    if folder:
        page.screenshot(path=str(Path(folder) / f"{name}.png"), full_page=True)


def rated_players() -> tuple[User, User]:
    """A three-round Swiss of eight (the first-seated player always wins) and a pod round; the
    second player is the pod's winner."""
    organiser = OrganiserFactory.create(username="oda")
    event = EventFactory.create(organiser=organiser, name="Autumn Awakening Open", rounds=3, best_of=1)
    players = [UserFactory.create(display_name=f"Aurelia Longname-{i}") for i in range(8)]
    for user in players:
        RegistrationFactory.create(event=event, player=user)
    registration.start_event(event, organiser)
    for _ in range(3):
        round_ = rounds.publish_round(rounds.pair_next_round(event, organiser), organiser)
        for match in Match.objects.filter(round=round_).exclude(player_b=None):
            results.set_result(match, organiser, results.Score(1, 0))
        rounds.end_round(round_, organiser)
    services.rebuild(Kind.AWAKENING)
    pods, pod_organiser, _ = pod_event(count=8)
    table = publish(pods, pod_organiser).pod_tables.order_by("table").first()
    assert table is not None
    settle(table, [1, 2, 3, 4])
    services.rebuild(Kind.PODS)
    best = PlayerRating.objects.filter(kind=Kind.AWAKENING).order_by("-value").select_related("player").first()
    assert best is not None
    winner = table.seats.get(placement=1).player
    return best.player, winner


@pytest.mark.django_db(transaction=True)
def test_the_profile_and_the_leaderboard_on_a_phone_and_a_desktop(browser: Any, live_server: Any) -> None:
    star, pod_winner = rated_players()
    rating = PlayerRating.objects.get(player=star, kind=Kind.AWAKENING)
    shown = f"{rating.value:,.0f} ± {rating.deviation:,.0f}"
    for size, (width, height) in SIZES.items():
        page = browser.new_context(viewport={"width": width, "height": height}).new_page()
        page.goto(f"{live_server.url}/ratings/awakening/")
        board = page.get_by_test_id("leaderboard")
        assert board.locator("tbody tr").count() == 8
        assert shown in board.locator("tbody tr").first.inner_text().replace("\xa0", " ")
        assert page.evaluate("() => document.documentElement.scrollWidth <= window.innerWidth")
        assert violations(page) == []  # axe-core: no serious or critical violation
        shoot(page, f"leaderboard-{size}")
        board.get_by_role("link", name=star.public_name).click()
        page.wait_for_url(f"**/players/{star.pk}/")
        card = page.get_by_test_id("rating-awakening")
        assert shown in card.inner_text().replace("\xa0", " ")
        assert card.locator("svg.rating-chart circle").count() == 4  # the start and three rounds
        assert page.get_by_test_id("events").inner_text().count("Autumn Awakening Open") == 1
        assert page.get_by_test_id("matches").locator("tbody tr").count() == 3
        assert page.evaluate("() => document.documentElement.scrollWidth <= window.innerWidth")
        assert violations(page) == []
        shoot(page, f"profile-{size}")
        page.goto(f"{live_server.url}/players/{pod_winner.pk}/")
        assert "1st of 4" in page.get_by_test_id("tables").inner_text()
        assert page.get_by_test_id("rating-pods").locator("svg.rating-chart circle").count() == 2
        shoot(page, f"pod-profile-{size}")
        page.context.close()
