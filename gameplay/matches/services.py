"""The one adapter between the rules engine and the database for matches played on the site.

Every change locks the match row, checks the version the client saw, charges the clock of the
seat that was deciding, applies the engine action, appends it to the game's log, stores the
new state and restarts the clock of whoever must decide next. After commit a timer task is
queued for the new deadline (see ``gameplay.matches.clocks``) and bots are asked to move.
"""

from __future__ import annotations

import hashlib
import secrets
from collections.abc import Sequence
from dataclasses import dataclass, field
from datetime import timedelta
from typing import Any

from django.db import transaction
from django.dispatch import Signal
from django.utils import timezone

from accounts.models import User
from gameplay import engine
from gameplay.cards.catalog import Catalog
from gameplay.matches import oversight, rows
from gameplay.matches.errors import Conflict, Forbidden, Invalid, MatchRefusal, Stale
from gameplay.matches.models import Challenge, ChoiceBy, FirstChoice, Game, GameAction, PlayMatch
from gameplay.services import current_catalog

#: Sent after commit when a match ends: ``match`` is the finished PlayMatch.
match_finished = Signal()

WINDOW_KINDS = frozenset({"answer", "block"})  # decisions that an answer window bounds
RECENT_ACTIONS = 30  # the game log a view carries
MOVE_GAME_FIELDS = ("state", "state_hash", "moves", "recent")  # what a move changes on its game

Views = dict[int | None, dict[str, Any]]


@dataclass(frozen=True)
class Outcome:
    """What a move did: the match afterwards, a refusal to report if the move came too late, and
    the views it was pushed with (each connected seat's, the mover's, and the public one if watched)."""

    match: PlayMatch
    refused: str = ""
    views: Views = field(default_factory=dict)


# --- setting a match up ----------------------------------------------------------------------


def seat_setup(deck: dict[str, Any], catalog: Catalog | None = None) -> dict[str, Any]:
    """An engine player setup from a deck: ``{"starter": id}`` or runeslinger, equips and cards."""
    if "starter" in deck:
        return {"starter": str(deck["starter"])}
    cards = deck.get("cards") or {}
    return {
        "runeslinger": str(deck.get("runeslinger", "")),
        "equips": [str(e) for e in deck.get("equips", [])],
        "deck": [card for card, count in sorted(cards.items()) for _ in range(int(count))],
    }


@transaction.atomic
def create_match(
    player1: User,
    player2: User | None,
    decks: Sequence[dict[str, Any]],
    *,
    bot: str = "",
    best_of: int = 1,
    clock_seconds: int = 25 * 60,
    window_seconds: int = 20,
    clock_loses_match: bool = False,
    public: bool = False,
    label: str = "",
    seed: int | None = None,
) -> PlayMatch:
    """A match between two players, or a player and a bot; the winner of the die roll chooses who goes first."""
    if (player2 is None) == (not bot):
        raise Invalid(MatchRefusal.NOT_TWO_PLAYERS, "A match is between two players, or a player and a bot.")
    if bot and bot not in PlayMatch.Bot.values:
        raise Invalid(MatchRefusal.UNKNOWN_BOT, f"Unknown bot {bot!r}; choose {' or '.join(PlayMatch.Bot.values)}.")
    if player2 is not None and player2.pk == player1.pk:
        raise Invalid(MatchRefusal.SELF_MATCH, "You cannot play against yourself.")
    if best_of not in (1, 3):
        raise Invalid(MatchRefusal.BAD_BEST_OF, "A match is best of one or best of three.")
    if len(decks) != 2:
        raise Invalid(MatchRefusal.NOT_TWO_DECKS, "A match needs two decks.")
    if not 60 <= clock_seconds <= 4 * 3600 or not 5 <= window_seconds <= 300:
        raise Invalid(
            MatchRefusal.BAD_CLOCK, "Clocks run from 1 minute to 4 hours; answer windows from 5 to 300 seconds."
        )
    match = PlayMatch.objects.create(
        player1=player1, player2=player2, bot=bot, decks=[seat_setup(d) for d in decks], best_of=best_of,
        clock_seconds=clock_seconds, window_seconds=window_seconds, clock_loses_match=clock_loses_match,
        public=public, label=label, seed=secrets.randbits(62) if seed is None else seed, wins=[0, 0],
        remaining_ms=[clock_seconds * 1000, clock_seconds * 1000],
    )  # fmt: skip
    dice = _dice(match.seed)
    _start_game(match, 1, 0 if dice[0] > dice[1] else 1, timezone.now(), die_roll=dice)
    match.save()
    _after_commit(match)
    return match


