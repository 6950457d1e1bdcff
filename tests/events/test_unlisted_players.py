"""Constructed lists are enforced (issue 30): the organiser enters a list for a guest walk-in or
anyone (versions, in the history), the manage page and the desk show and filter each player's list,
a player without a legal list is warned on their own event page, and Start, each pairing and each
publish ask what happens to players without a legal list (dropped, or paired and marked), each
recorded in the history. Pages and API."""

from __future__ import annotations

from typing import Any

import pytest
from django.test import Client

from accounts.models import User
from gameplay.deckformats import deck_format
from gameplay.runeslingers.formats import Deck
from gameplay.runeslingers.site_catalog import current_catalog
from tests.clients import api_client as api
from tests.factories import OrganiserFactory, UserFactory
from tournaments.errors import Invalid
from tournaments.models import AuditEntry, DeckVersion, Event, Registration, Round
from tournaments.services import decks, registration, results, rounds
from tournaments.services.desk import NoListChoice

pytestmark = pytest.mark.django_db
NAMES = ["Eva", "Corvin", "Mira", "Tobin", "Sela", "Ansel"]
STARTERS = ["eva-starter", "romin-starter", "brannoc-starter", "vesna-starter"]


def starter(n: int = 0) -> Deck:
    return Deck.from_starter(current_catalog().starter_decks[STARTERS[n % len(STARTERS)]])


def starter_text(n: int = 0) -> str:
    return deck_format("awakening-starter").write(starter(n))


def open_event(listed: int = 4, count: int = 6, **fields: Any) -> tuple[Event, User, dict[str, User]]:
    """A constructed event with registration open; the first ``listed`` players registered a legal list."""
    organiser = OrganiserFactory.create(username="oda", display_name="Oda")
    fields = {"name": "Lists Open", "rounds": 3, "format": "awakening-starter", **fields}
    event = registration.create_event(organiser, **fields)
    registration.change_status(event, Event.Status.REGISTRATION, organiser)
    players = {name: UserFactory.create(username=name.lower(), display_name=name) for name in NAMES[:count]}
    for n, player in enumerate(players.values()):
        registration.register(event, player)
        if n < listed:
            decks.register_deck(event, player, starter(n), player)
    return event, organiser, players


def client_of(user: User) -> Client:
    client = Client()
    client.force_login(user)
    return client


def list_lines(event: Event) -> list[str]:
    return [e.describe() for e in AuditEntry.objects.filter(event=event, kind=AuditEntry.Kind.DECK_LIST)]


# --- the organiser enters a list ----------------------------------------------------------------


def test_the_organiser_enters_a_guest_walk_ins_list_after_the_start_with_versions_in_the_history() -> None:
    event, organiser, _players = open_event(listed=6, late_entry_until_round=2)
    registration.start_event(event, organiser)
    boss = client_of(organiser)
    assert boss.post(f"/events/{event.pk}/walk-in/", {"guest_name": "Wanda"}).status_code == 302
    guest = Registration.objects.get(event=event, player__display_name="Wanda").player
    url = f"/events/{event.pk}/players/{guest.pk}/deck/"
    shown = boss.get(url).content.decode()
    assert "Wanda's deck for Lists Open" in shown and 'data-testid="entered-for"' in shown
    bad = boss.post(url, {"format": event.format, "decklist": "Runeslinger: Eva\n40 Not A Card"})
    assert bad.status_code == 400 and not DeckVersion.objects.filter(deck__player=guest).exists()

    assert boss.post(url, {"format": event.format, "decklist": starter_text(0)}).status_code == 302
    assert boss.post(url, {"format": event.format, "decklist": starter_text(1)}).status_code == 302
    versions = list(DeckVersion.objects.filter(deck__event=event, deck__player=guest).order_by("number"))
    assert [(v.number, v.submitted_by) for v in versions] == [(1, organiser), (2, organiser)]
    assert list_lines(event) == [
        "Wanda: deck list entered by Oda (version 1)",
        "Wanda: deck list entered by Oda (version 2)",
    ]
    page = boss.get(url).content.decode()
    assert "Version 2 · " in page and "entered by Oda" in page
    manage = boss.get(f"/events/{event.pk}/manage/").content.decode()
    assert "Wanda: deck list entered by Oda (version 2)" in manage  # the history


