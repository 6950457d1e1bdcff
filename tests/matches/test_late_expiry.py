"""A deadline handled late (a worker crashed, the sweeper caught it seconds after) charges the seat
exactly the time it had: a clock stops at its deadline whatever time the expiry runs, and a
decision that arrives after its deadline is refused as if the timer had run on time."""

from __future__ import annotations

import random
from datetime import timedelta

import pytest
from django.utils import timezone

from accounts.models import User
from gameplay.matches import services
from gameplay.matches.models import Game, GameAction, PlayMatch
from tests.factories import UserFactory, judged_by
from tests.matches.test_services import STARTERS, decider, step, two_player_match

pytestmark = pytest.mark.django_db

WINDOW_S = 5
LATE_S = 6  # how late the expiry (or the move) comes after the deadline


def at_a_window(**options: object) -> tuple[PlayMatch, list[User]]:
    """A match that waits on an answer or block window."""
    match, players = two_player_match(window_seconds=WINDOW_S, **options)
    rng = random.Random(5)
    for _ in range(3000):
        match.refresh_from_db()
        if match.deadline_kind == PlayMatch.TimerKind.WINDOW or not step(match, players, rng):
            break
    assert match.deadline_kind == PlayMatch.TimerKind.WINDOW, "no answer window came up"
    return match, players


def overran(match: PlayMatch, had_ms: int, late_s: float = LATE_S) -> PlayMatch:
    """Move the running clock back so its deadline (``had_ms`` after it started) passed ``late_s`` ago."""
    since = timezone.now() - timedelta(milliseconds=had_ms) - timedelta(seconds=late_s)
    PlayMatch.objects.filter(pk=match.pk).update(clock_since=since, deadline=since + timedelta(milliseconds=had_ms))
    match.refresh_from_db()
    return match


def test_a_window_expired_late_charges_the_window_not_the_lateness() -> None:
    match, _players = at_a_window()
    seat = match.on_clock
    assert seat is not None
    before = match.remaining_ms[seat]
    overran(match, WINDOW_S * 1000)
    assert services.expire(match.pk, match.timer_version) == "auto-passed"
    match.refresh_from_db()
    assert before - match.remaining_ms[seat] == WINDOW_S * 1000  # not the 11 s since the window opened
    last = GameAction.objects.order_by("-pk").first()
    assert last is not None and last.automatic and last.seat == seat and last.action == "pass"


def test_a_clock_expired_late_stops_at_zero_and_charges_what_was_left() -> None:
    match, _players = two_player_match(clock_seconds=60, best_of=3)
    seat = match.on_clock
    assert seat is not None
    left = 3_000
    PlayMatch.objects.filter(pk=match.pk).update(
        remaining_ms=[left if s == seat else match.remaining_ms[s] for s in (0, 1)]
    )
    match.refresh_from_db()
    overran(match, left)
    game = match.current_game()
    assert game is not None
    assert services.expire(match.pk, match.timer_version) == "flagged"
    game.refresh_from_db()
    assert game.finished and game.end_reason == "clock" and game.winner == 1 - seat
    # Best of three with per-game clocks: game 2 starts both clocks full, so the flag shows on the
    # game, and the clock shown while nothing runs is never below zero.
    match.refresh_from_db()
    assert all(r >= 0 for r in match.remaining_ms)


def test_a_clock_shown_after_its_deadline_stops_at_what_the_seat_had() -> None:
    match, _players = at_a_window()
    seat = match.on_clock
    assert seat is not None
    before = match.remaining_ms[seat]
    overran(match, WINDOW_S * 1000)
    shown = services.clocks(match)["remaining_ms"][seat]
    assert shown == before - WINDOW_S * 1000  # the page never counts the server's lateness down


def test_a_choice_window_expired_late_charges_only_the_window() -> None:
    players = [UserFactory.create(username="cat"), UserFactory.create(username="dan")]
    match = services.create_match(players[0], players[1], STARTERS, seed=7, window_seconds=WINDOW_S)
    game = match.current_game()
    assert game is not None and game.awaiting_choice
    chooser = game.chooser
    before = match.remaining_ms[chooser]
    overran(match, WINDOW_S * 1000)
    assert services.expire(match.pk, match.timer_version) == "chose first"
    match.refresh_from_db()
    game.refresh_from_db()
    assert game.choice_by == "timer" and game.first == chooser
    assert before - match.remaining_ms[chooser] == WINDOW_S * 1000


