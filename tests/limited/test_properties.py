"""Properties: any interleaving of picks ends in the same pod; bots never fail on any pack."""

from __future__ import annotations

from collections import Counter

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests.limited.support import fresh_draft, opened_cards, seat_bots, seat_names, synthetic_set
from tournaments.limited import RatingBot, current_pack, is_finished, pick, pools, replay, run_bots
from tournaments.limited.bots import choose_auto_pick
from tournaments.limited.draft import all_picks, pending_packs

FAST = settings(max_examples=25, deadline=None, database=None, suppress_health_check=[HealthCheck.too_slow])


@FAST
@given(data=st.data(), seats=st.integers(min_value=4, max_value=8), seed=st.integers(0, 10_000))
def test_any_pick_interleaving_ends_in_the_same_finished_pod(data: st.DataObject, seats: int, seed: int) -> None:
    start = fresh_draft(seats, seed=f"prop-{seed}")
    bots = seat_bots(synthetic_set(), seats)
    state = start
    while not is_finished(state):
        movable = [s for s in range(seats) if current_pack(state, s) is not None]
        assert movable, "a draft in progress always has a seat that can pick"
        seat = data.draw(st.sampled_from(movable))
        made = choose_auto_pick(state, seat, (), bots[seat])
        state = pick(state, seat, made.round, made.pick_number, made.cards, pack=made.pack)
    assert state == run_bots(start, bots, auto=False)
    assert [len(p) for p in pools(state)] == [36] * seats
    assert Counter(card for p in pools(state) for card in p) == opened_cards(state)


@FAST
@given(data=st.data(), seats=st.integers(min_value=4, max_value=8))
def test_random_legal_picks_keep_every_card_in_exactly_one_place(data: st.DataObject, seats: int) -> None:
    state = fresh_draft(seats, seed="random-picks")
    while not is_finished(state):
        movable = [s for s in range(seats) if pending_packs(state, s)]
        seat = data.draw(st.sampled_from(movable))
        pending = pending_packs(state, seat)[0]
        order = data.draw(st.permutations(range(len(pending.cards))))
        cards = tuple(pending.cards[i] for i in order[: pending.take])
        state = pick(state, seat, pending.round, pending.pick_number, cards, pack=pending.pack)
        held = Counter(card for p in pools(state) for card in p)
        left = Counter(card for packs in state.remaining for p in packs for card in p)
        assert held + left == opened_cards(state)
    assert replay(synthetic_set(), "random-picks", seat_names(seats), all_picks(state)) == state


SLUGS = st.sampled_from([c.slug for c in synthetic_set().cards] + ["unknown-a", "unknown-b", ""])


@settings(max_examples=200, deadline=None, database=None)
@given(
    cards=st.lists(SLUGS, max_size=20),
    take=st.integers(min_value=-2, max_value=25),
    held=st.lists(SLUGS, max_size=40),
    seed=st.text(max_size=8),
)
def test_a_bot_always_returns_a_legal_choice(cards: list[str], take: int, held: list[str], seed: str) -> None:
    bot = RatingBot(synthetic_set(), seed=seed)
    chosen = bot.choose(cards, take, held)
    assert len(chosen) == max(0, min(take, len(cards)))
    assert not Counter(chosen) - Counter(cards)
    assert chosen == bot.choose(list(cards), take, list(held))


@FAST
@given(data=st.data(), seats=st.integers(min_value=4, max_value=8), seed=st.integers(0, 10_000))
def test_a_snapshot_reads_back_as_the_same_state_at_any_point(data: st.DataObject, seats: int, seed: int) -> None:
    from tournaments.limited.serial import from_snapshot, snapshot

    state = fresh_draft(seats, seed=f"snap-{seed}")
    bots = seat_bots(synthetic_set(), seats)
    for _ in range(data.draw(st.integers(0, 18 * seats))):
        movable = [s for s in range(seats) if current_pack(state, s) is not None]
        if not movable:
            break
        seat = data.draw(st.sampled_from(movable))
        made = choose_auto_pick(state, seat, (), bots[seat])
        state = pick(state, seat, made.round, made.pick_number, made.cards, pack=made.pack, auto=made.auto)
        assert from_snapshot(snapshot(state)) == state
    assert from_snapshot(snapshot(state)) == state
