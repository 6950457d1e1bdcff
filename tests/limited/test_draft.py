"""The draft pod: passing, queues, refused picks, replay, JSON, auto-pick."""

from __future__ import annotations

import json
import random
from collections import Counter

import pytest

from tests.limited.support import AvoidingBot, fresh_draft, opened_cards, seat_bots, seat_names, synthetic_set
from tournaments.limited import (
    DraftDataError,
    DraftSetupError,
    DraftState,
    IllegalPickError,
    NotYourPackError,
    PickRefusal,
    RatingBot,
    StalePickError,
    auto_pick,
    choose_auto_pick,
    current_pack,
    current_round,
    from_json,
    is_finished,
    is_forced,
    is_round_complete,
    new_draft,
    pending_packs,
    pick,
    pools,
    replay,
    run_bots,
    start_draft,
    to_json,
    was_forced,
)
from tournaments.limited.draft import all_picks, pack_for_pick


def take_first(state: DraftState, seat: int, *, auto: bool = False) -> DraftState:
    pending = current_pack(state, seat)
    assert pending is not None
    return pick(state, seat, pending.round, pending.pick_number, pending.cards[: pending.take], auto=auto)


@pytest.mark.parametrize("seats", [4, 6, 8])
def test_a_bot_draft_picks_every_card_exactly_once(seats: int) -> None:
    """001 p.19 "each player will end up with 18 cards face-down in front of them": 18 picks a seat in each round,
    36 in all, every opened card picked once."""
    state = run_bots(fresh_draft(seats), seat_bots(synthetic_set(), seats))
    assert is_finished(state) and current_round(state) is None
    assert [len(p) for p in pools(state)] == [36] * seats
    assert Counter(card for p in pools(state) for card in p) == opened_cards(state)
    assert sum(opened_cards(state).values()) == 36 * seats
    assert all(pending_packs(state, seat) == () for seat in range(seats))
    assert all(len(seat_picks) == 18 for seat_picks in state.picks)


def test_a_real_catalog_draft_runs_to_the_end() -> None:
    from tests.limited.support import real_set

    state = run_bots(new_draft(real_set(), "catalog", seat_names(6)), RatingBot(real_set(), "bots"))
    assert is_finished(state) and [len(p) for p in pools(state)] == [36] * 6


def test_each_seat_opens_an_18_card_pack_per_round() -> None:
    """001 p.19 "Each player now has a draft pack with 18 cards in it" and 001 p.19 "Each player chooses 2 cards
    from their draft pack": each seat opens 18 cards a round and takes 2 at a time."""
    state = fresh_draft(6)
    assert [len(p) for packs in state.opened for p in packs] == [18] * 12
    first = current_pack(state, 2)
    assert first is not None
    assert (first.round, first.pick_number, first.pack, first.take) == (1, 1, 2, 2)


def follow(state: DraftState, card: str, round_number: int, seats: int) -> list[int]:
    """The seat holding `card` before each lockstep pick of the round, while no bot takes it."""
    bots = {seat: AvoidingBot(RatingBot(synthetic_set(), f"b{seat}"), card) for seat in range(seats)}
    holders: list[int] = []
    while current_round(state) == round_number:
        holders += [s for s in range(seats) if card in _cards_in_front(state, s)]
        for seat in range(seats):
            made = choose_auto_pick(state, seat, (), bots[seat])
            state = pick(state, seat, made.round, made.pick_number, made.cards)
    return holders


def _cards_in_front(state: DraftState, seat: int) -> tuple[str, ...]:
    pending = current_pack(state, seat)
    return () if pending is None else pending.cards


def unique_card_of(state: DraftState, round_number: int, seat: int) -> str:
    counts = Counter(card for p in state.opened[round_number - 1] for card in p)
    return next(c for c in state.opened[round_number - 1][seat] if counts[c] == 1)


@pytest.mark.parametrize("seats", [4, 6, 8])
def test_round_one_passes_left_and_round_two_passes_right(seats: int) -> None:
    """001 p.19 "passes the remaining cards to the player on their left" and 001 p.19 "except this time each player
    passes their cards to the right"."""
    state = fresh_draft(seats)
    card = unique_card_of(state, 1, 0)
    assert follow(state, card, 1, seats) == [k % seats for k in range(9)]  # 0, 1, 2, ...
    for _ in range(9):
        for seat in range(seats):
            state = take_first(state, seat)
    assert is_round_complete(state, 1) and current_round(state) == 2
    card = unique_card_of(state, 2, 0)
    assert follow(state, card, 2, seats) == [-k % seats for k in range(9)]  # 0, n-1, n-2, ...


