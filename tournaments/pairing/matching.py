"""Matching building blocks for the Swiss pairer: exact solves, windows and big groups.

Decides how a set of players is paired. Four tools:

- :func:`solve_exact` — one maximum-weight perfect matching (rustworkx) over every pair of
  the given players plus a phantom *bye* seat when their count is odd, with weights from
  :func:`~tournaments.pairing.objective.edge_weight`. Exact for the objective.
- :func:`solve_banded` — the same matching with fewer edges: with the players sorted by
  points (the *band order*), a table is offered only to two players at most ``2 * d + 2``
  places apart, ``d`` being the most of these players any one of them has met; every bye is
  offered. Outside pod rounds it is still exact (the exchange argument is in
  ``docs/pairing.md``). :func:`solve_split` first cuts the round into parts wherever a wide
  run of equal points allows it (:func:`band_cuts`) and solves each part so; large events use
  it when the fast pass cannot be proven optimal.
- :func:`solve_window` — a *window* is a small *pool* (a score group plus players carried
  down from above) and a *lookahead* (the next players down). Rematch tables are not
  allowed. It pairs as many pool players as possible, then minimises the score gap, and
  leaves the lowest-ranked pool players unpaired; they are *carried* to the next window.
- :func:`pair_big_group` — a large group of equal-score players is paired by walking a
  seeded shuffle two by two; a table that would be a rematch is *repaired* by solving a
  rematch-free maximum matching on the conflicting players plus a few neighbours.

Why the repair always succeeds: in any set of ``m`` players where everyone has met at most
``d`` of the others, each player can meet at least ``m - 1 - d`` of them; when
``m >= 2 * (d + 1)`` this is at least ``m / 2``, so by Dirac's theorem the "may meet" graph
has a Hamiltonian cycle and hence a perfect matching (``m`` even).

Ties: rustworkx breaks ties between equally good matchings differently from run to run, so
every weight gets a low-order *jitter*, a 40-bit hash of the round's salt and the two
players, below every objective level. By the isolation lemma the best matching is then
unique except with probability at most (edges / 2**40), so a pairing is a function of the
seed and the history, and among equally good pairings the seed picks one at random.
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import pairwise

import rustworkx as rx

from .objective import SwissProblem, cost_scale, edge_weight

__all__ = [
    "Table",
    "band_cuts",
    "band_order",
    "band_width",
    "dirac_size",
    "jitter",
    "max_rematch_free",
    "pair_big_group",
    "solve_banded",
    "solve_exact",
    "solve_split",
    "solve_window",
]

#: A table: two players, or a player and ``None`` for the bye.
Table = tuple[int, int | None]


_MASK64 = (1 << 64) - 1
_JITTER_BITS = 40
#: rustworkx keeps weights in 128-bit integers; stay clear of the edge.
_WEIGHT_BITS = 120


def jitter(salt: int, a: int, b: int | None) -> int:
    """A 40-bit pseudo-random number for the table (a, b), symmetric (splitmix64)."""
    x, y = a, -1 if b is None else b
    lo, hi = (x, y) if x < y else (y, x)
    z = (salt + lo * 0x9E3779B97F4A7C15 + hi * 0xD1B54A32D192ED03) & _MASK64
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK64
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK64
    return (z ^ (z >> 31)) >> (64 - _JITTER_BITS)


def _jittered(tables: int, top: int) -> tuple[int, int]:
    """The factor lifting objective weights above the jitter, and how far to shift it."""
    room = _WEIGHT_BITS - top.bit_length() - (tables + 1).bit_length()
    bits = max(0, min(_JITTER_BITS, room))
    return (tables + 1) << bits, _JITTER_BITS - bits


def dirac_size(problem: SwissProblem) -> int:
    """Smallest even set size that always has a rematch-free perfect matching."""
    return 2 * (problem.max_degree + 1)


def solve_exact(problem: SwissProblem, ids: Sequence[int]) -> list[Table]:
    """Pair ``ids`` (plus the bye when odd) minimising the full objective exactly."""
    ordered: list[int] = sorted(ids, key=problem.shuffle_key.__getitem__)
    nodes: list[int | None] = [*ordered]
    if len(nodes) % 2:
        nodes.append(None)
    scale = cost_scale(problem, ids)
    lift, shift = _jittered(len(nodes) // 2, scale.top)
    graph = rx.PyGraph()
    graph.add_nodes_from(nodes)
    for i, a in enumerate(nodes):
        for j in range(i + 1, len(nodes)):
            b = nodes[j]
            assert a is not None  # the bye seat is last
            weight = edge_weight(problem.edge_cost(a, b), scale) * lift
            graph.add_edge(i, j, weight + (jitter(problem.salt, a, b) >> shift))
    pairs = rx.max_weight_matching(graph, max_cardinality=True, weight_fn=lambda w: int(w), verify_optimum=False)
    return [_table(nodes[i], nodes[j]) for i, j in _canonical(pairs)]


def _canonical(pairs: set[tuple[int, int]]) -> list[tuple[int, int]]:
    """rustworkx returns pairs in no fixed order or orientation; fix both."""
    return sorted((min(i, j), max(i, j)) for i, j in pairs)


def _table(x: int | None, y: int | None) -> Table:
    if x is None:
        assert y is not None
        return (y, None)
    return (x, y)


def band_width(problem: SwissProblem, ids: Sequence[int]) -> int:
    """How many places apart in the band order two players of ``ids`` may be and still get a table.

    ``2 * d + 2``, where ``d`` is the most players of ``ids`` any one of them has already met.
    """
    inside = set(ids)
    most = max((len(problem.opponents[p] & inside) for p in ids), default=0)
    return 2 * most + 2


def band_order(problem: SwissProblem, ids: Sequence[int]) -> list[int]:
    """``ids`` by points, best first; equal points in the round's seeded shuffle order."""
    return sorted(ids, key=lambda p: (-problem.points[p], problem.shuffle_key[p]))


