"""Swiss pairing properties on random histories (hypothesis) and worked scenarios."""

from __future__ import annotations

import random
import re

from hypothesis import given, settings
from hypothesis import strategies as st

from tournaments.pairing import MatchRecord, PlayerEntry, SwissSettings, pair_swiss_round, pairing_cost

from .support import byes_of, check_round_invariants, opponents_of, random_result, rematch_free_pairing_exists

Case = tuple[list[PlayerEntry], list[MatchRecord], int, int]


def build_case(count: int, rounds: int, seed: int, drops: int, pods: int) -> Case:
    """Arbitrary history: each round a random pairing of everyone (rematches allowed)."""
    rng = random.Random(seed)
    ids = rng.sample(range(1, 10 * count), count)
    players = [PlayerEntry(p, (rng.randrange(pods) if pods else None)) for p in ids]
    history: list[MatchRecord] = []
    for r in range(1, rounds + 1):
        order = ids[:]
        rng.shuffle(order)
        if len(order) % 2:
            history.append(MatchRecord.bye(r, order.pop()))
        for i in range(0, len(order), 2):
            history.append(random_result(rng, r, order[i], order[i + 1], rng.choice((1, 3))))
    for i in rng.sample(range(count), min(drops, count - 1)):
        players[i] = PlayerEntry(players[i].id, players[i].pod, True)
    return players, history, rounds + 1, seed


cases = st.builds(
    build_case,
    count=st.integers(2, 14),
    rounds=st.integers(0, 6),
    seed=st.integers(0, 2**32),
    drops=st.integers(0, 3),
    pods=st.sampled_from([0, 0, 2, 3]),
)
big_cases = st.builds(
    build_case,
    count=st.integers(12, 60),
    rounds=st.integers(1, 7),
    seed=st.integers(0, 2**32),
    drops=st.integers(0, 4),
    pods=st.just(0),
)


@settings(max_examples=150, deadline=None)
@given(cases)
def test_everyone_active_is_seated_once_with_one_bye_when_odd(case: Case) -> None:
    players, history, round_number, seed = case
    plan = pair_swiss_round(players, history, round_number, seed)
    check_round_invariants(players, history, plan)


@settings(max_examples=150, deadline=None)
@given(cases)
def test_no_rematch_when_a_rematch_free_pairing_exists(case: Case) -> None:
    players, history, round_number, seed = case
    plan = pair_swiss_round(players, history, round_number, seed)
    active = [p.id for p in players if not p.dropped]
    met = opponents_of(history)
    rematches = [m for m in plan.matches if m[1] in met.get(m[0], set())]
    if rematch_free_pairing_exists(active, history):
        assert rematches == []
    for pairing in plan.pairings:
        if pairing.b is not None and pairing.b in met.get(pairing.a, set()):
            assert "REMATCH" in pairing.explanation


@settings(max_examples=100, deadline=None)
@given(cases)
def test_pod_rounds_stay_inside_pods_when_possible(case: Case) -> None:
    players, history, round_number, seed = case
    options = SwissSettings(pod_rounds=round_number)
    plan = pair_swiss_round(players, history, round_number, seed, options)
    pods = {p.id: p.pod for p in players}
    active = [p.id for p in players if not p.dropped]
    crossing = [m for m in plan.matches if None not in (pods[m[0]], pods[m[1]]) and pods[m[0]] != pods[m[1]]]
    if rematch_free_pairing_exists(active, history, same_pod=pods):
        assert crossing == []
    check_round_invariants(players, history, plan)


@settings(max_examples=60, deadline=None)
@given(cases)
def test_the_same_seed_and_history_give_the_same_pairing_in_any_input_order(case: Case) -> None:
    players, history, round_number, seed = case
    first = pair_swiss_round(players, history, round_number, seed)
    again = pair_swiss_round(list(reversed(players)), list(reversed(history)), round_number, seed)
    assert first == again


@settings(max_examples=40, deadline=None)
@given(big_cases)
def test_the_decomposed_pairer_keeps_every_rule(case: Case) -> None:
    """Force the score-group decomposition (tiny exact limit) on mid-size events."""
    players, history, round_number, seed = case
    options = SwissSettings(exact_limit=4)
    plan = pair_swiss_round(players, history, round_number, seed, options)
    check_round_invariants(players, history, plan)
    active = [p.id for p in players if not p.dropped]
    if rematch_free_pairing_exists(active, history):
        assert pairing_cost(players, history, plan, seed, options).rematches == 0
    assert plan == pair_swiss_round(players, history, round_number, seed, options)


