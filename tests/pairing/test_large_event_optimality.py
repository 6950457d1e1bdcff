"""Events above the exact limit are paired at the exact optimum of the objective (no pods).

The objective and its optimum are recomputed independently (networkx, in
``test_swiss_optimality``); the package's band and floor are checked against them too.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tournaments.pairing import MatchRecord, PlayerEntry, SwissSettings, pair_swiss_round
from tournaments.pairing.matching import band_cuts, band_order, solve_banded, solve_split
from tournaments.pairing.objective import build_swiss_problem, cost_floor

from .test_swiss_optimality import Objective, plan_tables
from .test_swiss_properties import Case, build_case

DATA = Path(__file__).parent / "data"


def load_event(name: str) -> tuple[list[PlayerEntry], list[MatchRecord]]:
    """Entries and history from a data file: ``dropped: ids`` and one result per line."""
    dropped: set[int] = set()
    history: list[MatchRecord] = []
    for line in (DATA / name).read_text().splitlines():
        if not line or line.startswith("#"):
            continue
        if line.startswith("dropped:"):
            dropped = {int(p) for p in line.removeprefix("dropped:").split()}
        else:
            history.append(MatchRecord.from_text(line))
    ids = sorted({p for record in history for p in record.players()})
    return [PlayerEntry(p, None, p in dropped) for p in ids], history


@pytest.mark.slow  # long: run by `make test` and CI, not by `make test-fast`
def test_late_entries_event_round_7_is_paired_at_the_optimum() -> None:
    """Regression: the score-group pass paired this round at a squared gap of 18, the optimum is 16."""
    players, history = load_event("late_entries_round7.txt")
    assert sum(not p.dropped for p in players) == 229
    plan = pair_swiss_round(players, history, 7, seed=657402134)
    objective = Objective(players, history, 657402134, pods_on=False)
    best = objective.exact_optimum()
    assert best == (0, 0, 0, 0, 16)
    assert objective.total(plan_tables(plan)) == best


big_cases = st.builds(
    build_case,
    count=st.integers(10, 48),
    rounds=st.integers(1, 7),
    seed=st.integers(0, 2**32),
    drops=st.integers(0, 4),
    pods=st.just(0),
)


@settings(max_examples=40, deadline=None)
@given(big_cases, st.sampled_from([4, 8, 16]))
def test_the_large_event_path_reaches_the_exact_optimum(case: Case, exact_limit: int) -> None:
    """A lowered exact limit sends these events down the large-event path."""
    players, history, round_number, seed = case
    plan = pair_swiss_round(players, history, round_number, seed, SwissSettings(exact_limit=exact_limit))
    objective = Objective(players, history, seed, pods_on=False)
    assert objective.total(plan_tables(plan)) == objective.exact_optimum()


@settings(max_examples=60, deadline=None)
@given(big_cases)
def test_the_band_holds_an_optimal_pairing_and_the_floor_is_below_every_pairing(case: Case) -> None:
    players, history, round_number, seed = case
    problem = build_swiss_problem(players, history, round_number, seed)
    objective = Objective(players, history, seed, pods_on=False)
    best = objective.exact_optimum()
    ids = list(problem.ranked)
    assert objective.total(solve_banded(problem, ids)) == best
    assert cost_floor(problem, ids).as_tuple() <= best


wide_cases = st.builds(
    build_case,
    count=st.integers(40, 80),
    rounds=st.integers(1, 2),
    seed=st.integers(0, 2**32),
    drops=st.integers(0, 3),
    pods=st.just(0),
)


@settings(max_examples=25, deadline=None)
@given(wide_cases)
def test_the_split_band_reaches_the_exact_optimum(case: Case) -> None:
    """Early rounds of 40 to 80 players have wide equal-point runs, so the round is cut."""
    players, history, round_number, seed = case
    problem = build_swiss_problem(players, history, round_number, seed)
    objective = Objective(players, history, seed, pods_on=False)
    assert objective.total(solve_split(problem, list(problem.ranked))) == objective.exact_optimum()


def test_a_round_with_wide_equal_point_runs_is_cut_and_still_optimal() -> None:
    players, history, round_number, seed = build_case(81, 1, 7, 0, 0)
    problem = build_swiss_problem(players, history, round_number, seed)
    order = band_order(problem, list(problem.ranked))
    cuts = band_cuts(problem, order)
    assert cuts
    points = [problem.points[p] for p in order]
    for k in cuts:
        assert k % 2 == 0 and len(set(points[k - 8 : k + 8])) == 1  # one past opponent each: w = 4
    objective = Objective(players, history, seed, pods_on=False)
    tables = solve_split(problem, list(problem.ranked))
    for k in cuts:
        left = set(order[:k])
        assert all((a in left) == (b in left) for a, b in tables if b is not None)
    assert objective.total(tables) == objective.exact_optimum()