def test_a_move_after_its_window_closed_is_refused_and_the_window_passes() -> None:
    match, players = at_a_window()
    seat = match.on_clock
    assert seat is not None
    before, moves = match.remaining_ms[seat], GameAction.objects.count()
    overran(match, WINDOW_S * 1000)
    user, view = decider(match, players)  # type: ignore[misc]
    chosen = next((a for a in view["board"]["legal"] if a != "pass"), view["board"]["legal"][0])
    outcome = services.play(match.pk, user, chosen, view["version"])
    assert outcome.refused.startswith("Your answer window closed")
    match.refresh_from_db()
    assert GameAction.objects.count() == moves + 1  # the automatic pass, not the late move
    last = GameAction.objects.order_by("-pk").first()
    assert last is not None and last.automatic and last.action == "pass" and last.seat == seat
    assert before - match.remaining_ms[seat] == WINDOW_S * 1000
    assert outcome.views[seat]["version"] == match.version  # the mover is answered with the view after the pass


def test_a_choice_after_its_window_closed_is_refused_and_the_chooser_plays_first() -> None:
    players = [UserFactory.create(username="eve"), UserFactory.create(username="fay")]
    match = services.create_match(players[0], players[1], STARTERS, seed=7, window_seconds=WINDOW_S)
    game = match.current_game()
    assert game is not None
    chooser = game.chooser
    before = match.remaining_ms[chooser]
    overran(match, WINDOW_S * 1000)
    outcome = services.choose_first(match.pk, players[chooser], False, match.version)
    assert outcome.refused.startswith("Your time to choose ran out")
    game = Game.objects.get(pk=game.pk)
    assert game.choice_by == "timer" and game.first == chooser  # not the late "second"
    match.refresh_from_db()
    assert before - match.remaining_ms[chooser] == WINDOW_S * 1000


def test_a_late_move_on_an_empty_clock_charges_no_more_than_was_left() -> None:
    match, players = two_player_match(clock_seconds=60, best_of=3)
    seat = match.on_clock
    assert seat is not None
    PlayMatch.objects.filter(pk=match.pk).update(remaining_ms=[2_000, 2_000])
    match.refresh_from_db()
    overran(match, 2_000)
    user, view = decider(match, players)  # type: ignore[misc]
    game = match.current_game()
    assert game is not None
    outcome = services.play(match.pk, user, view["board"]["legal"][0], view["version"])
    assert outcome.refused.startswith("Your match clock ran out")
    game.refresh_from_db()
    assert game.finished and game.end_reason == "clock" and game.winner == 1 - seat
    assert not GameAction.objects.filter(game=game).exists()


def test_pausing_after_a_window_closed_charges_no_more_than_the_window() -> None:
    match, _players = at_a_window()
    seat = match.on_clock
    assert seat is not None
    judge = UserFactory.create(username="ref")
    judged_by(match, judge)
    before = match.remaining_ms[seat]
    overran(match, WINDOW_S * 1000)
    paused = services.pause(match.pk, judge)
    assert before - paused.remaining_ms[seat] == WINDOW_S * 1000


def test_a_bot_that_moves_after_its_deadline_is_held_to_it() -> None:
    human = UserFactory.create(username="gil")
    match = services.create_match(human, None, STARTERS, bot="random", seed=11, window_seconds=WINDOW_S)
    rng = random.Random(3)
    for _ in range(3000):
        match.refresh_from_db()
        if match.on_clock == 1 or match.status != PlayMatch.Status.PLAYING:
            break
        view = services.player_view(match, 0)
        if view["choice"]["pending"]:
            services.choose_first(match.pk, human, False, view["version"])  # the bot goes first
            continue
        services.play(match.pk, human, rng.choice(view["board"]["legal"]), view["version"])
    assert match.on_clock == 1, "the bot never had a decision"
    before = match.remaining_ms[1]
    had = min(before, WINDOW_S * 1000) if match.deadline_kind == PlayMatch.TimerKind.WINDOW else before
    overran(match, had)
    kind = match.deadline_kind
    assert services.bot_move(match.pk, match.version) is False  # the deadline acts, not the bot
    match.refresh_from_db()
    last = GameAction.objects.filter(game__match=match).order_by("-pk").first()
    if kind == PlayMatch.TimerKind.WINDOW:
        assert last is not None and last.automatic and last.seat == 1
        assert before - match.remaining_ms[1] == had
    else:
        assert match.current_game() is not None
        assert Game.objects.filter(match=match, end_reason="clock", winner=0).exists()
