"""Pods through the services: seating, a full draft with bots, idempotent picks, clocks, pools."""

from __future__ import annotations

from collections import Counter
from datetime import datetime, timedelta
from typing import Any

import pytest
from django.utils import timezone

from tests.drafts.helpers import (
    draft_table,
    drive,
    human_seats,
    legal_deck,
    pick_first_cards,
    started_pod,
    sweep_draft,
)
from tests.factories import RegistrationFactory, UserFactory
from tournaments.drafts.errors import PickRefused
from tournaments.drafts.models import Pick, Pod, Pool, Seat
from tournaments.drafts.services import draft_pods, picking, pools, reading
from tournaments.drafts.services.state import card_set, load_state, rebuild_state
from tournaments.errors import Conflict, Forbidden, Invalid
from tournaments.limited import Pick as PurePick
from tournaments.limited import current_pack, replay, to_json
from tournaments.models import DeckVersion, Registration

pytestmark = pytest.mark.django_db


def test_a_six_seat_pod_with_two_bots_drafts_to_deck_building() -> None:
    table = draft_table(4)
    pod = started_pod(table, seats=6)
    assert Seat.objects.filter(pod=pod, bot=True).count() == 2
    assert set(Registration.objects.filter(event=table.event).values_list("pod", flat=True)) == {1}
    drive(pod)
    pod.refresh_from_db()
    assert pod.status == Pod.Status.BUILDING
    assert Pick.objects.filter(pod=pod).count() == 6 * 18
    assert Pick.objects.filter(pod=pod, by_bot=True).count() == 2 * 18
    assert not Pick.objects.filter(pod=pod, by_bot=False, auto=True).exclude(pack_cards__len=2).exists()
    found = list(Pool.objects.filter(pod=pod))
    assert len(found) == 4 and all(len(p.cards) == 36 for p in found)
    assert all(p.build_deadline is not None for p in found)


def test_seating_is_seeded_by_the_event_and_needs_bots_for_small_pods() -> None:
    table = draft_table(5, username="s")
    with pytest.raises(Invalid, match="Allow bots"):
        draft_pods.seat_pods(table.event, table.organiser, seats_per_pod=4)
    first = draft_pods.seat_pods(table.event, table.organiser, seats_per_pod=6, fill_with_bots=True)
    seating = [(s.index, s.registration_id) for s in Seat.objects.filter(pod=first[0])]
    again = draft_pods.seat_pods(table.event, table.organiser, seats_per_pod=6, fill_with_bots=True)
    assert [(s.index, s.registration_id) for s in Seat.objects.filter(pod=again[0])] == seating
    with pytest.raises(Forbidden):
        draft_pods.seat_pods(table.event, table.players[0], seats_per_pod=6, fill_with_bots=True)


def test_nine_players_split_into_two_even_pods() -> None:
    table = draft_table(9, username="n")
    made = draft_pods.seat_pods(table.event, table.organiser)
    assert sorted(p.seats.count() for p in made) == [4, 5]
    assert sorted(Counter(Registration.objects.filter(event=table.event).values_list("pod", flat=True)).values()) == [
        4,
        5,
    ]


def test_only_draft_events_seat_pods() -> None:
    table = draft_table(4, fmt="sealed", username="x")
    with pytest.raises(Invalid, match="not a draft event"):
        draft_pods.seat_pods(table.event, table.organiser, fill_with_bots=True)


def _first_pending(pod: Pod, seat: Seat) -> tuple[int, int, int, tuple[str, ...], int]:
    pending = current_pack(load_state(pod), seat.index)
    assert pending is not None
    return pending.round, pending.pick_number, pending.pack, pending.cards, pending.take


def test_a_repeated_identical_pick_returns_the_recorded_pick_and_changes_nothing() -> None:
    table = draft_table(4, username="r")
    pod = started_pod(table)
    seat = human_seats(pod)[0]
    player = seat.registration.player  # type: ignore[union-attr]
    rnd, number, pack, cards, take = _first_pending(pod, seat)
    first = picking.make_pick(pod, player, rnd, number, cards[:take], pack)
    assert not first.repeated
    pod.refresh_from_db()
    version = pod.version
    again = picking.make_pick(pod, player, rnd, number, list(reversed(cards[:take])), pack)
    assert again.repeated and again.recorded["cards"] == list(cards[:take])
    pod.refresh_from_db()
    assert pod.version == version
    assert Pick.objects.filter(seat=seat).count() == 1


