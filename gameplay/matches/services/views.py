"""Reading a match: each seat's view and the public one, replays of finished games, the game log."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from gameplay.matches.engines import engine_for
from gameplay.matches.errors import Conflict, Invalid, MatchRefusal
from gameplay.matches.models import Game, MatchChallenge, PlayMatch
from gameplay.matches.protocol import GameEngine, SetupError, move_entry, view_words
from gameplay.matches.push import connected_seats
from gameplay.matches.selectors import Sight
from gameplay.matches.services.clock import clocks

Views = dict[int | None, dict[str, Any]]
Entry = dict[str, Any]
RECENT_ACTIONS = 30  # the game log a view carries; the page reads earlier entries by `log_page`
LOG_PAGE = 50  # the earlier entries one read of `log_page` gives at most


def seat_names(match: PlayMatch) -> tuple[str, ...]:
    """The names the game's words give the seats: the players' public names (the bot's name)."""
    if match.seated:
        bots = dict(PlayMatch.Bot.choices)
        return tuple(holder.name or str(bots.get(holder.bot, "Bot")) for holder in match.holders())
    second = match.player2.public_name if match.player2 else (match.get_bot_display() if match.bot else "Opponent")
    return match.player1.public_name, second


def seat_list(match: PlayMatch, seat: int | None) -> list[dict[str, Any]]:
    """A table's seats as a view shows them: each seat's holder's name, whether a bot holds it and
    whether it is the viewer's (the person holding ``seat``); empty for a two-seat match."""
    if not match.seated:
        return []
    mine = set(match.seats_of(match.holders()[seat].user_id)) if seat is not None else set()
    return [
        {"seat": f"p{n + 1}", "name": name, "bot": bool(holder.bot), "mine": n in mine}
        for n, (holder, name) in enumerate(zip(match.holders(), seat_names(match), strict=True))
    ]


def described_actions(
    game: Game, engine: GameEngine, names: tuple[str, ...], start: int = 0, stop: int | None = None
) -> list[Entry] | None:
    """The log entries of the game's actions from the ``start``-th on (up to, not with, the
    ``stop``-th), by replaying it from its setup; None when this site can no longer set it up."""
    try:
        state = engine.new_game(game.setup, game.seed, game.engine_version)
    except SetupError:
        return None
    entries = []
    actions = game.actions.order_by("seq").values_list("seat", "action")
    for n, (seat, text) in enumerate(actions if stop is None else actions[:stop]):
        after, _text = engine.apply(state, text)
        if n >= start:
            entries.append(move_entry(engine, state, text, after, names, seat))
        state = after
    return entries


def recent_log(game: Game, engine: GameEngine, names: tuple[str, ...]) -> list[Entry]:
    """The game's recent log entries, newest last. Games logged before the game had words keep
    action texts: those are described again from the game's actions."""
    if all(isinstance(entry, dict) for entry in game.recent):
        return list(game.recent)
    entries = described_actions(game, engine, names, max(0, game.moves - RECENT_ACTIONS))
    if entries is None:
        return [{"seat": None, "text": "An earlier move", "cards": []} for _ in game.recent]
    return entries


def numbered(entries: Sequence[Entry], moves: int) -> list[Entry]:
    """The newest entries of a game of ``moves`` moves, each with its move's number ``n`` (from 1):
    the page keeps the whole game's log by these numbers and reads what it lacks by `log_page`."""
    first = moves - len(entries) + 1
    return [dict(entry, n=first + i) for i, entry in enumerate(entries)]


def log_page(match: PlayMatch, before: int, count: int = LOG_PAGE) -> dict[str, Any]:
    """The current game's log entries numbered ``before - count`` to ``before - 1`` (the earlier
    part of the log a view does not carry), oldest first, in the public sense that every view's
    log has: anyone who may read the match may read them."""
    game = match.current_game()
    assert game is not None
    stop = min(max(before - 1, 0), game.moves)
    start = max(stop - max(count, 1), 0)
    said = described_actions(game, engine_for(match), seat_names(match), start, stop)
    if said is None:
        said = [{"seat": None, "text": "An earlier move", "cards": []} for _ in range(stop - start)]
    return {"game": game.number, "moves": game.moves, "entries": [dict(e, n=start + 1 + i) for i, e in enumerate(said)]}


def load_state(game: Game, engine: GameEngine | None = None) -> Any:
    """The game's current engine state (``engine``: the match's, when the caller holds it)."""
    return (engine or engine_for(game.match)).from_json(game.state)


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


def player_view(match: PlayMatch, seat: int | None) -> dict[str, Any]:
    """Everything one seat may see (or, for a spectator, what both may: seat None)."""
    return views_for(match, (seat,))[seat]


def views_for(
    match: PlayMatch,
    seats: Sequence[int | None],
    game: Game | None = None,
    state: Any = None,
    connected: dict[str, bool] | None = None,
) -> Views:
    """Several seats' views of one moment, reading the game and its state once (or not at all
    when the caller holds them). At a table a person's view, asked by any seat they hold, is the
    view of the seat they act in now (``PlayMatch.view_seat``)."""
    engine = engine_for(match)
    if game is None:
        game = match.current_game()
        assert game is not None
    if state is None:
        state = load_state(game, engine)
    names = seat_names(match)
    shared = {
        "clocks": clocks(match),
        "connected": connected if connected is not None else connected_seats(match.pk, match.seat_count),
        "log": numbered(recent_log(game, engine, names), game.moves),
        "names": names,
        "games": finished_games(match, game),
        "rematch": rematch_offer(match),
    }
    return {seat: _view(engine, match, game, state, seat, shared) for seat in seats}


def _view(
    engine: GameEngine, match: PlayMatch, game: Game, state: Any, seat: int | None, shared: dict[str, Any]
) -> dict[str, Any]:
    choosing = game.awaiting_choice and not game.finished
    seats = seat_list(match, seat)
    seat = seat if seat is None else match.view_seat(seat)
    if seat is None or choosing:  # before who goes first is chosen, nobody sees a hand or moves
        board = engine.view(state, None)
        board["you"] = None if seat is None else f"p{seat + 1}"
        board["pending"] = None if choosing else board["pending"]
    else:
        board = engine.view(state, seat)
    if choosing:
        words = view_words(engine, state, None, shared["names"]) | {"prompt": ""}
    else:
        words = view_words(engine, state, seat, shared["names"])
    if game.finished:  # ended outside the engine (a concession, a clock, a referee): nothing is left to do
        board["pending"], board["legal"] = None, []
        words = words | {"prompt": "", "labels": {}, "choices": []}
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
        "seats": seats,
        "outcome": match.outcome or None,
        "board": board,
        "log": shared["log"],
        "last": shared["log"][-1] if shared["log"] else None,
        "prompt": words["prompt"],
        "labels": words["labels"],
        "choices": words["choices"],
        "choice": first_choice(game),
        "games": shared["games"],
        "rematch": shared["rematch"],
    }