def test_only_the_organiser_enters_another_players_list() -> None:
    event, _organiser, players = open_event(listed=0)
    judge = UserFactory.create(username="jude")
    event.judges.add(judge)
    eva, corvin = players["Eva"], players["Corvin"]
    url = f"/events/{event.pk}/players/{eva.pk}/deck/"
    for who in (judge, corvin):
        refused = client_of(who).post(url, {"format": event.format, "decklist": starter_text()})
        assert refused.status_code == 403
    assert client_of(eva).get(url).status_code == 302  # a player's own: their own deck page
    assert not DeckVersion.objects.exists() and not list_lines(event)


def test_the_api_enters_and_reads_a_players_list_for_the_organiser() -> None:
    event, organiser, players = open_event(listed=0)
    judge = UserFactory.create(username="jude")
    event.judges.add(judge)
    eva = players["Eva"]
    url = f"/api/events/{event.pk}/deck/?player={eva.pk}"
    made = api(organiser).post(url, {"text": starter_text()}, format="json")
    assert made.status_code == 201 and made.json()["number"] == 1
    assert api(judge).get(url).status_code == 200  # judges read it
    assert api(judge).post(url, {"text": starter_text()}, format="json").status_code == 403
    assert api(players["Corvin"]).get(url).status_code == 403
    bad = api(organiser).get(f"/api/events/{event.pk}/deck/?player=eva")
    assert bad.status_code == 400 and "player" in bad.json()["detail"]
    stranger = UserFactory.create(username="stranger")
    assert api(organiser).get(f"/api/events/{event.pk}/deck/?player={stranger.pk}").status_code == 404
    assert list_lines(event) == ["Eva: deck list entered by Oda (version 1)"]


# --- the deck column, the filter and the player's warning ---------------------------------------


def test_manage_and_desk_show_and_filter_each_players_list() -> None:
    event, organiser, players = open_event(listed=4)
    boss = client_of(organiser)
    manage = boss.get(f"/events/{event.pk}/manage/").content.decode()
    assert manage.count('data-testid="deck-status"') == 6 and "No list" in manage and "Legal" in manage
    sela = players["Sela"].pk
    assert f'href="/events/{event.pk}/players/{sela}/deck/" data-testid="enter-list">Enter a list' in manage
    missing = boss.get(f"/events/{event.pk}/manage/?deck=missing").content.decode()
    assert missing.count('data-testid="deck-status"') == 2 and "Sela" in missing and "Ansel" in missing
    assert ">Eva</a>" not in missing
    legal = boss.get(f"/events/{event.pk}/desk/?deck=legal").content.decode()
    assert legal.count('data-testid="desk-row"') == 4 and "<strong>Sela</strong>" not in legal
    for page in (f"/events/{event.pk}/manage/?deck=bogus", f"/events/{event.pk}/desk/?deck=bogus"):
        refused = boss.get(page)
        assert refused.status_code == 400 and "deck: show every player" in refused.content.decode()


def test_a_player_without_a_legal_list_is_warned_on_their_event_page() -> None:
    event, organiser, players = open_event(listed=4)
    sela = client_of(players["Sela"]).get(f"/events/{event.pk}/").content.decode()
    assert 'data-testid="deck-warning"' in sela and "You have not registered a deck list." in sela
    assert "Register a legal list before the event starts" in sela
    assert 'data-testid="deck-warning"' not in client_of(players["Eva"]).get(f"/events/{event.pk}/").content.decode()
    registration.start_event(event, organiser)
    locked = client_of(players["Sela"]).get(f"/events/{event.pk}/").content.decode()
    assert "Lists are locked now: see the organiser" in locked


