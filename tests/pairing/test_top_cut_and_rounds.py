"""Top-cut brackets and the recommended number of Swiss rounds."""

from __future__ import annotations

import pytest

from tournaments.pairing import (
    BracketError,
    NotEnoughPlayersError,
    PlayerEntry,
    advance_bracket,
    bracket_order,
    build_bracket,
    compute_standings,
    recommended_rounds,
    recommends_top_eight,
    top_cut_players,
)


def test_top_eight_is_one_eight_four_five_two_seven_three_six() -> None:
    assert bracket_order(8) == ((1, 8), (4, 5), (2, 7), (3, 6))
    assert bracket_order(4) == ((1, 4), (2, 3))
    assert bracket_order(2) == ((1, 2),)


def test_the_winners_of_one_eight_and_four_five_meet() -> None:
    ranked = [101, 102, 103, 104, 105, 106, 107, 108, 109]
    bracket = build_bracket(ranked, 8)
    assert [(m.a, m.b) for m in bracket.current] == [(101, 108), (104, 105), (102, 107), (103, 106)]
    bracket = advance_bracket(bracket, [101, 105, 107, 103])
    assert [(m.a, m.b) for m in bracket.current] == [(101, 105), (107, 103)]
    bracket = advance_bracket(bracket, [105, 103])
    assert [(m.a, m.b) for m in bracket.current] == [(105, 103)]
    assert bracket.champion is None
    bracket = advance_bracket(bracket, [103])
    assert bracket.champion == 103 and bracket.finished
    assert [len(r) for r in bracket.rounds] == [4, 2, 1]


def test_it_refuses_a_winner_who_was_not_in_the_match() -> None:
    bracket = build_bracket([1, 2, 3, 4], 4)
    with pytest.raises(BracketError):
        advance_bracket(bracket, [1, 4])  # 1 and 4 play each other
    with pytest.raises(BracketError):
        advance_bracket(bracket, [1])
    done = advance_bracket(advance_bracket(bracket, [1, 3]), [3])
    with pytest.raises(BracketError):
        advance_bracket(done, [3])


def test_it_refuses_odd_cut_sizes_and_short_fields() -> None:
    with pytest.raises(BracketError):
        bracket_order(6)
    with pytest.raises(NotEnoughPlayersError):
        build_bracket([1, 2, 3], 4)


def test_the_cut_skips_dropped_players() -> None:
    players = [PlayerEntry(1, dropped=True), PlayerEntry(2), PlayerEntry(3)]
    assert top_cut_players(compute_standings(players, []), 2) == (2, 3)


@pytest.mark.parametrize(
    ("players", "rounds"),
    [
        (5, 3),
        (8, 3),
        (9, 5),
        (16, 5),
        (17, 5),
        (32, 5),
        (33, 6),
        (64, 6),
        (65, 7),
        (128, 7),
        (129, 8),
        (226, 8),
        (227, 9),
        (409, 9),
        (410, 10),
        (5000, 10),
    ],
)
def test_recommended_rounds_follow_the_table(players: int, rounds: int) -> None:
    assert recommended_rounds(players) == rounds


def test_a_draft_top_eight_trims_nine_to_sixteen_to_four_rounds() -> None:
    assert recommended_rounds(9, draft_top_eight=True) == 4
    assert recommended_rounds(16, draft_top_eight=True) == 4
    assert recommended_rounds(17, draft_top_eight=True) == 5


def test_below_five_players_play_a_round_robin_worth_of_rounds() -> None:
    assert [recommended_rounds(n) for n in (2, 3, 4)] == [1, 3, 3]
    with pytest.raises(NotEnoughPlayersError):
        recommended_rounds(1)


def test_a_top_eight_is_recommended_above_sixteen() -> None:
    assert not recommends_top_eight(16)
    assert recommends_top_eight(17)