def test_a_stale_pick_with_other_cards_is_refused_with_the_current_state() -> None:
    table = draft_table(4, username="t")
    pod = started_pod(table)
    seat = human_seats(pod)[0]
    player = seat.registration.player  # type: ignore[union-attr]
    rnd, number, pack, cards, take = _first_pending(pod, seat)
    picking.make_pick(pod, player, rnd, number, cards[:take], pack)
    with pytest.raises(PickRefused) as refused:
        picking.make_pick(pod, player, rnd, number, cards[take : 2 * take], pack)
    assert refused.value.status_code == 409 and refused.value.reason == "already-picked"
    assert refused.value.payload["recorded"]["cards"] == list(cards[:take])
    assert refused.value.payload["state"]["seat"] == seat.index
    assert Pick.objects.filter(seat=seat).count() == 1


def test_picks_for_packs_not_in_front_of_the_seat_are_refused() -> None:
    table = draft_table(4, username="u")
    pod = started_pod(table)
    seat = human_seats(pod)[0]
    player = seat.registration.player  # type: ignore[union-attr]
    rnd, number, pack, cards, take = _first_pending(pod, seat)
    with pytest.raises(PickRefused) as ahead:
        picking.make_pick(pod, player, rnd, number + 1, cards[:take])
    assert ahead.value.status_code == 409
    with pytest.raises(PickRefused) as wrong_pack:
        picking.make_pick(pod, player, rnd, number, cards[:take], pack + 1)
    assert wrong_pack.value.reason == "wrong-pack"
    with pytest.raises(PickRefused) as too_few:
        picking.make_pick(pod, player, rnd, number, cards[:1], pack)
    assert too_few.value.status_code == 400 and too_few.value.reason == "wrong-count"
    with pytest.raises(PickRefused) as round_two:
        picking.make_pick(pod, player, 2, 1, cards[:take])
    assert round_two.value.reason == "round-not-started"
    with pytest.raises(Forbidden):
        picking.make_pick(pod, table.outsider, rnd, number, cards[:take], pack)
    assert not Pick.objects.filter(seat=seat).exists()


def test_a_pick_after_the_deadline_gets_the_server_pick_and_is_refused() -> None:
    table = draft_table(4, username="l")
    pod = started_pod(table)
    seat = human_seats(pod)[0]
    player = seat.registration.player  # type: ignore[union-attr]
    rnd, number, pack, cards, take = _first_pending(pod, seat)
    picking.set_marks(pod, player, rnd, number, [cards[-1]])
    seat.refresh_from_db()
    assert seat.deadline is not None
    late = seat.deadline + timedelta(seconds=1)
    with pytest.raises(PickRefused) as refused:
        picking.make_pick(pod, player, rnd, number, cards[:take], pack, now=late)
    assert refused.value.reason == "late"
    row = Pick.objects.get(seat=seat)
    assert row.auto and not row.by_bot and row.cards[0] == cards[-1]


def test_the_state_rebuilt_from_the_rows_equals_the_live_state() -> None:
    table = draft_table(4, username="b")
    pod = started_pod(table, seats=6)
    seats = human_seats(pod)
    for seat in seats[:2]:
        for _ in range(3):
            pick_first_cards(pod, seat)
    pod.refresh_from_db()
    live = load_state(pod)
    rows = [
        PurePick(r.seat.index, r.round, r.pick_number, r.pack, tuple(r.cards), r.auto)
        for r in Pick.objects.filter(pod=pod).select_related("seat").order_by("?")
    ]
    names = [f"seat{i}" for i in range(6)]
    rebuilt = replay(card_set(), pod.seed, names, rows, pod=pod.number)
    assert to_json(rebuilt) == to_json(live) == to_json(rebuild_state(pod))
    assert rebuilt.version == Pick.objects.filter(pod=pod).count() == live.version


def _only_clock_to_run_out(pod: Pod, seat: Seat) -> datetime:
    """The other seats' clocks end an hour after ``seat``'s; its deadline."""
    seat.refresh_from_db()
    assert seat.deadline is not None
    Seat.objects.filter(pod=pod, bot=False).exclude(pk=seat.pk).update(deadline=seat.deadline + timedelta(hours=1))
    return seat.deadline


