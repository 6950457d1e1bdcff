"""A real Celery worker opens a published round's swaps, and makes the deadline's automatic choice
from the task queued for the swap."""

from __future__ import annotations

import os

import pytest
from django.db import transaction
from django.utils import timezone

from gameplay.runebound.catalog import shipped_runebound
from gameplay.runebound.swap import enemy_cards
from tests.processes import celery_process, stop_process
from tests.swaps.helpers import DECKS, published, runebound_pod_event, seat_pod
from tests.waiting import wait_until
from tournaments.services import registration, rounds
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


@pytest.mark.slow
@pytest.mark.django_db(transaction=True)
def test_a_worker_opens_the_swaps_of_a_published_round_after_the_publish_request() -> None:
    """The organiser's publish commits the round and queues the opening; no swap is open until a
    real worker on the `default` queue takes the task, then each pod has its swap."""
    event = runebound_pod_event(3)
    services.set_plan(event, event.organiser, [1], 10)
    registration.start_event(event, event.organiser)
    event.refresh_from_db()
    with transaction.atomic():  # as the request: the round's receivers run after this commit
        round_ = rounds.publish_round(rounds.pair_next_round(event, event.organiser), event.organiser)
    assert not PodSwap.objects.exists()
    worker = celery_process("worker", "-Q", "default", "-c", "1", "-n", f"swap-open-{os.getpid()}@%h")
    try:
        wait_until(lambda: PodSwap.objects.filter(round=round_).exists(), 120, "the worker to open the swap")
    finally:
        stop_process(worker)
    (swap,) = PodSwap.objects.filter(round=round_)
    assert swap.is_choosing and swap.seats.count() == 3
