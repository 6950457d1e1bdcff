"""Pod placements and standings, checked against a worked example done by hand (docs/pairing.md, "Pods")."""

from __future__ import annotations

from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tournaments.pairing import (
    DuplicatePlayerError,
    InvalidResultError,
    PlacementError,
    PlacementPoints,
    PlayerEntry,
    PodPlayer,
    PodResult,
    UnknownPlayerError,
    check_placements,
    compute_pod_standings,
    placement_problems,
    players_for_pairing,
)
from tournaments.pairing.pod_standings import ordinal

EVA, CORVIN, MIRA, TOBIN, ANSEL, BRIDA, DAGNY, FENN = range(1, 9)
NAMES = {EVA: "Eva", CORVIN: "Corvin", MIRA: "Mira", TOBIN: "Tobin", ANSEL: "Ansel", BRIDA: "Brida"}
PLAYERS = [PlayerEntry(p) for p in range(1, 9)]
# Round 1: Eva 1st, Corvin 2nd, Mira 3rd, Tobin 4th; Ansel and Brida tie for 1st, Dagny 3rd, Fenn 4th.
# Round 2: Eva 1st, Ansel 2nd, Mira 3rd, Dagny 4th; Tobin 1st, Brida 2nd, Corvin 3rd, Fenn 4th.
RESULTS = [
    PodResult.of(1, {EVA: 1, CORVIN: 2, MIRA: 3, TOBIN: 4}),
    PodResult.of(1, {ANSEL: 1, BRIDA: 1, DAGNY: 3, FENN: 4}),
    PodResult.of(2, {EVA: 1, ANSEL: 2, MIRA: 3, DAGNY: 4}),
    PodResult.of(2, {CORVIN: 3, BRIDA: 2, TOBIN: 1, FENN: 4}),
]
# By hand, default points 3/2/1/0 (a tie for 1st scores 3 each):
#   points: Eva 6, Ansel 5, Brida 5, Tobin 3, Corvin 3, Mira 2, Dagny 1, Fenn 0 (two rounds each)
#   per round: Eva 3, Ansel 5/2, Brida 5/2, Tobin 3/2, Corvin 3/2, Mira 1, Dagny 1/2, Fenn 0
#   opponents' average:
#     Ansel: r1 (Brida 5/2 + Dagny 1/2 + Fenn 0)/3 = 1, r2 (Eva 3 + Mira 1 + Dagny 1/2)/3 = 3/2 -> 5/4
#     Brida: r1 (Ansel 5/2 + Dagny 1/2 + Fenn 0)/3 = 1, r2 (Corvin 3/2 + Tobin 3/2 + Fenn 0)/3 = 1 -> 1
#     Tobin: r1 (Eva 3 + Corvin 3/2 + Mira 1)/3 = 11/6, r2 (Corvin 3/2 + Brida 5/2 + Fenn 0)/3 = 4/3 -> 19/12
#     Corvin: r1 (Eva 3 + Mira 1 + Tobin 3/2)/3 = 11/6, r2 (Brida 5/2 + Tobin 3/2 + Fenn 0)/3 = 4/3 -> 19/12
#   Ansel above Brida on opponents' average; Tobin above Corvin on placement history (a 1st).


def test_worked_example_ranks_by_points_then_opponents_then_placements() -> None:
    table = compute_pod_standings(PLAYERS, RESULTS, seed=1)
    assert [row.player for row in table] == [EVA, ANSEL, BRIDA, TOBIN, CORVIN, MIRA, DAGNY, FENN]
    assert [row.points for row in table] == [6, 5, 5, 3, 3, 2, 1, 0]
    rows = {row.player: row for row in table}
    assert rows[ANSEL].opponents_average == Fraction(5, 4)
    assert rows[BRIDA].opponents_average == Fraction(1)
    assert rows[TOBIN].opponents_average == rows[CORVIN].opponents_average == Fraction(19, 12)
    assert rows[TOBIN].places == (1, 0, 0, 1)
    assert rows[CORVIN].places == (0, 1, 1, 0)
    assert rows[EVA].places == (2, 0, 0, 0)
    assert all(row.rounds == 2 for row in table)
    assert [row.rank for row in table] == list(range(1, 9))


