"""Tables: a co-operative Runemasters game hosted on the site, with seats beyond two, a person
holding several seats, bots filling the others, turn clocks, results and replays."""

from __future__ import annotations

import json
import os
import random
from datetime import timedelta
from typing import Any

import pytest
from django.utils import timezone

from accounts.models import User
from gameplay.matches import selectors, services
from gameplay.matches.engines import engine_for
from gameplay.matches.errors import Conflict, Forbidden, Invalid, Stale
from gameplay.matches.models import GameAction, PlayMatch
from gameplay.matches.services import SeatSpec
from tests.clients import api_client as api
from tests.factories import UserFactory
from tests.processes import celery_process, stop_process, wait_for_worker
from tests.waiting import wait_until

pytestmark = pytest.mark.django_db
SETUP = {"guardians": ["neltai", "kulak"], "difficulty": "initiate"}


def table(seats: list[SeatSpec], setup: dict[str, Any] | None = None, **options: Any) -> PlayMatch:
    options.setdefault("seed", 11)
    options.setdefault("turn_seconds", None)
    return services.create_table("runemasters", setup or SETUP, seats, **options)


def test_a_solo_table_is_one_person_holding_every_guardian() -> None:
    """003 "You can play alone by covering all the bases of the game configuration" and 003 "some players may play
    several guardians": one person holds every seat of a table."""
    ann = UserFactory.create(username="ann")
    match = table([SeatSpec(ann), SeatSpec(ann)])
    assert match.seated and match.seat_count == 2 and match.seats_of(ann.pk) == [0, 1]
    view = services.player_view(match, 0)
    assert view["board"]["game"] == "runemasters"
    assert [s["mine"] for s in view["seats"]] == [True, True]
    assert view["board"]["legal"]  # the seat on the clock is hers


@pytest.mark.parametrize(
    ("setup", "seats", "words"),
    [
        ({"guardians": ["neltai", "gandalf"]}, 2, "guardian"),
        ({"guardians": ["neltai"]}, 1, "2 to 4 seats"),
        ({"guardians": ["neltai", "kulak", "ismoros", "kyreas", "neltai"]}, 5, "2 to 4 seats"),
        ({"guardians": ["neltai", "kulak"]}, 3, "one seat for each seat its setup names (2), not 3"),
        ({"guardians": ["neltai", "kulak"], "difficulty": "impossible"}, 2, "difficulty"),
    ],
)
def test_a_bad_setup_is_refused_in_words_and_nothing_is_made(setup: dict[str, Any], seats: int, words: str) -> None:
    ann = UserFactory.create(username="ann")
    with pytest.raises(Invalid) as refused:
        table([SeatSpec(ann)] * seats, setup)
    assert words in str(refused.value)
    assert not PlayMatch.objects.exists()


def test_a_table_without_a_person_is_refused() -> None:
    with pytest.raises(Invalid, match="at least one person"):
        table([SeatSpec(None), SeatSpec(None, "random")])
    assert not PlayMatch.objects.exists()


def acting(match: PlayMatch, people: dict[int, User]) -> tuple[User | None, int | None]:
    """Who must act now (a person, or None when a bot must), and the seat on the clock."""
    match.refresh_from_db()
    seat = match.on_clock
    if seat is None:
        return None, None
    holder = match.holders()[seat]
    return (None if holder.bot else people[holder.user_id or 0]), seat


def play_out(match: PlayMatch, people: dict[int, User], rng: random.Random, limit: int = 4000) -> int:
    """Play the table to its end: each person through ``services.play`` (a random legal action from
    their own view), each bot through ``services.bot_move``. Returns the moves made."""
    for moves in range(limit):
        user, seat = acting(match, people)
        if seat is None:
            return moves
        if user is None:
            assert services.bot_move(match.pk, match.version)
            continue
        view = services.player_view(match, match.seat_of(user.pk))
        assert view["seat"] == f"p{seat + 1}" and view["board"]["legal"]
        services.play(match.pk, user, rng.choice(view["board"]["legal"]), view["version"])
    raise AssertionError("the table did not finish")


def hidden_parts(match: PlayMatch) -> list[Any]:
    """What never leaves the server: the monster and event decks in their order, and the RNG."""
    engine = engine_for(match)
    game = match.current_game()
    assert game is not None
    state = engine.from_json(game.state)
    return [d for d in (state.monster_deck, state.event_deck) if len(d) > 1] + [state.rng]


