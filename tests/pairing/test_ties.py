"""Ties in the standings: players that only the seeded order separates, and playoffs that decide them."""

from __future__ import annotations

from dataclasses import replace

from tournaments.pairing import (
    MatchRecord,
    PlayerEntry,
    StandingsSettings,
    TiebreakSystem,
    apply_playoffs,
    compute_standings,
    tied_runs,
)

# A 4-player round robin: 1 and 2 each beat 3 and 4 2-0 and draw each other 1-1 (a mirror image:
# every tiebreaker equal); 3 beats 4 2-1, which separates them on points.
PLAYERS = [PlayerEntry(i) for i in range(1, 5)]
HISTORY = [
    MatchRecord(1, 1, 3, 2, 0),
    MatchRecord(1, 2, 4, 2, 0),
    MatchRecord(2, 1, 4, 2, 0),
    MatchRecord(2, 2, 3, 2, 0),
    MatchRecord(3, 1, 2, 1, 1),
    MatchRecord(3, 3, 4, 2, 1),
]


def test_a_mirror_image_pair_is_a_tie_that_only_the_seeded_order_decides() -> None:
    for seed in (1, 2, 3, 4):
        rows = compute_standings(PLAYERS, HISTORY, seed=seed)
        assert {rows[0].player, rows[1].player} == {1, 2}
        assert tied_runs(rows, HISTORY) == [(rows[0].player, rows[1].player)]


def test_players_the_tiebreakers_separate_are_not_tied() -> None:
    separated = [*HISTORY[:4], MatchRecord(3, 1, 2, 2, 1), HISTORY[5]]
    assert tied_runs(compute_standings(PLAYERS, separated, seed=1), separated) == []


def test_under_the_pokemon_system_a_head_to_head_separates_a_pair() -> None:
    pokemon = StandingsSettings(system=TiebreakSystem.POKEMON)
    rows = compute_standings(PLAYERS, HISTORY, pokemon, seed=1)
    assert tied_runs(rows, HISTORY, pokemon) == [(rows[0].player, rows[1].player)]  # they drew: still tied
    # 1 and 2 both win two (1 beats 2 and 3, loses to 4; 2 beats 3 and 4): equal OWP and OOWP, and
    # the head-to-head puts 1 above 2, so it is no tie
    met = [
        MatchRecord(1, 1, 2, 2, 0),
        MatchRecord(1, 3, 4, 2, 0),
        MatchRecord(2, 1, 3, 2, 0),
        MatchRecord(2, 2, 4, 2, 0),
        MatchRecord(3, 1, 4, 0, 2),
        MatchRecord(3, 2, 3, 2, 0),
    ]
    rows = compute_standings(PLAYERS, met, pokemon, seed=1)
    assert [r.player for r in rows[:2]] == [1, 2] and rows[0].omw == rows[1].omw and rows[0].oomw == rows[1].oomw
    assert tied_runs(rows, met, pokemon) == []


def test_a_playoff_puts_its_winner_above_its_loser_and_nothing_else_moves() -> None:
    rows = compute_standings(PLAYERS, HISTORY, seed=1)
    ties = tied_runs(rows, HISTORY)
    first, second = rows[0].player, rows[1].player
    decided = apply_playoffs(rows, [(second, first)], ties)
    assert [(r.rank, r.player) for r in decided] == [(1, second), (2, first), (3, rows[2].player), (4, rows[3].player)]
    assert decided[0] == replace(rows[1], rank=1) and decided[1] == replace(rows[0], rank=2)  # nothing else changes
    assert apply_playoffs(rows, [(first, second)], ties) == rows  # the winner was above already
    # a playoff between players that are no longer tied (a result changed) moves nobody
    assert apply_playoffs(rows, [(rows[3].player, rows[2].player)], ties) == rows