def _dice(seed: int) -> tuple[int, int]:
    """The opening die roll: a six-sided die for each seat from the match seed, rerolled on a tie."""
    digest = hashlib.sha256(f"fett-die:{seed}".encode()).digest()
    fair = [b % 6 + 1 for b in digest if b < 252]  # 252 = 42 * 6: no face more likely than another
    for a, b in zip(fair[::2], fair[1::2], strict=False):
        if a != b:
            return a, b
    return (6, 1) if digest[0] % 2 == 0 else (1, 6)  # every pair of 16 tied: practically never


def _game_seed(match: PlayMatch, number: int) -> int:
    return int.from_bytes(hashlib.sha256(f"fett-game:{match.seed}:{number}".encode()).digest()[:7], "big")


def _start_game(match: PlayMatch, number: int, chooser: int, now: Any, die_roll: Sequence[int] = ()) -> Game:
    """A new game whose ``chooser`` first decides who goes first (a bot plays first at once).

    Until the choice the game is set up with the chooser first; choosing to go second sets it up
    again with the other seat first (same seed, so the same shuffles).
    """
    bot_chooses = bot_seat(match) == chooser
    setup = {"players": match.decks, "first": f"p{chooser + 1}"}
    seed = _game_seed(match, number)
    state = _new_state(setup, seed)
    game = Game.objects.create(
        match=match, number=number, seed=seed, first=chooser, chooser=chooser, setup=setup,
        engine_version=f"{engine.ENGINE_VERSION}/{current_catalog().data_version[:12]}",
        state=engine.to_json(state), state_hash=engine.state_hash(state), started_at=now, die_roll=list(die_roll),
        awaiting_choice=not bot_chooses, choice=FirstChoice.FIRST if bot_chooses else "",
        choice_by=ChoiceBy.BOT if bot_chooses else "", chosen_at=now if bot_chooses else None,
    )  # fmt: skip
    if not match.clock_loses_match:  # the clocks are per game unless an empty clock loses the match
        match.remaining_ms = [match.clock_seconds * 1000, match.clock_seconds * 1000]
    if bot_chooses:
        _restart_clock(match, state, now)
    else:
        _await_choice(match, chooser, now)
    return game


def _new_state(setup: dict[str, Any], seed: int) -> engine.State:
    try:
        return engine.new_game(setup, seed)
    except engine.EngineError as exc:
        raise Invalid(MatchRefusal.DECKS_CANNOT_START, f"The decks cannot start a game: {exc}") from None


def _await_choice(match: PlayMatch, chooser: int, now: Any) -> None:
    """The chooser's clock runs for the answer window (or what is left of the clock, if less)."""
    match.timer_version += 1
    match.on_clock, match.clock_since = chooser, now
    clock_left = timedelta(milliseconds=max(0, match.remaining_ms[chooser]))
    window = timedelta(seconds=match.window_seconds)
    if window < clock_left:
        match.deadline, match.deadline_kind = now + window, PlayMatch.DeadlineKind.CHOICE
    else:
        match.deadline, match.deadline_kind = now + clock_left, PlayMatch.DeadlineKind.CLOCK


@transaction.atomic
def choose_first(match_id: int, user: User, play_first: bool, version: int) -> Outcome:
    """The chooser says who goes first: themselves (``play_first``) or their opponent."""
    match = _locked(match_id)
    seat = match.seat_of(user.pk)
    if seat is None:
        raise Forbidden(MatchRefusal.NOT_PLAYING, "You are not playing in this match.")
    if match.status != PlayMatch.Status.PLAYING:
        raise Conflict(MatchRefusal.MATCH_NOT_PLAYING, f"The match is {match.get_status_display().lower()}.")
    if version != match.version:
        raise Stale(MatchRefusal.STALE_VERSION, "The game has moved on since you last looked.", current=match.version)
    game = match.current_game()
    if game is None or not game.awaiting_choice or game.finished:
        raise Conflict(MatchRefusal.FIRST_ALREADY_CHOSEN, "Who goes first in this game is already decided.")
    if game.chooser != seat:
        raise Conflict(MatchRefusal.OPPONENT_CHOOSES_FIRST, "Your opponent chooses who goes first.")
    now = timezone.now()
    if _past_deadline(match, now):  # the timer has not run yet, but the seat's time is over
        return _too_late(match, now, seat)
    if _charge_clock(match, now):
        _flag(match, now)
        return Outcome(match, refused="Your clock ran out before your choice arrived.")
    _decide_first(match, game, seat if play_first else 1 - seat, ChoiceBy.PLAYER, now)
    return Outcome(match)


