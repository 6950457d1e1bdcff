"""Tables: a game of any number of seats (a co-operative Runemasters table), each seat held by a
person or a bot, where one person may hold several seats (solo: one person and two or more
guardians). A table is a ``PlayMatch`` with ``seated`` set and a ``MatchSeat`` per seat; every
other part of the hosting layer (moves, clocks, bots, pushes, replays) plays it unchanged."""

from __future__ import annotations

import secrets
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from django.db import transaction
from django.utils import timezone

from accounts.models import User
from gameplay.matches.banks import check_bank
from gameplay.matches.engines import engines
from gameplay.matches.errors import Invalid, MatchRefusal
from gameplay.matches.models import MatchSeat, PlayMatch
from gameplay.matches.protocol import TABLE, SetupError, seating_of, table_seats
from gameplay.matches.services.changes import after_commit
from gameplay.matches.services.games import new_state, start_game

MAX_SEATS = 4
LEVELS = ("random", "greedy", "hard")  # the bot levels a table seats (the tutor plays only tutorials)
TURN_SECONDS = (10, 3600)  # a turn clock's shortest and longest


@dataclass(frozen=True)
class SeatSpec:
    """One seat of a table: a person (``user``) or, when ``user`` is None, a bot of ``bot``'s level
    (the Normal bot unless named)."""

    user: User | None
    bot: str = ""


@transaction.atomic
def create_table(
    engine: str,
    setup: dict[str, Any],
    seats: Sequence[SeatSpec],
    *,
    seed: int | None = None,
    turn_seconds: int | None = None,
    label: str = "",
    public: bool = False,
    pace: str = PlayMatch.Pace.STANDARD,
    tutorial: str = "",
    bank_seconds: Any = None,
) -> PlayMatch:
    """A table of ``engine``'s game set up by ``setup`` (Runemasters: ``{"guardians": [...],
    "difficulty": ...}``, one seat per guardian in that order), ``seats`` held by people or bots.
    Each turn has ``turn_seconds`` (None: untimed turns; ``pace`` untimed: no clock of any kind, as a
    tutorial's or a practice table's). ``tutorial`` names the tutorial whose script the table plays
    (``gameplay/tutorials``). The same setup and seed deal the same game.
    Refuses (Invalid) an unknown game, a setup the engine cannot start, seats that do not match it,
    a table with no person, an unknown bot or a turn clock out of range.
    ``pace`` turns: turn-based, each turn has the time bank ``bank_seconds`` (``banks.TIME_BANKS``:
    1 h, 12 h, 24 h or 3 days) as its turn clock; any other bank is refused."""
    turn_seconds, bank_seconds = table_clock(pace, turn_seconds, bank_seconds)
    game, seat_setups = check_table(engine, setup, seats, turn_seconds, bank_seconds)
    seed = secrets.randbits(62) if seed is None else int(seed)
    new_state(game, dict(setup), seed)  # refuses, in the engine's words, a setup it cannot start
    people = [spec.user for spec in seats if spec.user is not None]
    match = PlayMatch.objects.create(
        player1=people[0], engine=engine, seated=True, setup=dict(setup), turn_seconds=turn_seconds,
        decks=seat_setups, best_of=1,
        clock_seconds=turn_seconds or 0, public=public, label=label, seed=seed, wins=[0] * len(seats),
        remaining_ms=[(turn_seconds or 0) * 1000] * len(seats), pace=pace, tutorial=tutorial, bank_seconds=bank_seconds,
    )  # fmt: skip
    MatchSeat.objects.bulk_create(
        MatchSeat(match=match, index=n, user=spec.user, bot="" if spec.user else (spec.bot or PlayMatch.Bot.GREEDY))
        for n, spec in enumerate(seats)
    )
    start_game(match, 1, 0, timezone.now())
    match.save()
    after_commit(match)
    return match


def table_clock(pace: str, turn_seconds: int | None, bank_seconds: Any) -> tuple[int | None, int | None]:
    """(turn clock, time bank) of a table of ``pace``: a turn-based table's turn clock is its bank
    (refused unless one of ``banks.TIME_BANKS``); any other pace has no bank."""
    if pace == PlayMatch.Pace.TURNS:
        bank = check_bank(bank_seconds)
        return bank, bank
    return turn_seconds, None


def check_table(
    engine: str,
    setup: dict[str, Any],
    seats: Sequence[SeatSpec],
    turn_seconds: int | None,
    bank_seconds: int | None = None,
) -> tuple[Any, list[Any]]:
    """Refuse (Invalid) what ``create_table`` would refuse but the seed: an unknown game, a setup the
    engine cannot start, seats that do not match it, a table with no person, an unknown bot or a
    turn clock out of range (a turn-based table's clock is its bank, checked by ``table_clock``).
    Returns the engine and the seats its setup names."""
    tabled = sorted(name for name, game in engines.items() if seating_of(game) == TABLE)
    if engine not in tabled:
        raise Invalid(MatchRefusal.UNKNOWN_GAME, f"Unknown game {engine!r}; choose {' or '.join(tabled)}.")
    if not 2 <= len(seats) <= MAX_SEATS:
        raise Invalid(MatchRefusal.BAD_TABLE, f"A table has 2 to {MAX_SEATS} seats, not {len(seats)}.")
    if all(spec.user is None for spec in seats):
        raise Invalid(MatchRefusal.NO_PERSON_AT_TABLE, "A table needs at least one person; bots fill the other seats.")
    bots = [spec.bot or PlayMatch.Bot.GREEDY for spec in seats if spec.user is None]
    if any(bot not in LEVELS for bot in bots) or any(s.user is not None and s.bot for s in seats):
        raise Invalid(MatchRefusal.UNKNOWN_BOT, f"A seat is a person's or a bot's; a bot is {' or '.join(LEVELS)}.")
    if bank_seconds is None and turn_seconds is not None and not TURN_SECONDS[0] <= turn_seconds <= TURN_SECONDS[1]:
        shortest = TURN_SECONDS[0]
        raise Invalid(
            MatchRefusal.BAD_CLOCK, f"A turn clock runs from {shortest} seconds to an hour, or turns are untimed."
        )
    game = engines[engine]
    try:  # the engine says which seats its setup names (Runemasters: a guardian each)
        seat_setups = table_seats(game, setup if isinstance(setup, dict) else {})
    except SetupError as error:
        raise Invalid(MatchRefusal.BAD_TABLE, f"This table's setup is not playable: {error}.") from None
    if len(seat_setups) != len(seats):
        raise Invalid(
            MatchRefusal.BAD_TABLE,
            f"A table has one seat for each seat its setup names ({len(seat_setups)}), not {len(seats)}.",
        )
    return game, seat_setups
