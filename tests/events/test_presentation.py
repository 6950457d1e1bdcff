"""The event pages' layout helpers: the top-cut bracket's columns and a player's outcomes."""

from __future__ import annotations

from tournaments.models import Match
from tournaments.pairing import advance_bracket, build_bracket
from tournaments.web.presentation import bracket_layout, outcome_for

NAMES = {1: "Ann", 2: "Bob", 3: "Cleo", 4: "Dan"}


def test_no_top_cut_yet_lays_out_nothing() -> None:
    layout = bracket_layout(None, {})
    assert (layout.columns, layout.champion) == ([], None)


def test_a_four_player_cut_shows_its_semi_finals_then_a_final_to_be_decided() -> None:
    state = build_bracket([1, 2, 3, 4], 4)
    layout = bracket_layout(state, NAMES)
    assert [c["label"] for c in layout.columns] == ["Semifinal", "Final"]
    semis = layout.columns[0]["matches"]
    assert [(m["a"], m["seed_a"], m["b"], m["seed_b"], m["winner"]) for m in semis] == [
        ("Ann", 1, "Dan", 4, None),
        ("Bob", 2, "Cleo", 3, None),
    ]
    assert layout.columns[1]["matches"] == [None]  # the final's box: to be decided
    assert layout.champion is None


def test_winners_are_marked_and_the_champion_named_once_the_final_is_played() -> None:
    state = advance_bracket(build_bracket([1, 2, 3, 4], 4), [4, 2])
    layout = bracket_layout(state, NAMES)
    assert [m["winner"] for m in layout.columns[0]["matches"]] == ["Dan", "Bob"]
    assert [(m["a"], m["b"]) for m in layout.columns[1]["matches"]] == [("Dan", "Bob")]
    assert bracket_layout(advance_bracket(state, [2]), NAMES).champion == "Bob"


def test_a_players_outcome_is_shown_once_the_result_is_confirmed() -> None:
    won = Match(player_a_id=1, player_b_id=2, a_games=2, b_games=1, status=Match.Status.CONFIRMED)
    assert (outcome_for(won, 1), outcome_for(won, 2)) == ("win", "loss")
    drawn = Match(player_a_id=1, player_b_id=2, a_games=1, b_games=1, status=Match.Status.CONFIRMED)
    assert outcome_for(drawn, 2) == "draw"
    bye = Match(player_a_id=3, player_b_id=None, status=Match.Status.CONFIRMED)
    assert outcome_for(bye, 3) == "win"
    reported = Match(player_a_id=1, player_b_id=2, a_games=2, b_games=0, status=Match.Status.REPORTED)
    assert outcome_for(reported, 1) == ""
