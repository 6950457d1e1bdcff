"""Referees: pause, resume, add time, set the result; and an event's judge deciding a match."""

from __future__ import annotations

from django.db import transaction
from django.utils import timezone

from accounts.models import User
from gameplay.matches.engines import engine_for
from gameplay.matches.errors import Conflict, Forbidden, Invalid, MatchRefusal
from gameplay.matches.models import PlayMatch
from gameplay.matches.protocol import is_cooperative
from gameplay.matches.push import connected_seats
from gameplay.matches.selectors import can_referee
from gameplay.matches.services.changes import locked, publish_change
from gameplay.matches.services.clock import charge_clock, waiting_for_players
from gameplay.matches.services.games import end_match, restart


def _refereed(match_id: int, by: User) -> PlayMatch:
    match = locked(match_id)
    if not can_referee(match, by):
        raise Forbidden(
            MatchRefusal.NOT_REFEREE, "Only the match's referees (the event's organiser and judges) may do this."
        )
    if match.status == PlayMatch.Status.FINISHED:
        raise Conflict(MatchRefusal.MATCH_OVER, "The match is over.")
    return match


@transaction.atomic
def pause(match_id: int, by: User) -> PlayMatch:
    """Stop both clocks; nobody can move until the match resumes."""
    match = _refereed(match_id, by)
    if match.status == PlayMatch.Status.PAUSED:
        raise Conflict(MatchRefusal.ALREADY_PAUSED, "The match is already paused.")
    now = timezone.now()
    charge_clock(match, now)
    waiting = waiting_for_players(match)  # no clock runs yet: the wait for both players keeps its end
    match.set_status(PlayMatch.Status.PAUSED)
    match.paused_at = now
    if not waiting:
        match.clock_since, match.deadline, match.deadline_kind = None, None, ""
    match.timer_version += 1
    publish_change(match)
    return match


@transaction.atomic
def resume(match_id: int, by: User) -> PlayMatch:
    match = _refereed(match_id, by)
    if match.status != PlayMatch.Status.PAUSED:
        raise Conflict(MatchRefusal.NOT_PAUSED, "The match is not paused.")
    game = match.current_game()
    assert game is not None
    match.set_status(PlayMatch.Status.PLAYING)
    match.paused_at = None
    now = timezone.now()
    waiting = match.deadline_kind == PlayMatch.TimerKind.ARRIVAL and match.deadline and match.deadline > now
    if waiting and not all(connected_seats(match.pk, match.seat_count).values()):
        match.timer_version += 1  # still waiting for both players, until the same end
    else:
        restart(match, game, now)
    publish_change(match)
    return match


@transaction.atomic
def add_time(match_id: int, by: User, seat: int, seconds: int) -> PlayMatch:
    match = _refereed(match_id, by)
    if not 0 <= seat < match.seat_count or not -3600 <= seconds <= 3600 or seconds == 0:
        raise Invalid(
            MatchRefusal.BAD_TIME_CHANGE,
            "Add between 1 second and an hour (or take away up to an hour) to seat p1 or p2.",
        )
    now = timezone.now()
    charge_clock(match, now)
    remaining = list(match.remaining_ms)
    remaining[seat] = max(0, remaining[seat] + seconds * 1000)
    match.remaining_ms = remaining
    if match.status == PlayMatch.Status.PLAYING and not waiting_for_players(match):
        game = match.current_game()
        assert game is not None
        restart(match, game, now)
    publish_change(match)
    return match


@transaction.atomic
def set_result(match_id: int, by: User, wins: tuple[int, int]) -> PlayMatch:
    """A referee decides the match (the referee panel): games won by each seat (the current game ends)."""
    return _decide(_refereed(match_id, by), wins)


@transaction.atomic
def decide(match_id: int, wins: tuple[int, int]) -> PlayMatch:
    """The match's result as an event's judge decided it (the caller has checked who may): a match
    still going (or paused) ends with it as with the referee panel; a finished match's result is
    corrected. Either way ``match_finished`` is sent after commit and the players' pages are pushed."""
    return _decide(locked(match_id), wins)


def _decide(match: PlayMatch, wins: tuple[int, int]) -> PlayMatch:
    if is_cooperative(engine_for(match)):
        raise Invalid(
            MatchRefusal.BAD_RESULT,
            "A co-operative game's result is played out, not set: its seats win or lose together.",
        )
    needed = match.best_of // 2 + 1
    if any(w < 0 or w > needed for w in wins) or wins[0] == wins[1] == needed or sum(wins) > match.best_of:
        raise Invalid(
            MatchRefusal.BAD_RESULT,
            f"In a best-of-{match.best_of}, give each seat 0 to {needed} games won, not both {needed}.",
        )
    now = timezone.now()
    game = match.current_game()
    if game is not None and not game.finished:
        game.finished, game.end_reason, game.finished_at = True, "set by a referee", now
        game.save()
    match.wins = list(wins)
    match.paused_at = None
    end_match(match, now)
    publish_change(match)
    return match