def _decide_first(match: PlayMatch, game: Game, first: int, by: str, now: Any, viewer: int | None = None) -> Views:
    if first != game.first:
        setup = dict(game.setup, first=f"p{first + 1}")
        state = _new_state(setup, game.seed)
        game.setup, game.first = setup, first
        game.state, game.state_hash = engine.to_json(state), engine.state_hash(state)
    else:
        state = load_state(game)
    game.awaiting_choice = False
    game.choice = FirstChoice.FIRST if first == game.chooser else FirstChoice.SECOND
    game.choice_by, game.chosen_at = by, now
    game.save()
    _restart_clock(match, state, now)
    match.version += 1
    match.save()
    return _after_commit(match, viewer=viewer)


def _restart(match: PlayMatch, game: Game, now: Any) -> None:
    """Start the clock of whoever decides now: the chooser before the game, else the engine's decider."""
    if game.awaiting_choice and not game.finished:
        _await_choice(match, game.chooser, now)
    else:
        _restart_clock(match, load_state(game), now)


def first_choice(game: Game) -> dict[str, Any]:
    """Who chose who goes first, and what (``pending`` until the chooser answers)."""
    pending = game.awaiting_choice and not game.finished
    return {
        "chooser": f"p{game.chooser + 1}",
        "pending": pending,
        "first": None if pending else f"p{game.first + 1}",
        "choice": game.choice or None,
        "by": game.choice_by or None,
        "die_roll": list(game.die_roll) or None,
    }


# --- reading ------------------------------------------------------------------------------------


def load_state(game: Game) -> engine.State:
    return engine.from_json(game.state)


def player_view(match: PlayMatch, seat: int | None) -> dict[str, Any]:
    """Everything one seat may see (or, for a spectator, what both may: seat None)."""
    return views_for(match, (seat,))[seat]


def views_for(
    match: PlayMatch,
    seats: Sequence[int | None],
    game: Game | None = None,
    state: engine.State | None = None,
    connected: dict[str, bool] | None = None,
) -> Views:
    """Several seats' views of one moment, reading the game and its state once (or not at all
    when the caller holds them)."""
    if game is None:
        game = match.current_game()
        assert game is not None
    if state is None:
        state = load_state(game)
    shared = {
        "clocks": clocks(match),
        "connected": connected if connected is not None else connected_seats(match.pk),
        "log": list(game.recent),
    }
    return {seat: _view(match, game, state, seat, shared) for seat in seats}


def _view(
    match: PlayMatch, game: Game, state: engine.State, seat: int | None, shared: dict[str, Any]
) -> dict[str, Any]:
    board = engine.view(state, 0 if seat is None else seat)
    choosing = game.awaiting_choice and not game.finished
    if seat is None or choosing:  # before who goes first is chosen, nobody sees a hand or moves
        board = dict(_public(board), you=None if seat is None else board["you"])
        board["pending"] = None if choosing else board["pending"]
    return {
        "match": match.pk,
        "version": match.version,
        "status": match.status,
        "seat": None if seat is None else f"p{seat + 1}",
        "game": game.number,
        "best_of": match.best_of,
        "wins": match.wins,
        "winner": None if match.winner is None else f"p{match.winner}",
        "end_reason": (game.end_reason or None) if game.finished else None,  # e.g. "clock": a seat ran out of time
        "clocks": shared["clocks"],
        "connected": shared["connected"],
        "bot": match.bot or None,
        "board": board,
        "log": shared["log"],
        "choice": first_choice(game),
    }


def replay_view(game: Game, seat: int | None, step: int) -> dict[str, Any]:
    """A finished game as it stood after ``step`` actions, from one seat's view (or the public one)."""
    actions = list(game.actions.order_by("seq").values_list("action", flat=True))
    if not game.finished:
        raise Conflict(MatchRefusal.GAME_NOT_FINISHED, "Only a finished game can be replayed.")
    if not 0 <= step <= len(actions):
        raise Invalid(
            MatchRefusal.STEP_OUT_OF_RANGE, f"Step {step} is outside this game's 0 to {len(actions)} actions."
        )
    state = engine.new_game(game.setup, game.seed)
    for text in actions[:step]:
        state, _events = engine.apply(state, engine.parse_action(text))
    board = engine.view(state, 0 if seat is None else seat)
    return {
        "game": game.number,
        "step": step,
        "steps": len(actions),
        "action": actions[step - 1] if step else None,
        "board": _public(board) if seat is None else dict(board, legal=[]),
    }


