"""A real Celery worker calls time on a pod round from the task queued at publish time."""

from __future__ import annotations

import os

import pytest

from tests.pods.test_pod_services import members, pod_event, publish, settle
from tests.processes import celery_process, stop_process
from tests.waiting import wait_until
from tournaments.models import PodTable, Round
from tournaments.pods import services as pods
from tournaments.services import rounds


@pytest.mark.slow
@pytest.mark.django_db(transaction=True)
def test_a_worker_calls_time_on_the_open_pods_and_decides_nothing() -> None:
    event, organiser, _players = pod_event(round_minutes=10)
    round_ = publish(event, organiser)
    settle(round_.pod_tables.get(table=1), [1, 2, 3])
    waiting = round_.pod_tables.get(table=2)
    a, b, c = members(waiting)
    pods.report_placements(waiting, a, {a.pk: 1, b.pk: 2, c.pk: 3})
    worker = celery_process("worker", "-Q", "timers", "-c", "1", "-n", f"pod-timer-test-{os.getpid()}@%h")
    try:
        rounds.add_time(round_, -10, organiser)  # the clock runs out at once; a new versioned task is queued
        wait_until(
            lambda: Round.objects.filter(pk=round_.pk, time_called_at__isnull=False).exists(),
            120,
            "the worker to call time",
        )
        called = dict(PodTable.objects.filter(round=round_).values_list("table", "time_called"))
        assert called == {1: False, 2: True, 3: True}
        statuses = dict(PodTable.objects.filter(round=round_).values_list("table", "status"))
        assert statuses == {1: PodTable.Status.CONFIRMED, 2: PodTable.Status.REPORTED, 3: PodTable.Status.PENDING}
        assert Round.objects.get(pk=round_.pk).status == Round.Status.OPEN  # the organiser still ends it
    finally:
        stop_process(worker)