# --- the choice at Start, at pairing and at publishing ------------------------------------------


def test_start_asks_and_drops_the_players_without_a_legal_list() -> None:
    event, organiser, players = open_event(listed=4)
    boss = client_of(organiser)
    shown = boss.get(f"/events/{event.pk}/do/start/").content.decode()
    assert "Ansel, Sela have no legal deck list. What happens to them?" in shown
    assert 'type="radio" name="no_legal_list" value="pair" required' in shown
    assert 'value="drop" required' in shown and "Drop them: they become no-shows" in shown

    refused = boss.post(f"/events/{event.pk}/do/start/", {"confirm": "yes", "no_legal_list": "maybe"})
    assert refused.status_code == 400 and "no_legal_list is drop or pair" in refused.content.decode()
    event.refresh_from_db()
    assert event.status == Event.Status.REGISTRATION

    assert boss.post(f"/events/{event.pk}/do/start/", {"confirm": "yes", "no_legal_list": "drop"}).status_code == 302
    event.refresh_from_db()
    assert event.status == Event.Status.RUNNING
    dropped = Registration.objects.filter(event=event, dropped_after_round=0)
    assert sorted(r.player.public_name for r in dropped) == ["Ansel", "Sela"]
    assert sorted(list_lines(event)) == [
        "Ansel: no legal deck list at the start: dropped",
        "Sela: no legal deck list at the start: dropped",
    ]
    preview = rounds.pair_next_round(event, organiser)
    paired = {p for m in preview.matches.all() for p in m.players()}
    assert players["Sela"].pk not in paired and players["Eva"].pk in paired


def test_pairing_them_marks_them_and_the_history_says_so() -> None:
    event, organiser, _players = open_event(listed=4)
    boss = client_of(organiser)
    boss.post(f"/events/{event.pk}/do/start/", {"confirm": "yes", "no_legal_list": "pair"})
    shown = boss.get(f"/events/{event.pk}/do/pair/").content.decode()
    assert "Ansel, Sela have no legal deck list." in shown and "Drop them from the event, then pair" in shown
    boss.post(f"/events/{event.pk}/do/pair/", {"confirm": "yes", "no_legal_list": "pair"})
    preview = Round.objects.get(event=event)
    manage = boss.get(f"/events/{event.pk}/manage/").content.decode()
    assert 'data-testid="unlisted-note"' in manage and "Without a legal deck list: Ansel, Sela." in manage
    publish = boss.get(f"/rounds/{preview.pk}/do/publish/").content.decode()
    assert "Publish with them, marked as without a legal list" in publish
    published = boss.post(f"/rounds/{preview.pk}/do/publish/", {"confirm": "yes", "no_legal_list": "pair"})
    assert published.status_code == 302
    manage = boss.get(f"/events/{event.pk}/manage/").content.decode()
    assert manage.count('data-testid="no-list-mark"') == 2  # Sela and Ansel, at their tables
    assert list_lines(event) == [
        "Ansel: no legal deck list at the start: paired anyway, marked",
        "Sela: no legal deck list at the start: paired anyway, marked",
        "Ansel: no legal deck list for round 1: paired anyway, marked",
        "Sela: no legal deck list for round 1: paired anyway, marked",
        "Ansel: no legal deck list for round 1: paired anyway, marked",
        "Sela: no legal deck list for round 1: paired anyway, marked",
    ]


def test_dropping_them_at_publishing_pairs_the_round_again_without_them() -> None:
    event, organiser, players = open_event(listed=4)
    registration.start_event(event, organiser)
    preview = rounds.pair_next_round(event, organiser)
    boss = client_of(organiser)
    done = boss.post(f"/rounds/{preview.pk}/do/publish/", {"confirm": "yes", "no_legal_list": "drop"}, follow=True)
    assert "were dropped and round 1 was paired again without them" in done.content.decode()
    again = Round.objects.get(event=event)
    assert again.pk != preview.pk and again.status == Round.Status.PREVIEW
    paired = {p for m in again.matches.all() for p in m.players()}
    assert paired == {players[n].pk for n in ("Eva", "Corvin", "Mira", "Tobin")}
    assert Registration.objects.get(event=event, player=players["Sela"]).dropped_after_round == 0
    assert "Sela: no legal deck list for round 1: dropped" in list_lines(event)


