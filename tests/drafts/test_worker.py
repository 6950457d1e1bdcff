"""A real Celery worker (with beat) runs the pick clocks; killed mid-draft, its successor catches up."""

from __future__ import annotations

import os
import signal
import subprocess
from pathlib import Path

import pytest
from django.utils import timezone

from tests.drafts.helpers import draft_table, human_seats, started_pod
from tests.processes import celery_process, stop_process
from tests.waiting import wait_until
from tournaments.drafts.models import Pick, Pod, Seat

ROOT = Path(__file__).resolve().parents[2]
FAST = {"base_seconds": 1, "per_card_seconds": 0, "review_seconds_first": 1, "draft_deck_building_seconds": 600}


def start_worker(schedule: Path, name: str) -> subprocess.Popen[bytes]:
    return celery_process("worker", "-B", "-s", str(schedule), "-Q", "timers,default", "-c", "2",
                          "-n", f"{name}-{os.getpid()}@%h")  # fmt: skip


def kill(worker: subprocess.Popen[bytes], sig: int = signal.SIGKILL) -> None:
    stop_process(worker, sig)


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
        wait_until(lambda: autos.count() >= 4, 120, "the worker to make auto-picks")
        kill(first)  # SIGKILL mid-draft: its ETA tasks are lost until the visibility timeout

        def overdue_seats() -> list[tuple[int, int, int]]:
            """The humans' picks whose clock ran out (each pick clock is a second or two long)."""
            due = Seat.objects.filter(pk__in=humans, deadline__lte=timezone.now())
            return list(due.values_list("pk", "clock_round", "clock_pick"))

        overdue = wait_until(overdue_seats, 60, "a pick to be overdue while the worker is down")
        second = start_worker(tmp_path / "beat-2", "drafts-b")

        def all_expired() -> bool:
            return all(
                Pick.objects.filter(seat_id=pk, round=rnd, pick_number=number, auto=True).exists()
                for pk, rnd, number in overdue
            )

        wait_until(all_expired, 120, "the new worker to expire every overdue pick")
        wait_until(lambda: Pod.objects.get(pk=pod.pk).status == Pod.Status.BUILDING, 240, "the draft to end")
        assert Pick.objects.filter(pod=pod).count() == 6 * 18
    finally:
        kill(first)
        if second is not None:
            kill(second, signal.SIGTERM)
