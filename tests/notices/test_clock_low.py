"""``clock_low``: a deck-building clock or a deck swap's clock waiting on a player runs low (60 s
before its end, or its last quarter when shorter). Each is a kind of deadline of its own, under the
clock's version; the player still to build or choose hears it once, in words that name no card;
those done already, and everyone else, hear nothing."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from typing import Any

import pytest

from accounts.notices.models import Notice
from common import deadlines
from tests.drafts.helpers import draft_table, legal_deck
from tests.notices.conftest import Queued
from tests.swaps.test_services import choose, opened
from tournaments.clock_low import BUILD_LOW, SWAP_LOW, in_words, low_at
from tournaments.drafts.services import pools

pytestmark = pytest.mark.django_db
FIRE = "common.deadlines.expire_deadline"


def sweep(kind: str, now: datetime, capture: Any, queued: Queued) -> int:
    with capture(execute=True):
        done = deadlines.sweep(now=now, only=[kind])
    queued.run_all(capture)
    return done


def heard(user: Any) -> list[tuple[str, str]]:
    return list(Notice.objects.filter(user=user, kind="clock_low").values_list("title", "url"))


def test_a_clock_runs_low_a_minute_before_its_end_or_at_its_last_quarter() -> None:
    start = datetime(2026, 5, 2, 10, tzinfo=UTC)
    assert low_at(start, start + timedelta(minutes=30)) == start + timedelta(minutes=29)
    assert low_at(start, start + timedelta(seconds=80)) == start + timedelta(seconds=60)
    assert [in_words(timedelta(seconds=s)) for s in (60, 59.6, 45, 1, 150)] == [
        "1 minute",
        "1 minute",
        "45 seconds",
        "1 second",
        "2 minutes",
    ]


def test_the_players_still_building_hear_their_build_clock_runs_low_once(
    queued: Queued, django_capture_on_commit_callbacks: Any
) -> None:
    table = draft_table(4, fmt="sealed", username="s")
    with django_capture_on_commit_callbacks(execute=True):
        opened_pools = pools.open_sealed(table.event, table.organiser)
    done, *waiting = opened_pools
    for pool in opened_pools:
        assert pool.build_deadline is not None and pool.build_low_at == pool.build_deadline - timedelta(minutes=1)
        assert (FIRE, (BUILD_LOW, pool.pk, pool.build_timer_version)) in queued.calls
    pools.submit_deck(done, done.registration.player, legal_deck(done))
    low = waiting[0].build_low_at
    assert low is not None
    assert sweep(BUILD_LOW, low - timedelta(seconds=1), django_capture_on_commit_callbacks, queued) == 0
    assert sweep(BUILD_LOW, low, django_capture_on_commit_callbacks, queued) == 3
    for pool in waiting:
        (notice,) = Notice.objects.filter(user=pool.registration.player, kind="clock_low")
        assert (notice.title, notice.url) == (
            f"{table.event.name}: 1 minute left to build your deck",
            f"/pools/{pool.pk}/",
        )
        assert not [card for card in pool.cards if card in notice.title + notice.body]  # no card is named
    assert heard(done.registration.player) == []
    for someone in (table.organiser, table.judge, table.outsider):
        assert heard(someone) == []
    assert sweep(BUILD_LOW, low + timedelta(seconds=5), django_capture_on_commit_callbacks, queued) == 0
    assert deadlines.due(BUILD_LOW, low + timedelta(minutes=5)) == []  # told: out of the rows
    assert deadlines.fire(BUILD_LOW, waiting[0].pk, waiting[0].build_timer_version, low) == 0  # a repeated task
    assert Notice.objects.filter(kind="clock_low").count() == 3


def test_the_players_still_choosing_hear_the_swaps_clock_runs_low_once(
    queued: Queued, django_capture_on_commit_callbacks: Any
) -> None:
    with django_capture_on_commit_callbacks(execute=True):
        pod, swap = opened(3, minutes=10)
    assert swap.low_at == swap.deadline - timedelta(minutes=1)
    choose(pod, swap, 0)
    assert sweep(SWAP_LOW, swap.low_at - timedelta(seconds=1), django_capture_on_commit_callbacks, queued) == 0
    assert sweep(SWAP_LOW, swap.low_at + timedelta(seconds=15), django_capture_on_commit_callbacks, queued) == 2
    words = ("Round 1, pod 1: 45 seconds left to choose the cards you pass", f"/events/{pod.event.pk}/swaps/{swap.pk}/")
    assert heard(pod.players[0]) == []
    assert heard(pod.players[1]) == [words] and heard(pod.players[2]) == [words]
    assert heard(pod.organiser) == []
    assert sweep(SWAP_LOW, swap.low_at + timedelta(seconds=20), django_capture_on_commit_callbacks, queued) == 0
    assert Notice.objects.filter(kind="clock_low").count() == 2