def test_with_six_seats_a_card_travels_round_the_table_and_back() -> None:
    state = fresh_draft(6)
    assert follow(state, unique_card_of(state, 1, 0), 1, 6) == [0, 1, 2, 3, 4, 5, 0, 1, 2]


def test_the_pack_for_a_pick_is_fixed_by_seat_round_and_pick_number() -> None:
    state = fresh_draft(4)
    assert [pack_for_pick(state, 1, 1, k) for k in range(1, 6)] == [1, 0, 3, 2, 1]
    assert [pack_for_pick(state, 1, 2, k) for k in range(1, 6)] == [1, 2, 3, 0, 1]


def test_a_seat_queues_packs_when_its_neighbour_is_faster() -> None:
    state = fresh_draft(6)
    state = take_first(state, 5)
    state = take_first(state, 0)
    state = take_first(state, 0)
    waiting = pending_packs(state, 1)
    assert [(p.pick_number, p.pack) for p in waiting] == [(1, 1), (2, 0), (3, 5)]
    assert [len(p.cards) for p in waiting] == [18, 16, 14]
    assert pending_packs(state, 0) == ()  # seat 0 waits for seat 5's second pick


def test_a_repeated_pick_is_stale_and_changes_nothing() -> None:
    state = fresh_draft(6)
    pending = current_pack(state, 0)
    assert pending is not None
    cards = pending.cards[:2]
    after = pick(state, 0, 1, 1, cards, pack=0)
    snapshot = to_json(after)
    with pytest.raises(StalePickError) as refused:
        pick(after, 0, 1, 1, cards, pack=0)
    assert refused.value.reason is PickRefusal.ALREADY_PICKED
    assert refused.value.recorded.cards == cards
    assert to_json(after) == snapshot
    with pytest.raises(StalePickError):
        pick(after, 0, 1, 1, pending.cards[2:4])


def test_a_players_pick_after_the_auto_pick_is_stale() -> None:
    state = fresh_draft(6)
    pending = current_pack(state, 3)
    assert pending is not None
    state = auto_pick(state, 3, (), RatingBot(synthetic_set()))
    with pytest.raises(StalePickError) as refused:
        pick(state, 3, 1, 1, pending.cards[:2])
    assert refused.value.recorded.auto


def test_picks_from_a_finished_round_are_stale() -> None:
    state = run_bots(fresh_draft(4), RatingBot(synthetic_set()))
    with pytest.raises(StalePickError):
        pick(state, 2, 1, 4, ("anything", "else"))
    with pytest.raises(StalePickError):
        pick(state, 2, 2, 9, ("anything", "else"))


def test_a_pick_naming_another_pack_is_refused() -> None:
    state = fresh_draft(6)
    with pytest.raises(NotYourPackError) as refused:
        pick(state, 1, 1, 1, state.opened[0][1][:2], pack=0)
    assert refused.value.reason is PickRefusal.WRONG_PACK


def test_the_next_pick_is_refused_until_the_neighbour_passes() -> None:
    state = take_first(fresh_draft(6), 1)
    with pytest.raises(NotYourPackError) as refused:
        pick(state, 1, 1, 2, state.opened[0][0][:2], pack=0)
    assert refused.value.reason is PickRefusal.PACK_NOT_ARRIVED
    state = take_first(state, 0)
    pending = current_pack(state, 1)
    assert pending is not None and pending.pack == 0
    pick(state, 1, 1, 2, pending.cards[:2], pack=0)


@pytest.mark.parametrize(
    ("seat", "round_number", "pick_number", "cards", "reason"),
    [
        (9, 1, 1, None, PickRefusal.UNKNOWN_SEAT),
        (-1, 1, 1, None, PickRefusal.UNKNOWN_SEAT),
        (0, 3, 1, None, PickRefusal.WRONG_ROUND),
        (0, 0, 1, None, PickRefusal.WRONG_ROUND),
        (0, 1, 10, None, PickRefusal.WRONG_PICK_NUMBER),
        (0, 1, 3, None, PickRefusal.WRONG_PICK_NUMBER),
        (0, 2, 1, None, PickRefusal.ROUND_NOT_STARTED),
        (0, 1, 1, ("only-one",), PickRefusal.WRONG_COUNT),
        (0, 1, 1, ("not-a-card", "nor-this"), PickRefusal.NOT_IN_PACK),
    ],
)
def test_illegal_picks_name_their_reason_and_change_nothing(
    seat: int, round_number: int, pick_number: int, cards: tuple[str, ...] | None, reason: PickRefusal
) -> None:
    state = fresh_draft(6)
    snapshot = to_json(state)
    chosen = cards if cards is not None else state.opened[0][0][:2]
    with pytest.raises(IllegalPickError) as refused:
        pick(state, seat, round_number, pick_number, chosen)
    assert refused.value.reason is reason
    assert to_json(state) == snapshot


