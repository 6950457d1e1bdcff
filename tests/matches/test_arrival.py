"""An event's match starts no clock before both players are at the table (issue 30): not the
choice of who goes first, not the chooser's clock. The clocks start when both have the match's
page open (the sockets' presence in Redis: real sockets and the embedded Redis here, no mocks),
or when the event's wait has passed; then the absent player's clock runs."""

from __future__ import annotations

from datetime import timedelta
from typing import Any

import pytest
from asgiref.sync import async_to_sync
from channels.db import database_sync_to_async
from django.test import Client
from django.utils import timezone

from accounts.models import User
from common import deadlines
from gameplay.matches import services as play
from gameplay.matches.errors import Conflict
from gameplay.matches.models import PlayMatch
from gameplay.matches.timers import MATCH_CLOCK
from gameplay.runeslingers.formats import Deck
from gameplay.runeslingers.site_catalog import current_catalog
from tests.clients import api_client as api
from tests.factories import EventFactory, OrganiserFactory, RegistrationFactory, UserFactory
from tests.live_socket import TopicSocket
from tournaments.models import Event, Match
from tournaments.services import decks, registration, rounds

STARTERS = ("eva-starter", "romin-starter")
FULL = 25 * 60 * 1000  # the event's 25-minute clocks, in ms


def event_match(arrival_minutes: int = 3) -> tuple[Event, PlayMatch, list[User]]:
    """A published one-round event played on the site between Ann and Bob; the match as made."""
    organiser = OrganiserFactory.create()
    event = EventFactory.create(
        organiser=organiser, format="awakening-starter", played_on_site=True, rounds=1, arrival_minutes=arrival_minutes
    )
    players = [UserFactory.create(username="ann", display_name="Ann"), UserFactory.create(username="bob")]
    catalog = current_catalog()
    for user, starter in zip(players, STARTERS, strict=True):
        RegistrationFactory.create(event=event, player=user)
        decks.register_deck(event, user, Deck.from_starter(catalog.starter_decks[starter]), user)
    registration.start_event(event, organiser)
    round_ = rounds.publish_round(rounds.pair_next_round(event, organiser), organiser)
    played = Match.objects.get(round=round_).play
    assert played is not None and played.player2 is not None
    return event, played, [played.player1, played.player2]


def fresh(match: PlayMatch) -> PlayMatch:
    return PlayMatch.objects.get(pk=match.pk)


def chooser_of(match: PlayMatch) -> int:
    game = match.current_game()
    assert game is not None
    return game.chooser


@pytest.mark.django_db
def test_no_clock_runs_and_nobody_chooses_before_both_players_are_here(time_machine: Any) -> None:
    # The clock stands still: the wait is exactly 3 minutes however slow the set-up.
    time_machine.move_to(timezone.now(), tick=False)
    _event, match, players = event_match()
    assert match.deadline_kind == PlayMatch.TimerKind.ARRIVAL and match.on_clock is None
    assert match.deadline is not None
    assert match.deadline - timezone.now() == timedelta(minutes=3)
    chooser = chooser_of(match)
    with pytest.raises(Conflict, match="Your opponent has not connected yet"):
        play.choose_first(match.pk, players[chooser], True, match.version)
    view = api(players[chooser]).get(f"/api/play/{match.pk}/").json()
    assert view["clocks"]["on_clock"] is None and view["clocks"]["deadline_kind"] == "arrival"
    assert view["clocks"]["remaining_ms"] == [FULL, FULL] and view["choice"]["pending"] is True
    refused = api(players[chooser]).post(
        f"/api/play/{match.pk}/first/", {"first": "me", "version": view["version"]}, format="json"
    )
    assert refused.status_code == 409 and "has not connected yet" in refused.json()["detail"]


@pytest.mark.django_db
def test_an_event_without_a_wait_starts_the_choice_at_once() -> None:
    _event, match, _players = event_match(arrival_minutes=0)
    assert match.deadline_kind == PlayMatch.TimerKind.CHOICE and match.on_clock == chooser_of(match)


async def open_page(match_id: int, user: User) -> TopicSocket:
    from config.asgi import application

    socket = TopicSocket("match", match_id, application=application)
    socket.scope["user"] = user
    connected, _code = await socket.connect()
    assert connected
    return socket