def assert_hides(sent: Any, secrets: list[Any]) -> None:
    """Nothing in ``sent`` (a view, a log, a replay, as JSON) is a hidden deck in order or the RNG,
    and no key names them."""
    keys: list[str] = []

    def walk(value: Any) -> None:
        assert not (isinstance(value, list) and value in secrets), f"a hidden list was sent: {value}"
        if isinstance(value, dict):
            keys.extend(value)
            for item in value.values():
                walk(item)
        elif isinstance(value, list):
            for item in value:
                walk(item)

    walk(json.loads(json.dumps(sent)))
    assert "rng" not in keys


def ann_bob_table(**options: Any) -> tuple[PlayMatch, User, User]:
    """Two people and three guardians: Ann plays Neltai and Kyreas, Bob plays Kulak."""
    ann, bob = UserFactory.create(username="ann"), UserFactory.create(username="bob")
    setup = {"guardians": ["neltai", "kulak", "kyreas"], "difficulty": "initiate"}
    return table([SeatSpec(ann), SeatSpec(bob), SeatSpec(ann)], setup, **options), ann, bob


def test_two_people_play_three_guardians_to_the_end_and_the_log_replays_every_hash(
    django_capture_on_commit_callbacks: Any,
) -> None:
    finished: list[int] = []

    def record(sender: Any, match: PlayMatch, **_: Any) -> None:
        finished.append(match.pk)

    match, ann, bob = ann_bob_table()
    assert match.seats_of(ann.pk) == [0, 2] and match.seats_of(bob.pk) == [1]
    services.match_finished.connect(record)
    try:
        with django_capture_on_commit_callbacks(execute=True):
            moves = play_out(match, {ann.pk: ann, bob.pk: bob}, random.Random(3))
    finally:
        services.match_finished.disconnect(record)
    match.refresh_from_db()
    game = match.games.get()
    assert match.status == PlayMatch.Status.FINISHED and match.winner is None and game.winner is None
    assert match.outcome in ("won", "lost") and game.end_reason
    assert finished == [match.pk]
    log = list(game.actions.order_by("seq"))
    assert len(log) == moves and {a.seat for a in log} == {0, 1, 2}
    engine = engine_for(match)
    state = engine.new_game(game.setup, game.seed, game.engine_version)
    for logged in log:
        state, _text = engine.apply(state, logged.action)
        assert engine.state_hash(state) == logged.state_hash
    assert engine.state_hash(state) == game.state_hash
    assert engine.outcome(state) == match.outcome  # type: ignore[attr-defined]
    last = services.replay_view(game, None, len(log))
    assert last["board"]["outcome"] == match.outcome and last["steps"] == len(log)


def test_a_person_acts_in_the_seat_on_the_clock_and_out_of_turn_stale_or_illegal_changes_nothing() -> None:
    match, ann, bob = ann_bob_table()
    assert match.on_clock is not None
    on_clock = match.on_clock
    mover, other = (ann, bob) if on_clock in match.seats_of(ann.pk) else (bob, ann)
    view = services.player_view(match, match.seat_of(mover.pk))
    assert view["seat"] == f"p{on_clock + 1}" and view["board"]["legal"] and view["labels"]
    their = services.player_view(match, match.seat_of(other.pk))
    assert their["board"]["legal"] == [] and their["labels"] == {}
    assert [s["mine"] for s in their["seats"]] == [n in match.seats_of(other.pk) for n in range(3)]
    game = match.current_game()
    assert game is not None
    before = (match.version, game.moves, game.state_hash)
    with pytest.raises(Conflict, match="not your decision"):
        services.play(match.pk, other, "end", match.version)
    with pytest.raises(Stale):
        services.play(match.pk, mover, view["board"]["legal"][0], match.version - 1 if match.version else 99)
    with pytest.raises(Invalid, match="not allowed"):
        services.play(match.pk, mover, "strike 99", match.version)
    with pytest.raises(Forbidden):
        services.play(match.pk, UserFactory.create(username="eve"), "end", match.version)
    match.refresh_from_db()
    game.refresh_from_db()
    assert (match.version, game.moves, game.state_hash) == before
    services.play(match.pk, mover, "end", match.version)
    match.refresh_from_db()
    assert match.version == before[0] + 1


