"""A real Celery worker makes the deadline's automatic choice from the task queued for the swap."""

from __future__ import annotations

import os

import pytest
from django.utils import timezone

from gameplay.runebound.catalog import shipped_runebound
from gameplay.runebound.swap import enemy_cards
from tests.processes import celery_process, stop_process
from tests.swaps.helpers import DECKS, published, runebound_pod_event, seat_pod
from tests.waiting import wait_until
from tournaments.swaps import services
from tournaments.swaps.models import CardPass, PodSwap, SwapSeat


@pytest.mark.slow
@pytest.mark.django_db(transaction=True)
def test_a_worker_chooses_for_the_player_left_to_the_deadline() -> None:
    event = runebound_pod_event(3)
    services.set_plan(event, event.organiser, [1], 10)
    pod = seat_pod(event)
    (swap,) = services.open_swaps(pod.round)
    for i in (0, 1):  # Ada and Bo choose; Cy is left to the deadline
        cards = enemy_cards(published(DECKS[i]), shipped_runebound())[-10:]
        services.choose(swap.pk, pod.players[i], cards[:5], cards[5:])
    worker = celery_process("worker", "-Q", "timers", "-c", "1", "-n", f"swap-test-{os.getpid()}@%h")
    try:
        PodSwap.objects.filter(pk=swap.pk).update(deadline=timezone.now())  # the deadline is now
        swap.refresh_from_db()
        services.schedule(swap)  # queued at once (no transaction here) with the version it was armed for
        wait_until(
            lambda: PodSwap.objects.filter(pk=swap.pk, revealed_at__isnull=False).exists(),
            120,
            "the worker to make the automatic choice",
        )
    finally:
        stop_process(worker)
    seats = list(SwapSeat.objects.filter(swap=swap).order_by("position"))
    assert [s.automatic for s in seats] == [False, False, True]
    assert CardPass.objects.filter(swap=swap).count() == 30
