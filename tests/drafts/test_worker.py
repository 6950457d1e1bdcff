"""A real Celery worker (with beat) runs the pick clocks; killed mid-draft, its successor catches up."""

from __future__ import annotations

import os
import signal
import subprocess
import time
from collections.abc import Callable
from pathlib import Path

import pytest
from django.utils import timezone

from tests.drafts.helpers import draft_table, human_seats, started_pod
from tests.processes import celery_process, stop_process
from tournaments.drafts.models import Pick, Pod, Seat

ROOT = Path(__file__).resolve().parents[2]
FAST = {"base_seconds": 1, "per_card_seconds": 0, "review_seconds_first": 1, "draft_deck_building_seconds": 600}


def start_worker(schedule: Path, name: str) -> subprocess.Popen[bytes]:
    return celery_process("worker", "-B", "-s", str(schedule), "-Q", "timers,default", "-c", "2",
                          "-n", f"{name}-{os.getpid()}@%h")  # fmt: skip


def kill(worker: subprocess.Popen[bytes], sig: int = signal.SIGKILL) -> None:
    stop_process(worker, sig)


def wait_for(condition: Callable[[], bool], seconds: float) -> bool:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if condition():
            return True
        time.sleep(0.2)
    return condition()


@pytest.mark.slow
@pytest.mark.django_db(transaction=True)
def test_a_killed_worker_loses_no_pick_its_successor_expires_every_overdue_one(tmp_path: Path) -> None:
    table = draft_table(4, username="wk")
    first = start_worker(tmp_path / "beat-1", "drafts-a")
    second = None
    try:
        pod = started_pod(table, seats=6, settings=FAST)
        humans = [s.pk for s in human_seats(pod)]
        autos = Pick.objects.filter(pod=pod, seat_id__in=humans, auto=True)
        assert wait_for(lambda: autos.count() >= 4, 40), "the worker made no auto-picks"
        kill(first)  # SIGKILL mid-draft: its ETA tasks are lost until the visibility timeout
        time.sleep(2.5)  # every running pick clock runs out meanwhile
        now = timezone.now()
        overdue = list(
            Seat.objects.filter(pk__in=humans, deadline__lte=now).values_list("pk", "clock_round", "clock_pick")
        )
        assert overdue, "no pick was overdue while the worker was down"
        second = start_worker(tmp_path / "beat-2", "drafts-b")

        def all_expired() -> bool:
            return all(
                Pick.objects.filter(seat_id=pk, round=rnd, pick_number=number, auto=True).exists()
                for pk, rnd, number in overdue
            )

        assert wait_for(all_expired, 40), "an overdue pick was never expired after the restart"
        assert wait_for(lambda: Pod.objects.get(pk=pod.pk).status == Pod.Status.BUILDING, 120)
        assert Pick.objects.filter(pod=pod).count() == 6 * 18
    finally:
        kill(first)
        if second is not None:
            kill(second, signal.SIGTERM)
