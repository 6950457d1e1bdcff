"""The home page's panel "For you now" (tournaments/web/home.py): each kind of thing waiting on a
person, in words with no id or raw status, most urgent first; an organiser's next steps; the
empty state; and the panel alone as the page re-reads it."""

from __future__ import annotations

import re
from datetime import timedelta
from typing import Any

import pytest
from django.db.models import Q
from django.test import Client
from django.utils import timezone

from accounts.models import User
from gameplay.matches.models import MatchChallenge, PlayMatch
from tests.factories import EventFactory, OrganiserFactory, RegistrationFactory, UserFactory
from tournaments.models import Event, Match, PodTable, Round
from tournaments.services import registration, rounds
from tournaments.services.results import Score, confirm_result, report_result
from tournaments.web.home import needs_of

pytestmark = pytest.mark.django_db

NAMES = ["Eva", "Corvin", "Mira", "Tobin", "Sela", "Ansel"]


def running_event(count: int = 6, **fields: Any) -> tuple[Event, User, dict[str, User]]:
    organiser = OrganiserFactory.create(username="oda", display_name="Oda")
    event = registration.create_event(organiser, name="Floor Open", rounds=3, **fields)
    registration.change_status(event, Event.Status.REGISTRATION, organiser)
    players = {name: UserFactory.create(username=name.lower(), display_name=name) for name in NAMES[:count]}
    for player in players.values():
        registration.register(event, player)
    registration.start_event(event, organiser)
    event.refresh_from_db()
    return event, organiser, players


def client_of(user: User) -> Client:
    client = Client()
    client.force_login(user)
    return client


def panel(user: User) -> str:
    answer = client_of(user).get("/home/panel/")
    assert answer.status_code == 200
    return answer.content.decode()


def words(user: User) -> list[str]:
    return [item.words for item in needs_of(user).items]


def kinds(user: User) -> list[str]:
    return [item.kind for item in needs_of(user).items]


def opponent(match: Match, user: User) -> User:
    other = match.player_b if match.player_a_id == user.pk else match.player_a
    assert other is not None
    return other


def test_a_published_round_says_the_table_and_the_opponent_by_name() -> None:
    event, organiser, players = running_event()
    eva = players["Eva"]
    assert words(eva) == ["Running: waiting for the next round"]  # followed before round 1 goes up
    assert needs_of(eva).events == [event.pk]
    rounds.publish_round(rounds.pair_next_round(event, organiser), organiser)
    mine = Match.objects.get(Q(player_a=eva) | Q(player_b=eva), round__event=event)
    expected = f"Round 1, table {mine.table}, against {opponent(mine, eva).public_name}"
    needs = needs_of(eva)
    assert [i.words for i in needs.items] == [expected]
    assert needs.items[0].deadline is not None  # the round's clock
    assert needs.tables == [f"{event.pk}:1:{mine.table}"]
    html = client_of(eva).get("/").content.decode()
    assert expected in html
    assert "For you now" in html and 'data-testid="need-clock"' in html and "<time" in html
    assert html.index("For you now") < html.index("Organised play for Runeslingers")  # the panel first


def test_a_report_to_confirm_comes_before_the_tables_and_a_dispute_is_said() -> None:
    event, organiser, _players = running_event()
    rounds.publish_round(rounds.pair_next_round(event, organiser), organiser)
    match = Match.objects.filter(round__event=event).order_by("table").first()
    assert match is not None and match.player_b is not None
    report_result(match, match.player_a, Score(1, 0))
    said = words(match.player_b)
    assert said == [f"Round 1, table {match.table}: confirm the result {match.player_a.public_name} reported"]
    assert kinds(match.player_b) == ["confirm"]
    waiting = f"Round 1, table {match.table}, against {match.player_b.public_name}: waiting for"
    assert words(match.player_a) == [f"{waiting} {match.player_b.public_name} to confirm"]
    report_result(Match.objects.get(pk=match.pk), match.player_b, Score(0, 1))  # the other says otherwise
    assert Match.objects.get(pk=match.pk).status == Match.Status.DISPUTED
    assert words(match.player_a) == [f"Round 1, table {match.table}: the result is disputed, a judge settles it"]