def test_the_bye_goes_to_the_lowest_ranked_player_without_one() -> None:
    players = [PlayerEntry(i) for i in range(1, 6)]
    # After round 1 player 5 (the lowest-ranked, 0 points... but with a bye) cannot get it again.
    history = [MatchRecord(1, 1, 2, 2, 0), MatchRecord(1, 3, 4, 2, 1), MatchRecord.bye(1, 5)]
    plan = pair_swiss_round(players, history, 2, seed=11)
    # 5 has 3 points from the bye; 2 (0-2) and 4 (1-2) have 0; 2 ranks below 4 on game win %.
    assert plan.bye == 2
    assert "lowest-ranked" in plan.bye_explanation
    assert byes_of(history).get(plan.bye, 0) == 0


def test_round_one_is_a_seeded_shuffle() -> None:
    players = [PlayerEntry(i) for i in range(1, 17)]
    one = pair_swiss_round(players, [], 1, seed=1)
    two = pair_swiss_round(players, [], 1, seed=2)
    assert one == pair_swiss_round(players, [], 1, seed=1)
    assert {frozenset(m) for m in one.matches} != {frozenset(m) for m in two.matches}
    assert all("same score group" in p.explanation for p in one.pairings)


def test_a_lone_leader_pairs_down_and_says_why() -> None:
    players = [PlayerEntry(i) for i in range(1, 5)]
    history = [
        MatchRecord(1, 1, 2, 2, 0),
        MatchRecord(1, 3, 4, 2, 0),
        MatchRecord(2, 1, 3, 2, 0),
        MatchRecord(2, 2, 4, 2, 0),
    ]
    plan = pair_swiss_round(players, history, 3, seed=5)
    # 1 has 6 points alone; 2 and 3 have 3; 4 has 0. 1 has met 2 and 3, so 1 meets 4.
    assert {frozenset(m) for m in plan.matches} == {frozenset((1, 4)), frozenset((2, 3))}
    top = plan.pairings[0]
    assert top.a == 1
    assert "paired down" in top.explanation and "6-point group" in top.explanation


def test_a_forced_rematch_is_explained() -> None:
    players = [PlayerEntry(1), PlayerEntry(2)]
    plan = pair_swiss_round(players, [MatchRecord(1, 1, 2, 2, 0)], 2, seed=5)
    assert plan.matches == ((1, 2),)
    assert "REMATCH (last met in round 1)" in plan.pairings[0].explanation


def test_explanations_name_players_by_the_names_given() -> None:
    players = [PlayerEntry(i) for i in range(1, 6)]
    history = [MatchRecord(1, 1, 2, 2, 0), MatchRecord(1, 3, 4, 2, 1), MatchRecord.bye(1, 5)]
    names = {1: "Eva", 2: "Corvin", 3: "Mira", 4: "Tobin", 5: "Sela"}
    plan = pair_swiss_round(players, history, 2, seed=11, names=names)
    assert plan == pair_swiss_round(players, history, 2, seed=11, names=names)
    assert {frozenset(m) for m in plan.matches} == {
        frozenset(m) for m in pair_swiss_round(players, history, 2, 11).matches
    }
    text = " ".join(p.explanation for p in plan.pairings)
    assert not re.search(r"player \d", text)
    first = plan.pairings[0]
    assert first.b is not None
    assert first.explanation.startswith(f"{names[first.a]} (")
    assert f"{names[first.b]} (" in first.explanation
    assert plan.bye_explanation.startswith("Corvin (rank 5 of 5, 0 pts) gets the bye")


def test_a_bye_reason_names_the_lower_ranked_players_who_had_one() -> None:
    players = [PlayerEntry(i) for i in (1, 2, 3)]
    history = [MatchRecord(1, 1, 2, 2, 0), MatchRecord.bye(1, 3), MatchRecord(2, 1, 3, 2, 0), MatchRecord.bye(2, 2)]
    plan = pair_swiss_round(players, history, 3, seed=4, names={1: "Eva", 2: "Corvin", 3: "Mira"})
    assert plan.bye == 1
    assert plan.bye_explanation.startswith("Eva (rank 1 of 3, 6 pts) gets the bye: lowest-ranked player without")
    assert "Corvin" in plan.bye_explanation and "Mira" in plan.bye_explanation


def test_a_player_missing_from_the_names_reads_player_and_their_id() -> None:
    plan = pair_swiss_round([PlayerEntry(1), PlayerEntry(2)], [], 1, seed=3, names={1: "Eva"})
    assert "Eva (0 pts)" in plan.pairings[0].explanation
    assert "player 2 (0 pts)" in plan.pairings[0].explanation
