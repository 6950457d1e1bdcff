"""Applying a seat's action to its game, and a seat losing on time: the two ways a game moves on."""

from __future__ import annotations

from typing import Any

from accounts.models import User
from gameplay.matches import rows
from gameplay.matches.engines import engine_for
from gameplay.matches.errors import Conflict, Invalid, MatchRefusal
from gameplay.matches.models import Game, GameAction, PlayMatch
from gameplay.matches.protocol import GameEngine, IllegalMove, game_outcome, json_and_hash, move_entry
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
    viewer: int | None = None,
) -> Views:
    """Apply one seat's action (in ``game``, the current one, if the caller holds it); returns the
    views pushed after commit (the mover's, or ``viewer``'s, among them). An answer window that
    opens after it and closes at once (``closes_at_once``) is passed in the same change."""
    viewer = seat if viewer is None else viewer
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
    game.state, game.state_hash = json_and_hash(engine, new_state)
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
        return publish_change(match, viewer=viewer)
    passing = closes_at_once(match, engine, new_state)
    if passing is not None:  # logged now; the pass follows in the same change, automatic
        logged.save()
        game.save()
        return move(match, passing, engine.window_action(passing), now, automatic=True, game=game, viewer=viewer)
    restart_clock(match, engine.pending(new_state), now, new_turn=engine.turn(new_state) != engine.turn(state))

    def save() -> None:  # the usual move: its rows in one statement
        rows.save_move(match, game, MOVE_GAME_FIELDS, logged)

    return publish_change(match, viewer=viewer, current=(game, new_state), save=save)


def closes_at_once(match: PlayMatch, engine: GameEngine, state: Any) -> int | None:
    """The seat whose answer window, just opened, passes at once instead of waiting: passing is
    its only legal action, or its player asked to pass every window (``User.auto_pass``) and did
    not hold priority this turn (``PlayMatch.holds``). None otherwise, and always in a tutorial,
    whose coach explains each window, and for a bot (it passes on its own)."""
    pending = engine.pending(state)
    if pending is None or not pending.windowed or match.tutorial or match.bot_of(pending.seat):
        return None
    passing = engine.window_action(pending.seat)
    legal = engine.legal_actions(state, pending.seat)
    if passing not in legal:
        return None
    if legal == [passing]:
        return pending.seat
    return pending.seat if auto_passes(match, pending.seat, engine.turn(state)) else None


def auto_passes(match: PlayMatch, seat: int, turn: int) -> bool:
    """The seat's player passes every window automatically, and holds no priority this turn."""
    holds = list(match.holds or [])
    if seat < len(holds) and holds[seat] == turn:
        return False
    user_id = match.holders()[seat].user_id
    return user_id is not None and User.objects.filter(pk=user_id, auto_pass=True).exists()


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
