"""Deadlines: an answer window that closes, a choice not made in time, an empty clock; a decision
that arrives after its deadline; an event's round whose time is called."""

from __future__ import annotations

from typing import Any

from django.db import transaction
from django.utils import timezone

from gameplay.matches import rows
from gameplay.matches.engines import engine_for
from gameplay.matches.models import ChoiceBy, Game, PlayMatch
from gameplay.matches.services.changes import ChangeResult, locked, publish_change
from gameplay.matches.services.clock import charge_clock, turn_based
from gameplay.matches.services.games import decide_first, restart
from gameplay.matches.services.moves import flag, move
from gameplay.matches.services.views import Views, load_state

TOO_LATE = {
    "auto-passed": "Your answer window closed before your move arrived; it passed automatically.",
    "chose first": "Your time to choose ran out before your choice arrived; you play first.",
    "flagged": "Your match clock ran out before this move arrived.",
    "turn ended": "Your turn's clock ran out before this move arrived; the turn ended with what was done.",
    "arrival over": "The wait for both players ended before this arrived; the clocks are running now.",
}


#: What ``expire`` answers when it did nothing.
NOTHING_DONE = frozenset({"stale timer", "nothing due"})


def expire(match_id: int, timer_version: int | None, now: Any = None, *, checked: bool = False) -> str:
    """A deadline passed: auto-pass an answer window, or flag an empty clock. Idempotent.

    Most timer tasks find that a move came first and moved ``timer_version`` on: one plain read
    tells, before a transaction and a row lock are taken (``checked``: the caller has just made
    that read, as the deadline helper does before it fires a deadline)."""
    if (
        not checked
        and timer_version is not None
        and not PlayMatch.objects.filter(pk=match_id, timer_version=timer_version).exists()
    ):
        return "stale timer"
    return _expire(match_id, timer_version, now or timezone.now())


@transaction.atomic
def _expire(match_id: int, timer_version: int | None, now: Any) -> str:
    found = rows.locked_match_and_game(match_id)  # the match locked, with its game and players: one query
    match, game = found if found is not None else (locked(match_id), None)
    if match.status != PlayMatch.Status.PLAYING or match.deadline is None or match.deadline > now:
        return "nothing due"
    if timer_version is not None and timer_version != match.timer_version:
        return "stale timer"
    return at_deadline(match, now, game=game)[0]


def at_deadline(match: PlayMatch, now: Any, viewer: int | None = None, game: Game | None = None) -> tuple[str, Views]:
    """The deadline has passed (the match row is locked): charge the seat on the clock up to its
    deadline, not to ``now``, then pass the window, choose for the chooser or flag the clock.
    The next decider's clock starts at ``now``: nobody could act on it before."""
    if match.deadline_kind == PlayMatch.TimerKind.ARRIVAL:  # the grace period is over: clocks run
        game = game if game is not None else match.current_game()
        assert game is not None
        restart(match, game, now)
        return "arrival over", publish_change(match, viewer=viewer)
    seat = match.on_clock
    assert seat is not None and match.deadline is not None and match.deadline <= now
    due = match.deadline
    charge_clock(match, now)
    # a turn-based bank is spent by its deadline, yet a window still passes and a choice is still made
    left = match.remaining_ms[seat] > 0 or turn_based(match)
    if match.deadline_kind == PlayMatch.TimerKind.CHOICE and left:
        game = game if game is not None else match.current_game()
        assert game is not None
        # no answer in time: the chooser plays first
        return "chose first", decide_first(match, game, seat, ChoiceBy.TIMER, now, viewer=viewer)
    if match.deadline_kind == PlayMatch.TimerKind.TURN:  # a table's turn ends with what was done
        return "turn ended", move(match, seat, turn_end(match, seat, game), now, automatic=True, due=due, game=game)
    if match.deadline_kind == PlayMatch.TimerKind.WINDOW and left:
        passing = engine_for(match).window_action(seat)
        return "auto-passed", move(match, seat, passing, now, automatic=True, due=due, game=game)
    return "flagged", flag(match, now, viewer=viewer)


def turn_end(match: PlayMatch, seat: int, game: Game | None) -> str:
    """What a seat out of turn time does: the engine's ``window_action`` (Runemasters: end the turn)
    when it may, else its first legal action (a choice the turn must make first; the clock, still
    empty, ends the turn at the next decision)."""
    engine = engine_for(match)
    game = game if game is not None else match.current_game()
    assert game is not None
    legal = engine.legal_actions(load_state(game, engine), seat)
    ending = engine.window_action(seat)
    return ending if ending in legal or not legal else legal[0]


def too_late(match: PlayMatch, now: Any, seat: int, game: Game | None = None) -> ChangeResult:
    """A decision that arrived after its deadline, before the timer task ran: the deadline acts as
    if the timer had run on time (the window passes, the chooser plays first, the clock loses),
    and the decision is refused."""
    done, views = at_deadline(match, now, viewer=seat, game=game)
    return ChangeResult(match, refused=TOO_LATE[done], views=views)


@transaction.atomic
def call_time(match_id: int, extra_turns: int) -> None:
    """The event's round is over: this game may go on ``extra_turns`` more turns, then it is a draw."""
    match = locked(match_id)
    game = match.current_game()
    if match.status == PlayMatch.Status.FINISHED or game is None or match.turn_limit is not None:
        return
    engine = engine_for(match)
    match.turn_limit = engine.turn(load_state(game, engine)) + extra_turns
    match.version += 1
    match.save(update_fields=["turn_limit", "version"])
