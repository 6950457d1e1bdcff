"""Matches through the services: moves, versions, hidden information, clocks and windows, bots."""

from __future__ import annotations

import random
from datetime import timedelta
from typing import Any

import pytest
from django.utils import timezone

from accounts.models import User
from common import deadlines
from gameplay.matches import services
from gameplay.matches.errors import Conflict, Forbidden, Invalid, Stale
from gameplay.matches.models import GameAction, PlayMatch
from gameplay.matches.timers import MATCH_CLOCK
from gameplay.runeslingers import engine
from tests.factories import UserFactory, judged_by

pytestmark = pytest.mark.django_db
STARTERS = [{"starter": "eva-starter"}, {"starter": "romin-starter"}]


def two_player_match(**options: Any) -> tuple[PlayMatch, list[User]]:
    players = [UserFactory.create(username="ann"), UserFactory.create(username="bob")]
    match = services.create_match(players[0], players[1], STARTERS, seed=7, **options)
    return play_first(match, players), players


def play_first(match: PlayMatch, players: list[User]) -> PlayMatch:
    """The chooser (the die roll's winner) elects to play first, so the game starts."""
    game = match.current_game()
    assert game is not None and game.awaiting_choice
    services.choose_first(match.pk, players[game.chooser], True, match.version)
    match.refresh_from_db()
    return match


def decider(match: PlayMatch, players: list[User]) -> tuple[User, dict[str, Any]] | None:
    match.refresh_from_db()
    if match.on_clock is None:
        return None
    user = players[match.on_clock]
    return user, services.player_view(match, match.on_clock)


def step(match: PlayMatch, players: list[User], rng: random.Random) -> bool:
    found = decider(match, players)
    if found is None:
        return False
    user, view = found
    services.play(match.pk, user, rng.choice(view["board"]["legal"]), view["version"])
    return True


def test_a_match_between_two_players_plays_to_the_end_with_every_action_logged() -> None:
    match, players = two_player_match()
    rng = random.Random(1)
    for _ in range(5000):
        if not step(match, players, rng):
            break
    match.refresh_from_db()
    assert match.status == PlayMatch.Status.FINISHED
    game = match.games.get()
    assert game.finished
    log = list(game.actions.order_by("seq"))
    assert [a.seq for a in log] == list(range(1, len(log) + 1))
    # The log replays the game exactly.
    state = engine.new_game(game.setup, game.seed)
    for action in log:
        state, _ = engine.apply(state, engine.parse_action(action.action))
        assert engine.state_hash(state) == action.state_hash
    assert engine.state_hash(state) == game.state_hash


def test_a_stale_or_repeated_move_is_refused_and_applies_once() -> None:
    match, players = two_player_match()
    user, view = decider(match, players)  # type: ignore[misc]
    move = view["board"]["legal"][0]
    services.play(match.pk, user, move, view["version"])
    with pytest.raises(Stale) as refused:
        services.play(match.pk, user, move, view["version"])
    assert refused.value.current == view["version"] + 1
    assert GameAction.objects.count() == 1


def test_illegal_moves_and_strangers_change_nothing() -> None:
    match, players = two_player_match()
    user, view = decider(match, players)  # type: ignore[misc]
    other = players[1 - players.index(user)]
    with pytest.raises(Invalid, match="not allowed"):
        services.play(match.pk, user, "play c999 target=p2", view["version"])
    with pytest.raises(Invalid):
        services.play(match.pk, user, "fly away", view["version"])
    with pytest.raises(Forbidden):
        services.play(match.pk, UserFactory.create(), view["board"]["legal"][0], view["version"])
    with pytest.raises(Conflict, match="not your decision"):
        services.play(match.pk, other, view["board"]["legal"][0], view["version"])
    match.refresh_from_db()
    assert match.version == view["version"] and GameAction.objects.count() == 0


def test_a_view_never_shows_the_other_players_hand_or_decks() -> None:
    match, players = two_player_match()
    rng = random.Random(3)
    for _ in range(300):
        game = match.current_game()
        assert game is not None
        state = services.load_state(game)
        for seat in (0, 1):
            view = services.player_view(match, seat)
            other = view["board"]["players"][1 - seat]
            assert not isinstance(other.get("hand"), list), "the opponent's hand must be a count"
            assert not isinstance(other.get("deck"), list) and not isinstance(
                view["board"]["players"][seat].get("deck"), list
            )
            hidden = {str(h) for h in state.players[1 - seat].hand}
            shown = {str(c.get("id")) for c in view["board"]["players"][seat].get("hand", []) if isinstance(c, dict)}
            assert not hidden & shown or not hidden
        if not step(match, players, rng):
            break


