"""The Swiss pairing problem of one round and the objective a pairing is judged by.

Decides what makes one pairing of a round better than another. A pairing's cost is the
tuple :class:`PairingCost`, compared lexicographically (earlier fields dominate):

1. ``repeat_byes`` — for the bye recipient, how many byes they already had. Zero whenever
   some active player has had no bye.
2. ``rematches`` — tables whose two players already met.
3. ``cross_pod`` — in pod rounds, tables whose players come from different draft pods
   (a player without a pod may meet anyone).
4. ``bye_rank`` — how many active players rank below the bye recipient (0 when the
   lowest-ranked player gets it).
5. ``score_gap`` — the sum over tables of the squared difference in match points. Squared,
   so a pair-down is "small" before it is "few": 9 v 6 and 6 v 3 (9 + 9 = 18) beat
   9 v 3 with 6 v 6 (36). Without rematches the squared gap is smallest when each odd
   score group sends one player to the next group down, as Swiss players expect.

Words: the *problem* (:class:`SwissProblem`) is everything the objective needs about one
round — active players best first (*ranked*), their points, past opponents, byes, pods.
*Edge cost* is the cost one table adds; a pairing's cost is the sum over its tables.
The lexicographic tuple is turned into one integer weight per table
(:func:`edge_weight`) so that a maximum-weight perfect matching minimises it exactly.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass

from .errors import InvalidRoundError, NotEnoughPlayersError
from .records import MatchRecord, PlayerEntry, check_entries
from .standings import StandingsSettings, compute_standings

__all__ = [
    "CostScale",
    "PairingCost",
    "SwissProblem",
    "build_swiss_problem",
    "cost_floor",
    "cost_scale",
    "edge_weight",
]


@dataclass(frozen=True, order=True, slots=True)
class PairingCost:
    """Lexicographic cost of a pairing (or of one table); smaller is better."""

    repeat_byes: int = 0
    rematches: int = 0
    cross_pod: int = 0
    bye_rank: int = 0
    score_gap: int = 0

    def __add__(self, other: PairingCost) -> PairingCost:
        return PairingCost(
            self.repeat_byes + other.repeat_byes,
            self.rematches + other.rematches,
            self.cross_pod + other.cross_pod,
            self.bye_rank + other.bye_rank,
            self.score_gap + other.score_gap,
        )

    def as_tuple(self) -> tuple[int, int, int, int, int]:
        return (self.repeat_byes, self.rematches, self.cross_pod, self.bye_rank, self.score_gap)


@dataclass(frozen=True, eq=False, slots=True)
class SwissProblem:
    """What pairing one Swiss round needs to know, already validated."""

    round: int
    seed: int
    ranked: tuple[int, ...]
    points: Mapping[int, int]
    opponents: Mapping[int, frozenset[int]]
    byes: Mapping[int, int]
    pods: Mapping[int, int | None]
    pods_apply: bool
    position: Mapping[int, int]
    shuffle_key: Mapping[int, int]
    #: Seeds the tie-breaking jitter of this round's matchings.
    salt: int = 0

    @property
    def size(self) -> int:
        return len(self.ranked)

    @property
    def max_degree(self) -> int:
        """The most past opponents any active player has (bounds rematch conflicts)."""
        return max((len(self.opponents[p]) for p in self.ranked), default=0)

    def played(self, a: int, b: int) -> bool:
        return b in self.opponents[a]

    def cross_pod(self, a: int, b: int) -> bool:
        pod_a, pod_b = self.pods[a], self.pods[b]
        return self.pods_apply and pod_a is not None and pod_b is not None and pod_a != pod_b

    def gap(self, a: int, b: int) -> int:
        return (self.points[a] - self.points[b]) ** 2

    def edge_cost(self, a: int, b: int | None) -> PairingCost:
        """The cost one table adds; ``b is None`` is the bye for ``a``."""
        if b is None:
            return PairingCost(repeat_byes=self.byes[a], bye_rank=self.size - 1 - self.position[a])
        return PairingCost(
            rematches=int(self.played(a, b)),
            cross_pod=int(self.cross_pod(a, b)),
            score_gap=self.gap(a, b),
        )

    def cost(self, pairs: Iterable[tuple[int, int | None]]) -> PairingCost:
        total = PairingCost()
        for a, b in pairs:
            total = total + self.edge_cost(a, b)
        return total


def cost_floor(problem: SwissProblem, ids: Sequence[int]) -> PairingCost:
    """A cost no pairing of ``ids`` (plus the bye when odd) can beat; often reached.

    It forgets rematches (and pods): the bye goes to the lowest-ranked player with the fewest
    byes, and the others are paired in points order, first with second, third with fourth.
    Every pairing costs at least this, compared as :class:`PairingCost` is: it has at least
    the fewest byes and no fewer rematches; with both equal its bye is a player with the
    fewest byes, so ranked no lower; with that equal too its bye is this one, and on a line
    the squared gaps are smallest for neighbours paired in order (uncross any two tables).
    So a pairing that costs exactly this is optimal.
    """
    bye: int | None = None
    if len(ids) % 2:
        bye = max(ids, key=lambda p: (-problem.byes[p], problem.position[p]))
    scores = sorted((problem.points[p] for p in ids if p != bye), reverse=True)
    gap = sum((scores[i] - scores[i + 1]) ** 2 for i in range(0, len(scores) - 1, 2))
    if bye is None:
        return PairingCost(score_gap=gap)
    head = problem.edge_cost(bye, None)
    return PairingCost(repeat_byes=head.repeat_byes, bye_rank=head.bye_rank, score_gap=gap)


@dataclass(frozen=True, slots=True)
class CostScale:
    """Multipliers that turn a :class:`PairingCost` into one integer, lexicographically."""

    multipliers: tuple[int, int, int, int, int]
    top: int


def cost_scale(problem: SwissProblem, ids: Sequence[int]) -> CostScale:
    """Multipliers large enough that no sum of lower fields can outweigh a higher one.

    Each bound is the largest total the field can reach over a perfect matching of ``ids``.
    """
    tables = len(ids) // 2 + 1
    scores = [problem.points[p] for p in ids] or [0]
    widest_gap = (max(scores) - min(scores)) ** 2
    byes = max((problem.byes[p] for p in ids), default=0)
    bounds = (byes, tables, tables, problem.size, tables * widest_gap)
    multipliers = [1, 1, 1, 1, 1]
    for level in range(3, -1, -1):
        multipliers[level] = multipliers[level + 1] * (bounds[level + 1] + 1)
    top = multipliers[0] * (bounds[0] + 1)
    m = multipliers
    return CostScale((m[0], m[1], m[2], m[3], m[4]), top)


def edge_weight(cost: PairingCost, scale: CostScale) -> int:
    """A positive weight; a maximum-weight perfect matching minimises the summed cost."""
    value = sum(c * m for c, m in zip(cost.as_tuple(), scale.multipliers, strict=True))
    return scale.top - value


def build_swiss_problem(
    players: Sequence[PlayerEntry],
    history: Sequence[MatchRecord],
    round_number: int,
    seed: int,
    pod_rounds: int = 0,
    standings: StandingsSettings | None = None,
) -> SwissProblem:
    """Validate the inputs and gather what the pairer and the objective need."""
    known = check_entries(players)
    last = max((record.round for record in history), default=0)
    if round_number < 1 or round_number <= last:
        raise InvalidRoundError(f"cannot pair round {round_number}: results exist up to round {last}")
    table = compute_standings(players, history, standings, seed)
    ranked = tuple(row.player for row in table if not row.dropped)
    if not ranked:
        raise NotEnoughPlayersError("no active player left to pair")
    opponents: dict[int, set[int]] = {p: set() for p in known}
    byes = dict.fromkeys(known, 0)
    for record in history:
        if record.b is None:
            byes[record.a] += 1
        else:
            opponents[record.a].add(record.b)
            opponents[record.b].add(record.a)
    shuffled = list(ranked)
    rng = random.Random(f"fett-round:{seed}:{round_number}")
    rng.shuffle(shuffled)
    return SwissProblem(
        round=round_number,
        seed=seed,
        ranked=ranked,
        points={row.player: row.points for row in table},
        opponents={p: frozenset(o) for p, o in opponents.items()},
        byes=byes,
        pods={p: e.pod for p, e in known.items()},
        pods_apply=round_number <= pod_rounds,
        position={p: i for i, p in enumerate(ranked)},
        shuffle_key={p: i for i, p in enumerate(shuffled)},
        salt=rng.getrandbits(64),
    )
