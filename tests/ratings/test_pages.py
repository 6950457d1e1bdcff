"""The player profile, the leaderboards and the ratings API: what they show, what they hide, and
bad input answered with a 4xx in words."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest
from django.contrib.humanize.templatetags.humanize import ordinal
from django.test import Client

from accounts.models import User
from gameplay.matches.models import PlayMatch
from tests.events.test_swiss_services import five_player_event, play_round
from tests.factories import UserFactory
from tests.ratings.test_rebuild import practice
from tournaments.models import DeckVersion, EventDeck, Match
from tournaments.ratings import services
from tournaments.ratings.models import Kind, PlayerRating
from tournaments.services.results import Score
from tournaments.structures import structure_of

pytestmark = pytest.mark.django_db


def signed_in(user: User) -> Client:
    client = Client()
    client.force_login(user)
    return client


def swiss_with_replay() -> tuple[dict[str, User], PlayMatch]:
    event, organiser, p = five_player_event()
    play_round(event, organiser, [(p["A"], p["B"]), (p["C"], p["D"]), (p["E"], None)], [Score(2, 0), Score(2, 1)])
    match = Match.objects.get(round__event=event, player_a=p["A"])
    play = PlayMatch.objects.create(
        player1=p["A"], player2=p["B"], decks=[{}, {}], seed=1, status=PlayMatch.Status.FINISHED, winner=1,
        finished_at=datetime(2026, 3, 3, tzinfo=UTC),
    )  # fmt: skip
    Match.objects.filter(pk=match.pk).update(play=play)
    services.rebuild(Kind.AWAKENING)
    return p, play


def test_the_profile_shows_ratings_events_places_and_matches() -> None:
    p, _ = swiss_with_replay()
    page = Client().get(f"/players/{p['A'].pk}/")
    assert page.status_code == 200
    text = page.content.decode()
    rating = PlayerRating.objects.get(player=p["A"], kind=Kind.AWAKENING)
    assert f"{rating.value:,.0f}" in text and f"± {rating.deviation:,.0f}" in text
    assert "Runeslingers: The Awakening" in text and "#1 of 4" in text and "1 game" in text
    assert '<svg class="rating-chart"' in text
    event = p["A"].registrations.get().event
    place = next(row["rank"] for row in structure_of(event).standings_data() if row["player"] == p["A"].pk)
    assert event.name in text and f"{ordinal(place)} of 5" in text
    assert "Won 2-0" in text and p["B"].public_name in text


def test_a_replay_link_only_for_a_viewer_who_may_see_the_match() -> None:
    p, play = swiss_with_replay()
    link = f"/play/{play.pk}/replay/"
    assert link not in Client().get(f"/players/{p['A'].pk}/").content.decode()  # a private match, anonymous
    outsider = UserFactory.create()
    assert link not in signed_in(outsider).get(f"/players/{p['A'].pk}/").content.decode()
    assert link in signed_in(p["B"]).get(f"/players/{p['A'].pk}/").content.decode()  # a player of it


def test_private_practice_matches_show_only_to_those_who_may_see_them() -> None:
    ann, bo, olly = UserFactory.create(), UserFactory.create(display_name="Bo Brave"), UserFactory.create()
    play = practice(ann, bo, 1)
    services.rebuild(Kind.AWAKENING)
    mine = signed_in(ann).get(f"/players/{ann.pk}/").content.decode()
    assert f"/play/{play.pk}/replay/" in mine and "Bo Brave" in mine
    theirs = signed_in(olly).get(f"/players/{ann.pk}/").content.decode()
    assert f"/play/{play.pk}/replay/" not in theirs and 'data-testid="practice"' not in theirs
    assert "± " in theirs  # the rating itself is public


def test_an_unknown_player_is_a_404() -> None:
    assert Client().get("/players/999999/").status_code == 404
    assert Client().get("/players/abc/").status_code == 404
    assert Client().get("/api/players/999999/ratings/").status_code == 404


def many_ratings(count: int) -> list[User]:
    users = [UserFactory.create(display_name=f"Player {i:03}") for i in range(count)]
    PlayerRating.objects.bulk_create(
        PlayerRating(player=user, kind=Kind.AWAKENING, value=2000 - i, deviation=60, games=3)
        for i, user in enumerate(users)
    )
    return users


def test_the_leaderboard_pages_fifty_players_at_a_time() -> None:
    users = many_ratings(51)
    first = Client().get("/ratings/awakening/")
    assert first.status_code == 200
    text = first.content.decode()
    assert "Player 000" in text and "Player 049" in text and "Player 050" not in text
    assert "Page 1 of 2" in text and "2,000" in text and "± 60" in text
    second = Client().get("/ratings/awakening/?page=2").content.decode()
    assert "Player 050" in second and "Player 000" not in second and f"/players/{users[50].pk}/" in second
    assert "Nobody has a rating" in Client().get("/ratings/pods/").content.decode()


@pytest.mark.parametrize(
    ("address", "status", "words"),
    [
        ("/ratings/awakening/?page=two", 400, "The page must be a number from 1 to 1."),
        ("/ratings/awakening/?page=0", 400, "The page must be a number from 1 to 1."),
        ("/ratings/awakening/?page=3", 404, ""),
        ("/ratings/chess/", 404, ""),
        ("/api/ratings/awakening/?page=two", 400, "The page must be a number from 1 to 1."),
        ("/api/ratings/awakening/?page=3", 404, "There are only 1 pages."),
        ("/api/ratings/chess/", 404, "There is no rating called 'chess'."),
    ],
)
def test_bad_pages_and_kinds_are_refused_in_words(address: str, status: int, words: str) -> None:
    many_ratings(3)
    answer = Client().get(address)
    assert answer.status_code == status
    assert words in answer.content.decode()


def test_the_api_gives_a_players_ratings_with_history_and_the_leaderboards() -> None:
    p, _ = swiss_with_replay()
    body = Client().get(f"/api/players/{p['A'].pk}/ratings/").json()
    assert body["name"] == p["A"].public_name
    (awakening,) = body["ratings"]
    rating = PlayerRating.objects.get(player=p["A"], kind=Kind.AWAKENING)
    assert (awakening["kind"], awakening["value"], awakening["games"], awakening["place"]) == (
        "awakening", rating.value, 1, 1,
    )  # fmt: skip
    assert [point["period"] for point in awakening["history"]] == [f"{p['A'].registrations.get().event.name}, round 1"]
    kinds = Client().get("/api/ratings/").json()
    assert [k["kind"] for k in kinds] == ["awakening", "classic", "pods"]
    board = Client().get("/api/ratings/awakening/").json()
    assert (board["count"], board["pages"], board["results"][0]["player"]) == (4, 1, p["A"].pk)


def test_a_guests_profile_shows_and_a_deactivated_accounts_does_not() -> None:
    guest = UserFactory.create(display_name="Walk-in Wanda", is_guest=True, is_active=False)
    gone = UserFactory.create(is_active=False)
    PlayerRating.objects.create(player=gone, kind=Kind.AWAKENING, value=2500, deviation=50, games=9)
    assert "Walk-in Wanda" in Client().get(f"/players/{guest.pk}/").content.decode()
    assert Client().get(f"/players/{gone.pk}/").status_code == 404
    assert Client().get(f"/api/players/{gone.pk}/ratings/").json() == {"detail": "There is no such player."}
    assert "2,500" not in Client().get("/ratings/awakening/").content.decode()


def test_the_event_history_pages_link_to_the_profiles() -> None:
    p, _ = swiss_with_replay()
    event = p["A"].registrations.get().event
    text = Client().get(f"/events/{event.pk}/players/{p['A'].pk}/").content.decode()
    assert f'href="/players/{p["A"].pk}/"' in text and f'href="/players/{p["B"].pk}/"' in text


def test_deck_lists_show_where_the_event_lets_the_reader_see_them() -> None:
    p, _ = swiss_with_replay()
    event = p["A"].registrations.get().event
    deck = EventDeck.objects.create(event=event, player=p["A"])
    DeckVersion.objects.create(deck=deck, number=1, cards={"spark": 30}, text="30 Spark", catalog_version="test")
    address = f"/players/{p['A'].pk}/"
    assert 'data-testid="decks"' not in Client().get(address).content.decode()  # lists not published
    assert 'data-testid="decks"' not in signed_in(p["B"]).get(address).content.decode()
    assert "30 cards" in signed_in(p["A"]).get(address).content.decode()  # their own
    event.lists_published = True
    event.save(update_fields=["lists_published"])
    text = Client().get(address).content.decode()
    assert 'data-testid="decks"' in text and f"/events/{event.pk}/decks/" in text and "30 cards" in text


def test_equal_ratings_share_a_place_on_the_page_and_in_the_api() -> None:
    users = [UserFactory.create(display_name=name) for name in ("Ann", "Bo", "Cy")]
    for user, value in zip(users, (1600, 1600, 1500), strict=True):
        PlayerRating.objects.create(player=user, kind=Kind.PODS, value=value, deviation=400, games=1)
    board = Client().get("/api/ratings/pods/").json()
    assert [(row["place"], row["name"]) for row in board["results"]] == [(1, "Ann"), (1, "Bo"), (3, "Cy")]
    text = Client().get("/ratings/pods/").content.decode()
    assert "Every rating starts at 1,500 ± 500." in text


def test_the_events_list_and_your_profile_lead_to_the_ratings() -> None:
    assert 'href="/ratings/awakening/"' in Client().get("/events/").content.decode()
    ann = UserFactory.create()
    assert f'href="/players/{ann.pk}/"' in signed_in(ann).get("/accounts/profile/").content.decode()