@pytest.mark.django_db(transaction=True)  # the socket's threads close connections: each step commits
def test_the_clocks_start_when_the_second_page_opens(fresh_redis_state: None) -> None:
    _event, match, players = event_match()
    chooser = chooser_of(match)

    async def scenario() -> tuple[Any, Any, Any]:
        first = await open_page(match.pk, players[1 - chooser])  # the one who does not choose
        opened = await first.receive_json_from(timeout=10)
        alone = await database_sync_to_async(fresh)(match)
        second = await open_page(match.pk, players[chooser])
        seen = await second.receive_json_from(timeout=10)
        await first.disconnect()
        await second.disconnect()
        return opened, alone, seen

    opened, alone, seen = async_to_sync(scenario)()
    assert opened["view"]["clocks"]["deadline_kind"] == "arrival"  # one page open: still waiting
    assert alone.deadline_kind == PlayMatch.TimerKind.ARRIVAL and alone.on_clock is None
    started = fresh(match)
    assert started.deadline_kind == PlayMatch.TimerKind.CHOICE and started.on_clock == chooser
    assert started.remaining_ms == [FULL, FULL]  # nothing was charged while they were arriving
    assert seen["view"]["clocks"]["deadline_kind"] == "choice"  # the chooser's page opens on the running choice
    assert seen["view"]["clocks"]["on_clock"] == f"p{chooser + 1}"
    outcome = play.choose_first(match.pk, players[chooser], True, started.version)
    assert not outcome.refused and fresh(match).deadline_kind != PlayMatch.TimerKind.ARRIVAL


@pytest.mark.django_db(transaction=True)
def test_after_the_wait_the_absent_players_clock_runs(fresh_redis_state: None) -> None:
    _event, match, players = event_match()
    chooser = chooser_of(match)

    async def scenario() -> None:  # the player who does not choose is here; the chooser never comes
        page = await open_page(match.pk, players[1 - chooser])
        await page.receive_json_from(timeout=10)
        await database_sync_to_async(run_out_the_wait)()
        await page.disconnect()

    def run_out_the_wait() -> None:
        PlayMatch.objects.filter(pk=match.pk).update(deadline=timezone.now() - timedelta(seconds=1))
        assert match.pk in dict(deadlines.due(MATCH_CLOCK))  # the sweep finds it, as it finds any deadline
        assert play.expire(match.pk, None) == "arrival over"

    async_to_sync(scenario)()
    running = fresh(match)
    assert running.deadline_kind == PlayMatch.TimerKind.CHOICE and running.on_clock == chooser
    # The absent chooser's window passes too: they play first, and their own clock runs.
    PlayMatch.objects.filter(pk=match.pk).update(deadline=timezone.now() - timedelta(seconds=1))
    assert play.expire(match.pk, None) == "chose first"
    after = fresh(match)
    game = after.current_game()
    assert game is not None and game.first == chooser and game.choice_by == "timer"
    assert after.on_clock == chooser and after.deadline_kind in (
        PlayMatch.TimerKind.CLOCK,
        PlayMatch.TimerKind.WINDOW,
    )
    assert after.remaining_ms[1 - chooser] == FULL  # the player who came lost no time


@pytest.mark.django_db(transaction=True)
def test_a_choice_sent_after_the_wait_ended_is_taken(fresh_redis_state: None) -> None:
    _event, match, players = event_match()
    chooser = chooser_of(match)
    PlayMatch.objects.filter(pk=match.pk).update(deadline=timezone.now() - timedelta(seconds=1))
    outcome = play.choose_first(match.pk, players[chooser], False, fresh(match).version)
    assert not outcome.refused
    game = fresh(match).current_game()
    assert game is not None and game.first == 1 - chooser and game.choice_by == "player"


@pytest.mark.django_db(transaction=True)
def test_a_referee_pauses_and_adds_time_during_the_wait_without_starting_a_clock(fresh_redis_state: None) -> None:
    event, match, _players = event_match()
    organiser = event.organiser
    end = match.deadline
    play.add_time(match.pk, organiser, 0, 60)
    added = fresh(match)
    assert added.deadline_kind == PlayMatch.TimerKind.ARRIVAL and added.on_clock is None
    assert added.remaining_ms[0] == FULL + 60_000 and added.deadline == end
    play.pause(match.pk, organiser)
    assert fresh(match).status == PlayMatch.Status.PAUSED
    play.resume(match.pk, organiser)
    resumed = fresh(match)
    assert resumed.status == PlayMatch.Status.PLAYING and resumed.deadline_kind == PlayMatch.TimerKind.ARRIVAL
    assert resumed.deadline == end and resumed.on_clock is None


@pytest.mark.django_db
def test_the_wait_is_an_event_setting_in_the_api_and_the_form() -> None:
    organiser = OrganiserFactory.create()
    client = api(organiser)
    made = client.post(
        "/api/events/", {"name": "Online Open", "played_on_site": True, "arrival_minutes": 5}, format="json"
    )
    assert made.status_code == 201 and made.json()["arrival_minutes"] == 5
    assert client.post("/api/events/", {"name": "Plain"}, format="json").json()["arrival_minutes"] == 3
    too_long = client.patch(f"/api/events/{made.json()['id']}/", {"arrival_minutes": 31}, format="json")
    assert too_long.status_code == 400 and "arrival_minutes" in too_long.json()
    page = Client()
    page.force_login(organiser)
    form = page.get("/events/new/").content.decode()
    assert 'name="arrival_minutes"' in form and "Wait for both players (minutes)" in form
