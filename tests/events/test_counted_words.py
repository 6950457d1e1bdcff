"""Counted words agree with their number on the floor's pages and confirmations: "1 round", "1 table
goes up", "The 1 result is in" (issue 30, "Words"); the one helper is ``common.words``."""

from __future__ import annotations

import pytest
from django.template import Context, Template, TemplateSyntaxError
from django.test import Client

from accounts.models import User
from common.words import agree, count
from gameplay.deck_words import deck_summary
from tests.factories import EventFactory, OrganiserFactory, RegistrationFactory, UserFactory
from tournaments.models import Event, Round
from tournaments.services import registration, results, rounds
from tournaments.services.desk import start_warnings
from tournaments.services.results import Score
from tournaments.web import confirmations
from tournaments.web.presentation import points_explained

NAMES = ["Eva", "Corvin", "Mira", "Tobin"]


def test_count_says_the_noun_that_agrees_with_the_number() -> None:
    assert count(1, "round", "rounds") == "1 round"
    assert count(2, "round", "rounds") == "2 rounds"
    assert count(0, "round", "rounds") == "0 rounds"
    assert count(1, "table goes up", "tables go up") == "1 table goes up"
    assert count(-1, "minute", "minutes") == "-1 minute"
    assert agree(1, "has", "have") == "has" and agree(3, "has", "have") == "have"


def test_every_template_has_the_count_and_agree_filters_and_a_bad_argument_fails_loudly() -> None:
    shown = Template('{{ a|count:"round,rounds" }} / {{ b|count:"round,rounds" }} / {{ b|agree:"is,are" }}')
    assert shown.render(Context({"a": 1, "b": 2})) == "1 round / 2 rounds / are"
    with pytest.raises(TemplateSyntaxError):
        Template('{{ a|count:"rounds" }}').render(Context({"a": 1}))


def test_a_deck_summary_counts_one_card_as_a_card() -> None:
    assert deck_summary("awakening-constructed", {"c1": 1}, None) == "1 card"
    assert deck_summary("awakening-constructed", {"c1": 2, "c2": 1}, None) == "3 cards"


# --- the floor ---------------------------------------------------------------------------


def event_of(players: int, **settings: object) -> tuple[Event, User]:
    organiser = OrganiserFactory.create(username="oda", display_name="Oda")
    event = EventFactory.create(organiser=organiser, name="Words Open", **settings)
    for i, name in enumerate(NAMES[:players]):
        RegistrationFactory.create(event=event, player=UserFactory.create(username=f"w{i}", display_name=name))
    return event, organiser


def client_of(user: User) -> Client:
    client = Client()
    client.force_login(user)
    return client


@pytest.mark.django_db
@pytest.mark.parametrize(("players", "tables", "goes_up", "results_in"), [
    (2, 1, "1 table goes up;", "The 1 result is in;"),
    (4, 2, "2 tables go up;", "All 2 results are in;"),
])  # fmt: skip
def test_publishing_and_ending_a_round_say_its_tables_and_results_in_agreement(
    players: int, tables: int, goes_up: str, results_in: str
) -> None:
    event, organiser = event_of(players, rounds=1)
    registration.start_event(event, organiser)
    preview = rounds.pair_next_round(event, organiser)
    said = confirmations.publish(preview).consequences
    assert said[0].startswith(goes_up), said
    round_ = rounds.publish_round(preview, organiser)
    for match in round_.matches.exclude(player_b=None):
        results.set_result(match, organiser, Score(1, 0))
    assert confirmations.end(round_).consequences[0].startswith(results_in)
    assert "1 tables" not in " ".join(said) and "All 1 result" not in confirmations.end(round_).consequences[0]


@pytest.mark.django_db
def test_ending_a_round_with_one_table_open_says_it_has_no_result() -> None:
    event, organiser = event_of(2, rounds=1)
    registration.start_event(event, organiser)
    round_ = rounds.publish_round(rounds.pair_next_round(event, organiser), organiser)
    assert confirmations.end(round_).blocker.startswith("1 table has no confirmed result")


@pytest.mark.django_db
@pytest.mark.parametrize(("number", "words"), [(1, "1 Swiss round."), (2, "2 Swiss rounds.")])
def test_the_start_confirmation_counts_the_rounds(number: int, words: str) -> None:
    event, _organiser = event_of(2, rounds=number)
    assert words in confirmations.start(event).consequences


@pytest.mark.django_db
def test_pairing_counts_the_players_still_in_the_event() -> None:
    event, organiser = event_of(2, rounds=2)
    registration.start_event(event, organiser)
    assert confirmations.pair(event).consequences[0] == "2 players still in the event are paired as a preview."


@pytest.mark.django_db
@pytest.mark.parametrize(("number", "words"), [(1, "1 round"), (2, "2 rounds")])
def test_the_event_and_manage_pages_count_rounds_and_players(number: int, words: str) -> None:
    event, organiser = event_of(number, rounds=number)
    boss = client_of(organiser)
    detail = boss.get(f"/events/{event.pk}/").content.decode()
    manage = boss.get(f"/events/{event.pk}/manage/").content.decode()
    players = "1 player" if number == 1 else "2 players"
    assert f" · {words} · " in detail and f'<span data-testid="places">{players}</span>' in detail
    assert f"· {words}" in manage
    if number == 1:
        assert "1 rounds" not in detail + manage and "1 players" not in detail


@pytest.mark.django_db
def test_one_player_without_a_legal_deck_is_one_player() -> None:
    event, _organiser = event_of(1, format="awakening-starter")
    assert start_warnings(event) == ["1 player without a legal deck: Eva."]


@pytest.mark.django_db
def test_a_standings_row_explains_one_point_and_one_bye_in_the_singular() -> None:
    event, organiser = event_of(3, rounds=1)
    registration.start_event(event, organiser)
    round_ = rounds.publish_round(rounds.pair_next_round(event, organiser), organiser)
    match = round_.matches.exclude(player_b=None).get()
    results.set_result(match, organiser, Score(0, 0, 1))
    rounds.end_round(round_, organiser)
    from tournaments.services.standings import standings

    rows = {row.player.public_name: row.standing for row in standings(event)}
    drew = rows[match.player_a.public_name]
    assert points_explained(drew).startswith("1 point: ")
    bye = next(s for name, s in rows.items() if s.byes)
    assert ", 1 of them a bye," in points_explained(bye)
    assert Round.objects.filter(event=event).count() == 1
