"""Bots: the engine's agent makes the bot seat's decision when a bot task asks."""

from __future__ import annotations

from django.db import transaction
from django.utils import timezone

from gameplay.matches.engines import engine_for
from gameplay.matches.models import PlayMatch
from gameplay.matches.services.changes import locked
from gameplay.matches.services.clock import charge_clock, past_deadline
from gameplay.matches.services.deadlines import at_deadline
from gameplay.matches.services.moves import move
from gameplay.matches.services.views import load_state


@transaction.atomic
def bot_move(match_id: int, version: int) -> bool:
    """Let the bot make its decision if it is still the bot's turn at ``version``."""
    match = locked(match_id)
    seat = match.on_clock
    bot = match.bot_of(seat)
    if match.status != PlayMatch.Status.PLAYING or match.version != version or not bot:
        return False
    game = match.current_game()
    assert game is not None and seat is not None
    if past_deadline(match, now := timezone.now()):  # a late bot task is held to the deadline like a player
        at_deadline(match, now, game=game)
        return False
    engine = engine_for(match)
    action = engine.bot_action(load_state(game, engine), seat, bot, seed=match.seed + version)
    now = timezone.now()
    charge_clock(match, now)
    move(match, seat, action, now, automatic=False, game=game)
    return True
