"""Placements and standings of a pod event: what a finished pod is worth, and who ranks above whom.

Decides whether a pod's placement report is possible, how many points each place earns and the
order of the standings. Words:

- *place*: 1st … nth in one pod. Ties use standard competition ranking ("1224"): tied players
  share the best of their places and the next place skips, so 1, 1, 3, 4 and 1, 2, 2, 4 are
  valid but 1, 1, 2, 3 is not (two players finished ahead of the third, so it is 3rd).
- *placement points* (:class:`PlacementPoints`): points for 1st, 2nd, …; by default 3, 2, 1,
  then 0 for every later place, in every pod size (a win is worth the same everywhere). Tied
  players each score their shared place. The organiser may set another table, and one per pod size.
- *points per round*: a player's points divided by the pods they played.
- *opponents' average*: over the pods a player sat in, the mean points per round of the other
  members, averaged over those pods.
- *placement history*: how many 1sts, then 2nds, and so on.

Standings order: points, then opponents' average, then placement history (more 1sts first,
then more 2nds, …), then the event's seeded order (the lower id without a seed). Averages are
exact fractions, so no float noise ever splits or makes a tie.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from itertools import pairwise

from .errors import DuplicatePlayerError, InvalidResultError, PlacementError, UnknownPlayerError
from .pod_seating import PodPlayer
from .records import Namer, PlayerEntry, check_entries, join_names, namer
from .standings import seeded_order

__all__ = [
    "PlacementPoints",
    "PodResult",
    "PodStanding",
    "check_placements",
    "compute_pod_standings",
    "ordinal",
    "placement_problems",
    "players_for_pairing",
]


@dataclass(frozen=True, slots=True)
class PlacementPoints:
    """Points per place: ``by_place[0]`` for 1st, and so on; later places score the last value.

    ``by_size`` overrides the table for a pod size, e.g. ``((3, (3, 1, 0)),)``."""

    by_place: tuple[int, ...] = (3, 2, 1, 0)
    by_size: tuple[tuple[int, tuple[int, ...]], ...] = ()

    def __post_init__(self) -> None:
        for table in (self.by_place, *(t for _, t in self.by_size)):
            if not table or min(table) < 0 or any(a < b for a, b in pairwise(table)):
                raise InvalidResultError(
                    f"points per place must be zero or more and never rise with the place, got {table}"
                )

    def points(self, place: int, pod_size: int) -> int:
        table = dict(self.by_size).get(pod_size, self.by_place)
        return table[min(place, len(table)) - 1]


@dataclass(frozen=True, slots=True)
class PodResult:
    """The places of one finished pod: ``places[i]`` is the place of ``players[i]``."""

    round: int
    players: tuple[int, ...]
    places: tuple[int, ...]

    def __post_init__(self) -> None:
        if self.round < 1:
            raise InvalidResultError(f"round must be 1 or more, got {self.round}")
        if len(self.players) != len(self.places):
            raise InvalidResultError(f"{len(self.players)} players but {len(self.places)} places")

    @classmethod
    def of(cls, round_number: int, places: Mapping[int, int]) -> PodResult:
        """A result from ``{player: place}`` (seat order = the mapping's order)."""
        return cls(round_number, tuple(places), tuple(places.values()))


@dataclass(frozen=True, slots=True)
class PodStanding:
    """One row of a pod event's standings."""

    rank: int
    player: int
    points: int
    rounds: int
    #: The opponents' average points per round (exact; ``float()`` it to show it).
    opponents_average: Fraction
    #: How many 1sts, 2nds, … (index 0 is 1st).
    places: tuple[int, ...]
    dropped: bool = False

    def to_text(self) -> str:
        history = "/".join(str(n) for n in self.places)
        return f"{self.rank}. {self.player} {self.points} pts opp {float(self.opponents_average):.4f} places {history}"


def ordinal(place: int) -> str:
    """1st, 2nd, 3rd, 4th, … 11th, 12th, 13th, 21st."""
    if 10 <= place % 100 <= 20:
        return f"{place}th"
    suffix = {1: "st", 2: "nd", 3: "rd"}.get(place % 10, "th")
    return f"{place}{suffix}"


# --- placement reports ----------------------------------------------------------------


def placement_problems(
    pod: Sequence[int], places: Mapping[int, int], names: Mapping[int, str] | None = None
) -> list[str]:
    """Everything wrong with a placement report for ``pod``, in words (empty when it is valid)."""
    who = namer(names)
    problems = [f"{who(p)} has no place" for p in pod if p not in places]
    problems += [f"{who(p)} is not in this pod" for p in places if p not in pod]
    size = len(pod)
    for player, place in places.items():
        if player in pod and not 1 <= place <= size:
            problems.append(f"{who(player)}'s place {place} is not between 1st and {ordinal(size)}")
    if not problems:
        problems += _ranking_problem(places, who)
    return problems


def _ranking_problem(places: Mapping[int, int], who: Namer) -> list[str]:
    """The first place that breaks standard competition ranking (1, 1, 3, 4), if any."""
    for place in sorted(set(places.values())):
        ahead = sum(other < place for other in places.values())
        if place != ahead + 1:
            holders = [p for p, q in places.items() if q == place]
            verb = "is" if len(holders) == 1 else "are"
            finished = {0: "no one", 1: "1 player"}.get(ahead, f"{ahead} players")
            return [
                f"{join_names(holders, who)} {verb} placed {ordinal(place)}, but {finished} finished "
                f"ahead, so the place is {ordinal(ahead + 1)} (tied players share a place and the next "
                "place is skipped, as in 1st, 1st, 3rd)"
            ]
    return []


def check_placements(pod: Sequence[int], places: Mapping[int, int], names: Mapping[int, str] | None = None) -> None:
    """Refuse an impossible placement report with :class:`PlacementError` naming every problem."""
    problems = placement_problems(pod, places, names)
    if problems:
        raise PlacementError(problems)


# --- standings ------------------------------------------------------------------------


@dataclass(slots=True)
class _Tally:
    points: int = 0
    rounds: int = 0
    places: Counter[int] = field(default_factory=Counter)
    pods: list[tuple[int, ...]] = field(default_factory=list)  # the other members of each pod


def compute_pod_standings(
    players: Sequence[PlayerEntry],
    results: Sequence[PodResult],
    points: PlacementPoints | None = None,
    seed: int | None = None,
    through_round: int | None = None,
) -> tuple[PodStanding, ...]:
    """Rank every entered player (dropped ones too) on the pod results."""
    points = points or PlacementPoints()
    known = check_entries(players)
    counted = [r for r in results if through_round is None or r.round <= through_round]
    _check_results(known, counted)
    tallies = {player: _Tally() for player in known}
    for result in counted:
        for player, place in zip(result.players, result.places, strict=True):
            tally = tallies[player]
            tally.points += points.points(place, len(result.players))
            tally.rounds += 1
            tally.places[place] += 1
            tally.pods.append(tuple(p for p in result.players if p != player))
    per_round = {p: Fraction(t.points, t.rounds) if t.rounds else Fraction(0) for p, t in tallies.items()}
    averages = {p: _opponents_average(t, per_round) for p, t in tallies.items()}
    return _rank(known, tallies, averages, seed)


def _check_results(known: Mapping[int, PlayerEntry], results: Sequence[PodResult]) -> None:
    seen: set[tuple[int, int]] = set()
    for result in results:
        for player in result.players:
            if player not in known:
                raise UnknownPlayerError(f"a round {result.round} pod names unknown player {player}")
            if (result.round, player) in seen:
                raise DuplicatePlayerError(f"player {player} has two results in round {result.round}")
            seen.add((result.round, player))
        check_placements(result.players, dict(zip(result.players, result.places, strict=True)))


def _opponents_average(tally: _Tally, per_round: Mapping[int, Fraction]) -> Fraction:
    means = [sum((per_round[p] for p in others), Fraction(0)) / len(others) for others in tally.pods if others]
    return sum(means, Fraction(0)) / len(means) if means else Fraction(0)


def _rank(
    known: Mapping[int, PlayerEntry],
    tallies: Mapping[int, _Tally],
    averages: Mapping[int, Fraction],
    seed: int | None,
) -> tuple[PodStanding, ...]:
    final = {p: i for i, p in enumerate(seeded_order(known, seed))} if seed is not None else {p: p for p in known}
    deepest = max((max(t.places, default=0) for t in tallies.values()), default=0)

    def history(player: int) -> tuple[int, ...]:
        return tuple(tallies[player].places[place] for place in range(1, deepest + 1))

    def key(player: int) -> tuple[int, Fraction, tuple[int, ...], int]:
        return (-tallies[player].points, -averages[player], tuple(-n for n in history(player)), final[player])

    order = sorted(known, key=key)
    return tuple(
        PodStanding(
            rank,
            player,
            tallies[player].points,
            tallies[player].rounds,
            averages[player],
            history(player),
            known[player].dropped,
        )
        for rank, player in enumerate(order, 1)
    )


def players_for_pairing(standings: Sequence[PodStanding]) -> list[PodPlayer]:
    """The pod pairer's input from the standings: each player's points and drop."""
    return [PodPlayer(row.player, row.points, row.dropped) for row in standings]
