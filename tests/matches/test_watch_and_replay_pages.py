"""Watching a match (public view, live), referees' controls on the play page, and the replay page."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

from accounts.models import User
from gameplay.matches import services
from gameplay.matches.models import PlayMatch
from tests.clients import api_client as api
from tests.conftest import Personas
from tests.factories import UserFactory, judged_by
from tournaments.models import Event

pytestmark = pytest.mark.django_db
STARTERS = [{"starter": "eva-starter"}, {"starter": "romin-starter"}]


def started(personas: Personas, public: bool = False, seed: int = 1) -> tuple[PlayMatch, list[User]]:
    """Pat against Bea, refereed by the event's judge, with who goes first already chosen."""
    players = [personas.player, UserFactory.create(username="bea", display_name="Bea")]
    match = services.create_match(players[0], players[1], STARTERS, seed=seed, label="table 1")
    judged_by(match, personas.judge)  # an event of another organiser: the personas' organiser is no referee
    if public:
        PlayMatch.objects.filter(pk=match.pk).update(public=True)
    game = match.current_game()
    assert game is not None
    services.choose_first(match.pk, players[game.chooser], True, match.version)
    match.refresh_from_db()
    return match, players


def play_moves(match: PlayMatch, players: list[User], moves: int, rng: random.Random) -> None:
    for _ in range(moves):
        match.refresh_from_db()
        if match.status == PlayMatch.Status.FINISHED or match.on_clock is None:
            return
        seat = match.on_clock
        view = services.player_view(match, seat)
        if view["choice"]["pending"]:
            services.choose_first(match.pk, players[seat], True, view["version"])
        else:
            services.play(match.pk, players[seat], rng.choice(view["board"]["legal"]), view["version"])


def finished(personas: Personas, public: bool = False) -> tuple[PlayMatch, list[User]]:
    match, players = started(personas, public)
    play_moves(match, players, 6000, random.Random(7))
    match.refresh_from_db()
    assert match.status == PlayMatch.Status.FINISHED
    return match, players


def test_the_play_page_admits_players_referees_staff_and_anyone_for_a_public_match(personas: Personas) -> None:
    match, _players = started(personas)
    url = f"/play/{match.pk}/"
    page = personas.client("player").get(url)
    assert page.status_code == 200
    text = page.content.decode()
    assert 'data-seat="p1"' in text or 'data-seat="p2"' in text
    assert 'data-testid="watching"' not in text and 'data-testid="referee"' not in text
    assert 'data-testid="replay-link" hidden' in text  # no game is finished yet
    assert personas.client("outsider").get(url).status_code == 404
    anonymous = personas.client("anonymous").get(url)
    assert anonymous.status_code == 302 and "/login" in anonymous["Location"]
    for who in ("judge", "organiser"):  # the judge referees this match; the organiser does not
        response = personas.client(who).get(url)
        if who == "organiser":
            assert response.status_code == 404
            continue
        text = response.content.decode()
        assert response.status_code == 200 and 'data-testid="watching"' in text and 'data-seat=""' in text
        assert 'data-testid="referee"' in text and f"/api/play/{match.pk}/pause/" in text
    staff = personas.client("outsider")
    staff.force_login(UserFactory.create(username="staffer", is_staff=True))
    text = staff.get(url).content.decode()
    assert 'data-testid="watching"' in text and 'data-testid="referee"' in text
    PlayMatch.objects.filter(pk=match.pk).update(public=True)
    watcher = personas.client("outsider").get(url).content.decode()
    assert 'data-testid="watching"' in watcher and 'data-testid="referee"' not in watcher


def test_a_watcher_sees_no_hidden_card_not_even_a_face_down_concentration(personas: Personas) -> None:
    match, players = started(personas, public=True)
    play_moves(match, players, 2, random.Random(3))  # the setup: each player sets a face-down concentration
    match.refresh_from_db()
    game = match.current_game()
    assert game is not None
    state = services.load_state(game)
    view = api(personas.outsider).get(f"/api/play/{match.pk}/").json()
    assert view["seat"] is None and view["board"]["legal"] == []
    text = json.dumps(view)
    for seat, side in enumerate(view["board"]["players"]):
        assert isinstance(side["hand"], int)
        assert side["concentrations"], "a concentration was set"
        assert all("id" not in c for c in side["concentrations"])
        hidden = {f"c{h}" for h in [*state.players[seat].hand, *state.players[seat].deck]}
        assert not {h for h in hidden if f'"{h}"' in text}
    acting = api(personas.outsider).post(f"/api/play/{match.pk}/act/", {"version": match.version, "action": "pass"})
    assert acting.status_code == 403 and "watching" in acting.json()["detail"]