def test_a_pod_seat_names_the_player_on_the_left() -> None:
    organiser = OrganiserFactory.create(display_name="Oda")
    event = EventFactory.create(
        organiser=organiser, name="Runebound Night", structure=Event.Structure.PODS, rounds=3,
        pod_size=3, pod_minimum=3, pod_maximum=4,
    )  # fmt: skip
    players = {name: UserFactory.create(display_name=name) for name in NAMES}
    for player in players.values():
        RegistrationFactory.create(event=event, player=player)
    registration.start_event(event, organiser)
    rounds.publish_round(rounds.pair_next_round(event, organiser), organiser)
    table = PodTable.objects.filter(round__event=event).order_by("table").first()
    assert table is not None
    seats = list(table.seats.order_by("position").select_related("player"))
    first, second = seats[0], seats[1]
    (item,) = needs_of(first.player).items
    assert item.words == f"Pod {table.table}, seat 1: {second.player.public_name} on your left"
    assert item.where == "Runebound Night, Round 1"
    assert f"Pod {table.table}, seat 1: {second.player.public_name} on your left" in panel(first.player)


def test_every_kind_in_its_order_most_urgent_first() -> None:
    event, organiser, players = running_event()
    rounds.publish_round(rounds.pair_next_round(event, organiser), organiser)
    eva = players["Eva"]
    corvin = players["Corvin"]
    soon = timezone.now() + timedelta(minutes=3)
    PlayMatch.objects.create(
        player1=corvin, player2=eva, decks=[], seed=1, on_clock=1, deadline=soon, label="Friendly"
    )  # Eva's seat is on the clock
    PlayMatch.objects.create(player1=eva, player2=corvin, decks=[], seed=2, on_clock=1)  # Corvin's turn: not listed
    MatchChallenge.objects.create(challenger=players["Mira"], opponent=eva, challenger_deck={})
    later = EventFactory.create(organiser=organiser, name="Winter Cup", status=Event.Status.REGISTRATION)
    later.starts_at = timezone.now() + timedelta(days=9)
    later.save()
    RegistrationFactory.create(event=later, player=eva)
    got = needs_of(eva).items
    assert [i.kind for i in got] == ["turn", "table", "invitation", "upcoming"]
    assert got[0].words == "Your turn against Corvin" and got[0].deadline == soon
    assert got[2].words == "Mira challenges you to a match"
    assert got[3].words == "Winter Cup" and got[3].where == "Registration open"
    html = panel(eva)
    assert "Your next events" in html and later.starts_at.strftime("%d %b").lstrip("0") in html
    assert not re.search(r">\s*(pending|reported|disputed|confirmed|registration|running)\s*<", html)


def test_an_organiser_sees_each_running_events_next_step() -> None:
    event, organiser, _ = running_event()
    assert [i.words for i in needs_of(organiser).items] == ["Round 1 to pair"]
    preview = rounds.pair_next_round(event, organiser)
    assert [i.words for i in needs_of(organiser).items] == ["Round 1 to publish"]
    rounds.publish_round(preview, organiser)
    assert [i.words for i in needs_of(organiser).items] == ["3 results missing"]
    first, second, _third = Match.objects.filter(round__event=event).order_by("table")
    assert first.player_b is not None and second.player_b is not None
    report_result(first, first.player_a, Score(1, 0))
    report_result(Match.objects.get(pk=first.pk), first.player_b, Score(0, 1))  # disputed
    report_result(second, second.player_a, Score(1, 0))
    confirm_result(Match.objects.get(pk=second.pk), second.player_b)
    needs = needs_of(organiser)
    assert [i.words for i in needs.items] == ["1 result missing · 1 dispute"]
    assert needs.items[0].url == f"/events/{event.pk}/manage/"
    assert needs.all_tables == [event.pk]
    assert "1 result missing · 1 dispute" in panel(organiser)


def test_an_ended_round_asks_for_the_next() -> None:
    event, organiser, _ = running_event(count=4)
    rounds.publish_round(rounds.pair_next_round(event, organiser), organiser)
    Round.objects.filter(event=event).update(status=Round.Status.ENDED)
    assert [i.words for i in needs_of(organiser).items] == ["Round 2 to pair"]


def test_nothing_waiting_says_where_to_start_and_anyone_else_sees_no_panel() -> None:
    quiet = UserFactory.create(display_name="Quiet")
    html = client_of(quiet).get("/").content.decode()
    assert "Nothing is waiting for you" in html and "Find an event" in html
    assert "For you now" not in Client().get("/").content.decode()
    assert Client().get("/home/panel/").status_code == 302  # the panel alone: sign in first
    assert needs_of(quiet).items == []


def test_a_bye_is_said_as_a_bye() -> None:
    event, organiser, _players = running_event(count=5)
    rounds.publish_round(rounds.pair_next_round(event, organiser), organiser)
    bye = Match.objects.get(round__event=event, player_b__isnull=True)
    assert words(bye.player_a) == ["Round 1: you have a bye"]
