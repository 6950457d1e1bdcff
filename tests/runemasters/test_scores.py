"""A finished game's score (from real playouts) and the challenge ranking: won above lost, then
temple HP, guardians alive, fewest rounds; equal scores share a rank ("1, 2, 2, 4")."""

from __future__ import annotations

import itertools

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from gameplay.runemasters import game
from gameplay.runemasters.scores import NotFinished, Score, best, rank, summary
from gameplay.runemasters.state import State


def played(seed: int, guardians: list[str], bot: str = "greedy") -> State:
    state = game.new_game({"guardians": guardians, "difficulty": "initiate"}, seed)
    while (decision := game.pending(state)) is not None:
        state, _ = game.apply(state, game.bot_action(state, decision.seat, bot, seed))
    return state


@pytest.mark.parametrize("seed", range(12))
def test_the_summary_of_a_real_playout_is_what_the_board_shows(seed: int) -> None:
    state = played(seed, ["neltai", "kulak", "kyreas"], "greedy" if seed % 3 else "random")
    score = summary(state)
    assert score.won == (state.outcome == "won")
    assert score.temple_hp == state.temple_hp >= 0
    assert score.guardians_alive == sum(1 for g in state.guardians if g["alive"])
    assert score.rounds == state.round >= 1
    if not score.won:
        assert score.temple_hp == 0 or score.guardians_alive == 0
    assert score.words().startswith("Won, temple " if score.won else "Lost, temple ")


def test_both_outcomes_turn_up_in_playouts() -> None:
    outcomes = {summary(played(seed, ["ismoros", "neltai"], "random")).won for seed in range(30)}
    outcomes |= {summary(played(seed, ["ismoros", "neltai", "kulak", "kyreas"])).won for seed in range(30)}
    assert outcomes == {True, False}


def test_a_game_still_being_played_has_no_score() -> None:
    with pytest.raises(NotFinished):
        summary(game.new_game({"guardians": ["neltai", "kulak"]}, 3))
    cut = summary(game.new_game({"guardians": ["neltai", "kulak"]}, 3), cut_short=True)
    assert cut == Score(False, 6, 2, 1)


def test_the_words_of_a_score() -> None:
    assert Score(True, 7, 3, 9).words() == "Won, temple 7 HP, 3 guardians standing, 9 rounds"
    assert Score(False, 0, 1, 1).words() == "Lost, temple 0 HP, 1 guardian standing, 1 round"


def test_ties_share_a_rank_and_the_next_rank_skips() -> None:
    a, b, c, d = Score(True, 4, 2, 9), Score(True, 3, 4, 8), Score(True, 3, 4, 8), Score(False, 6, 4, 3)
    placed = rank([("d", d), ("c", c), ("a", a), ("b", b)])
    assert [(p.rank, p.team) for p in placed] == [(1, "a"), (2, "c"), (2, "b"), (4, "d")]
    assert [p.shared for p in placed] == [False, True, True, False]
    assert best([d, b, a]) == a and best([]) is None


def test_each_criterion_in_its_order() -> None:
    assert Score(True, 1, 1, 20).key() < Score(False, 6, 4, 2).key()  # won before lost
    assert Score(True, 5, 1, 20).key() < Score(True, 4, 4, 2).key()  # then temple HP
    assert Score(True, 4, 3, 20).key() < Score(True, 4, 2, 2).key()  # then guardians alive
    assert Score(True, 4, 3, 8).key() < Score(True, 4, 3, 9).key()  # then fewest rounds


scores = st.builds(
    Score, st.booleans(), st.integers(0, 6), st.integers(0, 4), st.integers(1, 12)
)  # small ranges, so ties are common


@settings(max_examples=300, deadline=None)
@given(st.lists(scores, max_size=12))
def test_ranking_properties(given_scores: list[Score]) -> None:
    teams = list(enumerate(given_scores))
    placed = rank(teams)
    assert sorted(p.team for p in placed) == list(range(len(teams)))  # every team, once
    for p in placed:
        strictly_better = sum(1 for _, other in teams if other.key() < p.score.key())
        assert p.rank == 1 + strictly_better
        assert p.shared == (sum(1 for _, other in teams if other == p.score) > 1)
    for earlier, later in itertools.pairwise(placed):
        assert earlier.rank <= later.rank
        assert (earlier.rank == later.rank) == (earlier.score == later.score)  # ties share, only ties
        assert not (later.score.won and not earlier.score.won)  # won always above lost


@settings(max_examples=300, deadline=None)
@given(scores, scores)
def test_equal_keys_are_equal_scores_and_a_win_ranks_first(a: Score, b: Score) -> None:
    """The key orders scores totally (a tuple); what it must also hold: two scores tie only when
    they are the same, and any win ranks above any loss."""
    assert (a.key() == b.key()) == (a == b)
    if a.won and not b.won:
        assert a.key() < b.key()
