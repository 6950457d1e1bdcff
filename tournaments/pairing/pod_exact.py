"""The exact pod seating for mid-sized events (13 to 64 active players): a CP-SAT model (OR-Tools).

Pure: no I/O, no framework. :mod:`.pod_seating` builds the round's facts (players in rank
order, their points, who already sat with whom, the pod sizes) and calls :func:`fewest_repeats`
then :func:`least_spread`.

Two stages, each its own solve of the same model (see ``docs/pairing.md``, "Pods"):

1. **Repeats.** Minimise the pairs in one pod who already sat together. The solver says OPTIMAL
   only once it has proven that no seating has fewer; that proof is what lets a pod's explanation
   say "no seating of this round has fewer repeats". Skipped when the caller already has a seating
   without repeats (none can have fewer).
2. **Spread.** With the repeats held at the stage-1 figure, minimise the spread (over every pair
   in a pod, the squared difference of their points). The stage may stop at its limit; the best
   seating found stands, and the result says whether it is proven.

Determinism: one search worker, a fixed random seed, and *deterministic* work limits (the
solver's own count of work, not the clock), so the same facts give the same seating on any
machine with the same OR-Tools version. The clock is only a safety net far above the usual
time (``WALL_SAFETY``).

The model, for players ``i`` in rank order and pods ``k`` in the order of ``sizes``:

- ``x[i][k]``: player ``i`` sits in pod ``k``; each player in exactly one pod, each pod exactly
  its size.
- Pods of one size are interchangeable, so the best-ranked player of each such pod must rank
  above the best-ranked player of the next one ("value precedence"). Each seating is then met
  once instead of ``m!`` times for ``m`` pods of a size, which is what makes stage 1's proof fast.
- ``c[i]``: how many of ``i``'s past pod-mates ranked below ``i`` sit in ``i``'s pod (one
  constraint per pod, enforced by ``x[i][k]``). The repeats are the sum of the ``c[i]``.
- The spread of a pod of size ``s`` is ``s·Σp² − (Σp)²`` over its players' points ``p``, so the
  spread is a sum over players (linear in ``x``) minus the sum over pods of ``(Σp)²``, one
  product per pod.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from types import ModuleType
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from ortools.sat.python import cp_model

__all__ = ["SolverLimits", "fewest_repeats", "least_spread"]

#: The solver's work limits per stage (deterministic time: about seconds of one quiet core).
REPEATS_WORK = 0.25
SPREAD_WORK = 0.05
#: The wall-clock safety net of each stage, far above the usual time (see the module text).
WALL_SAFETY = 5.0
#: One search worker: with one worker the search is a fixed sequence of steps, so the same model
#: gives the same answer (more workers race unless CP-SAT's interleaved mode is on, and the
#: server's two cores also serve the web and task processes).
WORKERS = 1
SOLVER_SEED = 31


@dataclass(frozen=True, slots=True)
class SolverLimits:
    """How much work each stage may do (deterministic time units, about seconds of a quiet core)."""

    repeats_work: float = REPEATS_WORK
    spread_work: float = SPREAD_WORK


def fewest_repeats(
    ranked: Sequence[int],
    mates: Mapping[int, Mapping[int, int]],
    sizes: Sequence[int],
    hint: Sequence[Sequence[int]],
    work: float = REPEATS_WORK,
) -> tuple[list[list[int]], bool] | None:
    """Stage 1: a seating with the fewest repeats, and whether that is proven (OPTIMAL).

    ``ranked``: the active players, best first; ``mates``: player -> past pod-mates; ``hint``: a
    seating with these sizes to start from. ``None`` if the solver found no seating in its limit."""
    model, x, repeats = _model(ranked, mates, sizes)
    _hint(model, x, hint, sizes, ranked)
    model.minimize(repeats)
    solver = _solver(work)
    status = solver.solve(model)
    sat = _cp_model()
    if status not in (sat.OPTIMAL, sat.FEASIBLE):
        return None
    proven = status == sat.OPTIMAL or round(solver.objective_value) == 0
    return _pods(solver, x, ranked, sizes), proven


def least_spread(
    ranked: Sequence[int],
    points: Mapping[int, int],
    mates: Mapping[int, Mapping[int, int]],
    sizes: Sequence[int],
    hint: Sequence[Sequence[int]],
    repeats: int,
    work: float = SPREAD_WORK,
) -> tuple[list[list[int]], bool] | None:
    """Stage 2: the seating with at most ``repeats`` repeats and the least spread found, and
    whether no such seating has less (OPTIMAL). ``hint`` must have at most ``repeats`` repeats."""
    model, x, count = _model(ranked, mates, sizes)
    model.add(count <= repeats)
    _hint(model, x, hint, sizes, ranked)
    model.minimize(_spread(model, x, [points[p] for p in ranked], sizes))
    solver = _solver(work)
    status = solver.solve(model)
    sat = _cp_model()
    if status not in (sat.OPTIMAL, sat.FEASIBLE):
        return None
    return _pods(solver, x, ranked, sizes), status == sat.OPTIMAL


def _cp_model() -> ModuleType:
    """OR-Tools' CP-SAT, loaded on first use: it takes about a second to import (with pandas and
    protobuf), which every web process, worker and command would otherwise pay at start, though
    only pairing a pod round of 13 to 64 players needs it."""
    from ortools.sat.python import cp_model as loaded

    return loaded


def _model(
    ranked: Sequence[int], mates: Mapping[int, Mapping[int, int]], sizes: Sequence[int]
) -> tuple[cp_model.CpModel, list[list[cp_model.IntVar]], cp_model.LinearExpr]:
    """The seating variables and constraints, and the repeat count as an expression."""
    n, m = len(ranked), len(sizes)
    index = {p: i for i, p in enumerate(ranked)}
    model: cp_model.CpModel = _cp_model().CpModel()
    x = [[model.new_bool_var(f"x{i}_{k}") for k in range(m)] for i in range(n)]
    for row in x:
        model.add_exactly_one(row)
    for k, size in enumerate(sizes):
        model.add(sum(x[i][k] for i in range(n)) == size)
    _break_symmetry(model, x, sizes)
    below = [sorted(index[b] for b in mates[p] if index.get(b, -1) > i) for i, p in enumerate(ranked)]
    return model, x, _repeats(model, x, below)


def _solver(work: float) -> cp_model.CpSolver:
    solver: cp_model.CpSolver = _cp_model().CpSolver()
    solver.parameters.num_workers = WORKERS
    solver.parameters.random_seed = SOLVER_SEED
    solver.parameters.max_deterministic_time = work
    solver.parameters.max_time_in_seconds = WALL_SAFETY
    return solver


def _break_symmetry(model: cp_model.CpModel, x: list[list[cp_model.IntVar]], sizes: Sequence[int]) -> None:
    """Pods of one size in order of their best-ranked player: player ``i`` may sit in pod ``k2``
    only if the pod ``k1`` of that size before it has a player ranked above ``i``."""
    n = len(x)
    previous: dict[int, int] = {}
    for k2, size in enumerate(sizes):
        k1 = previous.get(size)
        previous[size] = k2
        if k1 is None:
            continue
        seen = [model.new_bool_var(f"seen{k1}_{i}") for i in range(n)]  # pod k1 has a player ≤ i
        model.add_implication(seen[0], x[0][k1])
        model.add(x[0][k2] == 0)
        for i in range(1, n):
            model.add_bool_or([seen[i].Not(), seen[i - 1], x[i][k1]])
            model.add_implication(x[i][k2], seen[i - 1])


def _repeats(model: cp_model.CpModel, x: list[list[cp_model.IntVar]], below: list[list[int]]) -> cp_model.LinearExpr:
    """The repeat count: for each player, the past pod-mates ranked below them in their pod."""
    counts = []
    for i, others in enumerate(below):
        if not others:
            continue
        count = model.new_int_var(0, len(others), f"c{i}")
        for k, here in enumerate(x[i]):
            model.add(count >= sum(x[j][k] for j in others)).only_enforce_if(here)
        counts.append(count)
    repeats: cp_model.LinearExpr = _cp_model().LinearExpr.sum(counts)
    return repeats


def _spread(
    model: cp_model.CpModel, x: list[list[cp_model.IntVar]], points: list[int], sizes: Sequence[int]
) -> cp_model.LinearExpr:
    """Σ over pods of size·Σp² − (Σp)²: the sum over every pair in a pod of the squared gap."""
    top = max(points, default=0) * max(sizes)
    total: list[cp_model.LinearExprT] = []
    for k, size in enumerate(sizes):
        total.extend(size * points[i] ** 2 * x[i][k] for i in range(len(x)) if points[i])
        pod_sum = model.new_int_var(0, top, f"sum{k}")
        model.add(pod_sum == sum(points[i] * x[i][k] for i in range(len(x)) if points[i]))
        square = model.new_int_var(0, top * top, f"sq{k}")
        model.add_multiplication_equality(square, [pod_sum, pod_sum])
        total.append(-square)
    spread: cp_model.LinearExpr = _cp_model().LinearExpr.sum(total)
    return spread


def _hint(
    model: cp_model.CpModel,
    x: list[list[cp_model.IntVar]],
    pods: Sequence[Sequence[int]],
    sizes: Sequence[int],
    ranked: Sequence[int],
) -> None:
    """Start the search from ``pods``, matched to the model's pod slots: by size, each size's
    pods by their best-ranked player (the order the symmetry breaking asks for)."""
    index = {p: i for i, p in enumerate(ranked)}
    by_size: dict[int, list[set[int]]] = {}
    for pod in sorted(pods, key=lambda pod: min(index[p] for p in pod)):
        by_size.setdefault(len(pod), []).append({index[p] for p in pod})
    for k, size in enumerate(sizes):
        members = by_size[size].pop(0)
        for i, row in enumerate(x):
            model.add_hint(row[k], i in members)


def _pods(
    solver: cp_model.CpSolver, x: list[list[cp_model.IntVar]], ranked: Sequence[int], sizes: Sequence[int]
) -> list[list[int]]:
    pods: list[list[int]] = [[] for _ in sizes]
    for i, row in enumerate(x):
        for k, var in enumerate(row):
            if solver.boolean_value(var):
                pods[k].append(ranked[i])
    return pods
