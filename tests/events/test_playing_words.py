"""A page says "playing" only while a match runs (issue 30, "Words"): not before the event starts,
not while a match played on the site waits for both players, not once the result is in."""

from __future__ import annotations

import re
from datetime import timedelta
from typing import Any

import pytest
from asgiref.sync import async_to_sync
from channels.db import database_sync_to_async
from django.contrib.auth.models import AnonymousUser
from django.test import Client
from django.utils import timezone

from accounts.models import User
from gameplay.matches import services as play
from gameplay.matches.models import PlayMatch
from tests.events.test_event_socket import communicator, next_message
from tests.factories import EventFactory, OrganiserFactory, RegistrationFactory, UserFactory
from tests.matches.test_arrival import event_match
from tournaments.models import Event, Match
from tournaments.services import registration, results, rounds
from tournaments.services.results import Score


def client_of(user: User) -> Client:
    client = Client()
    client.force_login(user)
    return client


def statuses(client: Client, event: Event) -> dict[str, str]:
    """The player list of the manage page: each player's name and status."""
    html = client.get(f"/events/{event.pk}/manage/").content.decode()
    row = r'<a href="/events/\d+/players/\d+/">([^<]+)</a>.*?data-testid="player-status">([^<]*)<'
    return dict(re.findall(row, html, re.S))


def projector_line(event: Event) -> str:
    html = Client().get(f"/events/{event.pk}/projector/").content.decode()
    found = re.search(r'data-testid="projector-playing"[^>]*>([^<]*)<', html)
    assert found is not None
    return found.group(1)


def run_out_the_wait(match: PlayMatch) -> None:
    PlayMatch.objects.filter(pk=match.pk).update(deadline=timezone.now() - timedelta(seconds=1))
    assert play.expire(match.pk, None) == "arrival over"


@pytest.mark.django_db
def test_the_player_list_says_playing_only_while_the_players_match_runs() -> None:
    organiser = OrganiserFactory.create(display_name="Oda")
    event = EventFactory.create(organiser=organiser, rounds=1)
    for name in ("Ann", "Bob", "Cy"):
        RegistrationFactory.create(event=event, player=UserFactory.create(display_name=name))
    boss = client_of(organiser)
    assert set(statuses(boss, event).values()) == {"registered"}
    registration.start_event(event, organiser)
    assert set(statuses(boss, event).values()) == {"in the event"}  # nobody is paired yet
    preview = rounds.pair_next_round(event, organiser)
    assert set(statuses(boss, event).values()) == {"in the event"}  # a preview is not played
    round_ = rounds.publish_round(preview, organiser)
    table = round_.matches.exclude(player_b=None).select_related("player_a", "player_b").get()
    bye = round_.matches.get(player_b=None).player_a.public_name
    assert table.player_b is not None
    pair = (table.player_a.public_name, table.player_b.public_name)
    shown = statuses(boss, event)
    assert shown == {pair[0]: "playing", pair[1]: "playing", bye: "has a bye this round"}
    results.set_result(table, organiser, Score(1, 0))
    assert set(statuses(boss, event).values()) == {"in the event", "has a bye this round"}
    rounds.end_round(round_, organiser)
    rounds.finish_event(event, organiser)
    assert set(statuses(boss, event).values()) == {"finished"}


@pytest.mark.django_db
def test_a_match_played_here_that_waits_for_its_players_is_not_playing_anywhere() -> None:
    event, match, players = event_match()
    boss = client_of(event.organiser)
    assert set(statuses(boss, event).values()) == {"waiting for the match to start"}
    projector = Client().get(f"/events/{event.pk}/projector/").content.decode()
    assert ">Waiting for players</span>" in projector and ">Playing</span>" not in projector
    assert projector_line(event) == "1 table waiting for its players"
    state = Client().get(f"/events/{event.pk}/projector/state/?tables=1").json()
    assert state["tables"] == [{"table": 1, "finished": False, "waiting": True, "bye": False}]
    home = client_of(players[0]).get("/play/").content.decode()
    assert ">Waiting for both players</span>" in home and ">Playing</span>" not in home

    run_out_the_wait(match)
    assert set(statuses(boss, event).values()) == {"playing"}
    projector = Client().get(f"/events/{event.pk}/projector/").content.decode()
    assert ">Playing</span>" in projector and ">Waiting for players</span>" not in projector
    assert projector_line(event) == "1 table still playing"
    assert ">Playing</span>" in client_of(players[0]).get("/play/").content.decode()

    results.set_result(Match.objects.get(play=match), event.organiser, Score(1, 0))
    assert set(statuses(boss, event).values()) == {"in the event"}
    projector = Client().get(f"/events/{event.pk}/projector/").content.decode()
    assert ">Finished</span>" in projector and projector_line(event) == "Every table has finished"


@pytest.mark.django_db(transaction=True)
def test_the_projector_is_pushed_a_match_that_starts_after_waiting_for_its_players() -> None:
    event, match, _players = event_match()

    async def scenario() -> list[dict[str, Any]]:
        talk = communicator(event, AnonymousUser())
        assert (await talk.connect())[0]
        got = [await next_message(talk)]
        await database_sync_to_async(run_out_the_wait)(match)
        got.append(await next_message(talk))
        await talk.disconnect()
        return got

    assert async_to_sync(scenario)() == [
        {"kind": "hello"},
        {"kind": "table", "round": 1, "table": 1, "finished": False, "waiting": False},
    ]
