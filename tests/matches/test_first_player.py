"""Who goes first: the die roll's winner (later the last game's loser) chooses; bots play first; a timer
chooses for a player who never answers; every refusal changes nothing; the log records roll and choice."""

from __future__ import annotations

import itertools
import random
from datetime import timedelta
from typing import Any

import pytest
from django.utils import timezone

from accounts.models import User
from common import deadlines
from gameplay.matches import services
from gameplay.matches.models import ChoiceBy, FirstChoice, Game, GameAction, PlayMatch
from gameplay.matches.timers import MATCH_CLOCK
from gameplay.runeslingers import engine
from tests.clients import api_client as api
from tests.factories import UserFactory, judged_by

pytestmark = pytest.mark.django_db
STARTERS = [{"starter": "eva-starter"}, {"starter": "romin-starter"}]
P1_WINS_THE_ROLL, P2_WINS_THE_ROLL = 1, 0  # match seeds: services.roll_dice(1) == (2, 1), roll_dice(0) == (1, 4)


def new_match(seed: int, **options: Any) -> tuple[PlayMatch, list[User]]:
    players = [UserFactory.create(username="ann"), UserFactory.create(username="bob")]
    return services.create_match(players[0], players[1], STARTERS, seed=seed, **options), players


def unchanged(match: PlayMatch) -> tuple[Any, ...]:
    match.refresh_from_db()
    game = match.current_game()
    assert game is not None
    return match.version, match.on_clock, match.timer_version, game.awaiting_choice, game.state_hash, game.first


def test_the_die_rolls_winner_chooses_before_anyone_sees_a_hand_or_moves() -> None:
    match, players = new_match(P2_WINS_THE_ROLL)
    game = match.games.get()
    assert game.die_roll == [1, 4] and game.chooser == 1 and game.awaiting_choice
    assert match.on_clock == 1 and match.deadline_kind == PlayMatch.TimerKind.CHOICE
    assert match.deadline is not None and match.deadline <= timezone.now() + timedelta(seconds=match.window_seconds)
    for seat in (0, 1):
        view = api(players[seat]).get(f"/api/play/{match.pk}/").json()
        assert view["choice"] == {
            "chooser": "p2", "pending": True, "first": None, "choice": None, "by": None, "die_roll": [1, 4],
        }  # fmt: skip
        assert view["board"]["legal"] == [] and view["board"]["pending"] is None
        assert view["board"]["you"] == f"p{seat + 1}"
        assert all(isinstance(p["hand"], int) for p in view["board"]["players"]), "no hand is shown before the choice"
    # The chooser cannot slip a move in before choosing; nothing changes.
    before = unchanged(match)
    state = services.load_state(game)
    move = engine.legal_actions(state, 1)[0].to_text() if engine.pending(state).player == 1 else "pass"  # type: ignore[union-attr]
    refused = api(players[1]).post(f"/api/play/{match.pk}/act/", {"version": match.version, "action": move})
    assert refused.status_code == 409 and "first" in refused.json()["detail"]
    assert unchanged(match) == before and not GameAction.objects.exists()


def test_choosing_to_go_second_starts_the_game_with_the_opponent_first_and_the_log_records_it() -> None:
    match, players = new_match(P1_WINS_THE_ROLL)
    version = match.version
    answer = api(players[0]).post(f"/api/play/{match.pk}/first/", {"version": version, "first": "opponent"})
    assert answer.status_code == 200, answer.content
    body = answer.json()
    assert body["version"] == version + 1
    assert body["choice"] == {
        "chooser": "p1", "pending": False, "first": "p2", "choice": "second", "by": "player", "die_roll": [2, 1],
    }  # fmt: skip
    assert isinstance(body["board"]["players"][0]["hand"], list), "the hands are dealt once the choice is made"
    game = Game.objects.get(match=match)
    assert (game.first, game.chooser, game.choice, game.choice_by) == (1, 0, FirstChoice.SECOND, ChoiceBy.PLAYER)
    assert game.setup["first"] == "p2" and not game.awaiting_choice and game.chosen_at is not None
    state = services.load_state(game)
    assert state.first == 1 and engine.pending(state).player == 1  # type: ignore[union-attr]
    match.refresh_from_db()
    assert match.on_clock == 1 and match.deadline_kind in ("clock", "window")
    # The second player now decides; the game plays on and replays exactly from the stored setup.
    rng = random.Random(5)
    for _ in range(6000):
        match.refresh_from_db()
        if match.status == PlayMatch.Status.FINISHED:
            break
        seat = match.on_clock
        assert seat is not None
        view = services.player_view(match, seat)
        services.play(match.pk, players[seat], rng.choice(view["board"]["legal"]), view["version"])
    game.refresh_from_db()
    assert game.finished
    replayed = engine.new_game(game.setup, game.seed)
    for action in game.actions.order_by("seq"):
        replayed, _ = engine.apply(replayed, engine.parse_action(action.action))
    assert engine.state_hash(replayed) == game.state_hash
    log = api(players[1]).get(f"/api/play/{match.pk}/log/").json()
    assert log["games"][0]["first_player"] == {
        "chooser": "p1", "pending": False, "first": "p2", "choice": "second", "by": "player", "die_roll": [2, 1],
    }  # fmt: skip
    assert log["games"][0]["setup"]["first"] == "p2"


