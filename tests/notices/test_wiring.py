"""The event's notices: a pod round's seats, and a result reported against a player, confirmed,
disputed and set by a judge, each to the right player in words (names, rounds, tables)."""

from __future__ import annotations

from typing import Any

import pytest

from accounts.notices.models import Notice
from tests.notices.conftest import Queued
from tests.notices.test_delivery import published_round
from tests.pods.test_pod_services import pod_event
from tournaments.models import Match, PodSeat
from tournaments.pods import services as pods
from tournaments.services import results, rounds
from tournaments.services.results import Score

pytestmark = pytest.mark.django_db


def titles(user: Any) -> list[str]:
    return list(Notice.objects.filter(user=user, kind="result").order_by("id").values_list("title", flat=True))


def test_a_pod_round_tells_each_player_their_pod_seat_and_who_else_sits_there(
    queued: Queued, django_capture_on_commit_callbacks: Any
) -> None:
    event, organiser, _players = pod_event(9)
    with django_capture_on_commit_callbacks(execute=True):
        round_ = rounds.publish_round(rounds.pair_next_round(event, organiser), organiser)
    queued.run_all(django_capture_on_commit_callbacks)
    seats = PodSeat.objects.filter(table__round=round_).select_related("player", "table")
    assert Notice.objects.count() == 9
    for seat in seats:
        notice = Notice.objects.get(user=seat.player)
        assert notice.title == f"Round 1, pod {seat.table.table}, seat {seat.position + 1}"
        others = [s.player.public_name for s in seats if s.table_id == seat.table_id and s.pk != seat.pk]
        assert notice.body == f"Runebound Night. At your pod: {', '.join(others)}."


def test_results_reported_confirmed_disputed_and_settled_reach_the_other_player(
    queued: Queued, django_capture_on_commit_callbacks: Any
) -> None:
    with django_capture_on_commit_callbacks(execute=True):
        round_, _ = published_round(4)
    first, second = Match.objects.filter(round=round_).select_related("player_a", "player_b").order_by("table")
    a, b = first.player_a, first.player_b
    assert b is not None
    organiser = round_.event.organiser
    with django_capture_on_commit_callbacks(execute=True):
        results.report_result(first, a, Score(2, 1, 0))
        results.confirm_result(first, b)
    queued.run_all(django_capture_on_commit_callbacks)
    table = f"Round 1, table {first.table}"
    assert titles(b) == [
        f"{table}: {a.public_name} reported a result (You lost 1-2); confirm it or say it is not right"
    ]
    assert titles(a) == [f"{table}: {b.public_name} confirmed the result (You won 2-1)"]

    c, d = second.player_a, second.player_b
    assert d is not None
    with django_capture_on_commit_callbacks(execute=True):
        results.report_result(second, c, Score(2, 0, 0))
        results.report_result(second, d, Score(0, 2, 0))
        results.set_result(second, organiser, Score(1, 2, 0))
    queued.run_all(django_capture_on_commit_callbacks)
    where = f"Round 1, table {second.table}"
    assert titles(c) == [
        f"{where}: {d.public_name} disputed your report; a judge or the organiser will settle it",
        f"{where}: a judge or the organiser set the result (You lost 1-2)",
    ]
    assert titles(d)[-1] == f"{where}: a judge or the organiser set the result (You won 2-1)"
    assert Notice.objects.filter(user=organiser).count() == 0


def test_a_pods_places_reported_confirmed_disputed_and_set_reach_the_other_members(
    queued: Queued, django_capture_on_commit_callbacks: Any
) -> None:
    event, organiser, _players = pod_event(9)
    with django_capture_on_commit_callbacks(execute=True):
        round_ = rounds.publish_round(rounds.pair_next_round(event, organiser), organiser)
    first, second = list(round_.pod_tables.order_by("table"))[:2]
    one = [s.player for s in first.seats.select_related("player").order_by("position")]
    two = [s.player for s in second.seats.select_related("player").order_by("position")]
    queued.run_all(django_capture_on_commit_callbacks)
    with django_capture_on_commit_callbacks(execute=True):
        pods.report_placements(first, one[0], {p.pk: n for n, p in enumerate(one, 1)})
        pods.confirm_placements(first, one[1])
        pods.report_placements(second, two[0], {p.pk: n for n, p in enumerate(two, 1)})
        pods.dispute_placements(second, two[1])
        pods.set_placements(second, organiser, {p.pk: n for n, p in enumerate(reversed(two), 1)})
    queued.run_all(django_capture_on_commit_callbacks)
    places = ", ".join(f"{o} {p.public_name}" for o, p in zip(("1st", "2nd", "3rd"), one, strict=True))
    pod = f"Round 1, pod {first.table}"
    assert titles(one[0]) == [f"{pod}: {one[1].public_name} confirmed the places ({places})"]
    assert titles(one[2]) == [
        f"{pod}: {one[0].public_name} reported the places ({places}); confirm them or say they are not right",
        f"{pod}: {one[1].public_name} confirmed the places ({places})",
    ]
    pod = f"Round 1, pod {second.table}"
    assert titles(two[0])[-2:] == [
        f"{pod}: {two[1].public_name} disputed the places; a judge or the organiser will settle them",
        f"{pod}: a judge or the organiser set the places "
        f"(1st {two[2].public_name}, 2nd {two[1].public_name}, 3rd {two[0].public_name})",
    ]