def connected_seats(match_id: int) -> dict[str, bool]:
    from gameplay.matches.consumers import connected_seats as seats

    return seats(match_id)


def _public(board: dict[str, Any]) -> dict[str, Any]:
    """A spectator's board: the first seat's view with its hand hidden as well."""
    public = dict(board, legal=[], you=None, options=[])
    players = []
    for side in board["players"]:
        side = dict(side)
        if isinstance(side.get("hand"), list):
            side["hand"] = len(side["hand"])
        side["concentrations"] = [{k: v for k, v in c.items() if k != "id"} for c in side.get("concentrations", [])]
        players.append(side)
    public["players"] = players
    return public


def clocks(match: PlayMatch, now: Any = None) -> dict[str, Any]:
    now = now or timezone.now()
    remaining = list(match.remaining_ms)
    if match.on_clock is not None and match.clock_since is not None and match.status == PlayMatch.Status.PLAYING:
        remaining[match.on_clock] -= _used_ms(match, now)
    return {
        "remaining_ms": [max(0, r) for r in remaining],
        "on_clock": None if match.on_clock is None else f"p{match.on_clock + 1}",
        "deadline": match.deadline.isoformat() if match.deadline else None,
        "deadline_kind": match.deadline_kind,
    }


# --- moving -------------------------------------------------------------------------------------


def _locked(match_id: int) -> PlayMatch:
    return PlayMatch.objects.select_for_update().get(pk=match_id)


def _locked_with_game(match_id: int) -> tuple[PlayMatch, Game]:
    """The match row locked together with its current game, in one query (a move's hot path)."""
    found = rows.locked_match_and_game(match_id)
    if found is None:
        raise PlayMatch.DoesNotExist(f"No match {match_id} with a game.")
    return found


@transaction.atomic
def play(match_id: int, user: User, action: str | dict[str, Any], version: int) -> Outcome:
    """A player's move. Refuses a stale version (409), a move out of turn or an illegal one (400)."""
    match, game = _locked_with_game(match_id)
    seat = match.seat_of(user.pk)
    if seat is None:
        raise Forbidden(MatchRefusal.NOT_PLAYING, "You are not playing in this match.")
    if match.status != PlayMatch.Status.PLAYING:
        raise Conflict(MatchRefusal.MATCH_NOT_PLAYING, f"The match is {match.get_status_display().lower()}.")
    if version != match.version:
        raise Stale(MatchRefusal.STALE_VERSION, "The game has moved on since you last looked.", current=match.version)
    now = timezone.now()
    if match.on_clock == seat and _past_deadline(match, now):  # the timer has not run yet, but the time is over
        return _too_late(match, now, seat, game)
    if _charge_clock(match, now) and match.on_clock == seat:
        views = _flag(match, now, viewer=seat)
        return Outcome(match, refused="Your match clock ran out before this move arrived.", views=views)
    return Outcome(match, views=_move(match, seat, action, now, automatic=False, game=game))