def small_pod(first_pack: tuple[str, ...]) -> DraftState:
    filler = tuple(f"card-{i}" for i in range(len(first_pack)))
    round_one = [first_pack, filler, filler, filler]
    return start_draft("seed", seat_names(4), [round_one, [filler] * 4])


def test_two_copies_in_a_draft_pack_can_both_be_taken_but_not_three() -> None:
    state = small_pod(("twin", "twin", "a", "b"))
    with pytest.raises(IllegalPickError) as refused:
        pick(state, 0, 1, 1, ("a", "a"))
    assert refused.value.reason is PickRefusal.TOO_MANY_COPIES
    after = pick(state, 0, 1, 1, ("twin", "twin"))
    assert after.remaining[0][0] == ("a", "b")


def test_an_odd_sized_pack_ends_with_a_one_card_pick() -> None:
    state = small_pod(("a", "b", "c"))
    state = start_draft("seed", seat_names(4), [[("a", "b", "c")] * 4, [("d",)] * 4])
    state = run_bots(state, RatingBot(synthetic_set()))
    assert is_finished(state) and [len(p) for p in pools(state)] == [4] * 4


def test_round_two_opens_only_when_round_one_is_fully_picked() -> None:
    state = fresh_draft(4)
    for _ in range(9):
        for seat in range(4):
            if (seat, _) != (3, 8):
                state = take_first(state, seat)
    assert current_round(state) == 1 and not is_round_complete(state, 1)
    assert pending_packs(state, 0) == ()
    state = take_first(state, 3)
    assert current_round(state) == 2
    assert [current_pack(state, s).pack for s in range(4)] == [0, 1, 2, 3]  # type: ignore[union-attr]


@pytest.mark.parametrize("names", [seat_names(3), seat_names(9), ("a", "a", "b", "c"), ("a", "", "b", "c")])
def test_a_pod_needs_four_to_eight_distinct_seats(names: tuple[str, ...]) -> None:
    """001 p.19 "A minimum of 4 players is required to host a draft": fewer than four seats (or more than the
    site's eight) are refused."""
    with pytest.raises(DraftSetupError):
        new_draft(synthetic_set(), "seed", names)


def test_uneven_packs_are_refused() -> None:
    with pytest.raises(DraftSetupError):
        start_draft("seed", seat_names(4), [[("a", "b")] * 3 + [("a",)], [("a",)] * 4])


def test_replay_from_the_pick_log_rebuilds_the_state_in_any_order() -> None:
    state = run_bots(fresh_draft(6), seat_bots(synthetic_set(), 6))
    log = list(all_picks(state))
    random.Random(7).shuffle(log)
    assert replay(synthetic_set(), "test-seed", seat_names(6), log) == state
    partial = [p for p in log if p.round == 1 and p.pick_number <= 4]
    rebuilt = replay(synthetic_set(), "test-seed", seat_names(6), partial)
    assert current_round(rebuilt) == 1 and [len(p) for p in pools(rebuilt)] == [8] * 6


def test_replay_refuses_a_log_with_a_repeated_pick() -> None:
    state = take_first(fresh_draft(4), 0)
    log = [*all_picks(state), *all_picks(state)]
    with pytest.raises(StalePickError):
        replay(synthetic_set(), "test-seed", seat_names(4), log)


def test_the_state_round_trips_through_json_text() -> None:
    state = fresh_draft(5)
    for seat in (4, 0, 0, 1, 2):
        state = take_first(state, seat, auto=seat == 2)
    text = json.dumps(to_json(state))
    assert from_json(text) == state
    assert from_json(json.loads(text)) == state
    done = run_bots(state, RatingBot(synthetic_set()))
    assert from_json(json.dumps(to_json(done))) == done


