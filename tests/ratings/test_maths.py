"""The rating maths on its own: Glickman's worked example, draws, idle players, determinism, pods."""

from __future__ import annotations

import pytest

from tournaments.ratings.maths import POD_MU, Duel, Glicko, glicko2, rate_duels, rate_pods


def test_glicko2_gives_the_papers_worked_example() -> None:
    # "Example of the Glicko-2 system": 1500/200/0.06 beats 1400/30, loses to 1550/100 and 1700/300.
    player = Glicko(1500, 200, 0.06)
    games = [(Glicko(1400, 30), 1.0), (Glicko(1550, 100), 0.0), (Glicko(1700, 300), 0.0)]
    new = glicko2(player, games, tau=0.5)
    # The paper rounds its steps and prints 1464.06; unrounded the same steps give 1464.05.
    assert new.value == pytest.approx(1464.06, abs=0.02)
    assert new.deviation == pytest.approx(151.52, abs=0.01)
    assert new.volatility == pytest.approx(0.05999, abs=0.00001)


def test_no_games_keeps_the_rating() -> None:
    player = Glicko(1620, 80, 0.061)
    assert glicko2(player, []) == player


def test_a_draw_between_equals_moves_no_value_and_narrows_both_deviations() -> None:
    rated = rate_duels([[Duel("ann", "bo", 0.5)]])
    ann, bo = rated.final["ann"], rated.final["bo"]
    assert ann.value == pytest.approx(1500) and bo.value == pytest.approx(1500)
    assert ann.deviation < 350 and ann.deviation == pytest.approx(bo.deviation)
    assert ann.games == bo.games == 1


def test_a_period_rates_every_game_against_the_ratings_from_before_it() -> None:
    # Ann beats Bo, then (same period) Bo beats Cy: Cy's loss is to a 1500 Bo, not a beaten one.
    together = rate_duels([[Duel("ann", "bo", 1.0), Duel("bo", "cy", 1.0)]])
    apart = rate_duels([[Duel("ann", "bo", 1.0)], [Duel("bo", "cy", 1.0)]])
    assert together.final["cy"].value == pytest.approx(glicko2(Glicko(), [(Glicko(), 0.0)]).value)
    assert apart.final["cy"].value != pytest.approx(together.final["cy"].value)
    assert [set(after) for after in apart.history] == [{"ann", "bo"}, {"bo", "cy"}]


def test_the_same_results_give_the_same_numbers() -> None:
    periods = [[Duel(i % 7, 7 + i % 5, (i % 3) / 2) for i in range(30)] for _ in range(5)]
    assert rate_duels(periods) == rate_duels(periods)
    tables = [[[(1, 1), (2, 2), (3, 3)], [(4, 2), (5, 1), (6, 3)]], [[(1, 3), (5, 1), (3, 2)]]]
    assert rate_pods(tables) == rate_pods(tables)


def test_pod_places_order_the_new_ratings_and_a_tie_shares_them() -> None:
    rated = rate_pods([[[("ann", 1), ("bo", 2), ("cy", 3), ("di", 3)]]])
    final = rated.final
    assert final["ann"].value > POD_MU > final["cy"].value
    assert final["ann"].value > final["bo"].value > final["cy"].value
    assert final["cy"].value == pytest.approx(final["di"].value)
    assert all(standing.deviation < 500 and standing.games == 1 for standing in final.values())


def test_a_table_of_one_rates_nothing() -> None:
    assert rate_pods([[[("ann", 1)]]]).final == {}
