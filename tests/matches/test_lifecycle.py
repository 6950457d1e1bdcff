"""The match from start to finish: conceding, how games end, rematches, preset messages."""

from __future__ import annotations

import random
from typing import Any

import pytest
from asgiref.sync import async_to_sync
from channels.db import database_sync_to_async
from django.contrib.auth.models import AnonymousUser

from accounts.models import User
from common.redis import key, state_redis
from config.asgi import application
from gameplay.matches import services
from gameplay.matches.chat import say
from gameplay.matches.engines import engine_for
from gameplay.matches.errors import Conflict, Forbidden, Stale
from gameplay.matches.models import MatchChallenge, PlayMatch
from gameplay.matches.protocol import Result
from gameplay.runeslingers.engine import core
from tests.clients import api_client as api
from tests.factories import UserFactory
from tests.live_socket import TopicSocket
from tests.matches.test_event_matches import onsite_event
from tests.matches.test_services import play_first
from tournaments.models import Match, ResultReport
from tournaments.services import rounds

pytestmark = pytest.mark.django_db
DECKS = [{"starter": "eva-starter"}, {"starter": "romin-starter"}]


def two_players(best_of: int = 1, **options: Any) -> tuple[PlayMatch, list[User]]:
    players = [UserFactory.create(username="ann"), UserFactory.create(username="bob")]
    match = services.create_match(players[0], players[1], DECKS, best_of=best_of, label="challenge", **options)
    return play_first(match, players), players


def test_conceding_a_challenge_gives_the_match_away_and_records_the_reason() -> None:
    match, players = two_players(best_of=3)
    answer = api(players[0]).post(f"/api/play/{match.pk}/concede/", {"version": match.version})
    assert answer.status_code == 200, answer.content
    body = answer.json()
    assert body["status"] == "finished" and body["winner"] == "p2" and body["wins"] == [0, 2]
    assert body["games"] == [{"number": 1, "winner": "p2", "reason": "concession"}]
    assert body["board"]["legal"] == [] and body["board"]["pending"] is None  # nothing is left to do
    game = match.games.get()
    assert game.finished and game.winner == 1 and game.end_reason == "concession"
    again = api(players[1]).post(f"/api/play/{match.pk}/concede/", {"version": body["version"]})
    assert again.status_code == 409 and "finished" in again.json()["detail"]
    match.refresh_from_db()
    assert match.winner == 2 and match.games.count() == 1


def test_a_concession_is_refused_to_watchers_strangers_and_old_versions() -> None:
    match, players = two_players(public=True)
    stranger = UserFactory.create(username="cid")
    watcher = api(stranger).post(f"/api/play/{match.pk}/concede/", {"version": match.version})
    assert watcher.status_code == 403 and "watching" in watcher.json()["detail"]
    stale = api(players[0]).post(f"/api/play/{match.pk}/concede/", {"version": match.version - 1})
    assert stale.status_code == 409 and stale.json()["version"] == match.version
    missing = api(players[0]).post(f"/api/play/{match.pk}/concede/", {})
    assert missing.status_code == 400 and "version" in missing.json()
    with pytest.raises(Forbidden):
        services.concede(match.pk, stranger, match.version)
    with pytest.raises(Stale):
        services.concede(match.pk, players[1], match.version + 5)
    match.refresh_from_db()
    assert match.is_playing and not match.games.filter(finished=True).exists()


def test_conceding_practice_against_the_bot_ends_it_at_once() -> None:
    me = UserFactory.create(username="practiser")
    match = services.create_match(me, None, DECKS, bot="greedy", label="practice")
    outcome = services.concede(match.pk, me, match.version)
    assert outcome.match.is_finished and outcome.match.winner == 2
    assert services.player_view(outcome.match, 0)["games"][0]["reason"] == "concession"