def test_a_damaged_json_document_is_refused() -> None:
    doc = to_json(take_first(fresh_draft(4), 0))
    doc["picks"][0]["cards"] = ["not-in-the-pack", "nor-this"]
    with pytest.raises(DraftDataError):
        from_json(doc)
    with pytest.raises(DraftDataError):
        from_json({**to_json(fresh_draft(4)), "format": "other"})
    with pytest.raises(DraftDataError):
        from_json("{not json")
    with pytest.raises(DraftDataError):
        from_json({**to_json(fresh_draft(4)), "seats": ["a"]})


def test_auto_pick_takes_marked_cards_first_then_the_bot_choice() -> None:
    state = fresh_draft(6)
    pending = current_pack(state, 0)
    assert pending is not None
    bot = RatingBot(synthetic_set())
    bot_choice = bot.choose(pending.cards, 2, ())
    marked = next(c for c in pending.cards if c not in bot_choice)
    made = choose_auto_pick(state, 0, ("not-in-pack", marked), bot)
    assert made.cards[0] == marked and made.auto
    assert made.cards[1] == bot.choose([c for c in pending.cards if c != marked], 1, (marked,))[0]
    both = pending.cards[5], pending.cards[7]
    after = auto_pick(state, 0, (*both, pending.cards[9]), bot)
    assert after.picks[0][0].cards == both and after.picks[0][0].auto


def test_auto_pick_without_a_pack_is_refused() -> None:
    state = take_first(fresh_draft(6), 1)
    with pytest.raises(NotYourPackError) as refused:
        auto_pick(state, 1, (), RatingBot(synthetic_set()))
    assert refused.value.reason is PickRefusal.NOTHING_TO_PICK


def test_a_faulty_bot_still_produces_a_legal_auto_pick() -> None:
    class Broken:
        def choose(self, cards: object, take: int, held: object) -> tuple[str, ...]:
            raise RuntimeError("bot crashed")

    class Cheater:
        def choose(self, cards: object, take: int, held: object) -> tuple[str, ...]:
            return ("invented", "cards", "too")

    state = fresh_draft(6)
    for bot in (Broken(), Cheater()):
        after = auto_pick(state, 0, (), bot)
        assert after.picks[0][0].cards == state.opened[0][0][:2]


def test_a_pick_that_is_not_a_list_of_slugs_is_refused() -> None:
    state = fresh_draft(4)
    for cards in ("ab", (1, 2)):
        with pytest.raises(IllegalPickError) as refused:
            pick(state, 0, 1, 1, cards)  # type: ignore[arg-type]
        assert refused.value.reason is PickRefusal.MALFORMED


def test_the_state_version_counts_accepted_picks() -> None:
    state = fresh_draft(4)
    assert state.version == 0
    state = take_first(take_first(state, 0), 1)
    assert state.version == 2
    with pytest.raises(StalePickError):
        pick(state, 0, 1, 1, state.picks[0][0].cards)
    assert state.version == 2


@pytest.mark.parametrize(
    "damage",
    [
        {"packs": "not packs"},
        {"packs": [["abc"] * 4, ["abc"] * 4]},
        {"pod": -1},
        {"pod": "zero"},
        {"picks": [{"seat": 0}]},
        {"picks": [{"seat": True, "round": 1, "pick": 1, "pack": 0, "cards": []}]},
    ],
)
def test_malformed_json_fields_are_refused(damage: dict[str, object]) -> None:
    with pytest.raises(DraftDataError):
        from_json({**to_json(fresh_draft(4)), **damage})


def test_a_text_that_is_not_a_snapshot_is_refused() -> None:
    from tournaments.limited.serial import DraftDataError, from_snapshot, snapshot

    state = fresh_draft(4)
    text = snapshot(state)
    for bad in ("", "[]", "{}", text.replace("fett-draft-snapshot-v1", "other"), text[:-5]):
        with pytest.raises(DraftDataError, match="snapshot"):
            from_snapshot(bad)


def test_only_the_last_pick_of_each_pack_is_forced() -> None:
    assert is_forced(2, 2) and is_forced(1, 1) and not is_forced(3, 2) and not is_forced(18, 2)
    state = run_bots(fresh_draft(4), seat_bots(synthetic_set(), 4))
    forced = [(p.round, p.pick_number) for p in all_picks(state) if was_forced(state, p)]
    assert sorted(set(forced)) == [(1, 9), (2, 9)] and len(forced) == 2 * 4
