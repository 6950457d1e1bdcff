"""The clock arithmetic of a match: time used, charged and left, and the next deadline.

Nothing here saves or pushes: the callers hold the locked match row and save it.
"""

from __future__ import annotations

from datetime import timedelta
from typing import Any

from django.utils import timezone

from gameplay.matches.models import PlayMatch
from gameplay.matches.protocol import Decision


def used_ms(match: PlayMatch, now: Any) -> int:
    """Milliseconds the seat on the clock has used since its clock started, counted up to ``now``
    or its deadline, whichever is earlier: a clock stops at its deadline, however late the
    server comes to it (a timer task run late, a move that arrived after the deadline)."""
    assert match.clock_since is not None
    until = now if match.deadline is None else min(now, match.deadline)
    return max(timedelta(0), until - match.clock_since) // timedelta(milliseconds=1)


def charge_clock(match: PlayMatch, now: Any) -> bool:
    """Take the time used since the clock started (never past the deadline) from its seat; True if
    that seat is out of time. A clock never goes below zero."""
    if match.on_clock is None or match.clock_since is None:
        return False
    remaining = list(match.remaining_ms)
    remaining[match.on_clock] = max(0, remaining[match.on_clock] - used_ms(match, now))
    match.remaining_ms = remaining
    match.clock_since = now
    return remaining[match.on_clock] <= 0


def past_deadline(match: PlayMatch, now: Any) -> bool:
    return match.status == PlayMatch.Status.PLAYING and match.deadline is not None and match.deadline <= now


def restart_clock(match: PlayMatch, pending: Decision | None, now: Any, new_turn: bool = False) -> None:
    """Start the clock of whoever decides now (the engine's pending decision); none once it is over.
    ``new_turn``: the engine's turn moved on with the last action (a table's turn clock starts again)."""
    match.timer_version += 1
    if pending is None:
        match.on_clock, match.clock_since, match.deadline, match.deadline_kind = None, None, None, ""
        return
    if match.seated:
        turn_clock(match, pending.seat, now, new_turn)
        return
    if untimed(match):
        match.on_clock, match.clock_since, match.deadline, match.deadline_kind = pending.seat, None, None, ""
        return
    if turn_based(match):
        bank_clock(
            match, pending.seat, now, PlayMatch.TimerKind.WINDOW if pending.windowed else PlayMatch.TimerKind.CLOCK
        )
        return
    match.on_clock, match.clock_since = pending.seat, now
    clock_left = timedelta(milliseconds=max(0, match.remaining_ms[pending.seat]))
    window = timedelta(seconds=match.window_seconds)
    if pending.windowed and window < clock_left:
        match.deadline, match.deadline_kind = now + window, PlayMatch.TimerKind.WINDOW
    else:
        match.deadline, match.deadline_kind = now + clock_left, PlayMatch.TimerKind.CLOCK


def turn_clock(match: PlayMatch, seat: int, now: Any, new_turn: bool) -> None:
    """A table's clock: each turn has ``turn_seconds``, counted from the turn's first decision and
    charged like any clock; when it runs out the turn ends (``deadlines.at_deadline``). Another
    decision in the same turn keeps what is left. Untimed turns run no clock at all."""
    fresh = new_turn or seat != match.on_clock
    match.on_clock = seat
    if match.turn_seconds is None:
        match.clock_since, match.deadline, match.deadline_kind = None, None, ""
        return
    remaining = list(match.remaining_ms)
    if fresh:
        remaining[seat] = match.turn_seconds * 1000
    match.remaining_ms, match.clock_since = remaining, now
    match.deadline = now + timedelta(milliseconds=max(0, remaining[seat]))
    match.deadline_kind = PlayMatch.TimerKind.TURN


def await_choice(match: PlayMatch, chooser: int, now: Any) -> None:
    """The chooser's clock runs for the answer window (or what is left of the clock, if less)."""
    match.timer_version += 1
    if untimed(match):
        match.on_clock, match.clock_since, match.deadline, match.deadline_kind = chooser, None, None, ""
        return
    if turn_based(match):
        bank_clock(match, chooser, now, PlayMatch.TimerKind.CHOICE)
        return
    match.on_clock, match.clock_since = chooser, now
    clock_left = timedelta(milliseconds=max(0, match.remaining_ms[chooser]))
    window = timedelta(seconds=match.window_seconds)
    if window < clock_left:
        match.deadline, match.deadline_kind = now + window, PlayMatch.TimerKind.CHOICE
    else:
        match.deadline, match.deadline_kind = now + clock_left, PlayMatch.TimerKind.CLOCK


def bank_clock(match: PlayMatch, seat: int, now: Any, kind: str) -> None:
    """A turn-based decision: the seat gets the whole time bank (``bank_seconds``) for it, BGA-style,
    whatever it used before. The deadline is the bank's end, of ``kind``: an answer window
    (``window``) then passes automatically, a choice of who goes first makes the chooser play
    first, any other decision (``clock``) loses the game as an empty live clock does."""
    assert match.bank_seconds is not None
    remaining = list(match.remaining_ms)
    remaining[seat] = match.bank_seconds * 1000
    match.remaining_ms, match.on_clock, match.clock_since = remaining, seat, now
    match.deadline, match.deadline_kind = now + timedelta(seconds=match.bank_seconds), kind


def turn_based(match: PlayMatch) -> bool:
    """A turn-based match: each decision has the time bank (hours or days) instead of a clock."""
    return bool(match.pace == PlayMatch.Pace.TURNS and match.bank_seconds)


def untimed(match: PlayMatch) -> bool:
    """An untimed match (a tutorial, an untimed practice game) runs no clock and schedules no
    deadline: whoever decides is on the clock without a start time, so nothing is ever charged."""
    return bool(match.pace == PlayMatch.Pace.UNTIMED)


def await_arrival(match: PlayMatch, now: Any, seconds: int) -> None:
    """No clock runs until both players have a page open (``games.players_arrived``), or until
    ``seconds`` have passed: the deadline (kind ``arrival``) is the end of that grace period, when
    the clocks start whoever is there (``deadlines.at_deadline``)."""
    match.timer_version += 1
    match.on_clock, match.clock_since = None, None
    match.deadline, match.deadline_kind = now + timedelta(seconds=seconds), PlayMatch.TimerKind.ARRIVAL


def waiting_for_players(match: PlayMatch) -> bool:
    return match.is_waiting_for_players


def clocks(match: PlayMatch, now: Any = None) -> dict[str, Any]:
    """Both clocks as a view shows them: time left (the running one counted down to ``now``)."""
    now = now or timezone.now()
    remaining = list(match.remaining_ms)
    if match.on_clock is not None and match.clock_since is not None and match.status == PlayMatch.Status.PLAYING:
        remaining[match.on_clock] -= used_ms(match, now)
    if turn_based(match):  # a seat not deciding has its whole bank for its next decision
        assert match.bank_seconds is not None
        remaining = [r if s == match.on_clock else match.bank_seconds * 1000 for s, r in enumerate(remaining)]
    return {
        "remaining_ms": [max(0, r) for r in remaining],
        "on_clock": None if match.on_clock is None else f"p{match.on_clock + 1}",
        "deadline": match.deadline.isoformat() if match.deadline else None,
        "deadline_kind": match.deadline_kind,
        "untimed": untimed(match),
        "bank_seconds": match.bank_seconds if turn_based(match) else None,
    }
