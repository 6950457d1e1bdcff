"""Setting a match up and moving it from game to game: the die roll, each game's start, who goes
first, the end of a game and of the match."""

from __future__ import annotations

import hashlib
import secrets
from collections.abc import Sequence
from typing import Any

from django.db import transaction
from django.dispatch import Signal
from django.utils import timezone

from accounts.models import User
from gameplay.matches.banks import check_bank
from gameplay.matches.engines import DEFAULT, engine_for, engines
from gameplay.matches.errors import Invalid, MatchRefusal
from gameplay.matches.models import ChoiceBy, FirstChoice, Game, PlayMatch
from gameplay.matches.protocol import GameEngine, SetupError, is_cooperative, json_and_hash
from gameplay.matches.push import connected_seats
from gameplay.matches.services.changes import after_commit, publish_change
from gameplay.matches.services.clock import await_arrival, await_choice, restart_clock, waiting_for_players
from gameplay.matches.services.views import Views, load_state

#: Sent after commit when a match ends: ``match`` is the finished PlayMatch.
match_finished = Signal()
#: Sent after commit when a match that waited for both players starts its clocks: ``match``.
match_started = Signal()


LEARNING_WINDOW = 120  # seconds to answer or block at the learning pace
LEARNING_CLOCK = 60 * 60  # a learning game's clock, in seconds


def bot_seat(match: PlayMatch) -> int | None:
    """The seat a bot holds in a two-seat match (None against a person); a table's bots are its
    seats' (``PlayMatch.bot_of``)."""
    return 1 if match.bot and not match.seated else None


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
    engine: str = DEFAULT,
    arrival_seconds: int = 0,
    pace: str = PlayMatch.Pace.STANDARD,
    tutorial: str = "",
    bank_seconds: int | None = None,
) -> PlayMatch:
    """A match between two players, or a player and a bot; the winner of the die roll chooses who
    goes first. ``engine``: the registered game engine that plays it (Runeslingers by default).
    ``arrival_seconds``: between two players, no clock runs (not even the choice of who goes
    first) until both have the match's page open or this grace period has passed (an event's
    matches, made when the round is published, before anyone is at the table).
    ``pace``: ``standard`` (the clocks given), ``learning`` (at least ``LEARNING_WINDOW`` seconds
    to answer and ``LEARNING_CLOCK`` on the clock) or ``untimed`` (no clock, no deadline at all).
    ``tutorial``: the tutorial whose script this match plays (its bot is the tutor).
    ``bank_seconds``: the time bank of each move at the ``turns`` pace (``banks.TIME_BANKS``)."""
    window_seconds, clock_seconds = paced(pace, bot, tutorial, window_seconds, clock_seconds)
    bank_seconds = turn_bank(pace, bank_seconds, bot)
    if (player2 is None) == (not bot):
        raise Invalid(MatchRefusal.NOT_TWO_PLAYERS, "A match is between two players, or a player and a bot.")
    levels = [value for value in PlayMatch.Bot.values if value != PlayMatch.Bot.TUTOR]
    if bot and bot not in PlayMatch.Bot.values:
        raise Invalid(MatchRefusal.UNKNOWN_BOT, f"Unknown bot {bot!r}; choose {' or '.join(levels)}.")
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
    if engine not in engines:
        raise Invalid(MatchRefusal.UNKNOWN_GAME, f"Unknown game {engine!r}; choose {' or '.join(sorted(engines))}.")
    seats = [seat_setup(d, engines[engine]) for d in decks]
    game_setup(engines[engine], seats, 0)  # the two decks can play one game (the same rule set)
    match = PlayMatch.objects.create(
        player1=player1, player2=player2, bot=bot, engine=engine, decks=seats, best_of=best_of,
        clock_seconds=clock_seconds, window_seconds=window_seconds, clock_loses_match=clock_loses_match,
        public=public, label=label, pace=pace, tutorial=tutorial, wins=[0, 0], bank_seconds=bank_seconds,
        seed=secrets.randbits(62) if seed is None else seed,
        remaining_ms=[clock_seconds * 1000, clock_seconds * 1000],
    )  # fmt: skip
    dice = roll_dice(match.seed)
    now = timezone.now()
    # a tutorial's player goes first at once (its script is written for that): nobody chooses
    start_game(match, 1, 0 if tutorial or dice[0] > dice[1] else 1, now, die_roll=dice)
    if arrival_seconds > 0 and player2 is not None and bank_seconds is None:  # turn-based: nobody waits
        await_arrival(match, now, arrival_seconds)
    match.save()
    after_commit(match)
    return match