def test_bots_fill_the_empty_seats_and_move_when_their_turn_comes(monkeypatch: pytest.MonkeyPatch) -> None:
    queued: list[tuple[str, tuple[Any, ...]]] = []
    monkeypatch.setattr(
        "gameplay.matches.timers.queue_after_commit", lambda name, *args, **_: queued.append((name, args))
    )
    ann = UserFactory.create(username="ann")
    match = table(
        [SeatSpec(ann), SeatSpec(None, "random"), SeatSpec(None)], {"guardians": ["neltai", "kulak", "kyreas"]}
    )
    assert [h.bot for h in match.holders()] == ["", "random", "greedy"]
    play_out(match, {ann.pk: ann}, random.Random(4))
    match.refresh_from_db()
    game = match.games.get()
    bots_moved = {a.seat for a in game.actions.all()} & {1, 2}
    assert bots_moved == {1, 2}, "both bots took their turns"
    assert "gameplay.tasks.bot_move" in {name for name, _ in queued}, "a bot's turn queues its Celery task"
    assert match.status == PlayMatch.Status.FINISHED


def test_a_turn_clock_that_runs_out_ends_the_turn_with_what_was_done() -> None:
    match, _ann, _bob = ann_bob_table(turn_seconds=30)
    seat = match.on_clock
    assert seat is not None and match.deadline_kind == PlayMatch.TimerKind.TURN
    assert match.remaining_ms[seat] == 30_000
    since = timezone.now() - timedelta(seconds=31)
    PlayMatch.objects.filter(pk=match.pk).update(clock_since=since, deadline=since + timedelta(seconds=30))
    assert services.expire(match.pk, match.timer_version - 1) == "stale timer"
    assert services.expire(match.pk, match.timer_version) == "turn ended"
    match.refresh_from_db()
    game = match.games.get()
    last = game.actions.order_by("-seq").first()
    assert last is not None and last.automatic and last.seat == seat and last.action == "end"
    assert match.on_clock != seat and match.on_clock is not None
    assert match.remaining_ms[match.on_clock] == 30_000  # the next guardian's turn has its whole clock
    assert match.remaining_ms[seat] == 0 and match.status == PlayMatch.Status.PLAYING


def test_a_move_after_the_turn_clock_ran_out_is_refused_and_the_turn_ends() -> None:
    match, ann, bob = ann_bob_table(turn_seconds=30)
    seat = match.on_clock
    assert seat is not None
    mover = ann if seat in match.seats_of(ann.pk) else bob
    since = timezone.now() - timedelta(seconds=40)
    PlayMatch.objects.filter(pk=match.pk).update(clock_since=since, deadline=since + timedelta(seconds=30))
    match.refresh_from_db()
    outcome = services.play(match.pk, mover, services.player_view(match, seat)["board"]["legal"][-1], match.version)
    assert "turn's clock ran out" in outcome.refused
    last = match.games.get().actions.order_by("-seq").first()
    assert last is not None and last.automatic and last.action == "end"


def test_untimed_turns_run_no_clock() -> None:
    match, _ann, _bob = ann_bob_table()
    assert match.deadline is None and match.on_clock is not None and match.clock_since is None
    assert services.player_view(match, 0)["clocks"]["deadline"] is None


def test_a_person_who_concedes_loses_the_table_for_everyone() -> None:
    match, ann, _bob = ann_bob_table()
    outcome = services.concede(match.pk, ann, match.version)
    assert outcome.match.status == PlayMatch.Status.FINISHED and outcome.match.outcome == "lost"
    assert outcome.match.get_outcome_display() == "Lost"


def test_the_decks_order_and_the_rng_never_leave_the_server_in_views_pushes_logs_or_replays() -> None:
    match, ann, bob = ann_bob_table(public=True)
    secrets = hidden_parts(match)
    moved = services.play(match.pk, *mover_and_action(match, ann, bob))
    for view in moved.views.values():  # what was pushed
        assert_hides(view, secrets)
    for seat in (0, 1, None):
        assert_hides(services.player_view(match, seat), secrets)
    services.concede(match.pk, ann, PlayMatch.objects.get(pk=match.pk).version)
    match.refresh_from_db()
    game = match.games.get()
    for step in range(game.moves + 1):
        assert_hides(services.replay_view(game, None, step), secrets)
    for user in (ann, bob, UserFactory.create(username="eve")):
        seen = selectors.sight(match, user)
        assert seen is not None
        body = services.game_log(match, seen)
        assert_hides(body, secrets)
        assert all(g["seed"] is None for g in body["games"])  # a seed would deal the decks again


def mover_and_action(match: PlayMatch, ann: User, bob: User) -> tuple[User, str, int]:
    match.refresh_from_db()
    assert match.on_clock is not None
    mover = ann if match.on_clock in match.seats_of(ann.pk) else bob
    legal = services.player_view(match, match.seat_of(mover.pk))["board"]["legal"]
    return mover, legal[-1], match.version


