"""``clock_low`` for a draft pick: a player away from the draft (no page of theirs follows the pod)
hears at most once per pack that their pick waits and its clock runs low; a player with the draft
open hears nothing, nor does a bot. The kind of deadline ``draft-pick-low`` is fired by beat's sweep
(the real task, run in this process), under the seat's clock version, with the clock stopped."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from typing import Any

import pytest

from accounts.notices.models import Notice
from common import deadlines
from common.deadlines import expire_deadline, sweep_deadlines
from tests.drafts.helpers import draft_table, human_seats, pick_first_cards, started_pod
from tests.notices.conftest import Queued
from tournaments.clock_low import PICK_LOW, low_at
from tournaments.drafts.models import Pod, Seat
from tournaments.drafts.services import draft_pods, low, picking, presence

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("fresh_redis_state")]
START = datetime(2026, 6, 6, 18, tzinfo=UTC)


def swept(now: datetime, capture: Any, queued: Queued) -> int:
    """Beat's sweep of the pick-low kind at ``now``, then the notices' tasks it queued."""
    with capture(execute=True):
        done = deadlines.sweep(now=now, only=[PICK_LOW])
    queued.run_all(capture)
    return done


def heard(seat: Seat) -> list[tuple[str, str, str]]:
    assert seat.registration is not None
    rows = Notice.objects.filter(user=seat.registration.player, kind="clock_low")
    return list(rows.values_list("title", "body", "url"))


def fresh(seat: Seat) -> Seat:
    return Seat.objects.select_related("registration__player").get(pk=seat.pk)


@pytest.fixture
def pod(django_capture_on_commit_callbacks: Any) -> Pod:
    table = draft_table(3, username="pl")
    with django_capture_on_commit_callbacks(execute=True):
        return started_pod(table, seats=4, now=START)


def test_only_the_player_away_hears_their_pick_clock_runs_low(
    pod: Pod, queued: Queued, django_capture_on_commit_callbacks: Any
) -> None:
    here, away, idle = human_seats(pod)
    presence.mark(here.pk, "page-of-here", True)
    for seat in (here, away, idle):
        assert seat.deadline is not None
        assert seat.low_at == low_at(START, seat.deadline) == seat.deadline - (seat.deadline - START) / 4
    assert all(s.low_at is None for s in Seat.objects.filter(pod=pod, bot=True))  # bots: no clock, no notice
    presence.mark(idle.pk, "page-of-idle", True)
    pick_first_cards(pod, idle, START + timedelta(seconds=1))  # a pick ends its clock, and the instant with it
    picked = fresh(idle)
    assert picked.timer_version > idle.timer_version and picked.low_at != idle.low_at

    first = away.low_at
    assert first is not None and away.deadline is not None
    assert swept(first - timedelta(seconds=1), django_capture_on_commit_callbacks, queued) == 0
    assert swept(first, django_capture_on_commit_callbacks, queued) == 1
    left = round((away.deadline - first).total_seconds())
    ((title, body, url),) = heard(away)
    assert title == f"{pod.event.name}: your pick is waiting (pack 1, {left} seconds left)"
    assert url == f"/pods/{pod.pk}/" and body.startswith("Pod 1: pick before the clock runs out")
    pack = pod.packs[0][away.index]
    assert not [card for card in pack if card in title + body]  # no card is named
    assert heard(here) == [] and heard(idle) == []
    assert fresh(here).low_at is None  # fired and cleared: the player was at the draft

    # a retried task, a second sweep and a late call change nothing
    assert expire_deadline.apply(args=(PICK_LOW, away.pk, away.timer_version)).result == 0
    assert swept(first + timedelta(seconds=2), django_capture_on_commit_callbacks, queued) == 0
    assert low.warn_pick(away.pk, away.timer_version, first + timedelta(seconds=3)) == 0
    assert Notice.objects.filter(kind="clock_low").count() == 1


def test_one_notice_per_pack_and_the_next_pack_may_tell_again(
    pod: Pod, queued: Queued, django_capture_on_commit_callbacks: Any
) -> None:
    here, away, other = human_seats(pod)
    presence.mark(here.pk, "page-of-here", True)
    assert away.low_at is not None and here.low_at is not None
    assert swept(max(away.low_at, here.low_at), django_capture_on_commit_callbacks, queued) == 2  # away and other
    now = max(away.low_at, here.low_at) + timedelta(seconds=1)
    pick_first_cards(pod, away, now)
    pick_first_cards(pod, here, now)
    presence.mark(here.pk, "page-of-here", False)  # the player closed the draft's page
    pick_first_cards(pod, other, now)
    away, here = fresh(away), fresh(here)
    assert (away.clock_round, away.clock_pick) == (1, 2) and away.low_told_round == 1
    assert away.low_at is None  # told in this pack: nothing more until the next
    assert here.low_at is not None  # not told (it was at the draft): its next clock may tell it
    assert swept(here.low_at, django_capture_on_commit_callbacks, queued) == 1
    assert [t for t, _, _ in heard(here)] == [heard(here)[0][0]] and "(pack 1, " in heard(here)[0][0]
    assert len(heard(away)) == 1

    later = here.low_at + timedelta(seconds=1)
    while any(pick_first_cards(pod, seat, later) for seat in human_seats(pod)):
        pass  # everyone picks through pack 1
    pod.refresh_from_db()
    assert pod.status == Pod.Status.REVIEW
    with django_capture_on_commit_callbacks(execute=True):
        assert picking.end_review(pod.pk, None, later + timedelta(minutes=5))  # pack 2 opens
    away = fresh(away)
    assert away.clock_round == 2 and away.low_at is not None
    swept(away.low_at, django_capture_on_commit_callbacks, queued)
    assert sorted(t.split("(")[1].split(",")[0] for t, _, _ in heard(away)) == ["pack 1", "pack 2"]


def test_the_sweep_fires_it_through_the_real_task_and_a_stale_version_does_nothing(
    pod: Pod, queued: Queued, django_capture_on_commit_callbacks: Any, time_machine: Any
) -> None:
    _, away, _ = human_seats(pod)
    assert away.low_at is not None
    assert deadlines.fire(PICK_LOW, away.pk, away.timer_version - 1, away.low_at) == 0  # an older clock's
    time_machine.move_to(away.low_at + timedelta(milliseconds=500), tick=False)
    with django_capture_on_commit_callbacks(execute=True):
        assert sweep_deadlines.apply().result >= 1
    queued.run_all(django_capture_on_commit_callbacks)
    assert len(heard(away)) == 1


def test_a_paused_pod_tells_nobody_and_resuming_starts_the_clock_low_again(
    pod: Pod, queued: Queued, django_capture_on_commit_callbacks: Any
) -> None:
    _, away, _ = human_seats(pod)
    assert away.low_at is not None
    organiser = pod.event.organiser
    with django_capture_on_commit_callbacks(execute=True):
        draft_pods.pause_pod(pod, organiser, now=START + timedelta(seconds=5))
    assert fresh(away).low_at is None
    assert swept(away.low_at + timedelta(minutes=5), django_capture_on_commit_callbacks, queued) == 0
    resumed = START + timedelta(minutes=10)
    with django_capture_on_commit_callbacks(execute=True):
        draft_pods.resume_pod(pod, organiser, now=resumed)
    away = fresh(away)
    assert away.deadline is not None and away.low_at == low_at(resumed, away.deadline)
    assert swept(away.low_at, django_capture_on_commit_callbacks, queued) == 3  # the three players, all away
    assert len(heard(away)) == 1


def test_a_bot_seat_hears_nothing(pod: Pod, queued: Queued, django_capture_on_commit_callbacks: Any) -> None:
    _, away, _ = human_seats(pod)
    with django_capture_on_commit_callbacks(execute=True):
        draft_pods.swap_for_bot(pod, away.index, pod.event.organiser, now=START + timedelta(seconds=1))
    assert fresh(away).low_at is None
    assert swept(START + timedelta(minutes=5), django_capture_on_commit_callbacks, queued) == 0
    assert heard(away) == []
