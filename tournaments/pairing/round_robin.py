"""Round-robin: Berger tables built with the circle method, and drops that keep the schedule.

Decides who meets whom in each round of an all-play-all event. Words:

- *seats*: the players in their seeded seat order, fixed before round 1
  (:func:`round_robin_seats`). With an odd count a phantom *BYE* seat (``None``) is added.
- *schedule*: for every round, the tables of seats; everyone meets everyone exactly once in
  ``len(seats) - 1`` rounds (``len(seats)`` when odd, one bye each round).
- *drop rule*: the schedule never changes. A dropped player keeps their seat; each later
  opponent they were scheduled to meet gets a bye instead. Two dropped players scheduled
  together simply have no table.

Circle method: seat 0..m-2 rotate one step each round around the fixed last seat; round
``r`` pairs position ``i`` with position ``m - 1 - i``. The fixed seat alternates sides so
that nobody is always the first-named player.
"""

from __future__ import annotations

import random
from collections.abc import Collection, Mapping, Sequence

from .errors import DuplicatePlayerError, NotEnoughPlayersError, ScheduleError
from .records import Pairing, RoundPlan, namer

__all__ = ["berger_schedule", "round_robin_round", "round_robin_rounds", "round_robin_seats"]

#: One scheduled table; ``None`` is the phantom BYE seat.
Slot = tuple[int | None, int | None]


def round_robin_seats(players: Sequence[int], seed: int) -> tuple[int, ...]:
    """The seeded seat order of ``players`` (independent of the order they are given in)."""
    seats = sorted(players)
    if len(set(seats)) != len(seats):
        raise DuplicatePlayerError("a player is seated twice")
    random.Random(f"fett-seats:{seed}").shuffle(seats)
    return tuple(seats)


def round_robin_rounds(count: int) -> int:
    """Rounds needed for ``count`` players to meet everyone once."""
    return count - 1 if count % 2 == 0 else count


def berger_schedule(seats: Sequence[int]) -> tuple[tuple[Slot, ...], ...]:
    """Every round's tables; a table with ``None`` is a bye for the other seat."""
    if len(seats) < 2:
        raise NotEnoughPlayersError("a round robin needs at least two players")
    if len(set(seats)) != len(seats):
        raise DuplicatePlayerError("a player is seated twice")
    ring: list[int | None] = list(seats)
    if len(ring) % 2:
        ring.append(None)
    m = len(ring)
    rounds = []
    for r in range(m - 1):
        order = [*ring[r : m - 1], *ring[:r], ring[m - 1]]
        tables: list[Slot] = [(order[i], order[m - 1 - i]) for i in range(m // 2)]
        if r % 2:
            first = tables[0]
            tables[0] = (first[1], first[0])
        rounds.append(tuple(tables))
    return tuple(rounds)


def round_robin_round(
    seats: Sequence[int], round_number: int, dropped: Collection[int] = (), names: Mapping[int, str] | None = None
) -> RoundPlan:
    """Round ``round_number`` (1-based) of the fixed schedule, given who has dropped; the
    explanations name players by ``names`` (player id to public name, else "player <id>")."""
    who = namer(names)
    schedule = berger_schedule(seats)
    if not 1 <= round_number <= len(schedule):
        raise ScheduleError(f"round {round_number} is outside the {len(schedule)}-round schedule")
    games: list[tuple[int, int]] = []
    byes: list[tuple[int, str]] = []
    for x, y in schedule[round_number - 1]:
        for me, other in ((x, y), (y, x)):
            if me is None or me in dropped:
                continue
            if other is None:
                byes.append((me, f"{who(me)} gets the bye: the BYE seat's turn"))
            elif other in dropped:
                byes.append((me, f"{who(me)} gets a bye: scheduled opponent {who(other)} dropped"))
            elif me == x:
                games.append((me, other))
    pairings = [
        Pairing(n, a, b, f"{who(a)} v {who(b)}: scheduled in round {round_number}") for n, (a, b) in enumerate(games, 1)
    ]
    for n, (player, why) in enumerate(byes, len(pairings) + 1):
        pairings.append(Pairing(n, player, None, why))
    return RoundPlan(round_number, tuple(pairings), "; ".join(why for _, why in byes))