def finished_games(match: PlayMatch, current: Game) -> list[dict[str, Any]]:
    """Each finished game's winner and how it ended (read only once a game of the match has ended)."""
    if not current.finished and current.number == 1:
        return []
    ended = match.games.filter(finished=True).order_by("number").values_list("number", "winner", "end_reason")
    return [{"number": n, "winner": None if w is None else f"p{w + 1}", "reason": r or None} for n, w, r in ended]


def rematch_offer(match: PlayMatch) -> dict[str, Any] | None:
    """A finished match's rematch: who offered it and, once accepted, the new match."""
    if not match.is_finished or match.bot or match.seated:
        return None
    offer = match.rematch_offers.order_by("-created_at").values("challenger_id", "status", "match_id").first()
    if offer is None or offer["status"] not in (MatchChallenge.Status.OPEN, MatchChallenge.Status.ACCEPTED):
        return None
    seat = match.seat_of(offer["challenger_id"])
    return {"offered_by": None if seat is None else f"p{seat + 1}", "match": offer["match_id"]}


def replay_view(game: Game, seat: int | None, step: int) -> dict[str, Any]:
    """A finished game as it stood after ``step`` actions, from one seat's view (or the public one)."""
    actions = list(game.actions.order_by("seq").values_list("seat", "action"))
    if not game.finished:
        raise Conflict(MatchRefusal.GAME_NOT_FINISHED, "Only a finished game can be replayed.")
    if not 0 <= step <= len(actions):
        raise Invalid(
            MatchRefusal.STEP_OUT_OF_RANGE, f"Step {step} is outside this game's 0 to {len(actions)} actions."
        )
    engine = engine_for(game.match)
    try:
        state = engine.new_game(game.setup, game.seed, game.engine_version)
    except SetupError:
        raise Conflict(
            MatchRefusal.ENGINE_VERSION_GONE,
            "This game was played under an engine version this site can no longer replay.",
        ) from None
    names = seat_names(game.match)
    log = []
    for mover, text in actions[:step]:
        after, _text = engine.apply(state, text)
        log.append(move_entry(engine, state, text, after, names, mover))
        state = after
    board = engine.view(state, seat)
    return {
        "game": game.number,
        "step": step,
        "steps": len(actions),
        "action": actions[step - 1][1] if step else None,
        "hash": engine.state_hash(state),  # the log's hash after this step: a replay gives it again
        "text": log[-1]["text"] if log else None,
        "log": log,
        "last": log[-1] if log else None,
        "board": board if seat is None else dict(board, legal=[]),
    }


