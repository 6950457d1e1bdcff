"""Closed deck lists through a whole best-of-three, and referee rights that follow the event.

An event's on-site match (best of three), game 1 played to its end: until the match is over its
players get their own seat's information of game 1 and the public view, watchers the public view;
seeds and setups stay private until the match is over, and then go to others only once the event
publishes its lists. Who referees is the event's organiser and judges as they are at the request.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any

import pytest
from asgiref.sync import async_to_sync
from django.test import Client

from accounts.models import User
from gameplay.matches import selectors as play_selectors
from gameplay.matches import services as play
from gameplay.matches.models import PlayMatch
from gameplay.runeslingers.formats import Deck
from gameplay.runeslingers.site_catalog import current_catalog
from tests.clients import api_client as api
from tests.factories import EventFactory, OrganiserFactory, RegistrationFactory, UserFactory
from tournaments.models import Event
from tournaments.services import decks, registration, rounds

pytestmark = pytest.mark.django_db
STARTERS = ["eva-starter", "romin-starter", "brannoc-starter", "vesna-starter"]


@dataclass
class Table:
    event: Event
    organiser: User
    judge: User
    match: PlayMatch
    players: list[User]

    def log(self, user: User | None) -> Any:
        return api(user).get(f"/api/play/{self.match.pk}/log/")

    def replay(self, user: User | None, seat: str) -> Any:
        return api(user).get(f"/api/play/{self.match.pk}/replay/?game=1&step=0&seat={seat}")


def table(public: bool = False) -> Table:
    """Table 1 of a best-of-three event played on the site, refereed by its organiser and a judge."""
    organiser = OrganiserFactory.create()
    # arrival_minutes=0: played through the services with no page open, so the clocks start at once.
    event = EventFactory.create(organiser=organiser, format="awakening-starter", played_on_site=True, rounds=2,
                                best_of=3, matches_public=public, arrival_minutes=0)  # fmt: skip
    judge = UserFactory.create(username="jude")
    event.judges.add(judge)
    catalog = current_catalog()
    for starter in STARTERS:
        player = RegistrationFactory.create(event=event).player
        decks.register_deck(event, player, Deck.from_starter(catalog.starter_decks[starter]), player)
    registration.start_event(event, organiser)
    round_ = rounds.publish_round(rounds.pair_next_round(event, organiser), organiser)
    match = round_.matches.get(table=1).play
    assert match is not None and match.player2 is not None
    return Table(event, organiser, judge, match, [match.player1, match.player2])


def finish_game_one(t: Table) -> None:
    """Random legal moves until game 1 ends (the match goes on to game 2)."""
    rng = random.Random(3)
    for _ in range(6000):
        t.match.refresh_from_db()
        if t.match.games.filter(number=1, finished=True).exists():
            assert t.match.status == PlayMatch.Status.PLAYING and t.match.best_of == 3
            return
        seat = t.match.on_clock
        assert seat is not None
        view = play.player_view(t.match, seat)
        if view["choice"]["pending"]:
            play.choose_first(t.match.pk, t.players[seat], True, view["version"])
        else:
            play.play(t.match.pk, t.players[seat], rng.choice(view["board"]["legal"]), view["version"])
    raise AssertionError("game 1 did not end")


def finish_match(t: Table) -> None:
    play.set_result(t.match.pk, t.organiser, (2, 0))
    t.match.refresh_from_db()
    assert t.match.status == PlayMatch.Status.FINISHED


@pytest.fixture
def mid_match() -> Table:
    t = table(public=True)
    finish_game_one(t)
    return t


# --- 1. closed lists until the match is over ------------------------------------------------------


def test_mid_match_the_log_gives_a_player_neither_seed_nor_the_opponents_deck(mid_match: Table) -> None:
    t = mid_match
    game = t.match.games.get(number=1)
    for seat, player in enumerate(t.players):
        answer = t.log(player)
        assert answer.status_code == 200
        logged = answer.json()["games"][0]
        assert logged["number"] == 1 and logged["actions"]  # the actions are public: they stay
        assert logged["seed"] is None
        assert logged["setup"]["players"][seat] == game.setup["players"][seat]  # their own deck
        assert logged["setup"]["players"][1 - seat] is None  # not the opponent's
        assert answer.json()["complete"] is False
        assert "once the match is over" in answer.json()["withheld"]
        assert str(game.seed) not in answer.content.decode()
        client = Client()
        client.force_login(player)
        download = client.get(f"/api/play/{t.match.pk}/log/?format=json")  # the replay page's "Download log"
        assert download.status_code == 200 and download.json()["games"][0]["seed"] is None
        assert download.json()["games"][0]["setup"]["players"][1 - seat] is None


def test_mid_match_a_player_cannot_replay_the_opponents_seat(mid_match: Table) -> None:
    t = mid_match
    refused = t.replay(t.players[1], "p1")
    assert refused.status_code == 403
    assert refused.json()["detail"] == "Until the match is over you may replay your own view or the public one."
    assert t.replay(t.players[0], "p2").status_code == 403
    own = t.replay(t.players[1], "p2")
    assert own.status_code == 200 and isinstance(own.json()["board"]["players"][1]["hand"], list)
    public = t.replay(t.players[1], "public")
    assert public.status_code == 200 and isinstance(public.json()["board"]["players"][0]["hand"], int)


def test_mid_match_the_replay_page_offers_a_player_only_their_own_seat(mid_match: Table) -> None:
    t = mid_match
    client = Client()
    client.force_login(t.players[1])
    url = f"/play/{t.match.pk}/replay/"
    refused = client.get(url + "?game=1&seat=p1")
    assert refused.status_code == 403
    assert "your own view or the public one" in refused.content.decode()
    page = client.get(url + "?game=1")
    assert page.status_code == 200
    html = page.content.decode()
    assert 'value="p2"' in html and 'value="public"' in html and 'value="p1"' not in html


def test_mid_match_a_public_watcher_gets_the_public_view_only(mid_match: Table) -> None:
    t = mid_match
    outsider = UserFactory.create(username="wanda")
    game = t.match.games.get(number=1)
    for watcher in (None, outsider):
        answer = t.log(watcher)
        assert answer.status_code == 200
        logged = answer.json()["games"][0]
        assert logged["seed"] is None and logged["setup"] is None and logged["actions"]
        assert str(game.seed) not in answer.content.decode()
        assert t.replay(watcher, "p1").status_code == 403
        assert t.replay(watcher, "p2").status_code == 403
        assert t.replay(watcher, "public").status_code == 200
    decks.publish_lists(t.event, t.organiser)  # published lists open nothing before the match is over
    assert t.log(outsider).json()["games"][0]["seed"] is None
    assert t.replay(outsider, "p1").status_code == 403


def test_referees_watch_the_public_view_until_the_match_is_over(mid_match: Table) -> None:
    t = mid_match
    game = t.match.games.get(number=1)
    for referee in (t.judge, t.organiser):
        answer = t.log(referee)
        assert answer.json()["games"][0]["seed"] is None and answer.json()["games"][0]["setup"] is None
        assert str(game.seed) not in answer.content.decode()
        refused = t.replay(referee, "p1")
        assert refused.status_code == 403
        assert refused.json()["detail"] == "Until the match is over referees replay the public view only."
        assert t.replay(referee, "p2").status_code == 403
        assert t.replay(referee, "public").status_code == 200


def test_after_the_match_referees_get_the_full_log_and_players_and_others_once_lists_are_published(
    mid_match: Table,
) -> None:
    t = mid_match
    finish_match(t)
    game = t.match.games.get(number=1)
    outsider = UserFactory.create(username="wanda")
    for watcher in (None, outsider):
        assert t.log(watcher).json()["games"][0]["seed"] is None
        assert t.log(watcher).json()["games"][0]["setup"] is None
        assert t.replay(watcher, "p1").status_code == 403
    for who in (t.judge, t.organiser):
        logged = t.log(who).json()
        assert logged["games"][0]["seed"] == game.seed and logged["games"][0]["setup"] == game.setup
        assert logged["complete"] is True and "withheld" not in logged
        assert t.replay(who, "p1").status_code == 200 and t.replay(who, "p2").status_code == 200
    for seat, player in enumerate(t.players):  # the lists are closed: their own seat only (issue 30)
        logged = t.log(player).json()
        assert logged["games"][0]["seed"] is None and logged["complete"] is False
        assert logged["games"][0]["setup"]["players"][1 - seat] is None
        assert t.replay(player, f"p{2 - seat}").status_code == 403
        assert t.replay(player, f"p{seat + 1}").status_code == 200
    decks.publish_lists(t.event, t.organiser)
    for who in t.players:
        logged = t.log(who).json()
        assert logged["games"][0]["seed"] == game.seed and logged["games"][0]["setup"] == game.setup
        assert t.replay(who, "p1").status_code == 200 and t.replay(who, "p2").status_code == 200
    for watcher in (None, outsider):
        logged = t.log(watcher).json()
        assert logged["games"][0]["seed"] == game.seed and logged["games"][0]["setup"] == game.setup
        assert t.replay(watcher, "p1").status_code == 200
    decks.publish_lists(t.event, t.organiser, published=False)  # the event's rule as it is now
    assert t.log(outsider).json()["games"][0]["seed"] is None


# --- 2. referee rights follow the event -------------------------------------------------------------


def test_a_judge_removed_from_the_event_loses_pause_add_time_and_set_result() -> None:
    t = table(public=True)  # public, so the removed judge may still watch and is told why
    t.event.judges.remove(t.judge)
    version = PlayMatch.objects.get(pk=t.match.pk).version
    client = api(t.judge)
    for path, body in (("pause/", {}), ("add-time/", {"seat": "p1", "seconds": 30}), ("set-result/", {"wins": [2, 0]})):
        answer = client.post(f"/api/play/{t.match.pk}/{path}", body, format="json")
        assert answer.status_code == 403, path
        assert answer.json()["detail"] == "Only the match's referees (the event's organiser and judges) may do this."
    after = PlayMatch.objects.get(pk=t.match.pk)
    assert after.status == PlayMatch.Status.PLAYING and after.version == version
    assert not play_selectors.can_referee(after, t.judge)


def test_a_removed_judge_can_no_longer_see_a_private_match() -> None:
    t = table(public=False)
    assert api(t.judge).get(f"/api/play/{t.match.pk}/").status_code == 200
    t.event.judges.remove(t.judge)
    assert api(t.judge).post(f"/api/play/{t.match.pk}/pause/").status_code == 404
    assert api(t.judge).get(f"/api/play/{t.match.pk}/").status_code == 404
    client = Client()
    client.force_login(t.judge)
    assert f"/play/{t.match.pk}/" not in client.get("/play/").content.decode()


def test_a_judge_added_after_the_round_was_published_referees_its_matches() -> None:
    t = table(public=False)
    late = UserFactory.create(username="lately")
    assert api(late).post(f"/api/play/{t.match.pk}/pause/").status_code == 404
    t.event.judges.add(late)
    client = Client()
    client.force_login(late)
    assert f"/play/{t.match.pk}/" in client.get("/play/").content.decode()  # listed to watch
    assert api(late).post(f"/api/play/{t.match.pk}/pause/").status_code == 200
    assert api(late).post(f"/api/play/{t.match.pk}/resume/").status_code == 200
    added = api(late).post(f"/api/play/{t.match.pk}/add-time/", {"seat": "p2", "seconds": 60}, format="json")
    assert added.status_code == 200
    result = api(late).post(f"/api/play/{t.match.pk}/set-result/", {"wins": [0, 2]}, format="json")
    assert result.status_code == 200 and result.json()["status"] == PlayMatch.Status.FINISHED


@pytest.mark.django_db(transaction=True)  # the socket's threads close connections: each step commits
def test_the_play_socket_follows_the_event_judges(fresh_redis_state: None) -> None:
    from channels.db import database_sync_to_async

    from config.asgi import application
    from tests.live_socket import TopicSocket

    t = table(public=False)
    late = UserFactory.create(username="lately")

    async def opens(user: User) -> tuple[bool, Any]:
        socket = TopicSocket("match", t.match.pk, application=application)
        socket.scope["user"] = user
        connected, _code = await socket.connect()
        first = await socket.receive_json_from(timeout=5) if connected else None
        await socket.disconnect()
        return connected, first

    def change_judges() -> None:
        t.event.judges.remove(t.judge)
        t.event.judges.add(late)

    async def scenario() -> list[tuple[bool, Any]]:
        before = await opens(t.judge)
        await database_sync_to_async(change_judges)()
        return [before, await opens(t.judge), await opens(late)]

    judge_before, judge_after, late_judge = async_to_sync(scenario)()
    assert judge_before[0] is True
    assert judge_after[0] is False
    assert late_judge[0] is True and late_judge[1]["view"]["seat"] is None  # the public view
    assert all(isinstance(side["hand"], int) for side in late_judge[1]["view"]["board"]["players"])


def test_the_round_page_links_each_table_as_the_viewer_may_see_it() -> None:
    t = table(public=False)
    round_url = f"/events/{t.event.pk}/rounds/1/"
    other = t.event.round_set.get(number=1).matches.get(table=2).play
    assert other is not None

    def page(user: User) -> str:
        client = Client()
        client.force_login(user)
        return client.get(round_url).content.decode()

    assert f"/play/{t.match.pk}/" not in page(UserFactory.create(username="wanda"))  # a private match: no link to a 404
    mine = page(t.players[0])
    assert f"/play/{other.pk}/" not in mine  # nor to another table's
    assert f'href="/play/{t.match.pk}/" data-testid="play-link"' in mine
    judged = page(t.judge)
    assert judged.count('data-testid="watch-link"') == 2
    t.event.judges.remove(t.judge)
    assert 'data-testid="watch-link"' not in page(t.judge)