def test_the_final_tiebreak_is_the_seeded_order_then_the_lower_id() -> None:
    players = [PlayerEntry(p) for p in range(1, 5)]
    results = [PodResult.of(1, {1: 1, 2: 1}), PodResult.of(1, {3: 1, 4: 1})]
    assert [row.player for row in compute_pod_standings(players, results)] == [1, 2, 3, 4]
    orders = {tuple(row.player for row in compute_pod_standings(players, results, seed=s)) for s in range(8)}
    assert len(orders) > 1


def test_dropped_players_stay_in_the_standings_and_through_round_cuts_history() -> None:
    players = [PlayerEntry(p, dropped=(p == FENN)) for p in range(1, 9)]
    table = compute_pod_standings(players, RESULTS, through_round=1)
    rows = {row.player: row for row in table}
    assert rows[FENN].dropped and rows[FENN].points == 0
    assert rows[EVA].points == 3 and rows[EVA].rounds == 1
    # After round 1 Ansel and Brida (opponents 4/3 a round) rank above Eva (1): the lower id breaks their tie.
    assert [row.player for row in table][:3] == [ANSEL, BRIDA, EVA]
    pairing_input = players_for_pairing(table)
    assert PodPlayer(FENN, 0, True) in pairing_input
    assert PodPlayer(EVA, 3, False) in pairing_input


def test_points_per_place_are_a_parameter_with_one_table_per_pod_size() -> None:
    points = PlacementPoints(by_place=(5, 3, 1), by_size=((3, (4, 1, 0)),))
    assert [points.points(place, 4) for place in (1, 2, 3, 4)] == [5, 3, 1, 1]
    assert [points.points(place, 3) for place in (1, 2, 3)] == [4, 1, 0]
    results = [PodResult.of(1, {1: 1, 2: 2, 3: 3}), PodResult.of(1, {4: 1, 5: 2, 6: 3, 7: 4})]
    table = compute_pod_standings([PlayerEntry(p) for p in range(1, 8)], results, points)
    assert {row.player: row.points for row in table} == {1: 4, 2: 1, 3: 0, 4: 5, 5: 3, 6: 1, 7: 1}
    with pytest.raises(InvalidResultError, match="never rise"):
        PlacementPoints(by_place=(1, 2))
    with pytest.raises(InvalidResultError, match="zero or more"):
        PlacementPoints(by_size=((4, (3, -1)),))


@pytest.mark.parametrize("places", [(1, 2, 3, 4), (1, 1, 3, 4), (1, 2, 2, 4), (1, 1, 1, 4), (1, 1, 1, 1), (2, 1, 4, 3)])
def test_standard_competition_ranking_is_accepted(places: tuple[int, ...]) -> None:
    assert placement_problems((1, 2, 3, 4), dict(zip((1, 2, 3, 4), places, strict=True))) == []


@pytest.mark.parametrize(
    ("places", "message"),
    [
        (
            {EVA: 1, CORVIN: 1, MIRA: 2, TOBIN: 3},
            "Mira is placed 2nd, but 2 players finished ahead, so the place is 3rd",
        ),
        ({EVA: 2, CORVIN: 2, MIRA: 3, TOBIN: 4}, "Eva and Corvin are placed 2nd, but no one finished ahead"),
        (
            {EVA: 1, CORVIN: 2, MIRA: 2, TOBIN: 3},
            "Tobin is placed 3rd, but 3 players finished ahead, so the place is 4th",
        ),
        ({EVA: 1, CORVIN: 3, MIRA: 3, TOBIN: 4}, "Corvin and Mira are placed 3rd, but 1 player finished ahead"),
        ({EVA: 1, CORVIN: 2, MIRA: 3}, "Tobin has no place"),
        ({EVA: 1, CORVIN: 2, MIRA: 3, TOBIN: 4, ANSEL: 4}, "Ansel is not in this pod"),
        ({EVA: 1, CORVIN: 2, MIRA: 3, TOBIN: 5}, "Tobin's place 5 is not between 1st and 4th"),
        ({EVA: 0, CORVIN: 2, MIRA: 3, TOBIN: 4}, "Eva's place 0 is not between 1st and 4th"),
    ],
)
def test_impossible_reports_are_refused_naming_what_is_wrong(places: dict[int, int], message: str) -> None:
    pod = (EVA, CORVIN, MIRA, TOBIN)
    with pytest.raises(PlacementError) as refused:
        check_placements(pod, places, NAMES)
    assert message in str(refused.value)
    assert refused.value.problems == tuple(placement_problems(pod, places, NAMES))


