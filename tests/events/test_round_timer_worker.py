"""A real Celery worker calls time on a round from the task queued at publish time."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from tests.factories import EventFactory, OrganiserFactory, RegistrationFactory
from tests.processes import celery_process, stop_process
from tests.waiting import wait_until
from tournaments.models import Match, Round
from tournaments.services import registration, rounds

ROOT = Path(__file__).resolve().parents[2]


@pytest.mark.slow
@pytest.mark.django_db(transaction=True)
def test_a_worker_calls_time_when_the_round_clock_runs_out() -> None:
    organiser = OrganiserFactory.create()
    event = EventFactory.create(organiser=organiser, round_minutes=10)
    for _ in range(4):
        RegistrationFactory.create(event=event)
    registration.start_event(event, organiser)
    round_ = rounds.publish_round(rounds.pair_next_round(event, organiser), organiser)
    worker = celery_process("worker", "-Q", "timers", "-c", "1", "-n", f"timer-test-{os.getpid()}@%h")
    try:
        rounds.add_time(round_, -10, organiser)  # the clock now runs out at once; a new versioned task is queued
        wait_until(
            lambda: Round.objects.filter(pk=round_.pk, time_called_at__isnull=False).exists(),
            120,
            "the worker to call time",
        )
        round_.refresh_from_db()
        late = (round_.time_called_at - round_.ends_at).total_seconds()  # type: ignore[operator]
        assert late >= 0
        assert Match.objects.filter(round=round_, time_called=True).count() == 2
        assert Round.objects.get(pk=round_.pk).status == Round.Status.OPEN  # the organiser still ends it
    finally:
        stop_process(worker)