@pytest.mark.django_db(transaction=True)
def test_a_watcher_of_a_public_match_gets_the_public_view_pushed_live(fresh_redis_state: None) -> None:
    from asgiref.sync import async_to_sync
    from channels.db import database_sync_to_async

    from config.asgi import application
    from tests.live_socket import TopicSocket
    from tests.matches.test_api import latest

    players = [UserFactory.create(username="ann"), UserFactory.create(username="bob")]
    watcher, stranger = UserFactory.create(username="wendy"), UserFactory.create(username="sam")
    match = services.create_match(players[0], players[1], STARTERS, seed=1)
    PlayMatch.objects.filter(pk=match.pk).update(public=True)

    async def connect(user: User) -> tuple[TopicSocket, bool]:
        socket = TopicSocket("match", match.pk, application=application)
        socket.scope["user"] = user
        return socket, (await socket.connect())[0]

    async def scenario() -> dict[str, Any]:
        socket, connected = await connect(watcher)
        assert connected
        await database_sync_to_async(services.choose_first)(match.pk, players[0], True, match.version)
        message = await latest(socket, match.version + 1)
        await socket.disconnect()
        return message

    message = async_to_sync(scenario)()
    assert message["view"]["seat"] is None and message["view"]["choice"]["first"] == "p1"
    assert all(isinstance(p["hand"], int) for p in message["view"]["board"]["players"])
    PlayMatch.objects.filter(pk=match.pk).update(public=False)

    async def refused() -> bool:
        socket, connected = await connect(stranger)
        if connected:
            await socket.disconnect()
        return connected

    assert not async_to_sync(refused)()


def test_referee_controls_refuse_bad_input_clearly_and_change_nothing(personas: Personas) -> None:
    match, players = started(personas)
    judge = api(personas.judge)
    base = f"/api/play/{match.pk}"

    def snapshot() -> tuple[Any, ...]:
        match.refresh_from_db()
        return match.version, match.status, match.remaining_ms, match.wins

    before = snapshot()
    zero = judge.post(f"{base}/add-time/", {"seat": "p1", "seconds": 0}, format="json")
    assert zero.status_code == 400 and "Add between 1 second and an hour" in zero.json()["detail"]
    words = judge.post(f"{base}/add-time/", {"seat": "p1", "seconds": "lots"}, format="json")
    assert words.status_code == 400 and "valid integer" in str(words.json()["seconds"])
    too_much = judge.post(f"{base}/add-time/", {"seat": "p1", "seconds": 7200}, format="json")
    assert too_much.status_code == 400 and "seconds" in too_much.json()
    nobody = judge.post(f"{base}/add-time/", {"seat": "p3", "seconds": 30}, format="json")
    assert nobody.status_code == 400 and "seat" in nobody.json()
    both_won = judge.post(f"{base}/set-result/", {"wins": [1, 1]}, format="json")
    assert both_won.status_code == 400 and "best-of-1" in both_won.json()["detail"]
    short = judge.post(f"{base}/set-result/", {"wins": [1]}, format="json")
    assert short.status_code == 400 and "wins" in short.json()
    assert api(players[0]).post(f"{base}/pause/").status_code == 403
    assert judge.post(f"{base}/resume/").status_code == 409  # not paused
    assert snapshot() == before
    # A referee pauses: everyone sees it, the page included; then resumes.
    paused = judge.post(f"{base}/pause/")
    assert paused.status_code == 200 and paused.json()["status"] == "paused"
    assert api(players[1]).get(f"{base}/").json()["status"] == "paused"
    page = personas.client("player").get(f"/play/{match.pk}/").content.decode()
    assert 'data-testid="paused" role="status">' in page  # the banner is shown, not hidden
    assert judge.post(f"{base}/pause/").status_code == 409
    assert judge.post(f"{base}/resume/").json()["status"] == "playing"
    added = judge.post(f"{base}/add-time/", {"seat": "p2", "seconds": 90}, format="json")
    assert added.status_code == 200 and added.json()["clocks"]["remaining_ms"][1] > before[2][1] + 80_000