def test_expiry_ignores_a_stale_version_and_auto_picks_on_the_current_one() -> None:
    table = draft_table(4, username="e")
    pod = started_pod(table)
    seat = human_seats(pod)[0]
    player = seat.registration.player  # type: ignore[union-attr]
    rnd, number, _pack, cards, _take = _first_pending(pod, seat)
    picking.set_marks(pod, player, rnd, number, [cards[3]])
    deadline = _only_clock_to_run_out(pod, seat)
    after = deadline + timedelta(milliseconds=1)
    pod.refresh_from_db()
    assert picking.expire_due(pod.pk, pod.clock_version - 1, after) == 0
    assert picking.expire_due(pod.pk, pod.clock_version, deadline - timedelta(seconds=1)) == 0  # queued again
    assert not Pick.objects.filter(seat=seat).exists()
    pod.refresh_from_db()
    assert picking.expire_due(pod.pk, pod.clock_version, after) == 1
    row = Pick.objects.get(seat=seat)
    assert row.auto and cards[3] in row.cards and row.pack_cards == list(cards)
    assert row.deadline == deadline and row.at == after
    assert picking.expire_due(pod.pk, pod.clock_version, after) == 0  # a repeated task does nothing


def test_the_sweeper_catches_every_overdue_pick() -> None:
    table = draft_table(4, username="w")
    now = timezone.now()
    pod = started_pod(table, now=now)
    overdue = now + timedelta(minutes=2)
    assert sweep_draft(overdue) == 4
    assert Pick.objects.filter(pod=pod, auto=True, by_bot=False).count() == 4
    assert sweep_draft(overdue) >= 0  # the new clocks started at `overdue`; nothing else is due
    assert Pick.objects.filter(pod=pod, auto=True, by_bot=False).count() == 4


def test_a_paused_pod_keeps_each_clock_and_refuses_picks() -> None:
    table = draft_table(4, username="p")
    now = timezone.now()
    pod = started_pod(table, now=now)
    seat = human_seats(pod)[0]
    draft_pods.pause_pod(pod, table.organiser, now=now + timedelta(seconds=10))
    seat.refresh_from_db()
    assert seat.deadline is None and seat.remaining_ms == 50_000
    assert sweep_draft(now + timedelta(hours=1)) == 0
    with pytest.raises(PickRefused, match="paused"):
        pick_first_cards_unchecked(pod, seat)
    later = now + timedelta(minutes=30)
    draft_pods.resume_pod(pod, table.organiser, now=later)
    seat.refresh_from_db()
    assert seat.deadline == later + timedelta(seconds=50)
    with pytest.raises(Conflict):
        draft_pods.resume_pod(pod, table.organiser)


def pick_first_cards_unchecked(pod: Pod, seat: Seat) -> None:
    rnd, number, pack, cards, take = _first_pending(pod, seat)
    picking.make_pick(pod, seat.registration.player, rnd, number, cards[:take], pack)  # type: ignore[union-attr]


def test_a_missing_player_is_swapped_for_a_bot_that_picks_at_once() -> None:
    table = draft_table(4, username="m")
    pod = started_pod(table)
    seat = human_seats(pod)[0]
    draft_pods.swap_for_bot(pod, seat.index, table.organiser)
    rows = list(Pick.objects.filter(seat=seat))
    assert rows and all(r.auto and r.by_bot for r in rows)
    with pytest.raises(PickRefused, match="bot"):
        picking.make_pick(pod, seat.registration.player, 1, len(rows) + 1, ["x", "y"])  # type: ignore[union-attr]
    drive(pod)
    pod.refresh_from_db()
    assert pod.status == Pod.Status.BUILDING
    assert Pool.objects.filter(pod=pod, registration=seat.registration).exists()


