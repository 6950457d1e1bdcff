"""A pick's rows by SQL built once (``tournaments.drafts.services.rows``, on ``common.rows``): read
as the ORM reads them, written as ``save()`` writes them, and on PostgreSQL the seats' clocks and
the pod in one statement."""

from __future__ import annotations

from typing import Any

import pytest
from django.db import connection, transaction
from django.db.models import Model
from django.test.utils import CaptureQueriesContext

from tests.drafts.helpers import draft_table, human_seats, pick_first_cards, started_pod
from tournaments.drafts.models import Pod, Seat
from tournaments.drafts.services import rows

pytestmark = pytest.mark.django_db


def values(row: Model, skip: tuple[str, ...] = ()) -> dict[str, Any]:
    return {f.attname: getattr(row, f.attname) for f in row._meta.concrete_fields if f.name not in skip}


def test_the_locked_pod_and_its_seats_read_as_the_orm_reads_them() -> None:
    pod = started_pod(draft_table(4, username="pr"), seats=4)
    with transaction.atomic():
        locked = rows.locked_pod(pod.pk)
        assert values(locked, skip=("packs",)) == values(Pod.objects.defer("packs").get(pk=pod.pk), skip=("packs",))
        assert "packs" in locked.get_deferred_fields()
        assert locked.packs == Pod.objects.get(pk=pod.pk).packs  # read when first used
    seats = rows.seats(pod.pk)
    assert [values(s) for s in seats] == [values(s) for s in Seat.objects.filter(pod=pod).order_by("index")]
    assert [s.index for s in seats] == sorted(s.index for s in seats)


def test_a_pod_that_does_not_exist_is_not_found() -> None:
    with transaction.atomic(), pytest.raises(Pod.DoesNotExist):
        rows.locked_pod(10**9)


def test_a_pick_writes_the_clocks_and_the_pod_as_save_would_in_one_statement_on_postgresql() -> None:
    pod = started_pod(draft_table(4, username="ps"), seats=4)
    seat = human_seats(pod)[0]
    before = Pod.objects.get(pk=pod.pk)
    with CaptureQueriesContext(connection) as queries:
        assert pick_first_cards(pod, seat)
    after = Pod.objects.get(pk=pod.pk)
    assert after.version == before.version + 1
    picked = Seat.objects.get(pk=seat.pk)  # no pack waits for them yet (nobody else picked): clock stopped
    assert seat.deadline is not None and picked.deadline is None and picked.timer_version == seat.timer_version + 1
    writes = [q["sql"] for q in queries.captured_queries if q["sql"].lstrip().upper().startswith(("UPDATE", "WITH"))]
    seat_table = Seat._meta.db_table
    if connection.vendor == "postgresql":
        assert len(writes) == 1 and writes[0].startswith("WITH") and seat_table in writes[0]
    else:
        assert any(seat_table in sql for sql in writes) and any(Pod._meta.db_table in sql for sql in writes)