def test_an_expired_answer_window_passes_and_a_stale_timer_does_nothing() -> None:
    match, players = two_player_match(window_seconds=5)
    rng = random.Random(5)
    for _ in range(3000):
        match.refresh_from_db()
        if match.deadline_kind == PlayMatch.TimerKind.WINDOW or not step(match, players, rng):
            break
    assert match.deadline_kind == PlayMatch.TimerKind.WINDOW, "no answer window came up"
    old_timer, version = match.timer_version, match.version
    assert services.expire(match.pk, old_timer) == "nothing due"  # not yet
    PlayMatch.objects.filter(pk=match.pk).update(deadline=timezone.now() - timedelta(seconds=1))
    assert services.expire(match.pk, old_timer - 1) == "stale timer"
    assert services.expire(match.pk, old_timer) == "auto-passed"
    assert services.expire(match.pk, old_timer) in ("nothing due", "stale timer")  # a second run changes nothing
    match.refresh_from_db()
    assert match.version == version + 1
    last = GameAction.objects.order_by("-pk").first()
    assert last is not None and last.automatic and last.action == "pass"


def test_an_empty_clock_loses_the_game_and_the_sweeper_catches_a_missed_timer() -> None:
    match, _players = two_player_match()
    seat = match.on_clock
    assert seat is not None
    PlayMatch.objects.filter(pk=match.pk).update(
        clock_since=timezone.now() - timedelta(seconds=match.clock_seconds + 1),
        deadline=timezone.now() - timedelta(seconds=1),
    )
    assert [key for key, _ in deadlines.due(MATCH_CLOCK)] == [match.pk]
    assert services.expire(match.pk, None) == "flagged"
    match.refresh_from_db()
    assert match.status == PlayMatch.Status.FINISHED
    assert match.winner == 2 - seat  # the other seat, numbered 1/2
    assert match.games.get().end_reason == "clock"
    assert deadlines.due(MATCH_CLOCK) == []


def test_a_late_move_after_the_clock_ran_out_is_refused_and_flags() -> None:
    match, players = two_player_match()
    user, view = decider(match, players)  # type: ignore[misc]
    PlayMatch.objects.filter(pk=match.pk).update(clock_since=timezone.now() - timedelta(hours=2))
    outcome = services.play(match.pk, user, view["board"]["legal"][0], view["version"])
    assert outcome.refused.startswith("Your match clock ran out")
    assert outcome.match.status == PlayMatch.Status.FINISHED
    assert GameAction.objects.count() == 0


def test_a_bot_match_finishes_and_reports_its_result(django_capture_on_commit_callbacks: Any) -> None:
    human = UserFactory.create(username="solo")
    finished: list[PlayMatch] = []

    def record(sender: Any, match: PlayMatch, **_: Any) -> None:
        finished.append(match)

    services.match_finished.connect(record)
    try:
        match = services.create_match(human, None, STARTERS, bot="random", seed=11)
        rng = random.Random(2)
        for _ in range(5000):
            match.refresh_from_db()
            if match.status == PlayMatch.Status.FINISHED:
                break
            with django_capture_on_commit_callbacks(execute=True):
                if match.on_clock == 1:
                    assert services.bot_move(match.pk, match.version)
                else:
                    view = services.player_view(match, 0)
                    if view["choice"]["pending"]:  # the human won the die roll: they choose who goes first
                        services.choose_first(match.pk, human, True, view["version"])
                        continue
                    services.play(match.pk, human, rng.choice(view["board"]["legal"]), view["version"])
    finally:
        services.match_finished.disconnect(record)
    assert match.status == PlayMatch.Status.FINISHED
    assert match.winner in (1, 2, None)
    assert [m.pk for m in finished] == [match.pk]