def test_the_review_pause_opens_round_two_for_everyone() -> None:
    table = draft_table(4, username="v")
    pod = started_pod(table)
    now = timezone.now()
    moved = True
    while moved:
        moved = any([pick_first_cards(pod, seat, now) for seat in human_seats(pod)])
    pod.refresh_from_db()
    assert pod.status == Pod.Status.REVIEW and pod.round_opened == 1
    assert pod.deadline is not None
    assert not picking.end_review(pod.pk, pod.timer_version - 1, pod.deadline)
    assert not picking.end_review(pod.pk, pod.timer_version, pod.deadline - timedelta(seconds=1))
    assert picking.end_review(pod.pk, pod.timer_version, pod.deadline)
    pod.refresh_from_db()
    assert pod.status == Pod.Status.DRAFTING and pod.round_opened == 2
    assert all(s.deadline is not None for s in human_seats(pod))


def test_decks_are_submitted_from_the_pool_or_built_at_the_deadline() -> None:
    table = draft_table(4, username="k")
    pod = started_pod(table)
    drive(pod)
    first, *rest = list(Pool.objects.filter(pod=pod).select_related("registration__player"))
    player = first.registration.player
    with pytest.raises(Forbidden):
        pools.submit_deck(first, rest[0].registration.player, legal_deck(first))
    pools.submit_deck(first, player, legal_deck(first))
    assert DeckVersion.objects.get(deck__player=player).automatic is False
    assert not pools.expire_build(first.pk, None, timezone.now() + timedelta(hours=1))
    pool = rest[0]
    assert pool.build_deadline is not None
    assert not pools.expire_build(pool.pk, pool.build_timer_version, pool.build_deadline - timedelta(seconds=1))
    assert sweep_draft(pool.build_deadline + timedelta(seconds=1)) == 3
    built = DeckVersion.objects.get(deck__player=pool.registration.player)
    assert built.automatic and built.size == 30
    pool.refresh_from_db()
    assert pool.auto_built and "submitted no deck" in pool.auto_build_note
    pod.refresh_from_db()
    assert pod.status == Pod.Status.DONE


def test_sealed_pools_are_opened_for_every_player_and_built_under_the_sealed_rule() -> None:
    table = draft_table(4, fmt="sealed", username="q")
    opened = pools.open_sealed(table.event, table.organiser)
    assert len(opened) == 4 and all(len(p.cards) == 54 for p in opened)
    assert pools.open_sealed(table.event, table.organiser)[0].cards == opened[0].cards  # idempotent
    late = RegistrationFactory.create(event=table.event, player=UserFactory.create(username="q-late"))
    again = pools.open_sealed(table.event, table.organiser)
    assert len(again) == 5 and {p.registration_id for p in again} >= {late.pk}
    pool = opened[0]
    assert pool.build_deadline is not None
    assert (pool.build_deadline - pool.created_at).total_seconds() == pytest.approx(30 * 60, abs=1)
    pools.submit_deck(pool, pool.registration.player, legal_deck(pool))
    assert DeckVersion.objects.get(deck__player=pool.registration.player).size == 40
    other = draft_table(4, username="z")
    with pytest.raises(Invalid, match="not a sealed event"):
        pools.open_sealed(other.event, other.organiser)


def test_a_process_that_did_not_make_the_pick_reads_the_newest_state_from_redis(
    django_capture_on_commit_callbacks: Any, django_assert_num_queries: Any, fresh_redis_state: None
) -> None:
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    from tournaments.drafts.services import state as draft_state

    table = draft_table(4, username="sc")
    pod = started_pod(table, seats=6)
    seat = human_seats(pod)[0]
    with django_capture_on_commit_callbacks(execute=True):
        assert pick_first_cards(pod, seat)
    pod.refresh_from_db()
    draft_state._STATES.clear()  # another process: nothing of this pod in its memory
    with django_assert_num_queries(0):
        shared = load_state(pod)
    assert to_json(shared) == to_json(rebuild_state(pod))
    assert shared.version == Pick.objects.filter(pod=pod).count()

    # A pod with the same id and version but made at another time (a database recreated beside
    # a live Redis) is not served that snapshot: it is rebuilt from its own rows.
    pod.created_at -= timedelta(seconds=1)
    draft_state._STATES.clear()
    with CaptureQueriesContext(connection) as queries:
        load_state(pod)
    assert any("drafts_pick" in q["sql"] for q in queries.captured_queries)


