"""What a player decides in a game: who goes first (the chooser), and each move."""

from __future__ import annotations

from typing import Any

from django.db import transaction
from django.utils import timezone

from accounts.models import User
from gameplay.matches.errors import Conflict, MatchRefusal
from gameplay.matches.models import ChoiceBy
from gameplay.matches.services.changes import ChangeResult, locked, locked_with_game, seat_to_act
from gameplay.matches.services.clock import charge_clock, past_deadline, waiting_for_players
from gameplay.matches.services.deadlines import at_deadline, too_late
from gameplay.matches.services.games import decide_first
from gameplay.matches.services.moves import flag, move


@transaction.atomic
def choose_first(match_id: int, user: User, play_first: bool, version: int) -> ChangeResult:
    """The chooser says who goes first: themselves (``play_first``) or their opponent."""
    match = locked(match_id)
    seat = seat_to_act(match, user, version)
    game = match.current_game()
    if game is None or not game.awaiting_choice or game.finished:
        raise Conflict(MatchRefusal.FIRST_ALREADY_CHOSEN, "Who goes first in this game is already decided.")
    if game.chooser != seat:
        raise Conflict(MatchRefusal.OPPONENT_CHOOSES_FIRST, "Your opponent chooses who goes first.")
    now = timezone.now()
    if waiting_for_players(match):
        if not past_deadline(match, now):
            assert match.deadline is not None
            wait = max(1, int((match.deadline - now).total_seconds()))
            raise Conflict(
                MatchRefusal.WAITING_FOR_PLAYERS,
                "Your opponent has not connected yet: who goes first is chosen, and the clocks start, when "
                f"both of you have the match open, or when the wait ends in {wait // 60} min {wait % 60} s.",
            )
        at_deadline(match, now, viewer=seat)  # the wait is over (its timer not run yet): the clocks start now
    if past_deadline(match, now):  # the timer has not run yet, but the seat's time is over
        return too_late(match, now, seat)
    if charge_clock(match, now):
        flag(match, now)
        return ChangeResult(match, refused="Your clock ran out before your choice arrived.")
    decide_first(match, game, seat if play_first else 1 - seat, ChoiceBy.PLAYER, now, viewer=seat)
    return ChangeResult(match)


ACTION_LENGTH = 200  # the longest move text taken, by the play API and on the socket


@transaction.atomic
def play(match_id: int, user: User, action: str | dict[str, Any], version: int) -> ChangeResult:
    """A player's move. Refuses a stale version (409), a move out of turn or an illegal one (400)."""
    match, game = locked_with_game(match_id)
    seat = seat_to_act(match, user, version)
    now = timezone.now()
    if match.on_clock == seat and past_deadline(match, now):  # the timer has not run yet, but the time is over
        return too_late(match, now, seat, game)
    if charge_clock(match, now) and match.on_clock == seat:
        views = flag(match, now, viewer=seat)
        return ChangeResult(match, refused="Your match clock ran out before this move arrived.", views=views)
    return ChangeResult(match, views=move(match, seat, action, now, automatic=False, game=game))