def game_log(match: PlayMatch, seen: Sight) -> dict[str, Any]:
    """The finished games' replay data as ``seen`` allows: every game's seed, setup, versions and
    actions for a full log; otherwise no seed and only the viewer's own deck in the setup. A table
    never gives its seed (it would deal the hidden decks again); its setup hides nothing."""
    games = []
    engine = engine_for(match)
    names = seat_names(match)
    for game in match.games.prefetch_related("actions"):
        if not game.finished:
            continue
        said = described_actions(game, engine, names) or []
        texts = [entry["text"] for entry in said]
        if match.seated:  # a table's seed deals its decks: never given (a challenge deals it to every team)
            seed, setup = None, game.setup
        elif seen.full_log:
            seed, setup = game.seed, game.setup
        else:
            players = game.setup.get("players", [])
            mine = [deck if n == seen.seat else None for n, deck in enumerate(players)]
            seed, setup = None, (dict(game.setup, players=mine) if seen.seat is not None else None)
        games.append({
            "number": game.number, "seed": seed, "setup": setup, "engine": game.engine_version,
            "winner": None if game.winner is None else f"p{game.winner + 1}", "reason": game.end_reason,
            "first_player": first_choice(game),
            "actions": [{"seq": a.seq, "seat": f"p{a.seat + 1}", "action": a.action,
                         "text": texts[n] if n < len(texts) else None, "auto": a.automatic,
                         "at": a.at.isoformat(), "hash": a.state_hash} for n, a in enumerate(game.actions.all())],
        })  # fmt: skip
    body: dict[str, Any] = {"match": match.pk, "label": match.label, "complete": seen.full_log, "games": games}
    if not seen.full_log:
        body["withheld"] = _withheld(match, seen)
    return body


def _withheld(match: PlayMatch, seen: Sight) -> str:
    """Why a log is not complete, for this viewer."""
    if seen.seat is not None and match.is_finished:  # an event keeps its lists closed to its players
        return "Seeds and your opponent's deck are shown once the event publishes its lists or finishes."
    if seen.seat is not None:
        return "Seeds and your opponent's deck are shown once the match is over."
    return "Seeds and deck lists are shown once the match is over and the event publishes its lists."
