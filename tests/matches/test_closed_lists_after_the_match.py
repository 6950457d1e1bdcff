"""A finished match of an event whose lists are closed (issue 30): its players keep their own seat
and the public view on every path (the replay page, the replay API, the log and its download),
so the loser cannot step through the winner's hidden hand and face-down concentrations while the
event runs; once the event publishes its lists, or finishes, they see everything."""

from __future__ import annotations

import pytest
from django.test import Client

from accounts.models import User
from gameplay.matches import services as play
from gameplay.matches.models import PlayMatch
from tests.matches.test_closed_lists import Table, finish_game_one, table
from tournaments.models import Event
from tournaments.services import decks

pytestmark = pytest.mark.django_db
WITHHELD = "Seeds and your opponent's deck are shown once the event publishes its lists or finishes."
CLOSED = "Until the event publishes its deck lists (or finishes), you may replay your own view or the public one."


@pytest.fixture
def over() -> Table:
    """Table 1's best of three, over (game 1 played, then the organiser's 2-0), the event running."""
    t = table()
    finish_game_one(t)
    play.set_result(t.match.pk, t.organiser, (2, 0))
    t.match.refresh_from_db()
    assert t.match.status == PlayMatch.Status.FINISHED
    return t


def page_client(user: User) -> Client:
    client = Client()
    client.force_login(user)
    return client


def seat_hidden_everywhere(t: Table, seat: int) -> None:
    """Every path refuses ``seat``'s player the other seat and the seeds, and gives their own."""
    player, other = t.players[seat], f"p{2 - seat}"
    refused = t.replay(player, other)
    assert refused.status_code == 403 and refused.json()["detail"] == CLOSED
    own = t.replay(player, f"p{seat + 1}")
    assert own.status_code == 200 and isinstance(own.json()["board"]["players"][seat]["hand"], list)
    assert isinstance(own.json()["board"]["players"][1 - seat]["hand"], int)  # the opponent's hand: a count
    assert t.replay(player, "public").status_code == 200

    game = t.match.games.get(number=1)
    client = page_client(player)
    for logged in (t.log(player), client.get(f"/api/play/{t.match.pk}/log/?format=json")):  # API, download
        assert logged.status_code == 200
        body = logged.json()
        assert body["complete"] is False and body["games"][0]["seed"] is None
        assert body["games"][0]["setup"]["players"][1 - seat] is None
        assert body["games"][0]["setup"]["players"][seat] == game.setup["players"][seat]
        assert body["withheld"] == WITHHELD
        assert str(game.seed) not in logged.content.decode()

    page = client.get(f"/play/{t.match.pk}/replay/?game=1&seat={other}")
    assert page.status_code == 403 and "publishes its deck lists" in page.content.decode()
    html = client.get(f"/play/{t.match.pk}/replay/?game=1").content.decode()
    assert f'value="p{seat + 1}"' in html and 'value="public"' in html and f'value="{other}"' not in html


def test_the_loser_and_the_winner_keep_their_own_seat_while_the_lists_are_closed(over: Table) -> None:
    loser = 1 if over.match.winner == 1 else 0  # winner is 1 or 2 (seat + 1)
    assert over.match.winner in (1, 2)
    seat_hidden_everywhere(over, loser)
    seat_hidden_everywhere(over, 1 - loser)
    assert over.replay(over.judge, "p1").status_code == 200  # referees see every seat of a finished match


def test_publishing_the_lists_opens_every_seat_to_the_players(over: Table) -> None:
    decks.publish_lists(over.event, over.organiser)
    game = over.match.games.get(number=1)
    for player in over.players:
        assert over.replay(player, "p1").status_code == 200 and over.replay(player, "p2").status_code == 200
        assert over.log(player).json()["games"][0]["seed"] == game.seed
        html = page_client(player).get(f"/play/{over.match.pk}/replay/?game=1").content.decode()
        assert 'value="p1"' in html and 'value="p2"' in html


def test_a_finished_event_opens_every_seat_to_its_players(over: Table) -> None:
    Event.objects.filter(pk=over.event.pk).update(status=Event.Status.FINISHED)
    game = over.match.games.get(number=1)
    for player in over.players:
        assert over.replay(player, "p1").status_code == 200 and over.replay(player, "p2").status_code == 200
        assert over.log(player).json()["complete"] is True and over.log(player).json()["games"][0]["seed"] == game.seed
