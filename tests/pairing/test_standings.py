"""Standings and tiebreakers, checked against numbers worked out by hand."""

from __future__ import annotations

import pytest

from tournaments.pairing import (
    MatchRecord,
    PlayerEntry,
    Standing,
    StandingsSettings,
    TiebreakSystem,
    UnknownPlayerError,
    compute_standings,
)
from tournaments.pairing.errors import DuplicatePlayerError

# An 8-player, 3-round Swiss. Player 8 drops after round 1, so rounds 2 and 3 have a bye.
#   r1: 1 beats 2 2-0, 3 beats 4 2-1, 5 beats 6 2-1, 7 and 8 draw 1-1 with a drawn game
#   r2: 1 beats 3 2-0, 5 beats 7 2-0, 2 beats 4 2-1, 6 has the bye
#   r3: 1 beats 5 2-1, 3 beats 6 2-0, 2 and 7 draw 1-1, 4 has the bye
EIGHT = [PlayerEntry(i, dropped=(i == 8)) for i in range(1, 9)]
EIGHT_HISTORY = [
    MatchRecord(1, 1, 2, 2, 0),
    MatchRecord(1, 3, 4, 2, 1),
    MatchRecord(1, 5, 6, 2, 1),
    MatchRecord(1, 7, 8, 1, 1, 1),
    MatchRecord(2, 1, 3, 2, 0),
    MatchRecord(2, 5, 7, 2, 0),
    MatchRecord(2, 2, 4, 2, 1),
    MatchRecord.bye(2, 6),
    MatchRecord(3, 1, 5, 2, 1),
    MatchRecord(3, 3, 6, 2, 0),
    MatchRecord(3, 2, 7, 1, 1),
    MatchRecord.bye(3, 4),
]
# By hand, byes counted in a player's own MW%/GW% (the default):
#   points: 1:9  2:4  3:6  4:3  5:6  6:3  7:2  8:1
#   MW%:   1: 9/9 = 1      2: 4/9 = .4444   3: 6/9 = .6667   4: 3/9 = .3333 (bye counted)
#          5: 6/9 = .6667  6: 3/9 = .3333   7: 2/9 = .2222 -> floored to .33   8: 1/3 = .3333
#   GW%:   1: won 6 lost 1 -> 18/21 = .857143    2: won 3 lost 4 -> 9/21 = .428571
#          3: won 4 lost 3 -> 12/21 = .571429    4: won 2 + bye 2, lost 4 -> 12/24 = .5
#          5: won 5 lost 3 -> 15/24 = .625       6: won 1 + bye 2, lost 4 -> 9/21 = .428571
#          7: won 2 lost 4 drew 1 -> 7/21 = .3333   8: won 1 lost 1 drew 1 -> 4/9 = .4444
#   OMW% (byes left out): 1: (4/9 + 6/9 + 6/9)/3 = 16/27 = .592593
#          2: (1 + 1/3 + .33)/3 = .554444      3: (1/3 + 1 + 1/3)/3 = .555556
#          4: (6/9 + 4/9)/2 = .555556          5: (1/3 + .33 + 1)/3 = .554444
#          6: (6/9 + 6/9)/2 = .666667          7: (1/3 + 6/9 + 4/9)/3 = 13/27 = .481481
#          8: .33 (its only opponent, 7, is floored)
#   OGW%:  1: (.428571 + .571429 + .625)/3 = .541667
#          3: (.5 + .857143 + .428571)/3 = .595238
#          5: (.428571 + .333333 + .857143)/3 = .539683
#   Order: 1 (9); 3 before 5 on OMW (.5556 > .5544); 2 (4); 6 before 4 on OMW (.6667 > .5556); 7; 8.


def by_player(rows: tuple[Standing, ...]) -> dict[int, Standing]:
    return {row.player: row for row in rows}


def test_it_ranks_the_eight_player_event_as_worked_out_by_hand() -> None:
    rows = compute_standings(EIGHT, EIGHT_HISTORY)
    assert [row.player for row in rows] == [1, 3, 5, 2, 6, 4, 7, 8]
    assert [row.rank for row in rows] == list(range(1, 9))
    table = by_player(rows)
    expected_mw = {1: 1.0, 2: 4 / 9, 3: 6 / 9, 4: 3 / 9, 5: 6 / 9, 6: 3 / 9, 7: 0.33, 8: 1 / 3}
    expected_gw = {1: 18 / 21, 2: 9 / 21, 3: 12 / 21, 4: 0.5, 5: 0.625, 6: 9 / 21, 7: 7 / 21, 8: 4 / 9}
    expected_omw = {1: 16 / 27, 2: 1.663333 / 3, 3: 5 / 9, 4: 5 / 9, 5: 1.663333 / 3, 6: 2 / 3, 7: 13 / 27, 8: 0.33}
    for player in range(1, 9):
        assert table[player].mw == pytest.approx(expected_mw[player], abs=1e-6)
        assert table[player].gw == pytest.approx(expected_gw[player], abs=1e-6)
        assert table[player].omw == pytest.approx(expected_omw[player], abs=1e-6)
    assert table[1].ogw == pytest.approx(0.541667, abs=1e-6)
    assert table[3].ogw == pytest.approx(0.595238, abs=1e-6)
    assert table[5].ogw == pytest.approx(0.539683, abs=1e-6)
    assert (table[1].points, table[7].points, table[8].points) == (9, 2, 1)
    assert (table[7].wins, table[7].losses, table[7].draws) == (0, 1, 2)
    assert table[8].dropped and not table[1].dropped