def _move(
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
    game = game if game is not None else match.current_game()
    assert game is not None
    if game.awaiting_choice:
        raise Conflict(MatchRefusal.FIRST_NOT_CHOSEN, "Who goes first is not chosen yet.")
    state = load_state(game)
    pending = engine.pending(state)
    if pending is None or pending.player != seat:
        raise Conflict(MatchRefusal.NOT_YOUR_DECISION, "It is not your decision.")
    try:
        parsed = engine.parse_action(action)
        new_state, _events = engine.apply(state, parsed)
    except (engine.IllegalActionError, engine.NotationError) as exc:
        raise Invalid(MatchRefusal.ILLEGAL_MOVE, f"That move is not allowed: {exc}") from None
    text = parsed.to_text()
    game.moves += 1
    game.state, game.state_hash = engine.to_json(new_state), engine.state_hash(new_state)
    game.recent = [*game.recent[-(RECENT_ACTIONS - 1) :], text]
    logged = GameAction(
        game=game, seq=game.moves, seat=seat, action=text, automatic=automatic, state_hash=game.state_hash,
        at=now, deadline=due,
    )  # fmt: skip
    outcome = engine.result(new_state)
    if outcome is not None or (match.turn_limit is not None and new_state.turn > match.turn_limit):
        logged.save()
        winner = None if outcome is None or outcome["draw"] else int(str(outcome["winner"])[1]) - 1
        _end_game(match, game, winner, "time" if outcome is None else "game over", now)
        match.version += 1
        match.save()
        return _after_commit(match, viewer=seat)
    _restart_clock(match, new_state, now)
    match.version += 1
    rows.save_move(match, game, MOVE_GAME_FIELDS, logged)  # the usual move: its rows in one statement
    return _after_commit(match, (game, new_state), viewer=seat)


def _end_game(match: PlayMatch, game: Game, winner: int | None, reason: str, now: Any) -> None:
    game.finished, game.winner, game.end_reason, game.finished_at = True, winner, reason, now
    game.save()
    wins = list(match.wins)
    if winner is not None:
        wins[winner] += 1
    match.wins = wins
    needed = match.best_of // 2 + 1
    played = match.games.count()
    if max(wins) >= needed or played >= match.best_of:
        _end_match(match, now)
        return
    chooser = game.chooser if winner is None else 1 - winner  # the loser of the last game chooses
    _start_game(match, played + 1, chooser, now)


def _end_match(match: PlayMatch, now: Any) -> None:
    wins = match.wins
    match.winner = None if wins[0] == wins[1] else (1 if wins[0] > wins[1] else 2)
    match.status = PlayMatch.Status.FINISHED
    match.finished_at = match.finished_at or now  # a corrected result keeps when the match ended
    match.on_clock, match.clock_since, match.deadline, match.deadline_kind = None, None, None, ""
    match.timer_version += 1
    finished = match
    transaction.on_commit(lambda: match_finished.send(sender=PlayMatch, match=finished))


# --- clocks ----------------------------------------------------------------------------------


def _used_ms(match: PlayMatch, now: Any) -> int:
    """Milliseconds the seat on the clock has used since its clock started, counted up to ``now``
    or its deadline, whichever is earlier: a clock stops at its deadline, however late the
    server comes to it (a timer task run late, a move that arrived after the deadline)."""
    assert match.clock_since is not None
    until = now if match.deadline is None else min(now, match.deadline)
    return max(timedelta(0), until - match.clock_since) // timedelta(milliseconds=1)


def _charge_clock(match: PlayMatch, now: Any) -> bool:
    """Take the time used since the clock started (never past the deadline) from its seat; True if
    that seat is out of time. A clock never goes below zero."""
    if match.on_clock is None or match.clock_since is None:
        return False
    remaining = list(match.remaining_ms)
    remaining[match.on_clock] = max(0, remaining[match.on_clock] - _used_ms(match, now))
    match.remaining_ms = remaining
    match.clock_since = now
    return remaining[match.on_clock] <= 0


def _past_deadline(match: PlayMatch, now: Any) -> bool:
    return match.status == PlayMatch.Status.PLAYING and match.deadline is not None and match.deadline <= now


TOO_LATE = {
    "auto-passed": "Your answer window closed before your move arrived; it passed automatically.",
    "chose first": "Your time to choose ran out before your choice arrived; you play first.",
    "flagged": "Your match clock ran out before this move arrived.",
}


def _too_late(match: PlayMatch, now: Any, seat: int, game: Game | None = None) -> Outcome:
    """A decision that arrived after its deadline, before the timer task ran: the deadline acts as
    if the timer had run on time (the window passes, the chooser plays first, the clock loses),
    and the decision is refused."""
    done, views = _at_deadline(match, now, viewer=seat, game=game)
    return Outcome(match, refused=TOO_LATE[done], views=views)


def _restart_clock(match: PlayMatch, state: engine.State, now: Any) -> None:
    pending = engine.pending(state)
    match.timer_version += 1
    if pending is None:
        match.on_clock, match.clock_since, match.deadline, match.deadline_kind = None, None, None, ""
        return
    match.on_clock, match.clock_since = pending.player, now
    clock_left = timedelta(milliseconds=max(0, match.remaining_ms[pending.player]))
    window = timedelta(seconds=match.window_seconds)
    if pending.kind in WINDOW_KINDS and window < clock_left:
        match.deadline, match.deadline_kind = now + window, PlayMatch.DeadlineKind.WINDOW
    else:
        match.deadline, match.deadline_kind = now + clock_left, PlayMatch.DeadlineKind.CLOCK


def _flag(match: PlayMatch, now: Any, viewer: int | None = None) -> Views:
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
        _end_match(match, now)
    else:
        _end_game(match, game, 1 - seat, "clock", now)
    match.version += 1
    match.save()
    return _after_commit(match, viewer=viewer)


def expire(match_id: int, timer_version: int | None) -> str:
    """A deadline passed: auto-pass an answer window, or flag an empty clock. Idempotent.

    Most timer tasks find that a move came first and moved ``timer_version`` on: one plain read
    tells, before a transaction and a row lock are taken."""
    if timer_version is not None and not PlayMatch.objects.filter(pk=match_id, timer_version=timer_version).exists():
        return "stale timer"
    return _expire(match_id, timer_version)


@transaction.atomic
def _expire(match_id: int, timer_version: int | None) -> str:
    match = _locked(match_id)
    now = timezone.now()
    if match.status != PlayMatch.Status.PLAYING or match.deadline is None or match.deadline > now:
        return "nothing due"
    if timer_version is not None and timer_version != match.timer_version:
        return "stale timer"
    return _at_deadline(match, now)[0]


def _at_deadline(match: PlayMatch, now: Any, viewer: int | None = None, game: Game | None = None) -> tuple[str, Views]:
    """The deadline has passed (the match row is locked): charge the seat on the clock up to its
    deadline, not to ``now``, then pass the window, choose for the chooser or flag the clock.
    The next decider's clock starts at ``now``: nobody could act on it before."""
    seat = match.on_clock
    assert seat is not None and match.deadline is not None and match.deadline <= now
    due = match.deadline
    _charge_clock(match, now)
    if match.deadline_kind == PlayMatch.DeadlineKind.CHOICE and match.remaining_ms[seat] > 0:
        game = game if game is not None else match.current_game()
        assert game is not None
        # no answer in time: the chooser plays first
        return "chose first", _decide_first(match, game, seat, ChoiceBy.TIMER, now, viewer=viewer)
    if match.deadline_kind == PlayMatch.DeadlineKind.WINDOW and match.remaining_ms[seat] > 0:
        return "auto-passed", _move(match, seat, "pass", now, automatic=True, due=due, game=game)
    return "flagged", _flag(match, now, viewer=viewer)


@transaction.atomic
def call_time(match_id: int, extra_turns: int) -> None:
    """The event's round is over: this game may go on ``extra_turns`` more turns, then it is a draw."""
    match = _locked(match_id)
    game = match.current_game()
    if match.status == PlayMatch.Status.FINISHED or game is None or match.turn_limit is not None:
        return
    match.turn_limit = load_state(game).turn + extra_turns
    match.version += 1
    match.save(update_fields=["turn_limit", "version"])


def due_matches(now: Any = None) -> list[int]:
    now = now or timezone.now()
    return list(
        PlayMatch.objects.filter(status=PlayMatch.Status.PLAYING, deadline__lte=now).values_list("pk", flat=True)
    )


# --- challenges between players ------------------------------------------------------------------


def challenge(challenger: User, opponent: User, deck: dict[str, Any], best_of: int = 1) -> Challenge:
    if opponent.pk == challenger.pk:
        raise Invalid(MatchRefusal.SELF_CHALLENGE, "You cannot challenge yourself.")
    if best_of not in (1, 3):
        raise Invalid(MatchRefusal.BAD_BEST_OF, "A match is best of one or best of three.")
    if Challenge.objects.filter(challenger=challenger, opponent=opponent, status=Challenge.Status.OPEN).exists():
        raise Conflict(
            MatchRefusal.CHALLENGE_ALREADY_OPEN, f"You already have an open challenge to {opponent.public_name}."
        )
    _check_deck(deck)
    return Challenge.objects.create(challenger=challenger, opponent=opponent, challenger_deck=seat_setup(deck),
                                    best_of=best_of)  # fmt: skip


def _check_deck(deck: dict[str, Any]) -> None:
    try:
        engine.new_game({"players": [seat_setup(deck), seat_setup(deck)]}, 0)
    except engine.EngineError as exc:
        raise Invalid(MatchRefusal.DECK_CANNOT_PLAY, f"That deck cannot play: {exc}") from None


@transaction.atomic
def answer_challenge(challenge_id: int, by: User, accept: bool, deck: dict[str, Any] | None = None) -> Challenge:
    """The opponent accepts (with their deck: the match starts) or declines; the challenger may withdraw."""
    found = Challenge.objects.select_for_update().get(pk=challenge_id)
    if by.pk not in (found.opponent_id, found.challenger_id):
        raise Forbidden(MatchRefusal.NOT_YOUR_CHALLENGE, "This challenge is not yours.")
    if found.status != Challenge.Status.OPEN:
        raise Conflict(
            MatchRefusal.CHALLENGE_ANSWERED, f"This challenge is already {found.get_status_display().lower()}."
        )
    if by.pk == found.challenger_id:
        if accept:
            raise Forbidden(
                MatchRefusal.CHALLENGER_CANNOT_ACCEPT, "Your opponent accepts; you may withdraw the challenge."
            )
        found.status = Challenge.Status.CANCELLED
    elif accept:
        if deck is None:
            raise Invalid(MatchRefusal.NO_DECK_CHOSEN, "Choose your deck to accept.")
        _check_deck(deck)
        found.match = create_match(
            found.challenger, found.opponent, [found.challenger_deck, deck], best_of=found.best_of, label="challenge"
        )
        found.status = Challenge.Status.ACCEPTED
    else:
        found.status = Challenge.Status.DECLINED
    found.answered_at = timezone.now()
    found.save()
    return found


# --- referees: pause, resume, add time, set the result ------------------------------------------


def can_referee(match: PlayMatch, user: Any, known: oversight.Oversight | None = None) -> bool:
    """Staff, and whoever the match's overseer names now (an event's current organiser and
    judges); never someone not signed in. ``known``: the oversight, when the caller just read it
    (a page of many matches of one event)."""
    if user is None or not user.is_authenticated:
        return False
    return bool(user.is_staff) or user.pk in (known or oversight.oversight(match)).referees


def can_watch(match: PlayMatch, user: Any) -> bool:
    """Public matches anyone may watch; others their referees and staff (public information only)."""
    return match.public or can_referee(match, user)


@dataclass(frozen=True)
class Sight:
    """What one viewer may see of a match: the one rule every path that carries a game follows
    (the views and the socket, the log and its download, the replay API and page).

    ``seat`` is the viewer's own seat (None for a watcher): their live view is that seat's, or
    the public one. ``seats`` are the seats whose hidden information (hands, draws) the viewer may
    replay in finished games; the public view is always allowed. ``full_log`` gives the seeds and
    both deck setups of finished games; without it the log carries the viewer's own setup only.
    ``referee``: the viewer may pause, add time and set the result (the play page's panel)."""

    seat: int | None
    seats: frozenset[int]
    full_log: bool
    referee: bool

    def may_replay(self, view_seat: int | None) -> bool:
        return view_seat is None or view_seat in self.seats

    def replay_refusal(self) -> str:
        """Why a seat view other than the allowed ones is refused."""
        if self.seat is not None:
            return "Until the match is over you may replay your own view or the public one."
        if self.referee:
            return "Until the match is over referees replay the public view only."
        return (
            "Watchers replay the public view only. "
            "Every seat opens once the match is over and its event has published its lists."
        )


BOTH_SEATS = frozenset({0, 1})


def sight(match: PlayMatch, user: Any, known: oversight.Oversight | None = None) -> Sight | None:
    """What ``user`` may see of ``match`` now; None if they may not see it at all.

    Players see their own seat; while the match goes on, its finished games give them their own
    seat's view and the public one, and the log their own setup only (no seeds). Once the match is
    over, players get everything. Referees (the event's organiser and judges) and staff watch like
    anyone else while it goes on (public views only: a screen at the judges' table must never show
    one player the other's hand) and get everything once it is over. Everyone else who may watch
    gets the public view, and everything only once the match is over and its event has published
    its lists.
    ``known``: the match's oversight when the caller has just read it (else it is asked now)."""
    user_id = user.pk if user is not None and user.is_authenticated else None
    seat = match.seat_of(user_id)
    referee = can_referee(match, user, known)
    if seat is None and not (match.public or referee):
        return None
    over = match.status == PlayMatch.Status.FINISHED
    if over and (seat is not None or referee or (known or oversight.oversight(match)).lists_public):
        return Sight(seat, BOTH_SEATS, True, referee)
    return Sight(seat, frozenset() if seat is None else frozenset({seat}), False, referee)


def game_log(match: PlayMatch, seen: Sight) -> dict[str, Any]:
    """The finished games' replay data as ``seen`` allows: every game's seed, setup, versions and
    actions for a full log; otherwise no seed and only the viewer's own deck in the setup."""
    games = []
    for game in match.games.prefetch_related("actions"):
        if not game.finished:
            continue
        if seen.full_log:
            seed, setup = game.seed, game.setup
        else:
            players = game.setup.get("players", [])
            mine = [deck if n == seen.seat else None for n, deck in enumerate(players)]
            seed, setup = None, (dict(game.setup, players=mine) if seen.seat is not None else None)
        games.append({
            "number": game.number, "seed": seed, "setup": setup, "engine": game.engine_version,
            "winner": None if game.winner is None else f"p{game.winner + 1}", "reason": game.end_reason,
            "first_player": first_choice(game),
            "actions": [{"seq": a.seq, "seat": f"p{a.seat + 1}", "action": a.action, "auto": a.automatic,
                         "at": a.at.isoformat(), "hash": a.state_hash} for a in game.actions.all()],
        })  # fmt: skip
    body: dict[str, Any] = {"match": match.pk, "label": match.label, "complete": seen.full_log, "games": games}
    if not seen.full_log:
        body["withheld"] = (
            "Seeds and your opponent's deck are shown once the match is over."
            if seen.seat is not None
            else "Seeds and deck lists are shown once the match is over and the event publishes its lists."
        )
    return body


def _refereed(match_id: int, by: User) -> PlayMatch:
    match = _locked(match_id)
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
    _charge_clock(match, now)
    match.status, match.paused_at = PlayMatch.Status.PAUSED, now
    match.clock_since, match.deadline, match.deadline_kind = None, None, ""
    match.timer_version += 1
    match.version += 1
    match.save()
    _after_commit(match)
    return match


@transaction.atomic
def resume(match_id: int, by: User) -> PlayMatch:
    match = _refereed(match_id, by)
    if match.status != PlayMatch.Status.PAUSED:
        raise Conflict(MatchRefusal.NOT_PAUSED, "The match is not paused.")
    game = match.current_game()
    assert game is not None
    match.status, match.paused_at = PlayMatch.Status.PLAYING, None
    _restart(match, game, timezone.now())
    match.version += 1
    match.save()
    _after_commit(match)
    return match


@transaction.atomic
def add_time(match_id: int, by: User, seat: int, seconds: int) -> PlayMatch:
    match = _refereed(match_id, by)
    if seat not in (0, 1) or not -3600 <= seconds <= 3600 or seconds == 0:
        raise Invalid(
            MatchRefusal.BAD_TIME_CHANGE,
            "Add between 1 second and an hour (or take away up to an hour) to seat p1 or p2.",
        )
    now = timezone.now()
    _charge_clock(match, now)
    remaining = list(match.remaining_ms)
    remaining[seat] = max(0, remaining[seat] + seconds * 1000)
    match.remaining_ms = remaining
    if match.status == PlayMatch.Status.PLAYING:
        game = match.current_game()
        assert game is not None
        _restart(match, game, now)
    match.version += 1
    match.save()
    _after_commit(match)
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
    return _decide(_locked(match_id), wins)


def _decide(match: PlayMatch, wins: tuple[int, int]) -> PlayMatch:
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
    _end_match(match, now)
    match.version += 1
    match.save()
    _after_commit(match)
    return match


# --- bots and after-commit work ----------------------------------------------------------------


def bot_seat(match: PlayMatch) -> int | None:
    return 1 if match.bot else None


@transaction.atomic
def bot_move(match_id: int, version: int) -> bool:
    """Let the bot make its decision if it is still the bot's turn at ``version``."""
    match = _locked(match_id)
    seat = bot_seat(match)
    if match.status != PlayMatch.Status.PLAYING or match.version != version or seat != match.on_clock:
        return False
    game = match.current_game()
    assert game is not None and seat is not None
    if _past_deadline(match, now := timezone.now()):  # a late bot task is held to the deadline like a player
        _at_deadline(match, now, game=game)
        return False
    state = load_state(game)
    agent_class = engine_bots().GreedyAgent if match.bot == PlayMatch.Bot.GREEDY else engine_bots().RandomAgent
    action = agent_class(seed=match.seed + version).act(state, seat)
    now = timezone.now()
    _charge_clock(match, now)
    _move(match, seat, action.to_text(), now, automatic=False, game=game)
    return True


def engine_bots() -> Any:
    from gameplay.engine import bots

    return bots


def _after_commit(
    match: PlayMatch, current: tuple[Game, engine.State] | None = None, viewer: int | None = None
) -> Views:
    """Compute the views of this moment now (from the game and state in hand when given), push
    them and queue the timers after commit. Returns the views: the ``viewer`` seat's always,
    the other seat's if its page is open, the public one if anyone watches."""
    from gameplay.matches import clocks as timers
    from gameplay.matches.consumers import listeners

    try:
        connected, watchers = listeners(match.pk)  # one Redis round trip
    except Exception:  # Redis down: presence is unknown, so push everything (best effort)
        connected, watchers = {"p1": True, "p2": True}, True
    seats: list[int | None] = [s for s in (0, 1) if s == viewer or connected[f"p{s + 1}"]]
    if watchers:
        seats.append(None)
    game, state = current if current is not None else (None, None)
    views = views_for(match, seats, game, state, connected) if seats else {}
    timers.after_change(match, views)
    return views
