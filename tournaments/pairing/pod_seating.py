"""Pod seating: who sits with whom in the next round of a multiplayer (pod) event, and why (the game
pods of a pod event; a draft's pods are ``tournaments.drafts.services.draft_pods``).

Decides the pods of one round from the players' points, the pods of earlier rounds and the
event seed. Words:

- *pod*: the players of one multiplayer game (Runebound seats 2 to 6), in seat order.
- *target*: the pod size the organiser asked for; *minimum* and *maximum*: what the game allows.
- *repeat*: two players in one pod who already sat together in an earlier round.
- *spread*: over every pair in a pod, the squared difference of their points, summed over pods.

Order of work (see ``docs/pairing.md``, "Pods"):

1. **Sizes first** (:func:`pod_sizes`). Each size has a *penalty*: the target 0, target−1 1,
   target+1 2, target−2 3, target+2 4, and so on (a smaller pod beats a bigger one at the same
   distance). The sizes chosen keep the worst penalty as low as possible, then the sum of
   penalties, never below the minimum or above the maximum. So 9 players at target 4 play in
   three pods of 3, 10 in 4+3+3, and 5 in one pod of 5.
2. **Seating.** Active players are ranked by points (ties in a seeded shuffle of the round).
   A seating's cost is ``(repeats, spread)``, compared in that order (:class:`PodCost`).
   Up to ``exact_limit`` players every seating with those sizes is searched (branch and bound),
   so the result is optimal. Larger events are seated top down: each pod takes the best-ranked
   free player and then the next free players down who have sat with nobody in the pod yet.
   If that repeats, the same search tries to beat it for ``search_steps`` steps; if it does not
   finish, swaps between pods remove repeats until no single swap lowers the cost, and a second
   search that looks at repeats alone (the players who met the most placed first) looks for a
   seating without any; if it finds one, swaps bring its points close and it is taken when it
   costs less.
3. **Numbering and seats.** Pods are numbered best first (highest points, then rank). The seat
   order inside a pod is a seeded shuffle (seat 1 plays first).

Randomness only comes from ``random.Random`` seeded by the event seed and the round number.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from itertools import combinations
from typing import Protocol

from .errors import (
    DuplicatePlayerError,
    InvalidRoundError,
    NotEnoughPlayersError,
    PairingError,
    PodEditError,
    UnknownPlayerError,
)
from .pod_exact import SolverLimits, fewest_repeats, least_spread
from .records import Namer, join_names, namer

__all__ = [
    "GamePod",
    "PastPod",
    "PodCost",
    "PodPlan",
    "PodPlayer",
    "PodRecord",
    "PodSettings",
    "edited_pod_plan",
    "pair_pod_round",
    "pod_sizes",
    "recommended_pod_rounds",
    "seating_cost",
]

#: Up to this many active players a round is searched exhaustively.
EXACT_LIMIT = 12
#: Up to this many active players (above ``EXACT_LIMIT``) a round is solved by CP-SAT (``pod_exact``).
SOLVER_LIMIT = 64
#: The CP-SAT work limits unless the settings say otherwise.
DEFAULT_LIMITS = SolverLimits()
#: Above it, at most this many steps of the same search try to beat a fast seating that repeats.
SEARCH_STEPS = 50_000
_WORDS = {2: "two", 3: "three", 4: "four", 5: "five", 6: "six", 7: "seven", 8: "eight"}


@dataclass(frozen=True, slots=True)
class PodPlayer:
    """An entered player: id, points so far and whether they dropped (dropped players are never seated)."""

    id: int
    points: int = 0
    dropped: bool = False


class PodRecord(Protocol):
    """Anything that says who sat together in a round (a :class:`PastPod`, a ``PodResult``)."""

    @property
    def round(self) -> int: ...

    @property
    def players(self) -> tuple[int, ...]: ...


@dataclass(frozen=True, slots=True)
class PastPod:
    """The players of one pod of an earlier round."""

    round: int
    players: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class PodSettings:
    """The organiser's target size and the game's bounds (Runebound: 2 to 6 players)."""

    target: int = 4
    minimum: int = 2
    maximum: int = 6
    #: Up to this many active players every seating is searched.
    exact_limit: int = EXACT_LIMIT
    #: Above it, when the fast seating repeats, how many search steps may try to beat it.
    search_steps: int = SEARCH_STEPS
    #: Up to this many active players (above ``exact_limit``) the CP-SAT model seats the round.
    solver_limit: int = SOLVER_LIMIT
    #: How much work each of its two stages may do.
    solver: SolverLimits = DEFAULT_LIMITS

    def __post_init__(self) -> None:
        if not 2 <= self.minimum <= self.target <= self.maximum:
            raise PairingError(
                f"pod sizes must satisfy 2 ≤ minimum ≤ target ≤ maximum, got "
                f"minimum {self.minimum}, target {self.target}, maximum {self.maximum}"
            )

    def penalty(self, size: int) -> int:
        """How far ``size`` is from the target: 0, then target−1, target+1, target−2, ..."""
        if size < self.target:
            return 2 * (self.target - size) - 1
        return 2 * (size - self.target)


@dataclass(frozen=True, order=True, slots=True)
class PodCost:
    """The cost of a seating (or one pod); smaller is better, compared field by field."""

    repeats: int = 0
    spread: int = 0

    def __add__(self, other: PodCost) -> PodCost:
        return PodCost(self.repeats + other.repeats, self.spread + other.spread)

    def __sub__(self, other: PodCost) -> PodCost:
        return PodCost(self.repeats - other.repeats, self.spread - other.spread)


@dataclass(frozen=True, slots=True)
class GamePod:
    """One pod of a round: its number, its players in seat order, and why they sit together."""

    number: int
    players: tuple[int, ...]
    explanation: str = ""

    def to_text(self) -> str:
        return f"pod {self.number}: " + " ".join(str(p) for p in self.players)


@dataclass(frozen=True, slots=True)
class PodPlan:
    """Every pod of one round, best first, and why the pods have the sizes they have."""

    round: int
    pods: tuple[GamePod, ...]
    sizes_explanation: str = ""

    @property
    def seated(self) -> tuple[int, ...]:
        return tuple(p for pod in self.pods for p in pod.players)

    def explanations(self) -> tuple[str, ...]:
        return tuple(f"Pod {pod.number}: {pod.explanation}" for pod in self.pods)

    def to_text(self) -> str:
        return "\n".join([f"round {self.round}", *(pod.to_text() for pod in self.pods)])


# --- sizes ----------------------------------------------------------------------------


def pod_sizes(count: int, settings: PodSettings | None = None) -> tuple[int, ...]:
    """The pod sizes for ``count`` players, target-size pods first, then by penalty.

    Keeps the worst penalty lowest, then the sum of penalties; refuses a count no mix of
    allowed sizes can seat."""
    settings = settings or PodSettings()
    if count < settings.minimum:
        raise NotEnoughPlayersError(
            f"{count} active players cannot fill a pod: the game needs at least {settings.minimum}"
        )
    allowed = sorted(range(settings.minimum, settings.maximum + 1), key=settings.penalty)
    for level in sorted({settings.penalty(s) for s in allowed}):
        sizes = _fewest_penalties(count, [s for s in allowed if settings.penalty(s) <= level], settings)
        if sizes is not None:
            return tuple(sorted(sizes, key=lambda s: (settings.penalty(s), -s)))
    raise NotEnoughPlayersError(
        f"{count} players cannot be split into pods of {settings.minimum} to {settings.maximum} players"
    )


def _fewest_penalties(count: int, sizes: list[int], settings: PodSettings) -> list[int] | None:
    """Sizes from ``sizes`` adding up to ``count`` with the smallest sum of penalties (or ``None``)."""
    best: list[tuple[int, list[int]] | None] = [(0, [])] + [None] * count
    for total in range(1, count + 1):
        for size in sizes:
            before = best[total - size] if size <= total else None
            if before is None:
                continue
            candidate = (before[0] + settings.penalty(size), [*before[1], size])
            current = best[total]
            if current is None or candidate[0] < current[0]:
                best[total] = candidate
    found = best[count]
    return None if found is None else found[1]


def recommended_pod_rounds(count: int, settings: PodSettings | None = None) -> int:
    """Rounds to announce for ``count`` players: the fewest after which only one player can have
    won every pod (``target ** rounds >= count``), the pod analogue of Swiss's log2; at least 1.

    So 9 players in pods of 4 play 2 rounds, 64 play 3, 1,024 play 5."""
    settings = settings or PodSettings()
    if count < settings.minimum:
        raise NotEnoughPlayersError(
            f"{count} active players cannot fill a pod: the game needs at least {settings.minimum}"
        )
    rounds = 1
    while settings.target**rounds < count:
        rounds += 1
    return rounds


# --- the problem ----------------------------------------------------------------------


@dataclass(frozen=True, eq=False, slots=True)
class _Problem:
    round: int
    ranked: tuple[int, ...]
    points: Mapping[int, int]
    mates: Mapping[int, Mapping[int, int]]  # player -> past pod-mate -> last round together
    position: Mapping[int, int]

    def repeats(self, a: int, b: int) -> bool:
        return b in self.mates[a]

    def pod_cost(self, pod: Sequence[int]) -> PodCost:
        repeats = spread = 0
        for a, b in combinations(pod, 2):
            repeats += b in self.mates[a]
            spread += (self.points[a] - self.points[b]) ** 2
        return PodCost(repeats, spread)

    def cost(self, pods: Sequence[Sequence[int]]) -> PodCost:
        total = PodCost()
        for pod in pods:
            total = total + self.pod_cost(pod)
        return total

    def clashes(self, player: int, pod: Sequence[int]) -> int:
        return sum(other in self.mates[player] for other in pod)


def _problem(
    players: Sequence[PodPlayer], history: Sequence[PodRecord], round_number: int, rng: random.Random
) -> _Problem:
    known: dict[int, PodPlayer] = {}
    for entry in players:
        if entry.id in known:
            raise DuplicatePlayerError(f"player {entry.id} is entered twice")
        known[entry.id] = entry
    mates: dict[int, dict[int, int]] = {p: {} for p in known}
    for record in history:
        if record.round >= round_number:
            raise InvalidRoundError(f"a pod of round {record.round} cannot come before round {round_number}")
        _remember(mates, record)
    active = sorted(p for p, entry in known.items() if not entry.dropped)
    rng.shuffle(active)
    ranked = tuple(sorted(active, key=lambda p: -known[p].points))
    return _Problem(
        round_number,
        ranked,
        {p: e.points for p, e in known.items()},
        mates,
        {p: i for i, p in enumerate(ranked)},
    )


def _remember(mates: dict[int, dict[int, int]], record: PodRecord) -> None:
    for player in record.players:
        if player not in mates:
            raise UnknownPlayerError(f"the round {record.round} pod names unknown player {player}")
    for a, b in combinations(record.players, 2):
        mates[a][b] = max(mates[a].get(b, 0), record.round)
        mates[b][a] = mates[a][b]


# --- seating --------------------------------------------------------------------------


def pair_pod_round(
    players: Sequence[PodPlayer],
    history: Sequence[PodRecord],
    round_number: int,
    seed: int,
    settings: PodSettings | None = None,
    names: Mapping[int, str] | None = None,
) -> PodPlan:
    """Seat round ``round_number`` given every earlier pod; deterministic for the seed.

    The explanations name players by ``names`` (player id to public name); a player missing
    from it reads "player <id>"."""
    settings = settings or PodSettings()
    if round_number < 1:
        raise InvalidRoundError(f"round must be 1 or more, got {round_number}")
    rng = random.Random(f"fett-pods:{seed}:{round_number}")
    problem = _problem(players, history, round_number, rng)
    sizes = pod_sizes(len(problem.ranked), settings)
    pods, proven = _seat(problem, sizes, settings)
    pods.sort(key=lambda pod: min(problem.position[p] for p in pod))
    seated = [_seat_order(problem, pod, rng) for pod in pods]
    return _plan(problem, seated, sizes, settings, proven, namer(names))


def seating_cost(players: Sequence[PodPlayer], history: Sequence[PodRecord], plan: PodPlan, seed: int = 0) -> PodCost:
    """The cost of ``plan`` (repeats, then spread): for audits and to compare seatings."""
    problem = _problem(players, history, plan.round, random.Random(seed))
    return problem.cost([pod.players for pod in plan.pods])


def edited_pod_plan(
    players: Sequence[PodPlayer],
    history: Sequence[PodRecord],
    round_number: int,
    pods: Sequence[Sequence[int]],
    settings: PodSettings | None = None,
    names: Mapping[int, str] | None = None,
) -> PodPlan:
    """The organiser's own pods for a round (seat order as given), checked and explained.

    Refuses, with :class:`PodEditError` naming every problem, pods that seat a player twice,
    seat someone not playing, leave an active player out or are smaller or bigger than the game allows."""
    settings = settings or PodSettings()
    problem = _problem(players, history, round_number, random.Random(0))
    who = namer(names)
    problems = _edit_problems(problem, pods, settings, who)
    if problems:
        raise PodEditError(problems)
    explained = []
    for number, pod in enumerate(pods, 1):
        members = sorted(pod, key=problem.position.__getitem__)
        repeats = _repeats(problem, members, "kept by the organiser", who)
        text = f"{_head(problem, members, who)}: set by the organiser; {repeats}"
        explained.append(GamePod(number, tuple(pod), text))
    sizes = [len(pod) for pod in pods]
    return PodPlan(round_number, tuple(explained), f"{_sizes_text(sum(sizes), sizes)}: set by the organiser")


def _edit_problems(problem: _Problem, pods: Sequence[Sequence[int]], settings: PodSettings, who: Namer) -> list[str]:
    seats: dict[int, list[int]] = {}
    for number, pod in enumerate(pods, 1):
        for player in pod:
            seats.setdefault(player, []).append(number)
    active = set(problem.ranked)
    problems = [_seated_twice(p, numbers, who) for p, numbers in seats.items() if len(numbers) > 1]
    problems += [
        f"pod {numbers[0]}: {who(p)} is not playing (dropped or not entered)"
        for p, numbers in seats.items()
        if p not in active
    ]
    problems += [f"{who(p)} has no pod" for p in problem.ranked if p not in seats]
    problems += [
        f"pod {number} has {len(pod)} {'player' if len(pod) == 1 else 'players'}; "
        f"the game needs {settings.minimum} to {settings.maximum}"
        for number, pod in enumerate(pods, 1)
        if not settings.minimum <= len(pod) <= settings.maximum
    ]
    return problems


def _seated_twice(player: int, numbers: list[int], who: Namer) -> str:
    pods = sorted(set(numbers))
    if len(pods) == 1:
        return f"{who(player)} is seated more than once in pod {pods[0]}"
    return f"{who(player)} is seated in more than one pod (pods {join_names(pods, str)})"


def _seat_order(problem: _Problem, pod: list[int], rng: random.Random) -> list[int]:
    seats = sorted(pod, key=problem.position.__getitem__)
    rng.shuffle(seats)
    return seats


class _OutOfSteps(Exception):
    """The search used up its steps; the best seating found so far stands."""


def _seat(problem: _Problem, sizes: Sequence[int], settings: PodSettings) -> tuple[list[list[int]], bool]:
    """The seating, and whether no seating has fewer repeats (proven by a finished search)."""
    if len(problem.ranked) <= settings.exact_limit:
        return _search(problem, sizes)
    if len(problem.ranked) <= settings.solver_limit:
        return _solve(problem, sizes, settings.solver)
    pods = _seat_greedily(problem, sizes)
    if not problem.cost(pods).repeats:
        return pods, True
    pods, finished = _search(problem, sizes, pods, settings.search_steps)
    if finished:
        return pods, True
    _repair(problem, pods)
    apart = _seat_apart(problem, sizes, settings.search_steps)
    if apart is not None:
        _tighten(problem, apart)
        if problem.cost(apart) < problem.cost(pods):
            return apart, True  # no repeat at all: none can have fewer
    return pods, False


def _solve(problem: _Problem, sizes: Sequence[int], limits: SolverLimits) -> tuple[list[list[int]], bool]:
    """CP-SAT (``pod_exact``): the fewest repeats, proven when the solver says OPTIMAL, then the
    least spread with that many repeats found in the work limit. Starts from the fast seating;
    an unproven result is repaired like the large-event path's, so that no swap between pods
    lowers its repeats."""
    pods = _seat_greedily(problem, sizes)
    proven = not problem.cost(pods).repeats
    if not proven:
        found = fewest_repeats(problem.ranked, problem.mates, sizes, pods, limits.repeats_work)
        if found is not None and problem.cost(found[0]) < problem.cost(pods):
            pods = found[0]
        proven = found is not None and found[1]
    _tighten(problem, pods)
    spread = least_spread(
        problem.ranked, problem.points, problem.mates, sizes, pods, problem.cost(pods).repeats, limits.spread_work
    )
    if spread is not None and problem.cost(spread[0]) < problem.cost(pods):
        pods = spread[0]
    if not proven:
        _repair(problem, pods)
    return pods, proven


def _seat_apart(problem: _Problem, sizes: Sequence[int], steps: int) -> list[list[int]] | None:
    """A seating with no repeat, if ``steps`` steps of a search find one; None otherwise.

    Only repeats count here (the points are ``_tighten``'s): best ranked first, each player goes
    into the first pod with room where they have met no one (a player with no such pod sends the
    search back); empty pods of one size are tried once, as they are alike. So the pods stay
    close to the points order, and the search reaches seatings the points-first search (which
    weighs every spread) runs out of steps before."""
    order = problem.ranked
    pods: list[list[int]] = [[] for _ in sizes]
    taken = [0]

    def place(index: int) -> bool:
        taken[0] += 1
        if taken[0] > steps:
            raise _OutOfSteps
        if index == len(order):
            return True
        player, empty_sizes = order[index], set()
        for pod, size in zip(pods, sizes, strict=True):
            if len(pod) == size or problem.clashes(player, pod):
                continue
            if not pod:
                if size in empty_sizes:
                    continue
                empty_sizes.add(size)
            pod.append(player)
            if place(index + 1):
                return True
            pod.pop()
        return False

    try:
        return pods if place(0) else None
    except _OutOfSteps:
        return None


#: ``_tighten`` swaps players between pods at most this many places apart in the points order.
TIGHTEN_REACH = 4


def _tighten(problem: _Problem, pods: list[list[int]]) -> None:
    """Swap players between nearby pods while a swap lowers the cost (repeats first, so a seating
    without repeats keeps none): the best swap of each round, up to a bound on the rounds. Pods
    are compared only with the ``TIGHTEN_REACH`` next ones in the points order, so a large event
    costs in proportion to its pods, not to their square."""
    pods.sort(key=lambda pod: min(problem.position[p] for p in pod))
    for _ in range(10 * len(problem.ranked)):
        costs = [problem.pod_cost(pod) for pod in pods]
        best: tuple[PodCost, int, int, int, int] | None = None
        near = ((x, y) for x in range(len(pods)) for y in range(x + 1, min(len(pods), x + 1 + TIGHTEN_REACH)))
        for x, y in near:
            a, b = pods[x], pods[y]
            for i in range(len(a)):
                for k in range(len(b)):
                    change = _swap_change(problem, a, b, i, k) - costs[x] - costs[y]
                    if change < PodCost() and (best is None or change < best[0]):
                        best = (change, x, i, y, k)
        if best is None:
            return
        _, x, i, y, k = best
        pods[x][i], pods[y][k] = pods[y][k], pods[x][i]


def _search(
    problem: _Problem, sizes: Sequence[int], start: list[list[int]] | None = None, steps: int | None = None
) -> tuple[list[list[int]], bool]:
    """The cheapest seating with these sizes and whether the search finished (branch and bound).

    Starts from ``start`` (a seating to beat) and stops after ``steps`` steps, keeping the best
    found; the first found wins ties."""
    best = [] if start is None else [(problem.cost(start), start)]
    counts = Counter(sizes)
    taken = [0]

    def extend(remaining: list[int], pods: list[list[int]], cost: PodCost) -> None:
        taken[0] += 1
        if steps is not None and taken[0] > steps:
            raise _OutOfSteps
        if best and cost >= best[0][0]:
            return
        if not remaining:
            best[:] = [(cost, [list(pod) for pod in pods])]
            return
        first, rest = remaining[0], remaining[1:]
        for size in dict.fromkeys(sizes):  # target size first
            if not counts[size]:
                continue
            counts[size] -= 1
            for others in combinations(rest, size - 1):
                pod = [first, *others]
                left = [p for p in rest if p not in others]
                extend(left, [*pods, pod], cost + problem.pod_cost(pod))
            counts[size] += 1

    try:
        extend(list(problem.ranked), [], PodCost())
    except _OutOfSteps:
        return best[0][1], False
    return best[0][1], True


def _seat_greedily(problem: _Problem, sizes: Sequence[int]) -> list[list[int]]:
    """Top down by rank, each pod avoiding repeats when a near player allows; then repair."""
    window = max(sizes) * (max((len(m) for m in problem.mates.values()), default=0) + 2)
    free = list(problem.ranked)
    pods: list[list[int]] = []
    for size in sizes:
        pod = [free.pop(0)]
        while len(pod) < size:
            pod.append(free.pop(_next_mate(problem, pod, free, window)))
        pods.append(pod)
    _repair(problem, pods)
    return pods


def _next_mate(problem: _Problem, pod: list[int], free: list[int], window: int) -> int:
    """Index in ``free`` of the best-ranked player sharing no past pod with ``pod`` (nearby)."""
    best_index, fewest = 0, len(pod) + 1
    for index, player in enumerate(free[:window]):
        clashes = problem.clashes(player, pod)
        if clashes == 0:
            return index
        if clashes < fewest:
            best_index, fewest = index, clashes
    return best_index


def _repair(problem: _Problem, pods: list[list[int]]) -> None:
    """Swap players between pods while a swap lowers the cost and some pod has a repeat."""
    for _ in range(10 * len(problem.ranked)):
        troubled = [i for i, pod in enumerate(pods) if problem.pod_cost(pod).repeats]
        if not troubled or not any(_best_swap(problem, pods, i) for i in troubled):
            return


def _best_swap(problem: _Problem, pods: list[list[int]], index: int) -> bool:
    """Apply the best cost-lowering swap of a repeating member of pod ``index``; did one exist?"""
    pod = pods[index]
    here = problem.pod_cost(pod)
    best: tuple[PodCost, int, int, int] | None = None
    for i, player in enumerate(pod):
        if not any(problem.repeats(player, other) for other in pod if other != player):
            continue
        for j, other_pod in enumerate(pods):
            if j == index:
                continue
            there = problem.pod_cost(other_pod)
            for k in range(len(other_pod)):
                change = _swap_change(problem, pod, other_pod, i, k) - here - there
                if change < PodCost() and (best is None or change < best[0]):
                    best = (change, i, j, k)
    if best is None:
        return False
    _, i, j, k = best
    pod[i], pods[j][k] = pods[j][k], pod[i]
    return True


def _swap_change(problem: _Problem, a: list[int], b: list[int], i: int, k: int) -> PodCost:
    """The cost of pods ``a`` and ``b`` after swapping ``a[i]`` and ``b[k]``."""
    new_a = [*a[:i], b[k], *a[i + 1 :]]
    new_b = [*b[:k], a[i], *b[k + 1 :]]
    return problem.pod_cost(new_a) + problem.pod_cost(new_b)


# --- explanations ---------------------------------------------------------------------


def _plan(
    problem: _Problem,
    pods: list[list[int]],
    sizes: Sequence[int],
    settings: PodSettings,
    proven: bool,
    who: Namer,
) -> PodPlan:
    # Did leaving the points order save repeats? (Otherwise it only made the points closer.)
    saves_repeats = (
        problem.cost(_points_order(problem, [len(pod) for pod in pods])).repeats > problem.cost(pods).repeats
    )
    free = list(problem.ranked)
    result = []
    for number, pod in enumerate(pods, 1):
        why = _why_these(problem, pod, free, number, saves_repeats, who)
        result.append(GamePod(number, tuple(pod), _explain(problem, pod, why, proven, who)))
        free = [p for p in free if p not in pod]
    return PodPlan(problem.round, tuple(result), _explain_sizes(len(problem.ranked), sizes, settings))


def _points_order(problem: _Problem, sizes: list[int]) -> list[list[int]]:
    """The seating by points alone: consecutive ranks, in the given sizes."""
    pods, start = [], 0
    for size in sizes:
        pods.append(list(problem.ranked[start : start + size]))
        start += size
    return pods


def _word(count: int) -> str:
    return _WORDS.get(count, str(count))


def _explain(problem: _Problem, pod: list[int], why: str, proven: bool, who: Namer) -> str:
    members = sorted(pod, key=problem.position.__getitem__)
    repeat_reason = (
        "no seating of this round has fewer repeats" if proven else "no swap of players between pods avoids it"
    )
    return f"{_head(problem, members, who)}: {why}; {_repeats(problem, members, repeat_reason, who)}"


def _head(problem: _Problem, members: Sequence[int], who: Namer) -> str:
    return ", ".join(f"{who(p)} ({problem.points[p]} pts)" for p in members)


def _why_these(problem: _Problem, pod: list[int], free: list[int], number: int, saves_repeats: bool, who: Namer) -> str:
    """Why these players: the next ones by points, or who moved and why. ``free``: the players
    not in a better pod, best first."""
    expected = free[: len(pod)]
    if sorted(pod) == sorted(expected):
        text = f"the {'top' if number == 1 else 'next'} {_word(len(pod))} by points"
        split_tie = len(free) > len(pod) and problem.points[free[len(pod) - 1]] == problem.points[free[len(pod)]]
        return f"{text} (equal points in the round's random order)" if split_tie else text
    moved_in = [p for p in sorted(pod, key=problem.position.__getitem__) if p not in expected]
    moved_out = [p for p in expected if p not in pod]
    verb = "takes the place" if len(moved_in) == 1 else "take the places"
    text = f"seated by points, except that {join_names(moved_in, who)} {verb} of {join_names(moved_out, who)}"
    reason = "seating by points alone would repeat more pod-mates" if saves_repeats else "it keeps points closer"
    return f"{text}: {reason}"


def _repeats(problem: _Problem, members: list[int], why: str, who: Namer) -> str:
    pairs = [(a, b) for a, b in combinations(members, 2) if problem.repeats(a, b)]
    if not pairs:
        return "no one has sat together before"
    said = "; ".join(f"{who(a)} and {who(b)} sat together in round {problem.mates[a][b]}" for a, b in pairs)
    return f"REPEAT: {said} ({why})"


def _sizes_text(count: int, sizes: Sequence[int]) -> str:
    parts = [f"{n} {'pod' if n == 1 else 'pods'} of {size}" for size, n in Counter(sizes).items()]
    return f"{count} players in " + " and ".join(parts)


def _explain_sizes(count: int, sizes: Sequence[int], settings: PodSettings) -> str:
    by_size = Counter(sizes)
    text = _sizes_text(count, sizes)
    if set(by_size) == {settings.target}:
        return f"{text}: the target size"
    return (
        f"{text}: {count} is not a multiple of {settings.target}, so pods as close to "
        f"{settings.target} as the game allows ({settings.minimum} to {settings.maximum} players), "
        "a smaller pod before a bigger one"
    )