def test_the_replay_page_steps_through_a_finished_game(personas: Personas) -> None:
    match, _players = finished(personas)
    # Its event publishes its lists: until then a player replays only their own seat (issue 30,
    # tests/matches/test_closed_lists_after_the_match.py).
    Event.objects.filter(round_set__matches__play=match).update(lists_published=True)
    game = match.games.get()
    steps = game.actions.count()
    seat = f"p{match.seat_of(personas.player.pk) + 1}"  # type: ignore[operator]
    page = personas.client("player").get(f"/play/{match.pk}/replay/")
    assert page.status_code == 200
    text = page.content.decode()
    assert f'data-game="1" data-seat="{seat}" data-step="0" data-steps="{steps}"' in text
    assert f'max="{steps}"' in text and 'data-testid="replay-slider"' in text
    for control in ("replay-first", "replay-prev", "replay-next", "replay-last"):
        assert f'data-testid="{control}"' in text
    assert f'href="/api/play/{match.pk}/log/?format=json" download=' in text
    assert 'value="p1"' in text and 'value="p2"' in text and 'value="public"' in text
    later = personas.client("player").get(f"/play/{match.pk}/replay/?game=1&seat=p2&step={steps}")
    assert later.status_code == 200 and f'data-seat="p2" data-step="{steps}"' in later.content.decode()
    # What the page's script reads: a step from the replay API, and the log it offers for download.
    step = api(personas.player).get(f"/api/play/{match.pk}/replay/?game=1&step=3&seat={seat}").json()
    assert step["step"] == 3 and step["action"] == game.actions.get(seq=3).action
    log = personas.client("player").get(f"/api/play/{match.pk}/log/?format=json")
    assert log["Content-Type"].startswith("application/json") and len(log.json()["games"][0]["actions"]) == steps
    # The play page links the replay once a game is finished, and so does the play home page.
    play = personas.client("player").get(f"/play/{match.pk}/").content.decode()
    assert f'href="/play/{match.pk}/replay/" class="replay-link" data-testid="replay-link">' in play  # not hidden
    home = personas.client("player").get("/play/").content.decode()
    assert f'data-testid="replay-{match.pk}"' in home


def test_bad_replay_requests_get_a_clear_message_and_a_4xx(personas: Personas) -> None:
    match, _players = finished(personas, public=True)
    url = f"/play/{match.pk}/replay/"
    player = personas.client("player")
    cases = {
        "?game=abc": (400, "whole numbers"),
        "?step=-1": (400, "whole numbers"),
        "?game=7": (404, "Game 7 is not a finished game of this match (finished: 1)"),
        "?step=99999": (400, "Step 99999 is past the end of game 1"),
        "?seat=p9": (400, "The view is p1, p2 or public."),
    }
    for query, (status, message) in cases.items():
        response = player.get(url + query)
        assert response.status_code == status, query
        assert message in response.content.decode() and 'data-testid="replay-problem"' in response.content.decode()
    watcher = personas.client("outsider")  # a public match: anyone signed in may watch, in the public view
    refused = watcher.get(url + "?seat=p1")
    assert refused.status_code == 403 and "Watchers replay the public view only." in refused.content.decode()
    public = watcher.get(url)
    assert public.status_code == 200 and 'data-seat="public"' in public.content.decode()
    assert 'value="p1"' not in public.content.decode()
    assert api(personas.outsider).get(f"/api/play/{match.pk}/replay/?seat=p1").status_code == 403
    PlayMatch.objects.filter(pk=match.pk).update(public=False)
    assert watcher.get(url).status_code == 404
    ongoing, _ = started(personas, seed=2)
    nothing = player.get(f"/play/{ongoing.pk}/replay/")
    assert nothing.status_code == 404 and "nothing to replay" in nothing.content.decode()


def test_referees_find_the_matches_they_may_watch_on_the_play_home_page(personas: Personas) -> None:
    match, _players = started(personas)
    home = personas.client("judge").get("/play/").content.decode()
    assert "Matches you can watch" in home and f'href="/play/{match.pk}/"' in home
    assert f'href="/play/{match.pk}/"' not in personas.client("outsider").get("/play/").content.decode()


def test_the_replay_api_reads_its_arguments_as_the_replay_page_does(personas: Personas) -> None:
    match, _players = finished(personas, public=True)
    page, endpoint = f"/play/{match.pk}/replay/", f"/api/play/{match.pk}/replay/"
    player = personas.client("player")
    for query, status, message in [
        ("?game=abc", 400, "The game and the step are whole numbers"),
        ("?game=²", 400, "The game and the step are whole numbers"),  # a digit to str.isdigit, not to int
        ("?step=-1", 400, "The game and the step are whole numbers"),
        ("?step=99999999999999999999", 400, "The game and the step are whole numbers"),
        ("?seat=p9", 400, "The view is p1, p2 or public."),
    ]:
        shown = player.get(page + query)
        answered = api(personas.player).get(endpoint + query)
        assert (shown.status_code, answered.status_code) == (status, status), query
        assert message in shown.content.decode() and message in answered.json()["detail"], query
    # without a seat the page opens on the player's own view, the API on the public one
    own = match.seat_of(personas.player.pk)
    assert own is not None and f'data-seat="p{own + 1}"' in player.get(page).content.decode()
    assert all(isinstance(p["hand"], int) for p in api(personas.player).get(endpoint).json()["board"]["players"])


def test_match_lists_and_replay_titles_show_no_match_number(personas: Personas) -> None:
    match, _players = started(personas, public=True)
    PlayMatch.objects.filter(pk=match.pk).update(winner=2, status=PlayMatch.Status.FINISHED)
    client = personas.client("player")
    home = client.get("/play/").content.decode()
    assert "Table 1" in home
    assert f"#{match.pk}" not in home
    assert "seat 2" not in home and "Bea won" in home