def solve_banded(problem: SwissProblem, ids: Sequence[int]) -> list[Table]:
    """Pair ``ids`` (plus the bye when odd) minimising the full objective exactly, pods aside.

    Same weights as :func:`solve_exact`, but a table is offered only to two players at most
    :func:`band_width` places apart in :func:`band_order`; the bye is offered to everyone.
    Outside pod rounds some optimal pairing uses only those tables (the exchange argument in
    ``docs/pairing.md``), so the matching is exact while the graph has about
    ``len(ids) * band_width`` edges instead of ``len(ids) ** 2 / 2``.
    """
    order = band_order(problem, ids)
    nodes: list[int | None] = [*order]
    if len(nodes) % 2:
        nodes.append(None)
    scale = cost_scale(problem, ids)
    lift, shift = _jittered(len(nodes) // 2, scale.top)
    width = band_width(problem, order)
    salt = problem.salt
    edges: list[tuple[int, int, int]] = []
    for i, a in enumerate(order):
        for j in range(i + 1, min(len(order), i + width + 1)):
            b = order[j]
            weight = edge_weight(problem.edge_cost(a, b), scale) * lift
            edges.append((i, j, weight + (jitter(salt, a, b) >> shift)))
    if len(nodes) > len(order):
        bye = len(order)
        for i, a in enumerate(order):
            weight = edge_weight(problem.edge_cost(a, None), scale) * lift
            edges.append((i, bye, weight + (jitter(salt, a, None) >> shift)))
    graph = rx.PyGraph()
    graph.add_nodes_from(nodes)
    graph.add_edges_from(edges)
    pairs = rx.max_weight_matching(graph, max_cardinality=True, weight_fn=lambda w: int(w), verify_optimum=False)
    return [_table(nodes[i], nodes[j]) for i, j in _canonical(pairs)]


def band_cuts(problem: SwissProblem, order: Sequence[int]) -> list[int]:
    """Places where the round splits into parts that can be paired separately, exactly.

    ``order`` is in :func:`band_order`; a cut ``k`` puts ``order[:k]`` on one side. With
    ``w`` the :func:`band_width`, a cut needs: ``k`` even; the ``2w`` players on each side
    of it all on the same points; every player who may get the bye (the ``d + 1``
    lowest-ranked of those with the fewest byes) at least ``2w`` places after it; and at
    least ``5w`` places since the previous cut. Why that is exact: ``docs/pairing.md``.
    """
    width = band_width(problem, order)
    zone = 2 * width
    limit = len(order)
    if len(order) % 2:
        fewest = min(problem.byes[p] for p in order)
        eligible = sorted((p for p in order if problem.byes[p] == fewest), key=problem.position.__getitem__)
        candidates = set(eligible[-(width // 2) :])  # width // 2 == d + 1
        limit = min(i for i, p in enumerate(order) if p in candidates)
    points = [problem.points[p] for p in order]
    cuts: list[int] = []
    k = zone
    while k + zone <= limit:
        if points[k - zone] == points[k + zone - 1]:
            cuts.append(k)
            k += 2 * zone + width
        else:
            k += 2
    return cuts


def solve_split(problem: SwissProblem, ids: Sequence[int]) -> list[Table]:
    """:func:`solve_banded` on each part between :func:`band_cuts`; exact outside pod rounds."""
    order = band_order(problem, ids)
    bounds = [0, *band_cuts(problem, order), len(order)]
    tables: list[Table] = []
    for lo, hi in pairwise(bounds):
        tables.extend(solve_banded(problem, order[lo:hi]))
    return tables


def solve_window(
    problem: SwissProblem, pool: Sequence[int], lookahead: Sequence[int] = ()
) -> tuple[list[Table], list[int]]:
    """Pair the pool (with lookahead players as partners) without rematches.

    The lookahead players may also be matched among themselves, so that the pool does not
    take a partner the next group needs; only tables with a pool player are returned.
    Priorities: pool players seated, lookahead players seated, smallest score gap, the
    pool's unseated players lowest-ranked. Returns the tables and the unseated pool players.
    """
    pool = sorted(pool, key=problem.position.__getitem__)
    nodes = pool + list(lookahead)
    size = len(pool)
    scores = [problem.points[p] for p in nodes] or [0]
    gap_unit = size * size + 1
    look_unit = gap_unit * ((len(nodes) // 2 + 1) * (max(scores) - min(scores)) ** 2 + 1)
    pool_unit = look_unit * (len(nodes) + 1)
    lift, shift = _jittered(len(nodes) // 2, (len(nodes) + 1) * pool_unit)
    graph = rx.PyGraph()
    graph.add_nodes_from(nodes)
    for i, a in enumerate(nodes):
        for j in range(i + 1, len(nodes)):
            b = nodes[j]
            if problem.played(a, b):
                continue
            ends = (i < size) + (j < size)
            bonus = (size - i if i < size else 0) + (size - j if j < size else 0)
            weight = ends * pool_unit + (2 - ends) * look_unit - gap_unit * problem.gap(a, b) + bonus
            graph.add_edge(i, j, weight * lift + (jitter(problem.salt, a, b) >> shift))
    pairs = rx.max_weight_matching(graph, weight_fn=lambda w: int(w))
    tables: list[Table] = [(nodes[i], nodes[j]) for i, j in _canonical(pairs) if i < size]
    used = {p for t in tables for p in t}
    return list(tables), [p for p in pool if p not in used]


def max_rematch_free(problem: SwissProblem, ids: Sequence[int]) -> list[tuple[int, int]]:
    """A maximum-cardinality matching of ``ids`` using only tables that are not rematches."""
    graph = rx.PyGraph()
    graph.add_nodes_from(ids)
    for i, a in enumerate(ids):
        for j in range(i + 1, len(ids)):
            if not problem.played(a, ids[j]):
                graph.add_edge(i, j, 1 + jitter(problem.salt, a, ids[j]))
    pairs = rx.max_weight_matching(graph, max_cardinality=True, weight_fn=lambda w: int(w))
    return [(ids[i], ids[j]) for i, j in _canonical(pairs)]


def pair_big_group(
    problem: SwissProblem, group: Sequence[int], floater_ok: bool = True
) -> tuple[list[tuple[int, int]], list[int]]:
    """Pair a large group of equal-score players without rematches.

    When the group is odd its lowest-ranked player is left over (to be carried down).
    Needs ``len(group) >= dirac_size(problem)`` for the repair to be guaranteed.
    """
    members = sorted(group, key=problem.shuffle_key.__getitem__)
    leftover: list[int] = []
    if len(members) % 2 and floater_ok:
        lowest = max(members, key=problem.position.__getitem__)
        members.remove(lowest)
        leftover.append(lowest)
    tables = [(members[i], members[i + 1]) for i in range(0, len(members) - 1, 2)]
    bad = [i for i, (a, b) in enumerate(tables) if problem.played(a, b)]
    if bad:
        tables = _repair(problem, tables, bad)
    return tables, leftover


def _repair(problem: SwissProblem, tables: list[tuple[int, int]], bad: list[int]) -> list[tuple[int, int]]:
    """Re-pair the rematch tables together with enough good tables to make it solvable."""
    want = max(dirac_size(problem), 4 * len(bad) + 8)
    chosen = set(bad)
    step = 1
    while len(chosen) * 2 < want and len(chosen) < len(tables):
        for i in bad:
            for k in (i - step, i + step):
                if 0 <= k < len(tables):
                    chosen.add(k)
        step += 1
    while True:
        ids = [p for k in sorted(chosen) for p in tables[k]]
        fixed = max_rematch_free(problem, ids)
        if 2 * len(fixed) == len(ids):
            kept = [t for k, t in enumerate(tables) if k not in chosen]
            return kept + fixed
        if len(chosen) == len(tables):
            return tables  # cannot happen above the Dirac size; keep the rematches
        chosen.update(range(min(len(tables), 2 * len(chosen))))