def test_it_leaves_the_bye_out_of_own_percentages_when_the_event_says_so() -> None:
    rows = by_player(compute_standings(EIGHT, EIGHT_HISTORY, StandingsSettings(bye_counts_in_own_mw=False)))
    # Player 4 without the bye: 0 points from 2 rounds -> 0 -> .33; games 2 won of 6 -> 6/18.
    assert rows[4].mw == pytest.approx(0.33)
    assert rows[4].gw == pytest.approx(6 / 18)
    assert rows[4].points == 3  # the bye still earns its match points
    # Opponents' averages use the opponents' own (now bye-free) MW%: player 3 met 4.
    assert rows[3].omw == pytest.approx((0.33 + 1 + 0.33) / 3)


def test_a_one_and_three_player_who_dropped_is_floored_at_a_third() -> None:
    players = [PlayerEntry(1, dropped=True), *(PlayerEntry(i) for i in range(2, 6))]
    history = [
        MatchRecord(1, 1, 2, 2, 0),
        MatchRecord(2, 1, 3, 0, 2),
        MatchRecord(3, 1, 4, 1, 2),
        MatchRecord(4, 1, 5, 0, 2),
    ]
    row = by_player(compute_standings(players, history))[1]
    assert (row.wins, row.losses) == (1, 3)
    assert row.mw == pytest.approx(0.33)  # 3/12 = .25, floored


def test_a_three_and_two_record_including_a_counted_bye_is_sixty_percent() -> None:
    players = [PlayerEntry(i) for i in range(1, 7)]
    history = [
        MatchRecord.bye(1, 1),
        MatchRecord(2, 1, 2, 2, 0),
        MatchRecord(3, 1, 3, 2, 1),
        MatchRecord(4, 1, 4, 0, 2),
        MatchRecord(5, 1, 5, 1, 2),
    ]
    assert by_player(compute_standings(players, history))[1].mw == pytest.approx(9 / 15)
    without = compute_standings(players, history, StandingsSettings(bye_counts_in_own_mw=False))
    assert by_player(without)[1].mw == pytest.approx(6 / 12)


def test_best_of_one_results_use_single_games() -> None:
    players = [PlayerEntry(i) for i in range(1, 5)]
    history = [MatchRecord(1, 1, 2, 1, 0), MatchRecord(1, 3, 4, 0, 0, 1)]
    rows = by_player(compute_standings(players, history))
    assert (rows[1].points, rows[3].points, rows[4].points) == (3, 1, 1)
    assert rows[1].gw == pytest.approx(1.0)
    assert rows[3].gw == pytest.approx(1 / 3)  # one drawn game: 1/3, just above the .33 floor


def test_the_final_tiebreak_is_the_seeded_order_or_the_player_id() -> None:
    players = [PlayerEntry(i) for i in range(1, 9)]
    assert [row.player for row in compute_standings(players, [])] == list(range(1, 9))
    seeded = [row.player for row in compute_standings(players, [], seed=7)]
    assert sorted(seeded) == list(range(1, 9))
    assert seeded == [row.player for row in compute_standings(players, [], seed=7)]


def test_pokemon_floors_each_opponent_at_a_quarter_and_caps_a_dropped_one() -> None:
    players = [PlayerEntry(1), PlayerEntry(2, dropped=True), PlayerEntry(3), PlayerEntry(4), PlayerEntry(5)]
    history = [
        MatchRecord(1, 2, 3, 2, 0),
        MatchRecord(1, 1, 4, 2, 0),
        MatchRecord.bye(1, 5),
        MatchRecord(2, 2, 4, 2, 0),
        MatchRecord(2, 1, 3, 2, 0),
        MatchRecord.bye(2, 5),
        MatchRecord(3, 2, 1, 2, 0),
        MatchRecord(3, 3, 4, 2, 1),
        MatchRecord.bye(3, 5),
    ]
    settings = StandingsSettings(system=TiebreakSystem.POKEMON, bye_counts_in_own_mw=False)
    rows = by_player(compute_standings(players, history, settings))
    # Player 2 went 3-0 and dropped: 100% as a record, capped at 75% for opponents.
    assert rows[2].mw == pytest.approx(1.0)
    # Player 1 met 4 (0-3: 0% -> floored 25%), 3 (1-2: 33.3%) and 2 (capped 75%).
    assert rows[1].omw == pytest.approx((0.25 + 1 / 3 + 0.75) / 3)
    # Player 5 only had byes: no opponents, so the floor.
    assert rows[5].omw == pytest.approx(0.25)


def test_pokemon_uses_head_to_head_between_two_players_tied_on_everything() -> None:
    players = [PlayerEntry(i) for i in range(1, 5)]
    # 1 and 2 both 1-1, and each met the other and one of 3/4, who are themselves tied.
    history = [
        MatchRecord(1, 2, 1, 2, 0),
        MatchRecord(1, 3, 4, 2, 0),
        MatchRecord(2, 1, 4, 2, 0),
        MatchRecord(2, 2, 3, 0, 2),
    ]
    settings = StandingsSettings(system=TiebreakSystem.POKEMON)
    order = [row.player for row in compute_standings(players, history, settings)]
    assert order.index(2) < order.index(1)


def test_it_refuses_results_naming_an_unknown_player() -> None:
    with pytest.raises(UnknownPlayerError):
        compute_standings([PlayerEntry(1), PlayerEntry(2)], [MatchRecord(1, 1, 3, 2, 0)])


def test_it_refuses_a_player_with_two_results_in_one_round() -> None:
    players = [PlayerEntry(i) for i in range(1, 4)]
    with pytest.raises(DuplicatePlayerError):
        compute_standings(players, [MatchRecord(1, 1, 2, 2, 0), MatchRecord(1, 1, 3, 2, 0)])