def test_referees_pause_resume_add_time_and_set_the_result_and_players_cannot() -> None:
    match, players = two_player_match()
    judge = UserFactory.create(username="judge")
    judged_by(match, judge)
    with pytest.raises(Forbidden):
        services.pause(match.pk, players[0])
    paused = services.pause(match.pk, judge)
    assert paused.status == PlayMatch.Status.PAUSED and paused.deadline is None
    user, view = players[paused.on_clock], services.player_view(paused, paused.on_clock)  # type: ignore[index]
    with pytest.raises(Conflict, match="paused"):
        services.play(match.pk, user, view["board"]["legal"][0], view["version"])
    assert services.expire(match.pk, None) == "nothing due"
    resumed = services.resume(match.pk, judge)
    assert resumed.status == PlayMatch.Status.PLAYING and resumed.deadline is not None
    before = resumed.remaining_ms[1]
    added = services.add_time(match.pk, judge, 1, 60)
    assert added.remaining_ms[1] >= before + 59_000
    with pytest.raises(Invalid):
        services.set_result(match.pk, judge, (1, 1))
    done = services.set_result(match.pk, judge, (0, 1))
    assert done.status == PlayMatch.Status.FINISHED and done.winner == 2
    with pytest.raises(Conflict, match="over"):
        services.pause(match.pk, judge)


def test_a_finished_game_replays_step_by_step_from_either_view() -> None:
    match, players = two_player_match()
    rng = random.Random(9)
    for _ in range(5000):
        if not step(match, players, rng):
            break
    game = match.games.get()
    steps = game.actions.count()
    start = services.replay_view(game, 0, 0)
    end = services.replay_view(game, 1, steps)
    public = services.replay_view(game, None, steps // 2)
    assert start["step"] == 0 and start["action"] is None and start["steps"] == steps
    assert end["board"]["result"] is not None
    assert all(isinstance(p["hand"], int) for p in public["board"]["players"])
    with pytest.raises(Invalid):
        services.replay_view(game, 0, steps + 1)


def test_only_deadlines_within_the_horizon_are_fed_to_the_timer_queue() -> None:
    match, _players = two_player_match()  # a 25-minute clock: far beyond the horizon
    assert deadlines.feed(only=[MATCH_CLOCK]) == 0
    PlayMatch.objects.filter(pk=match.pk).update(deadline=timezone.now() + timedelta(seconds=30))
    assert deadlines.feed(only=[MATCH_CLOCK]) == 1
    PlayMatch.objects.filter(pk=match.pk).update(deadline=timezone.now() - timedelta(seconds=1))
    assert deadlines.feed(only=[MATCH_CLOCK]) == 0  # past deadlines are the sweep's


def _as_engine_1(match: PlayMatch) -> None:
    """Make the match's open game one that was started before engine 2: engine 1's state and
    version, as games saved then are stored."""
    game = match.current_game()
    assert game is not None
    state = engine.new_game(game.setup, game.seed, engine="1")
    game.engine_version = "1/" + game.engine_version.split("/", 1)[1]
    game.state, game.state_hash = engine.to_json(state), engine.state_hash(state)
    game.save()


def test_a_game_saved_under_engine_1_plays_on_and_replays_under_engine_1() -> None:
    """Its actions name engine 1's handles: it goes on under engine 1 and its replay is built
    under engine 1 too, to the very state it ended in (hash by hash)."""
    players = [UserFactory.create(username="ann"), UserFactory.create(username="bob")]
    match = services.create_match(players[0], players[1], STARTERS, seed=7)
    _as_engine_1(match)
    game = match.current_game()
    assert game is not None
    services.choose_first(match.pk, players[game.chooser], False, match.version)  # set up again, other seat first
    game.refresh_from_db()
    assert game.engine_version.startswith("1/") and services.load_state(game).engine == "1"
    match.refresh_from_db()
    rng = random.Random(4)
    for _ in range(5000):
        if not step(match, players, rng):
            break
    game.refresh_from_db()
    assert game.finished
    log = list(game.actions.order_by("seq"))
    state = engine.new_game(game.setup, game.seed, engine="1")
    for action in log:
        state, _ = engine.apply(state, engine.parse_action(action.action))
        assert engine.state_hash(state) == action.state_hash
    assert engine.state_hash(state) == game.state_hash
    end = services.replay_view(game, 0, len(log))
    assert end["board"] == dict(engine.view(state, 0), legal=[])
    game.engine_version = "0/" + game.engine_version.split("/", 1)[1]  # a version this engine does not play
    with pytest.raises(Conflict, match="engine version"):
        services.replay_view(game, 0, 1)