def test_an_event_concession_is_a_game_loss_and_the_result_reaches_the_event(
    django_capture_on_commit_callbacks: Any,
) -> None:
    event, organiser = onsite_event()
    type(event).objects.filter(pk=event.pk).update(best_of=3)
    event.refresh_from_db()
    with django_capture_on_commit_callbacks(execute=True):
        round_ = rounds.publish_round(rounds.pair_next_round(event, organiser), organiser)
    table = round_.matches.select_related("play", "play__player1", "play__player2").first()
    assert table is not None and table.play is not None
    played = table.play
    assert played.best_of == 3 and not services.concession_loses_match(played)
    conceder = played.player1
    with django_capture_on_commit_callbacks(execute=True):
        services.concede(played.pk, conceder, played.version)
    played.refresh_from_db()
    assert played.is_playing and played.wins == [0, 1] and played.games.count() == 2  # game 2 begins
    assert played.games.get(number=1).end_reason == "concession"
    view = services.player_view(played, 0)
    assert view["game"] == 2 and view["games"] == [{"number": 1, "winner": "p2", "reason": "concession"}]
    with django_capture_on_commit_callbacks(execute=True):
        services.concede(played.pk, conceder, played.version)
    played.refresh_from_db()
    assert played.is_finished and played.wins == [0, 2] and played.winner == 2
    table.refresh_from_db()
    assert table.status == Match.Status.CONFIRMED
    assert ResultReport.objects.filter(match=table, kind=ResultReport.Kind.AUTO).count() == 1
    with pytest.raises(Conflict, match="event"):
        services.rematch(played.pk, conceder)


def test_a_game_played_out_records_how_it_ended() -> None:
    match, players = two_players()
    rng = random.Random(11)
    for _ in range(6000):
        match.refresh_from_db()
        if match.is_finished:
            break
        seat = match.on_clock
        assert seat is not None
        view = services.player_view(match, seat)
        services.play(match.pk, players[seat], rng.choice(view["board"]["legal"]), view["version"])
    game = match.games.get()
    assert game.end_reason in ("power", "deck out", "draw")
    assert (game.winner is None) == (game.end_reason == "draw")
    loser = services.load_state(game).players[1 - game.winner] if game.winner is not None else None
    if game.end_reason == "power":
        assert loser is not None and loser.power <= 0


def test_a_practice_rematch_starts_a_new_match_with_the_same_decks_and_bot() -> None:
    me = UserFactory.create(username="practiser")
    match = services.create_match(me, None, DECKS, bot="random", best_of=3, label="practice")
    early = api(me).post(f"/api/play/{match.pk}/rematch/")
    assert early.status_code == 409 and "over" in early.json()["detail"]
    services.concede(match.pk, me, match.version)
    answer = api(me).post(f"/api/play/{match.pk}/rematch/")
    assert answer.status_code == 201, answer.content
    again = PlayMatch.objects.get(pk=answer.json()["id"])
    assert again.pk != match.pk and again.bot == "random" and again.best_of == 3 and again.player1 == me
    assert again.decks == match.decks and again.is_playing


def test_a_challenge_rematch_is_offered_then_accepted_by_the_other_player() -> None:
    match, players = two_players()
    services.concede(match.pk, players[1], match.version)
    stranger = UserFactory.create(username="cid")
    assert api(stranger).post(f"/api/play/{match.pk}/rematch/").status_code == 404
    offered = api(players[1]).post(f"/api/play/{match.pk}/rematch/")
    assert offered.status_code == 202 and "offered" in offered.json()["detail"]
    twice = api(players[1]).post(f"/api/play/{match.pk}/rematch/")
    assert twice.status_code == 409 and "offered" in twice.json()["detail"]
    match.refresh_from_db()
    assert services.player_view(match, 0)["rematch"] == {"offered_by": "p2", "match": None}
    accepted = api(players[0]).post(f"/api/play/{match.pk}/rematch/")
    assert accepted.status_code == 201, accepted.content
    again = PlayMatch.objects.get(pk=accepted.json()["id"])
    assert (again.player1, again.player2) == (players[1], players[0])  # the one who offered is seat 1
    assert again.decks == [match.decks[1], match.decks[0]]
    offer = MatchChallenge.objects.get(rematch_of=match)
    assert offer.status == MatchChallenge.Status.ACCEPTED and offer.match == again
    assert services.player_view(match, 1)["rematch"] == {"offered_by": "p2", "match": again.pk}


async def _socket(match_id: int, user: Any) -> TopicSocket:
    socket = TopicSocket("match", match_id, application=application)
    socket.scope["user"] = user
    connected, _ = await socket.connect()
    assert connected
    await socket.receive_json_from(timeout=5)  # the opening view
    return socket