def test_wrong_choices_are_refused_clearly_and_change_nothing() -> None:
    match, players = new_match(P1_WINS_THE_ROLL)
    chooser, other, stranger = players[0], players[1], UserFactory.create(username="eve")
    url = f"/api/play/{match.pk}/first/"
    before = unchanged(match)
    bad = api(chooser).post(url, {"version": match.version, "first": "maybe"})
    assert bad.status_code == 400 and "first" in bad.json()
    missing = api(chooser).post(url, {"first": "me"})
    assert missing.status_code == 400 and "version" in missing.json()
    stale = api(chooser).post(url, {"version": match.version + 3, "first": "me"})
    assert stale.status_code == 409 and stale.json()["version"] == match.version
    not_yours = api(other).post(url, {"version": match.version, "first": "me"})
    assert not_yours.status_code == 409 and "opponent chooses" in not_yours.json()["detail"]
    assert api(stranger).post(url, {"version": match.version, "first": "me"}).status_code == 404
    assert api(None).post(url, {"version": match.version, "first": "me"}).status_code in (401, 403)
    judge = UserFactory.create(username="judge")
    judged_by(match, judge)
    watching = api(judge).post(url, {"version": match.version, "first": "me"})
    assert watching.status_code == 403 and "watching" in watching.json()["detail"]
    assert unchanged(match) == before
    # Choosing twice: the second answer is refused (a double click applies once).
    assert api(chooser).post(url, {"version": match.version, "first": "me"}).status_code == 200
    again = api(chooser).post(url, {"version": match.version + 1, "first": "opponent"})
    assert again.status_code == 409 and "already decided" in again.json()["detail"]
    game = match.games.get()
    assert (game.first, game.choice) == (0, FirstChoice.FIRST)


def test_a_chooser_who_never_answers_plays_first_when_the_window_expires() -> None:
    match, _players = new_match(P2_WINS_THE_ROLL, window_seconds=5)
    old_timer = match.timer_version
    assert services.expire(match.pk, old_timer) == "nothing due"
    # The window opened 6 s ago and closed 1 s ago (a clock's deadline never comes before its start).
    since = timezone.now() - timedelta(seconds=6)
    PlayMatch.objects.filter(pk=match.pk).update(clock_since=since, deadline=since + timedelta(seconds=5))
    assert services.expire(match.pk, old_timer - 1) == "stale timer"
    assert deadlines.due(MATCH_CLOCK) == [(match.pk, old_timer)]
    assert services.expire(match.pk, old_timer) == "chose first"
    assert services.expire(match.pk, old_timer) in ("nothing due", "stale timer")
    game = match.games.get()
    assert (game.first, game.choice, game.choice_by, game.awaiting_choice) == (1, "first", "timer", False)
    match.refresh_from_db()
    assert match.status == PlayMatch.Status.PLAYING and match.on_clock == 1
    assert match.remaining_ms[1] == match.clock_seconds * 1000 - 5000  # the chooser's clock ran for the window
    assert match.deadline is not None and match.deadline > timezone.now()