def paced(pace: str, bot: str, tutorial: str, window_seconds: int, clock_seconds: int) -> tuple[int, int]:
    """The answer window and clock of a match at ``pace`` (refused in words if the pace is unknown,
    or the tutor is asked for outside a tutorial, or a tutorial without it)."""
    if pace not in PlayMatch.Pace.values:
        raise Invalid(MatchRefusal.BAD_CLOCK, "Choose a pace: standard, learning, untimed or turns.")
    if (bot == PlayMatch.Bot.TUTOR) != bool(tutorial):
        raise Invalid(MatchRefusal.UNKNOWN_BOT, "The tutor plays only in a tutorial, and a tutorial only with it.")
    if pace == PlayMatch.Pace.LEARNING:
        return max(window_seconds, LEARNING_WINDOW), max(clock_seconds, LEARNING_CLOCK)
    return window_seconds, clock_seconds


def turn_bank(pace: str, bank_seconds: Any, bot: str) -> int | None:
    """The time bank of a turn-based match (refused unless it is one of ``banks.TIME_BANKS``, or if
    a bot is asked for: turn-based play is between people); None for any other pace."""
    if pace != PlayMatch.Pace.TURNS:
        return None
    if bot:
        raise Invalid(MatchRefusal.UNKNOWN_BOT, "Turn-based matches are played against a person, not a bot.")
    return check_bank(bank_seconds)


def seat_setup(deck: dict[str, Any], engine: GameEngine | None = None) -> dict[str, Any]:
    """One seat's engine setup from the deck a player brought (the default engine's, unless given)."""
    try:
        return (engine or engines[DEFAULT]).seat_setup(deck)
    except SetupError as exc:
        raise Invalid(MatchRefusal.DECK_CANNOT_PLAY, f"That deck cannot play: {exc}") from None


def game_setup(engine: GameEngine, seats: Sequence[dict[str, Any]], first: int) -> dict[str, Any]:
    """A game's setup for the match's seats, ``first`` going first (``GameEngine.setup``)."""
    try:
        return engine.setup(seats, first)
    except SetupError as exc:
        raise Invalid(MatchRefusal.DECKS_CANNOT_START, f"The decks cannot start a game: {exc}") from None


def roll_dice(seed: int) -> tuple[int, int]:
    """The opening die roll: a six-sided die for each seat from the match seed, rerolled on a tie."""
    digest = hashlib.sha256(f"fett-die:{seed}".encode()).digest()
    fair = [b % 6 + 1 for b in digest if b < 252]  # 252 = 42 * 6: no face more likely than another
    for a, b in zip(fair[::2], fair[1::2], strict=False):
        if a != b:
            return a, b
    return (6, 1) if digest[0] % 2 == 0 else (1, 6)  # every pair of 16 tied: practically never


def game_seed(match: PlayMatch, number: int) -> int:
    return seed_of_game(match.seed, number)


def seed_of_game(match_seed: int, number: int) -> int:
    """The engine seed of game ``number`` of a match with seed ``match_seed``."""
    return int.from_bytes(hashlib.sha256(f"fett-game:{match_seed}:{number}".encode()).digest()[:7], "big")


def start_game(match: PlayMatch, number: int, chooser: int, now: Any, die_roll: Sequence[int] = ()) -> Game:
    """A new game whose ``chooser`` first decides who goes first (a bot plays first at once).

    Until the choice the game is set up with the chooser first; choosing to go second sets it up
    again with the other seat first (same seed, so the same shuffles).
    """
    engine = engine_for(match)
    # a table's setup says who goes first; a tutorial's player goes first
    bot_chooses = bot_seat(match) == chooser or match.seated or bool(match.tutorial)
    setup = dict(match.setup) if match.seated and match.setup else game_setup(engine, match.decks, chooser)
    seed = game_seed(match, number)
    state = new_state(engine, setup, seed)
    text, digest = json_and_hash(engine, state)
    game = Game.objects.create(
        match=match, number=number, seed=seed, first=chooser, chooser=chooser, setup=setup,
        engine_version=engine.version(), state=text, state_hash=digest,
        started_at=now, die_roll=list(die_roll),
        awaiting_choice=not bot_chooses, choice=FirstChoice.FIRST if bot_chooses else "",
        choice_by=ChoiceBy.BOT if bot_chooses else "", chosen_at=now if bot_chooses else None,
    )  # fmt: skip
    if not match.clock_loses_match:  # the clocks are per game unless an empty clock loses the match
        match.remaining_ms = [match.clock_seconds * 1000] * match.seat_count
    if bot_chooses:
        restart_clock(match, engine.pending(state), now)
    else:
        await_choice(match, chooser, now)
    return game


