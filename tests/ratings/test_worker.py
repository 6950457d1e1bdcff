"""Through a real Celery worker: confirming a result, then a judge's correction, rebuild the
ratings after commit without anyone running the command."""

from __future__ import annotations

import os

import pytest

from tests.events.test_swiss_services import five_player_event, play_round
from tests.processes import celery_process, stop_process, wait_for_worker
from tests.waiting import wait_until
from tournaments.models import Match
from tournaments.ratings.models import Kind, PlayerRating
from tournaments.services import results
from tournaments.services.results import Score


def value_of(user_id: int) -> float | None:
    return PlayerRating.objects.filter(player_id=user_id, kind=Kind.AWAKENING).values_list("value", flat=True).first()


@pytest.mark.slow
@pytest.mark.django_db(transaction=True)
@pytest.mark.usefixtures("fresh_redis_state")  # no rebuild left waiting by an earlier test
def test_a_worker_rebuilds_the_ratings_after_a_result_and_after_a_judges_correction() -> None:
    name = f"ratings-{os.getpid()}"
    worker = celery_process("worker", "-Q", "default", "-c", "1", "-n", f"{name}@%h")
    try:
        wait_for_worker(name)
        event, organiser, p = five_player_event()
        play_round(event, organiser, [(p["A"], p["B"]), (p["C"], p["D"]), (p["E"], None)], [Score(2, 0), Score(2, 1)])
        a, b = p["A"].pk, p["B"].pk
        wait_until(lambda: (value_of(a) or 0) > 1500, 120, "the worker to rate the confirmed results")
        assert (value_of(b) or 1500) < 1500
        match = Match.objects.get(round__event=event, player_a=p["A"])
        results.set_result(match, organiser, Score(0, 2))  # the organiser corrects the result: B won
        wait_until(lambda: (value_of(a) or 1500) < 1500, 120, "the worker to rate the corrected result")
        assert (value_of(b) or 0) > 1500
    finally:
        stop_process(worker)