def test_an_empty_clock_while_choosing_loses_like_any_other_decision() -> None:
    match, players = new_match(P1_WINS_THE_ROLL, clock_seconds=60, window_seconds=20)
    PlayMatch.objects.filter(pk=match.pk).update(clock_since=timezone.now() - timedelta(seconds=61))
    outcome = services.choose_first(match.pk, players[0], True, match.version)
    assert outcome.refused.startswith("Your clock ran out")
    match.refresh_from_db()
    assert match.status == PlayMatch.Status.FINISHED and match.winner == 2


def test_pausing_while_choosing_stops_the_window_and_resuming_gives_the_chooser_a_new_one() -> None:
    match, players = new_match(P1_WINS_THE_ROLL)
    judge = UserFactory.create(username="judge")
    judged_by(match, judge)
    paused = services.pause(match.pk, judge)
    assert paused.deadline is None
    refused = api(players[0]).post(f"/api/play/{match.pk}/first/", {"version": paused.version, "first": "me"})
    assert refused.status_code == 409 and "paused" in refused.json()["detail"]
    resumed = services.resume(match.pk, judge)
    assert resumed.on_clock == 0 and resumed.deadline_kind == PlayMatch.TimerKind.CHOICE
    added = services.add_time(match.pk, judge, 0, 30)
    assert added.deadline_kind == PlayMatch.TimerKind.CHOICE and added.games.get().awaiting_choice


def test_a_bot_that_wins_the_roll_plays_first_at_once_and_a_player_may_let_the_bot_start() -> None:
    human = UserFactory.create(username="solo")
    bot_chooses = services.create_match(human, None, STARTERS, bot="greedy", seed=P2_WINS_THE_ROLL)
    game = bot_chooses.games.get()
    assert (game.chooser, game.first, game.choice, game.choice_by) == (1, 1, "first", "bot")
    assert not game.awaiting_choice
    assert bot_chooses.on_clock == 1 and bot_chooses.deadline_kind != PlayMatch.TimerKind.CHOICE
    human_chooses = services.create_match(human, None, STARTERS, bot="greedy", seed=P1_WINS_THE_ROLL)
    assert human_chooses.games.get().awaiting_choice and human_chooses.on_clock == 0
    answer = api(human).post(
        f"/api/play/{human_chooses.pk}/first/", {"version": human_chooses.version, "first": "opponent"}
    )
    assert answer.status_code == 200 and answer.json()["clocks"]["on_clock"] == "p2"
    human_chooses.refresh_from_db()
    assert services.bot_move(human_chooses.pk, human_chooses.version)  # the bot, now first, moves


def test_in_a_best_of_three_the_loser_of_the_last_game_chooses_the_next_game() -> None:
    match, players = new_match(P1_WINS_THE_ROLL, best_of=3)
    rng = random.Random(11)
    for _ in range(20000):
        match.refresh_from_db()
        if match.status == PlayMatch.Status.FINISHED:
            break
        seat = match.on_clock
        assert seat is not None
        view = services.player_view(match, seat)
        if view["choice"]["pending"]:
            assert view["choice"]["chooser"] == f"p{seat + 1}"
            services.choose_first(match.pk, players[seat], rng.random() < 0.5, view["version"])
        else:
            services.play(match.pk, players[seat], rng.choice(view["board"]["legal"]), view["version"])
    assert match.status == PlayMatch.Status.FINISHED
    games = list(match.games.order_by("number"))
    assert len(games) >= 2 and games[0].die_roll == [2, 1] and games[0].chooser == 0
    for previous, game in itertools.pairwise(games):
        expected = previous.chooser if previous.winner is None else 1 - previous.winner
        assert game.chooser == expected and game.die_roll == [] and game.choice_by == ChoiceBy.PLAYER
        assert game.first == (game.chooser if game.choice == FirstChoice.FIRST else 1 - game.chooser)
    log = api(players[0]).get(f"/api/play/{match.pk}/log/").json()
    assert [g["first_player"]["chooser"] for g in log["games"]] == [f"p{g.chooser + 1}" for g in games]


def test_the_opening_die_roll_is_fair_and_never_a_tie() -> None:
    rolls = [services.roll_dice(seed) for seed in range(3000)]
    assert all(a != b and 1 <= a <= 6 and 1 <= b <= 6 for a, b in rolls)
    p1_wins = sum(a > b for a, b in rolls)
    assert 1300 < p1_wins < 1700
    assert services.roll_dice(42) == services.roll_dice(42)