def test_the_api_takes_the_choice_and_refuses_a_bad_one() -> None:
    event, organiser, players = open_event(listed=4)
    boss = api(organiser)
    bad = boss.post(f"/api/events/{event.pk}/start/", {"no_legal_list": "later"}, format="json")
    assert bad.status_code == 400 and "no_legal_list" in bad.json()
    event.refresh_from_db()
    assert event.status == Event.Status.REGISTRATION
    assert boss.post(f"/api/events/{event.pk}/start/", {"no_legal_list": "pair"}, format="json").status_code == 200
    preview = boss.post(f"/api/events/{event.pk}/pair-next-round/", {}, format="json").json()
    answer = boss.post(f"/api/rounds/{preview['id']}/publish/", {"no_legal_list": "drop"}, format="json")
    assert answer.status_code == 200 and answer.json()["status"] == Round.Status.PREVIEW  # paired again
    assert not Registration.objects.get(event=event, player=players["Ansel"]).active
    assert "Ansel: no legal deck list for round 1: dropped" in list_lines(event)


def test_a_limited_event_asks_nothing_about_lists() -> None:
    event, organiser, _players = open_event(listed=0, format="sealed")
    shown = client_of(organiser).get(f"/events/{event.pk}/do/start/").content.decode()
    assert "no_legal_list" not in shown


def test_an_event_played_here_says_a_player_with_no_list_cannot_be_published() -> None:
    event, organiser, _players = open_event(listed=4, count=6, played_on_site=True, arrival_minutes=0)  # no bye
    registration.start_event(event, organiser)
    preview = rounds.pair_next_round(event, organiser)
    boss = client_of(organiser)
    shown = boss.get(f"/rounds/{preview.pk}/do/publish/").content.decode()
    assert "Ansel, Sela: no list at all, and a match played here needs one to start." in shown
    refused = boss.post(f"/rounds/{preview.pk}/do/publish/", {"confirm": "yes", "no_legal_list": "pair"})
    assert refused.status_code == 409 and "no registered deck to play with: Ansel, Sela" in refused.content.decode()
    preview.refresh_from_db()
    assert preview.status == Round.Status.PREVIEW and not list_lines(event)  # nothing happened, nothing said
    assert (
        boss.post(f"/rounds/{preview.pk}/do/publish/", {"confirm": "yes", "no_legal_list": "drop"}).status_code == 302
    )
    assert "Sela: no legal deck list for round 1: dropped" in list_lines(event)


def test_the_top_cut_offers_no_drop_and_refuses_one() -> None:
    event, organiser, _players = open_event(
        listed=0, count=4, structure=Event.Structure.SWISS_TOP_CUT, top_cut=2, rounds=1
    )
    registration.start_event(event, organiser)
    played = rounds.publish_round(rounds.pair_next_round(event, organiser), organiser)
    for match in played.matches.all():
        results.set_result(match, organiser, results.Score(1, 0))
    rounds.end_round(played, organiser)
    final = rounds.cut_to_top(event, organiser)  # both finalists have no list
    shown = client_of(organiser).get(f"/rounds/{final.pk}/do/publish/").content.decode()
    assert "Publish with them, marked as without a legal list" in shown and 'value="drop"' not in shown
    with pytest.raises(Invalid, match="In the top cut the bracket decides who plays"):
        rounds.publish_round(final, organiser, no_legal_list=NoListChoice.DROP)
    final.refresh_from_db()
    assert final.status == Round.Status.PREVIEW and not list_lines(event)