def new_state(engine: GameEngine, setup: dict[str, Any], seed: int, version: str | None = None) -> Any:
    """The game's first state (``version``: the one a recorded game started under, see protocol)."""
    try:
        return engine.new_game(setup, seed, version)
    except SetupError as exc:
        raise Invalid(MatchRefusal.DECKS_CANNOT_START, f"The decks cannot start a game: {exc}") from None


def decide_first(match: PlayMatch, game: Game, first: int, by: str, now: Any, viewer: int | None = None) -> Views:
    """``first`` goes first in ``game`` (chosen ``by`` the chooser, the bot or the timer)."""
    engine = engine_for(match)
    if first != game.first:
        setup = game_setup(engine, game.setup["players"], first)
        state = new_state(engine, setup, game.seed, game.engine_version)
        game.setup, game.first = setup, first
        game.state, game.state_hash = json_and_hash(engine, state)
    else:
        state = load_state(game, engine)
    game.awaiting_choice = False
    game.choice = FirstChoice.FIRST if first == game.chooser else FirstChoice.SECOND
    game.choice_by, game.chosen_at = by, now
    game.save()
    restart_clock(match, engine.pending(state), now)
    return publish_change(match, viewer=viewer)


def players_arrived(match_id: int) -> bool:
    """Both players of a match waiting for them have its page open (their sockets marked presence):
    the clocks start now, with the choice of who goes first. False (nothing changes) when the match
    is not waiting or a seat is still away. Called by the socket as a player's page connects."""
    if not PlayMatch.objects.filter(pk=match_id, deadline_kind=PlayMatch.TimerKind.ARRIVAL).exists():
        return False  # the usual case, decided without a lock
    with transaction.atomic():
        match = PlayMatch.objects.select_for_update().get(pk=match_id)
        if not waiting_for_players(match) or not all(connected_seats(match.pk, match.seat_count).values()):
            return False
        game = match.current_game()
        assert game is not None
        restart(match, game, timezone.now())
        publish_change(match)
        return True


def restart(match: PlayMatch, game: Game, now: Any) -> None:
    """Start the clock of whoever decides now: the chooser before the game, else the engine's decider.
    A match that waited for both players starts here (``match_started`` after commit)."""
    if match.deadline_kind == PlayMatch.TimerKind.ARRIVAL:
        started = match
        transaction.on_commit(lambda: match_started.send(sender=PlayMatch, match=started))
    if game.awaiting_choice and not game.finished:
        await_choice(match, game.chooser, now)
    else:
        engine = engine_for(match)
        restart_clock(match, engine.pending(load_state(game, engine)), now)


def end_game(
    match: PlayMatch, game: Game, winner: int | None, reason: str, now: Any, outcome: str | None = None
) -> None:
    """``game`` is over: ``winner`` (None for a draw or a co-operative game, whose ``outcome``,
    won or lost, is the table's)."""
    game.finished, game.winner, game.end_reason, game.finished_at = True, winner, reason, now
    if outcome in PlayMatch.TableOutcome.values:
        match.outcome = outcome
    game.save()
    wins = list(match.wins)
    if winner is not None:
        wins[winner] += 1
    match.wins = wins
    needed = match.best_of // 2 + 1
    played = match.games.count()
    if max(wins) >= needed or played >= match.best_of:
        end_match(match, now)
        return
    chooser = game.chooser if winner is None else 1 - winner  # the loser of the last game chooses
    start_game(match, played + 1, chooser, now)


def end_match(match: PlayMatch, now: Any) -> None:
    wins = match.wins
    top = max(wins, default=0)
    leaders = [seat for seat, won in enumerate(wins) if won == top]
    alone = top and len(leaders) == 1 and not is_cooperative(engine_for(match))  # co-operative seats win together
    match.winner = leaders[0] + 1 if alone else None
    match.set_status(PlayMatch.Status.FINISHED)
    match.finished_at = match.finished_at or now  # a corrected result keeps when the match ended
    match.on_clock, match.clock_since, match.deadline, match.deadline_kind = None, None, None, ""
    match.timer_version += 1
    finished = match
    transaction.on_commit(lambda: match_finished.send(sender=PlayMatch, match=finished))
