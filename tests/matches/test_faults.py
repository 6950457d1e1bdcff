"""Faults: a killed worker, a restarted web server, and an opponent fishing for hidden cards."""

from __future__ import annotations

import json
import os
import random
import signal
import subprocess
from pathlib import Path
from typing import Any

import pytest
from rest_framework.test import APIClient

from gameplay.matches import services
from gameplay.matches.models import GameAction, PlayMatch
from tests.browser.asgi import asgi_server
from tests.factories import UserFactory
from tests.matches.test_services import play_first
from tests.processes import broker_queue_length, celery_process, stop_process, wait_for_worker
from tests.waiting import wait_until

ROOT = Path(__file__).resolve().parents[2]
STARTERS = [{"starter": "eva-starter"}, {"starter": "romin-starter"}]


@pytest.mark.slow
@pytest.mark.django_db(transaction=True)
def test_a_killed_worker_still_gets_its_timer_expired_by_the_sweeper(tmp_path: Path) -> None:
    """The outcome, not the speed: the clock expires, once, after its deadline, with the right winner.
    How late the sweeper is on such a rescue is a figure of ``benchmarks/bench_timers.py``."""
    players = [UserFactory.create(username="ann"), UserFactory.create(username="bob")]
    match = play_first(services.create_match(players[0], players[1], STARTERS, clock_seconds=60), players)
    doomed = f"doomed-{os.getpid()}"
    worker = celery_process("worker", "-Q", "default,timers", "-c", "1", "-n", f"{doomed}@%h")
    rescue: list[subprocess.Popen[bytes]] = []
    try:
        wait_for_worker(doomed)
        seat = match.on_clock
        assert seat is not None
        # The clock now ends in about 30 s, far enough for a loaded machine to kill the worker first.
        services.add_time(match.pk, UserFactory.create(is_staff=True), seat, -30)
        match.refresh_from_db()
        deadline, version = match.deadline, match.version
        assert deadline is not None
        wait_until(lambda: broker_queue_length("timers") == 0, message="the worker to take the timer task")
        stop_process(worker, signal.SIGKILL)  # the ETA task it holds dies with it (unacked for an hour)
        assert PlayMatch.objects.get(pk=match.pk).status == PlayMatch.Status.PLAYING, (
            "the doomed worker expired the clock before it was killed: the sweeper was not tested"
        )
        rescue = [celery_process("worker", "-Q", "default,timers", "-c", "1", "-n", f"rescue-{os.getpid()}@%h"),
                  celery_process("beat", "--schedule", str(tmp_path / "beat"))]  # fmt: skip
        wait_until(
            lambda: PlayMatch.objects.filter(pk=match.pk, status=PlayMatch.Status.FINISHED).exists(),
            timeout=180,
            message="the sweeper to expire the clock of the killed worker",
        )
    finally:
        for process in [worker, *rescue]:
            stop_process(process)
    finished = PlayMatch.objects.get(pk=match.pk)
    assert finished.finished_at is not None and finished.finished_at >= deadline
    assert finished.winner == 2 - seat  # the seat on the clock lost (winner is 1 or 2)
    assert finished.version == version + 1, "the clock was expired more than once"
    game = finished.current_game()
    assert game is not None and game.end_reason == "clock" and game.winner == 1 - seat


@pytest.mark.slow
@pytest.mark.django_db(transaction=True)
def test_restarting_the_web_server_mid_game_loses_nothing_and_keeps_the_clocks() -> None:
    players = [UserFactory.create(username="ann"), UserFactory.create(username="bob")]
    match = play_first(services.create_match(players[0], players[1], STARTERS), players)
    rng = random.Random(3)

    def play_some(url: str, moves: int) -> None:
        import urllib.request

        from rest_framework.authtoken.models import Token

        tokens = [Token.objects.get_or_create(user=p)[0].key for p in players]
        for _ in range(moves):
            seat = PlayMatch.objects.get(pk=match.pk).on_clock
            assert seat is not None
            headers = {"Authorization": f"Token {tokens[seat]}", "Content-Type": "application/json"}
            request = urllib.request.Request(f"{url}/api/play/{match.pk}/", headers=headers)
            view = json.loads(urllib.request.urlopen(request, timeout=10).read())
            body = json.dumps({"version": view["version"], "action": rng.choice(view["board"]["legal"])}).encode()
            act = urllib.request.Request(f"{url}/api/play/{match.pk}/act/", data=body, headers=headers, method="POST")
            assert urllib.request.urlopen(act, timeout=10).status == 200

    with asgi_server() as url:
        play_some(url, 15)
    before = PlayMatch.objects.get(pk=match.pk)
    made = GameAction.objects.filter(
        game__match=match, automatic=False
    )  # (windows with only a pass pass by themselves)
    logged = made.count()
    with asgi_server() as url:
        after_restart = services.clocks(PlayMatch.objects.get(pk=match.pk))
        play_some(url, 15)
    assert logged == 15
    assert made.count() == 30
    seat = before.on_clock
    assert seat is not None
    # The deciding seat's clock kept running while the server was down; the other's stood still.
    assert after_restart["remaining_ms"][seat] < before.remaining_ms[seat]
    assert after_restart["remaining_ms"][1 - seat] == before.remaining_ms[1 - seat]


def hidden_handles(match: PlayMatch, seat: int) -> set[str]:
    """The handles of cards ``seat`` must not see: the other hand and both decks."""
    game = match.current_game()
    assert game is not None
    state = services.load_state(game)
    other = state.players[1 - seat]
    return {f"c{h}" for h in [*other.hand, *other.deck, *state.players[seat].deck]}


@pytest.mark.slow  # long: run by `make test` and CI, not by `make test-fast`
@pytest.mark.django_db
@pytest.mark.timeout(1800)  # ~80 s on a quiet machine; the suite-wide 300 s guard is a hang guard, not a speed limit
def test_the_api_never_shows_the_opponent_a_hidden_card() -> None:
    checked = 0
    for seed in range(6):
        players = [UserFactory.create(), UserFactory.create()]
        match = services.create_match(players[0], players[1], STARTERS, seed=seed)
        clients = [APIClient(), APIClient()]
        for client, user in zip(clients, players, strict=True):
            client.force_authenticate(user)
        rng = random.Random(seed)
        for _ in range(400):
            match.refresh_from_db()
            if match.status == PlayMatch.Status.FINISHED:
                break
            for looking in (0, 1):
                text = json.dumps(clients[looking].get(f"/api/play/{match.pk}/").json())
                leaked = {h for h in hidden_handles(match, looking) if f'"{h}"' in text}
                assert not leaked, f"seat p{looking + 1} can see {sorted(leaked)}"
                checked += 1
            seat = match.on_clock
            assert seat is not None
            view: dict[str, Any] = clients[seat].get(f"/api/play/{match.pk}/").json()
            if view["choice"]["pending"]:  # this seat won the die roll: it chooses who goes first
                answer = clients[seat].post(f"/api/play/{match.pk}/first/", {"version": view["version"], "first": "me"})
            else:
                answer = clients[seat].post(
                    f"/api/play/{match.pk}/act/",
                    {"version": view["version"], "action": rng.choice(view["board"]["legal"])},
                )
            assert answer.status_code == 200
            leaked = {h for h in hidden_handles(match, seat) if f'"{h}"' in json.dumps(answer.json())}
            assert not leaked
    assert checked > 1000