@pytest.mark.slow
@pytest.mark.django_db(transaction=True)
def test_a_worker_ends_a_turn_whose_clock_runs_out_and_the_bot_then_moves() -> None:
    """The real path: the timer task queued after commit, run by a Celery worker at the deadline,
    applies the turn's end; the bot's task then plays the bot's turn."""
    ann = UserFactory.create(username="ann")
    setup = {"guardians": ["neltai", "kulak"], "difficulty": "initiate"}
    worker = celery_process("worker", "-Q", "default,timers", "-c", "1", "-n", f"turns-{os.getpid()}@%h")
    try:
        wait_for_worker(f"turns-{os.getpid()}")
        match = table([SeatSpec(ann), SeatSpec(None)], {**setup, "sage": 0}, turn_seconds=10)
        assert match.on_clock == 0 and match.deadline is not None
        deadline = match.deadline
        wait_until(
            lambda: GameAction.objects.filter(game__match=match, seat=0, automatic=True, action="end").exists(),
            120,
            "the worker to end Ann's turn when its clock ran out",
        )
        wait_until(
            lambda: GameAction.objects.filter(game__match=match, seat=1).exists(),
            120,
            "the bot's task to play its turn",
        )
    finally:
        stop_process(worker)
    ended = GameAction.objects.get(game__match=match, seat=0, automatic=True, action="end")
    assert ended.deadline == deadline and ended.at >= deadline


def test_the_api_serves_a_table_to_each_person_to_watchers_and_to_nobody_else() -> None:
    match, ann, bob = ann_bob_table()
    for person in (ann, bob):
        body = api(person).get(f"/api/play/{match.pk}/").json()
        assert body["board"]["game"] == "runemasters"
        assert [s["mine"] for s in body["seats"]] == [n in match.seats_of(person.pk) for n in range(3)]
        assert [s["name"] for s in body["seats"]] == [ann.public_name, bob.public_name, ann.public_name]
    eve = UserFactory.create(username="eve")
    assert api(eve).get(f"/api/play/{match.pk}/").status_code == 404
    PlayMatch.objects.filter(pk=match.pk).update(public=True)
    watched = api(eve).get(f"/api/play/{match.pk}/").json()
    assert watched["seat"] is None and watched["board"]["legal"] == [] and watched["labels"] == {}
    mover, action, version = mover_and_action(match, ann, bob)
    stale = api(mover).post(f"/api/play/{match.pk}/act/", {"action": action, "version": version + 5}, format="json")
    assert stale.status_code == 409
    assert api(eve).post(f"/api/play/{match.pk}/act/", {"action": action, "version": version}).status_code == 403
    done = api(mover).post(f"/api/play/{match.pk}/act/", {"action": action, "version": version}, format="json")
    assert done.status_code == 200 and done.json()["version"] == version + 1
    match.refresh_from_db()
    assert done.json()["seat"] == f"p{match.view_seat(match.seat_of(mover.pk) or 0) + 1}"


@pytest.mark.django_db(transaction=True)
def test_each_person_at_a_table_gets_one_view_pushed_over_the_one_socket_path(fresh_redis_state: None) -> None:
    from asgiref.sync import async_to_sync

    from config.asgi import application
    from tests.live_socket import TopicSocket
    from tests.matches.test_api import database_sync, latest

    match, ann, bob = ann_bob_table()
    secrets = hidden_parts(match)

    async def scenario() -> list[dict[str, Any]]:
        sockets = []
        for person in (ann, bob):
            socket = TopicSocket("match", match.pk, application=application)
            socket.scope["user"] = person
            assert (await socket.connect())[0]
            sockets.append(socket)
        for socket in sockets:
            await latest(socket, match.version)  # the view a socket opens with
        mover, action, version = await database_sync(mover_and_action, match, ann, bob)
        await database_sync(services.play, match.pk, mover, action, version)
        received = [await latest(socket, version + 1) for socket in sockets]
        for socket in sockets:
            await socket.disconnect()
        return received

    received = async_to_sync(scenario)()
    match.refresh_from_db()
    for person, message in zip((ann, bob), received, strict=True):
        view = message["view"]
        assert view["seat"] == f"p{match.view_seat(match.seat_of(person.pk) or 0) + 1}"
        assert_hides(view, secrets)


def test_a_referee_cannot_set_a_tables_result_and_nothing_changes() -> None:
    match, _ann, _bob = ann_bob_table()
    with pytest.raises(Invalid, match="played out, not set"):
        services.set_result(match.pk, UserFactory.create(username="staff", is_staff=True), (1, 0))
    assert PlayMatch.objects.get(pk=match.pk).status == PlayMatch.Status.PLAYING