async def _next(socket: TopicSocket, kind: str) -> dict[str, Any]:
    """The next message of ``kind`` (presence messages come and go in between)."""
    while True:
        message = await socket.receive_json_from(timeout=5)
        if message["type"] == kind:
            return message


async def _nothing_but_presence(socket: TopicSocket) -> bool:
    while not await socket.receive_nothing(timeout=0.3):
        if (await socket.receive_json_from())["type"] != "presence":
            return False
    return True


def _as_if_just_sent(match_id: int, seat: int) -> None:
    """Hold the seat's 3 s limit for longer, so a slow machine cannot let the next message through."""
    assert state_redis().expire(key("play", str(match_id), "said", f"p{seat + 1}"), 60)


@pytest.mark.django_db(transaction=True)
def test_preset_messages_reach_the_opponent_only_and_are_rate_limited(fresh_redis_state: None) -> None:
    match, players = two_players(public=True)

    async def scenario() -> None:
        ann, bob = await _socket(match.pk, players[0]), await _socket(match.pk, players[1])
        watcher = await _socket(match.pk, AnonymousUser())
        await ann.send_json_to({"type": "say", "message": "good-luck"})
        heard = await _next(bob, "say")
        assert heard == {"type": "say", "from": "p1", "message": "good-luck", "text": "Good luck"}
        await database_sync_to_async(_as_if_just_sent)(match.pk, 0)
        await ann.send_json_to({"type": "say", "message": "well-played"})
        refused = await _next(ann, "say-refused")
        assert "every 3 seconds" in refused["detail"]
        await ann.send_json_to({"type": "say", "message": "you are bad"})  # no free text
        assert "preset" in (await _next(ann, "say-refused"))["detail"]
        await watcher.send_json_to({"type": "say", "message": "good-game"})
        assert "Watchers" in (await _next(watcher, "say-refused"))["detail"]
        await bob.send_json_to({"type": "say", "message": "thinking"})
        assert (await _next(ann, "say"))["text"] == "Thinking…"
        assert await _nothing_but_presence(watcher)  # watchers see none
        for socket in (ann, bob, watcher):
            await socket.disconnect()

    async_to_sync(scenario)()


@pytest.mark.django_db(transaction=True)
def test_a_rematch_offer_is_pushed_to_both_players_pages(fresh_redis_state: None) -> None:
    match, players = two_players()
    services.concede(match.pk, players[0], match.version)

    async def scenario() -> None:
        ann, bob = await _socket(match.pk, players[0]), await _socket(match.pk, players[1])
        await database_sync_to_async(services.rematch)(match.pk, players[0])
        assert (await _next(bob, "rematch")) == {"type": "rematch", "offered_by": "p1"}
        made = await database_sync_to_async(services.rematch)(match.pk, players[1])
        assert made.match is not None
        assert (await _next(ann, "rematch")) == {"type": "rematch", "offered_by": "p1"}  # her own offer
        started = await _next(ann, "rematch")
        assert started == {"type": "rematch", "offered_by": "p1", "match": made.match.pk}
        for socket in (ann, bob):
            await socket.disconnect()

    async_to_sync(scenario)()


def test_bots_read_no_messages() -> None:
    me = UserFactory.create(username="practiser")
    match = services.create_match(me, None, DECKS, bot="greedy", label="practice")
    assert "bot" in say(match.pk, 0, "good-luck")


def test_the_engine_adapter_names_how_the_loser_lost() -> None:
    match, _players = two_players()
    engine = engine_for(match)
    game = match.games.get()
    out_of_cards = engine.from_json(game.state)
    out_of_cards.players[1].deck, out_of_cards.players[1].discard = [], []
    core.end_game(out_of_cards, 1)
    assert engine.result(out_of_cards) == Result(0, "deck out")
    no_power = engine.from_json(game.state)
    no_power.players[0].power = 0
    core.end_game(no_power, 0)
    assert engine.result(no_power) == Result(1, "power")
    drawn = engine.from_json(game.state)
    core.end_game(drawn, -1)
    assert engine.result(drawn) == Result(None, "draw")
    assert engine.result(engine.from_json(game.state)) is None
