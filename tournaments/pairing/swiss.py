"""Swiss pairing: who plays whom in the next round, and why.

Decides the tables of one Swiss round from the entries, the results so far and the event
seed. The objective is :class:`~tournaments.pairing.objective.PairingCost` (repeat byes,
then rematches, then cross-pod tables in pod rounds, then the bye's rank, then the squared
score gaps). Words:

- *score group*: the active players with the same match points.
- *pair-down*: a table whose players have different points; the higher one is *paired down*.
- *carry*: players a score group could not seat, handed to the next group down.
- *tail*: the lowest-ranked players, always solved together exactly (see below).

Algorithm (see ``docs/pairing.md``):

1. Events of at most ``exact_limit`` active players (64 by default) are one exact
   maximum-weight matching over every possible table.
2. Larger events are cut into the *top* and the *tail*. The tail is the bottom
   ``max(exact_limit, 2 × (most past opponents + 1) + 1)`` players, extended upwards to include
   the player who should get the bye. The top is processed score group by score group,
   best first: a big group is paired by a seeded shuffle with rematch repair
   (:func:`~tournaments.pairing.matching.pair_big_group`), a small one by a window matching
   with the next players down as possible partners. Whoever is left is carried down.
3. The carry and the tail are solved exactly. Because the tail is above the Dirac size, a
   rematch-free completion always exists there, so the greedy top pass can never paint the
   bottom into a corner, and the bye goes to the lowest-ranked eligible player.
4. That fast pass is kept only when it costs exactly
   :func:`~tournaments.pairing.objective.cost_floor`, which no pairing can beat. Otherwise
   the round is one matching over the band of tables between players at most
   ``2 × (most past opponents) + 2`` places apart in points order
   (:func:`~tournaments.pairing.matching.solve_banded`), split where wide runs of equal points
   allow (:func:`~tournaments.pairing.matching.solve_split`); exact outside pod rounds.

Pod rounds (the first ``pod_rounds`` rounds of a draft event) add the cross-pod cost; large
pod events pair each pod by a window and send the players a pod cannot seat to one pool.
Randomness only comes from ``random.Random`` seeded by the event seed and round number.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from itertools import groupby

from .matching import Table, dirac_size, pair_big_group, solve_exact, solve_split, solve_window
from .objective import PairingCost, SwissProblem, build_swiss_problem, cost_floor
from .records import MatchRecord, Namer, Pairing, PlayerEntry, RoundPlan, namer
from .standings import StandingsSettings

__all__ = [
    "SwissSettings",
    "pair_swiss_round",
    "pairing_cost",
    "solve_problem",
]

#: Groups at least this big (and above the Dirac size) take the shuffle-and-repair path.
BIG_GROUP = 24
#: The exact tail may grow to this many times ``exact_limit`` to swallow small groups.
TAIL_GROWTH = 2.5


@dataclass(frozen=True, slots=True)
class SwissSettings:
    """Event settings for Swiss pairing."""

    #: Pair inside draft pods for rounds 1..pod_rounds (0 = never).
    pod_rounds: int = 0
    standings: StandingsSettings = field(default_factory=StandingsSettings)
    #: Up to this many active players the whole round is one exact matching; it is also
    #: the smallest tail of a larger event.
    exact_limit: int = 64


def pair_swiss_round(
    players: Sequence[PlayerEntry],
    history: Sequence[MatchRecord],
    round_number: int,
    seed: int,
    settings: SwissSettings | None = None,
    names: Mapping[int, str] | None = None,
) -> RoundPlan:
    """Pair round ``round_number`` given every earlier result; deterministic for the seed.

    The explanations name players by ``names`` (player id to public name); a player missing
    from it reads "player <id>"."""
    settings = settings or SwissSettings()
    problem = build_swiss_problem(players, history, round_number, seed, settings.pod_rounds, settings.standings)
    tables = solve_problem(problem, settings.exact_limit)
    return _plan(problem, tables, history, namer(names))


def pairing_cost(
    players: Sequence[PlayerEntry],
    history: Sequence[MatchRecord],
    plan: RoundPlan,
    seed: int,
    settings: SwissSettings | None = None,
) -> PairingCost:
    """The objective value of ``plan`` (for audits, and to compare pairings)."""
    settings = settings or SwissSettings()
    problem = build_swiss_problem(players, history, plan.round, seed, settings.pod_rounds, settings.standings)
    return problem.cost((p.a, p.b) for p in plan.pairings)


def solve_problem(problem: SwissProblem, exact_limit: int = 64) -> list[Table]:
    """The tables of one round (a bye is ``(player, None)``)."""
    if problem.pods_apply and problem.size > exact_limit:
        return _solve_pods(problem, exact_limit)
    return _solve_swiss(problem, list(problem.ranked), exact_limit)


def _solve_swiss(problem: SwissProblem, ids: list[int], exact_limit: int) -> list[Table]:
    tail_size = _tail_size(problem, ids, exact_limit)
    if tail_size >= len(ids):
        return solve_exact(problem, ids)
    top, tail = ids[:-tail_size], ids[-tail_size:]
    tables, carry = _top_down(problem, top)
    tables += solve_exact(problem, carry + tail)
    if problem.cost(tables) == cost_floor(problem, ids):
        return tables  # provably optimal: nothing can cost less than the floor
    return solve_split(problem, ids)


def _tail_size(problem: SwissProblem, ids: list[int], exact_limit: int) -> int:
    """How many of the lowest-ranked ``ids`` must be solved together exactly.

    At least ``exact_limit`` and above the Dirac size; down to the bye candidate; then
    grown to a score-group boundary while the groups just above are small (small groups
    are where a greedy pass goes wrong), up to ``TAIL_GROWTH × exact_limit`` players.
    """
    size = max(exact_limit, dirac_size(problem) + 1)
    if len(ids) % 2:
        # The bye candidate: fewest byes first, then lowest-ranked.
        best = min(range(len(ids)), key=lambda i: (problem.byes[ids[i]], -i))
        size = max(size, len(ids) - best)
    if size >= len(ids):
        return size
    cap = max(size, int(TAIL_GROWTH * exact_limit))
    big = max(BIG_GROUP, dirac_size(problem))
    start = len(ids) - size
    while start > 0:
        first, end = _group_bounds(problem, ids, start if start < len(ids) else start - 1)
        if first == start:  # on a boundary: look at the group above
            first, end = _group_bounds(problem, ids, start - 1)
        if end - first >= big or len(ids) - first > cap:
            break
        start = first
    return len(ids) - start


def _group_bounds(problem: SwissProblem, ids: list[int], index: int) -> tuple[int, int]:
    """``(first, end)`` indexes of the score group holding ``ids[index]``."""
    score = problem.points[ids[index]]
    first, end = index, index + 1
    while first > 0 and problem.points[ids[first - 1]] == score:
        first -= 1
    while end < len(ids) and problem.points[ids[end]] == score:
        end += 1
    return first, end


def _top_down(problem: SwissProblem, top: list[int]) -> tuple[list[Table], list[int]]:
    """Pair the top players group by group; return the tables and the carry."""
    groups = [list(g) for _, g in groupby(top, key=problem.points.__getitem__)]
    big = max(BIG_GROUP, dirac_size(problem))
    used: set[int] = set()
    tables: list[Table] = []
    carry: list[int] = []
    for index, group in enumerate(groups):
        members = [p for p in group if p not in used]
        if len(members) - len(carry) >= big:
            new_tables, carry = _pair_big(problem, carry, members)
        else:
            lookahead = _lookahead(problem, groups[index + 1 :], used, len(carry) + len(members))
            new_tables, carry = solve_window(problem, carry + members, lookahead)
            used.update(p for table in new_tables for p in table if p is not None)
        tables.extend(new_tables)
    return tables, carry


def _pair_big(problem: SwissProblem, carry: list[int], members: list[int]) -> tuple[list[Table], list[int]]:
    """Seat the carry inside a big group, then pair the rest of the group."""
    tables: list[Table] = []
    if carry:
        shuffled = sorted(members, key=problem.shuffle_key.__getitem__)
        partners = shuffled[: 2 * len(carry) + problem.max_degree + 2]
        tables, carry = solve_window(problem, carry, partners)
        seated = {p for table in tables for p in table}
        members = [p for p in members if p not in seated]
    group_tables, leftover = pair_big_group(problem, members)
    return tables + list(group_tables), carry + leftover


def _lookahead(problem: SwissProblem, below: list[list[int]], used: set[int], pool_size: int) -> list[int]:
    """The next players down that a window may pair its pool with.

    Small groups come whole, so the window sees whether they can still pair among
    themselves; a big group (Dirac-safe by itself) contributes a slice.
    """
    want = 2 * pool_size + problem.max_degree + 2
    big = max(BIG_GROUP, dirac_size(problem))
    found: list[int] = []
    for group in below:
        free = [p for p in group if p not in used]
        found.extend(free if len(free) < big else free[: max(0, want - len(found))])
        if len(found) >= want:
            break
    return found


def _solve_pods(problem: SwissProblem, exact_limit: int) -> list[Table]:
    """Pair each pod inside itself; players a pod cannot seat meet across pods.

    The bye is decided first (fewest byes, then preferring a player whose pod has an odd
    count so it is left even, then lowest-ranked) because the pods are solved separately.
    """
    by_pod: dict[int | None, list[int]] = {}
    for player in problem.ranked:
        by_pod.setdefault(problem.pods[player], []).append(player)
    tables: list[Table] = []
    if problem.size % 2:
        bye = min(
            problem.ranked,
            key=lambda p: (problem.byes[p], len(by_pod[problem.pods[p]]) % 2 == 0, -problem.position[p]),
        )
        by_pod[problem.pods[bye]].remove(bye)
        tables.append((bye, None))
    loose = by_pod.pop(None, [])
    for pod in sorted(k for k in by_pod if k is not None):
        pod_tables, left = solve_window(problem, by_pod[pod])
        tables.extend(pod_tables)
        loose.extend(left)
    loose.sort(key=problem.position.__getitem__)
    return tables + _solve_swiss(problem, loose, exact_limit)


# --- explanations ---------------------------------------------------------------------


def _plan(problem: SwissProblem, tables: list[Table], history: Sequence[MatchRecord], who: Namer) -> RoundPlan:
    met: dict[frozenset[int], int] = {}
    for record in history:
        if record.b is not None:
            key = frozenset((record.a, record.b))
            met[key] = max(met.get(key, 0), record.round)
    games = [_ordered(problem, a, b) for a, b in tables if b is not None]
    games.sort(key=lambda t: (-problem.points[t[0]], problem.position[t[0]]))
    pairings = [Pairing(n, a, b, _explain(problem, a, b, met, who)) for n, (a, b) in enumerate(games, 1)]
    bye_text = ""
    for a, b in tables:
        if b is None:
            bye_text = _explain_bye(problem, a, who)
            pairings.append(Pairing(len(pairings) + 1, a, None, bye_text))
    return RoundPlan(problem.round, tuple(pairings), bye_text)


def _ordered(problem: SwissProblem, a: int, b: int) -> tuple[int, int]:
    return (a, b) if problem.position[a] < problem.position[b] else (b, a)


def _pts(problem: SwissProblem, player: int, who: Namer) -> str:
    return f"{who(player)} ({problem.points[player]} pts)"


def _explain(problem: SwissProblem, a: int, b: int, met: dict[frozenset[int], int], who: Namer) -> str:
    high, low = (a, b) if problem.points[a] >= problem.points[b] else (b, a)
    score = problem.points[high]
    if problem.points[high] == problem.points[low]:
        text = f"{_pts(problem, high, who)} v {_pts(problem, low, who)}: same score group"
    else:
        text = f"{_pts(problem, high, who)} paired down to {_pts(problem, low, who)}: "
        text += _pair_down_reason(problem, high, score)
    if problem.played(a, b):
        text += (
            f"; REMATCH (last met in round {met[frozenset((a, b))]}): "
            "no pairing of the remaining players avoided every rematch"
        )
    if problem.cross_pod(a, b):
        text += (
            f"; across pods {problem.pods[a]} and {problem.pods[b]}: no same-pod opponent was left without a rematch"
        )
    return text


def _pair_down_reason(problem: SwissProblem, high: int, score: int) -> str:
    group = [p for p in problem.ranked if problem.points[p] == score]
    others = [p for p in group if p != high]
    if not others:
        return f"alone in the {score}-point group"
    if all(problem.played(high, p) for p in others):
        return f"no opponent left in the {score}-point group without a rematch"
    if len(group) % 2:
        return f"the {score}-point group has {len(group)} players, an odd number, so one pairs down"
    return (
        f"the rest of the {score}-point group had to be paired among themselves "
        "to avoid rematches or a bigger pair-down"
    )


def _explain_bye(problem: SwissProblem, player: int, who: Namer) -> str:
    rank = problem.position[player] + 1
    head = f"{who(player)} (rank {rank} of {problem.size}, {problem.points[player]} pts) gets the bye"
    below = problem.ranked[rank:]
    if problem.byes[player]:
        return f"{head}: every active player has had a bye; fewest byes, then lowest-ranked"
    if not below:
        return f"{head}: lowest-ranked active player without a bye"
    eligible_below = [p for p in below if not problem.byes[p]]
    if not eligible_below:
        names = ", ".join(who(p) for p in below)
        return f"{head}: lowest-ranked player without a bye (lower-ranked {names} already had one)"
    names = ", ".join(who(p) for p in eligible_below)
    return f"{head}: giving it to lower-ranked {names} would have forced a rematch or a worse pairing elsewhere"