def test_every_membership_problem_is_reported_at_once() -> None:
    problems = placement_problems((EVA, CORVIN, MIRA), {EVA: 1, ANSEL: 2, BRIDA: 3}, NAMES)
    assert problems == [
        "Corvin has no place",
        "Mira has no place",
        "Ansel is not in this pod",
        "Brida is not in this pod",
    ]


def test_bad_results_are_refused() -> None:
    with pytest.raises(UnknownPlayerError):
        compute_pod_standings(PLAYERS[:4], RESULTS)
    with pytest.raises(DuplicatePlayerError):
        compute_pod_standings(PLAYERS, [*RESULTS, PodResult.of(2, {EVA: 1, FENN: 2})])
    with pytest.raises(PlacementError, match="the place is 3rd"):
        compute_pod_standings(PLAYERS, [PodResult.of(1, {1: 1, 2: 1, 3: 2})])
    with pytest.raises(InvalidResultError, match="3 players but 2 places"):
        PodResult(1, (1, 2, 3), (1, 2))
    with pytest.raises(InvalidResultError, match="round must be 1 or more"):
        PodResult(0, (1, 2), (1, 2))


def test_ordinals() -> None:
    assert [ordinal(n) for n in (1, 2, 3, 4, 11, 12, 13, 21, 22, 23, 101, 111)] == [
        "1st",
        "2nd",
        "3rd",
        "4th",
        "11th",
        "12th",
        "13th",
        "21st",
        "22nd",
        "23rd",
        "101st",
        "111th",
    ]


# --- properties -----------------------------------------------------------------------

finishes = st.lists(st.integers(0, 3), min_size=2, max_size=6)  # a score per seat; equal scores tie


def competition_places(scores: list[int]) -> list[int]:
    """1 + how many scored more: the standard competition ranking of the scores."""
    return [1 + sum(other > mine for other in scores) for mine in scores]


@settings(max_examples=200, deadline=None)
@given(finishes)
def test_every_finish_ranked_1224_is_accepted(scores: list[int]) -> None:
    pod = tuple(range(1, len(scores) + 1))
    assert placement_problems(pod, dict(zip(pod, competition_places(scores), strict=True))) == []


@settings(max_examples=200, deadline=None)
@given(st.lists(st.integers(1, 6), min_size=2, max_size=6))
def test_a_report_is_accepted_exactly_when_it_ranks_some_finish(places: list[int]) -> None:
    pod = tuple(range(1, len(places) + 1))
    ranks_a_finish = competition_places([-p for p in places]) == places
    assert (placement_problems(pod, dict(zip(pod, places, strict=True))) == []) == ranks_a_finish


@settings(max_examples=100, deadline=None)
@given(st.lists(finishes, min_size=1, max_size=6), st.integers(0, 2**32))
def test_standings_rank_everyone_once_by_points(pods: list[list[int]], seed: int) -> None:
    results, next_id = [], 1
    for scores in pods:
        players = range(next_id, next_id + len(scores))
        results.append(PodResult(1, tuple(players), tuple(competition_places(scores))))
        next_id += len(scores)
    table = compute_pod_standings([PlayerEntry(p) for p in range(1, next_id)], results, seed=seed)
    assert sorted(row.player for row in table) == list(range(1, next_id))
    assert [row.rank for row in table] == list(range(1, next_id))
    assert [row.points for row in table] == sorted((row.points for row in table), reverse=True)
    for result in results:
        winners = [p for p, place in zip(result.players, result.places, strict=True) if place == 1]
        assert all(row.points == 3 for row in table if row.player in winners)
