"""An event played on the site: publishing creates the matches, and their results reach the standings."""

from __future__ import annotations

import random
from typing import Any

import pytest

from common import deadlines
from gameplay.matches import services as play
from gameplay.matches.models import PlayMatch
from gameplay.runeslingers.formats import Deck
from gameplay.runeslingers.site_catalog import current_catalog
from tests.factories import EventFactory, OrganiserFactory, RegistrationFactory
from tournaments.errors import Conflict
from tournaments.models import Match, ResultReport
from tournaments.services import decks, registration, rounds, timers
from tournaments.services.standings import standings

pytestmark = pytest.mark.django_db
STARTERS = ["eva-starter", "romin-starter", "brannoc-starter", "vesna-starter"]


def onsite_event(with_decks: int = 4) -> Any:
    organiser = OrganiserFactory.create()
    # arrival_minutes=0: these matches are played through the services, with no page open, so the
    # clocks start at once (the wait for both players: tests/matches/test_arrival.py).
    event = EventFactory.create(
        organiser=organiser, format="awakening-starter", played_on_site=True, rounds=2, arrival_minutes=0
    )
    catalog = current_catalog()
    for n in range(4):
        player = RegistrationFactory.create(event=event).player
        if n < with_decks:
            deck = Deck.from_starter(catalog.starter_decks[STARTERS[n]])
            decks.register_deck(event, player, deck, player)
    registration.start_event(event, organiser)
    return event, organiser


def finish_randomly(played: PlayMatch, rng: random.Random) -> None:
    users = [played.player1, played.player2]
    for _ in range(6000):
        played.refresh_from_db()
        if played.status == PlayMatch.Status.FINISHED:
            return
        seat = played.on_clock
        assert seat is not None
        view = play.player_view(played, seat)
        if view["choice"]["pending"]:  # this seat chooses who goes first
            play.choose_first(played.pk, users[seat], True, view["version"])  # type: ignore[arg-type]
            continue
        play.play(played.pk, users[seat], rng.choice(view["board"]["legal"]), view["version"])  # type: ignore[arg-type]
    raise AssertionError("the game did not end")


def test_published_pairings_are_played_here_and_results_reach_the_standings(
    django_capture_on_commit_callbacks: Any,
) -> None:
    event, organiser = onsite_event()
    with django_capture_on_commit_callbacks(execute=True):
        round_ = rounds.publish_round(rounds.pair_next_round(event, organiser), organiser)
    tables = list(round_.matches.select_related("play"))
    assert len(tables) == 2 and all(t.play is not None for t in tables)
    rng = random.Random(4)
    for table in tables:
        assert table.play is not None
        with django_capture_on_commit_callbacks(execute=True):
            finish_randomly(table.play, rng)
    for table in round_.matches.all():
        assert table.status == Match.Status.CONFIRMED
        assert ResultReport.objects.filter(match=table, kind=ResultReport.Kind.AUTO).count() == 1
    rounds.end_round(round_, organiser)
    rows = standings(event)
    assert sum(r.standing.points for r in rows) in (6, 7, 8)  # two matches: wins (3+3) or draws (1+1 each)


def test_a_round_cannot_be_played_here_without_everyones_deck() -> None:
    event, organiser = onsite_event(with_decks=3)
    preview = rounds.pair_next_round(event, organiser)
    with pytest.raises(Conflict, match="no registered deck"):
        rounds.publish_round(preview, organiser)
    assert not PlayMatch.objects.exists()


def test_calling_time_gives_matches_their_extra_turns_then_a_draw(django_capture_on_commit_callbacks: Any) -> None:
    event, organiser = onsite_event()
    with django_capture_on_commit_callbacks(execute=True):
        round_ = rounds.publish_round(rounds.pair_next_round(event, organiser), organiser)
    from datetime import timedelta

    from django.utils import timezone

    type(round_).objects.filter(pk=round_.pk).update(ends_at=timezone.now() - timedelta(seconds=1))
    assert deadlines.sweep(only=[timers.ROUND_CLOCK]) == 1
    for table in round_.matches.select_related("play"):
        assert table.play is not None
        table.play.refresh_from_db()
        state = play.load_state(table.play.current_game())  # type: ignore[arg-type]
        assert table.play.turn_limit == state.turn + event.extra_turns


def test_players_cannot_report_a_match_played_on_the_site(django_capture_on_commit_callbacks: Any) -> None:
    from tournaments.services import results

    event, organiser = onsite_event()
    with django_capture_on_commit_callbacks(execute=True):
        round_ = rounds.publish_round(rounds.pair_next_round(event, organiser), organiser)
    table = round_.matches.first()
    assert table is not None
    with pytest.raises(Conflict, match="played on the site"):
        results.report_result(table, table.player_a, results.Score(1, 0))
    assert results.set_result(table, organiser, results.Score(1, 0)).status == Match.Status.CONFIRMED


def test_the_public_watches_an_events_matches_once_the_event_allows_it_and_sees_public_information_only(
    django_capture_on_commit_callbacks: Any,
) -> None:
    from django.test import Client

    from tests.clients import api_client

    event, organiser = onsite_event()
    with django_capture_on_commit_callbacks(execute=True):
        round_ = rounds.publish_round(rounds.pair_next_round(event, organiser), organiser)
    played = [t.play for t in round_.matches.select_related("play") if t.play is not None]
    assert len(played) == 2 and not any(p.public for p in played)
    anonymous, api = Client(), api_client(None)
    first = played[0]
    assert anonymous.get(f"/play/{first.pk}/").status_code == 302  # sign in first
    assert api.get(f"/api/play/{first.pk}/").status_code in (401, 403)  # sign in first
    round_page = anonymous.get(f"/events/{event.pk}/rounds/{round_.number}/").content.decode()
    assert 'data-testid="watch-link"' not in round_page

    registration.update_event(event, organiser, matches_public=True)
    assert all(PlayMatch.objects.get(pk=p.pk).public for p in played)
    page = anonymous.get(f"/play/{first.pk}/")
    assert page.status_code == 200 and 'data-testid="watching"' in page.content.decode()
    view = api.get(f"/api/play/{first.pk}/")
    assert view.status_code == 200 and view.json()["seat"] is None and view.json()["board"]["legal"] == []
    assert all(isinstance(side["hand"], int) for side in view.json()["board"]["players"])
    assert api.get(f"/api/play/{first.pk}/log/").status_code == 200
    assert api.post(f"/api/play/{first.pk}/act/", {"version": 1, "action": "pass"}, format="json").status_code in (
        401, 403
    )  # fmt: skip
    assert api.get("/api/play/").status_code in (401, 403)  # "my matches" needs an account
    round_page = anonymous.get(f"/events/{event.pk}/rounds/{round_.number}/").content.decode()
    assert round_page.count('data-testid="watch-link"') == 2

    registration.update_event(event, organiser, matches_public=False)
    assert anonymous.get(f"/play/{first.pk}/").status_code == 302
    assert api.get(f"/api/play/{first.pk}/").status_code in (401, 403)


def test_an_event_that_allows_watching_makes_its_new_matches_public(django_capture_on_commit_callbacks: Any) -> None:
    event, organiser = onsite_event()
    registration.update_event(event, organiser, matches_public=True)
    with django_capture_on_commit_callbacks(execute=True):
        round_ = rounds.publish_round(rounds.pair_next_round(event, organiser), organiser)
    assert [t.play.public for t in round_.matches.select_related("play") if t.play is not None] == [True, True]
