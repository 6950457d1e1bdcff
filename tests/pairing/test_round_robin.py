"""Round robin on Berger tables: everyone meets everyone once; drops keep the schedule."""

from __future__ import annotations

from itertools import combinations

import pytest

from tournaments.pairing import (
    ScheduleError,
    berger_schedule,
    round_robin_round,
    round_robin_rounds,
    round_robin_seats,
)
from tournaments.pairing.errors import NotEnoughPlayersError


@pytest.mark.parametrize("count", [2, 3, 4, 5, 6, 7, 8])
def test_every_pair_meets_exactly_once(count: int) -> None:
    seats = round_robin_seats(range(10, 10 + count), seed=3)
    schedule = berger_schedule(seats)
    assert len(schedule) == round_robin_rounds(count)
    games = [frozenset(t) for rnd in schedule for t in rnd if None not in t]
    assert sorted(games, key=sorted) == sorted((frozenset(p) for p in combinations(seats, 2)), key=sorted)
    for rnd in schedule:
        seated = [p for t in rnd for p in t if p is not None]
        assert len(seated) == len(set(seated)) == count


@pytest.mark.parametrize(("count", "rounds"), [(4, 3), (5, 5), (6, 5)])
def test_berger_tables_for_four_five_and_six(count: int, rounds: int) -> None:
    schedule = berger_schedule(list(range(1, count + 1)))
    assert len(schedule) == rounds
    byes = [p for rnd in schedule for t in rnd for p in t if None in t and p is not None]
    if count % 2:
        assert sorted(byes) == list(range(1, count + 1))  # one bye per round, each player once
    else:
        assert byes == []


def test_four_players_follow_the_circle_method() -> None:
    assert berger_schedule([1, 2, 3, 4]) == (
        ((1, 4), (2, 3)),
        ((4, 2), (3, 1)),
        ((3, 4), (1, 2)),
    )


def test_a_dropped_player_keeps_the_schedule_and_gives_byes() -> None:
    seats = (1, 2, 3, 4, 5, 6)
    schedule = berger_schedule(seats)
    plan = round_robin_round(seats, 3, dropped={4})
    partner = next(a if b == 4 else b for a, b in schedule[2] if 4 in (a, b))
    assert partner in plan.byes
    assert 4 not in [p for pairing in plan.pairings for p in (pairing.a, pairing.b)]
    others = {frozenset(t) for t in schedule[2] if 4 not in t}
    assert {frozenset(m) for m in plan.matches} == others
    assert "dropped" in plan.bye_explanation


def test_an_odd_round_robin_gives_the_bye_seats_turn() -> None:
    seats = (1, 2, 3, 4, 5)
    for r in range(1, 6):
        plan = round_robin_round(seats, r)
        assert len(plan.byes) == 1
        assert len(plan.matches) == 2


def test_two_dropped_players_scheduled_together_have_no_table() -> None:
    seats = (1, 2, 3, 4)
    first = berger_schedule(seats)[0]
    a, b = first[0]
    assert a is not None and b is not None
    plan = round_robin_round(seats, 1, dropped={a, b})
    assert plan.byes == ()
    assert len(plan.matches) == 1


def test_seats_depend_on_the_seed_not_on_the_input_order() -> None:
    assert round_robin_seats([3, 1, 2, 9], 5) == round_robin_seats([9, 2, 1, 3], 5)


def test_it_refuses_rounds_outside_the_schedule() -> None:
    with pytest.raises(ScheduleError):
        round_robin_round((1, 2, 3, 4), 4)
    with pytest.raises(NotEnoughPlayersError):
        berger_schedule([1])


def test_round_robin_reasons_name_the_players() -> None:
    seats = (1, 2, 3, 4, 5, 6)
    names = {1: "Eva", 2: "Corvin", 3: "Mira", 4: "Tobin", 5: "Sela", 6: "Ansel"}
    plan = round_robin_round(seats, 3, dropped={4}, names=names)
    for pairing in plan.pairings:
        if pairing.b is None:
            assert pairing.explanation == f"{names[pairing.a]} gets a bye: scheduled opponent Tobin dropped"
        else:
            assert pairing.explanation == f"{names[pairing.a]} v {names[pairing.b]}: scheduled in round 3"
    assert "player" not in plan.bye_explanation