def test_one_clock_task_per_pod_picks_for_every_seat_out_of_time_and_queues_the_next() -> None:
    table = draft_table(4, username="ck")
    now = timezone.now()
    pod = started_pod(table, now=now)
    pod.refresh_from_db()
    seats = human_seats(pod)
    deadlines = {seat.deadline for seat in seats}
    assert len(deadlines) == 1 and None not in deadlines  # four clocks started together...
    assert pod.timer_at == seats[0].deadline  # ...and one task queued for them

    # Player 1 picks in time: the queued task is kept, or replaced by one for an earlier deadline
    # (the next pick's clock is shorter): always the earliest running clock.
    later = now + timedelta(seconds=5)
    assert pick_first_cards(pod, seats[0], later)
    pod.refresh_from_db()
    running = [s.deadline for s in Seat.objects.filter(pod=pod, bot=False) if s.deadline is not None]
    assert pod.timer_at == min(running)
    first = pod.clock_version
    seats = human_seats(pod)

    # A task replaced by another (queued for another time) leaves without a change.
    version = pod.version
    assert picking.expire_due(pod.pk, first - 1, now + timedelta(hours=1)) == 0
    pod.refresh_from_db()
    assert pod.version == version

    # The task itself, after the deadline: the seats out of time get the server's pick, the others
    # do not, and the task for the next deadline is queued.
    overdue = pod.timer_at + timedelta(milliseconds=5)
    due = {s.pk for s in seats if s.deadline is not None and s.deadline <= overdue}
    assert due and picking.expire_due(pod.pk, first, overdue) == len(due)
    autos = Pick.objects.filter(pod=pod, auto=True, by_bot=False)
    assert {p.seat_id for p in autos} == due
    pod.refresh_from_db()
    running = [s.deadline for s in Seat.objects.filter(pod=pod, bot=False) if s.deadline is not None]
    assert pod.timer_at == min(running) and pod.timer_at > overdue and pod.clock_version > first
    # The same task again (delivered twice) does nothing.
    assert picking.expire_due(pod.pk, first, overdue) == 0
    assert autos.count() == len(due)


def test_a_clock_task_with_nothing_due_queues_the_next_without_touching_the_pod() -> None:
    table = draft_table(4, username="cn")
    now = timezone.now()
    pod = started_pod(table, now=now)
    pod.refresh_from_db()
    queued = pod.timer_at
    assert queued is not None
    # Everyone picks before the first clocks run out; their next clocks end after the queued task.
    for seat in human_seats(pod):
        assert pick_first_cards(pod, seat, queued - timedelta(seconds=5))
    pod.refresh_from_db()
    version = pod.version
    assert pod.timer_at == queued
    queued_under = pod.clock_version
    assert picking.expire_due(pod.pk, queued_under, queued + timedelta(milliseconds=1)) == 0
    pod.refresh_from_db()
    running = [s.deadline for s in Seat.objects.filter(pod=pod, bot=False) if s.deadline is not None]
    assert pod.version == version  # no pick, no push
    assert pod.timer_at == min(running) > queued and pod.clock_version == queued_under + 1
    assert not Pick.objects.filter(pod=pod, auto=True, by_bot=False).exists()


def test_the_pod_table_counts_only_expired_clocks_as_auto_picks_not_forced_last_picks() -> None:
    table = draft_table(4, username="fa")
    pod = started_pod(table)
    late, *others = human_seats(pod)
    deadline = _only_clock_to_run_out(pod, late)
    pod.refresh_from_db()
    assert picking.expire_due(pod.pk, pod.clock_version, deadline + timedelta(milliseconds=1)) == 1
    drive(pod)
    pod.refresh_from_db()
    assert pod.status == Pod.Status.BUILDING
    # The server made the last pick of each round for everyone (two cards left, take two)...
    for seat in others:
        assert Pick.objects.filter(seat=seat, auto=True, by_bot=False).count() == 2
    # ...but only the one clock that ran out is an auto-pick on the organiser's table.
    (summary,) = reading.dashboard([pod])
    counted = {row["name"]: row["auto_picks"] for row in summary["progress"] if not row["bot"]}
    assert counted == {seat.label(): 1 if seat.pk == late.pk else 0 for seat in [late, *others]}
    page = reading.seat_state(pod, others[0])
    assert not any(p["auto"] for p in page["picks"]) and len(page["picks"]) == 18
    mine = reading.seat_state(pod, late)
    assert [p["auto"] for p in mine["picks"]].count(True) == 1
