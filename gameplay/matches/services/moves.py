"""Applying a seat's action to its game, and a seat losing on time: the two ways a game moves on."""

from __future__ import annotations

from typing import Any

from gameplay.matches import rows
from gameplay.matches.engines import engine_for
from gameplay.matches.errors import Conflict, Invalid, MatchRefusal
from gameplay.matches.models import Game, GameAction, PlayMatch
from gameplay.matches.protocol import IllegalMove, game_outcome, move_entry
from gameplay.matches.services.changes import publish_change
from gameplay.matches.services.clock import restart_clock
from gameplay.matches.services.games import end_game, end_match
from gameplay.matches.services.views import RECENT_ACTIONS, Views, load_state, recent_log, seat_names

MOVE_GAME_FIELDS = ("state", "state_hash", "moves", "recent")  # what a move changes on its game


def move(
    match: PlayMatch,
    seat: int,
    action: str | dict[str, Any],
    now: Any,
    automatic: bool,
    due: Any = None,
    game: Game | None = None,
) -> Views:
    """Apply one seat's action (in ``game``, the current one, if the caller holds it); returns the
    views pushed after commit (the mover's among them)."""
    engine = engine_for(match)
    game = game if game is not None else match.current_game()
    assert game is not None
    if game.awaiting_choice:
        raise Conflict(MatchRefusal.FIRST_NOT_CHOSEN, "Who goes first is not chosen yet.")
    state = load_state(game, engine)
    pending = engine.pending(state)
    if pending is None or pending.seat != seat:
        raise Conflict(MatchRefusal.NOT_YOUR_DECISION, "It is not your decision.")
    try:
        new_state, text = engine.apply(state, action)
    except IllegalMove as exc:
        raise Invalid(MatchRefusal.ILLEGAL_MOVE, f"That move is not allowed: {exc}") from None
    names = seat_names(match)
    entry = move_entry(engine, state, text, new_state, names, seat)
    earlier = recent_log(game, engine, names)  # (describes a game logged before words, once)
    game.moves += 1
    game.state, game.state_hash = engine.to_json(new_state), engine.state_hash(new_state)
    game.recent = [*earlier[-(RECENT_ACTIONS - 1) :], entry]
    logged = GameAction(
        game=game, seq=game.moves, seat=seat, action=text, automatic=automatic, state_hash=game.state_hash,
        at=now, deadline=due,
    )  # fmt: skip
    result = engine.result(new_state)
    if result is not None or (match.turn_limit is not None and engine.turn(new_state) > match.turn_limit):
        logged.save()
        winner, reason = (None, "time") if result is None else (result.winner, result.reason)
        end_game(match, game, winner, reason, now, outcome=game_outcome(engine, new_state))
        return publish_change(match, viewer=seat)
    restart_clock(match, engine.pending(new_state), now, new_turn=engine.turn(new_state) != engine.turn(state))

    def save() -> None:  # the usual move: its rows in one statement
        rows.save_move(match, game, MOVE_GAME_FIELDS, logged)

    return publish_change(match, viewer=seat, current=(game, new_state), save=save)


def flag(match: PlayMatch, now: Any, viewer: int | None = None) -> Views:
    """The seat on the clock ran out of time: it loses the game (or the match)."""
    seat = match.on_clock
    assert seat is not None
    game = match.current_game()
    assert game is not None
    remaining = list(match.remaining_ms)
    remaining[seat] = 0
    match.remaining_ms = remaining
    if match.clock_loses_match:
        game.finished, game.winner, game.end_reason, game.finished_at = True, 1 - seat, "clock", now
        game.save()
        wins = list(match.wins)
        wins[1 - seat] = match.best_of // 2 + 1
        match.wins = wins
        end_match(match, now)
    else:
        end_game(match, game, 1 - seat, "clock", now)
    return publish_change(match, viewer=viewer)
