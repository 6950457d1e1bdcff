"""A process reads the card catalog when it starts, not in its first request or timer task."""

from __future__ import annotations

import gc
import logging

import pytest

from config import warm
from tournaments.drafts.services import state


def test_warm_up_reads_the_catalog_so_the_first_task_finds_it_ready() -> None:
    state._CARD_SETS.clear()
    warm.warm_up()
    assert len(state._CARD_SETS) == 1
    ready = next(iter(state._CARD_SETS.values()))
    assert state.card_set() is ready and len(ready.cards) > 0


def test_a_catalog_that_cannot_be_read_is_logged_and_start_up_goes_on(
    monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    def broken() -> None:
        raise ValueError("cards.yaml: card 'x' has no cost")

    monkeypatch.setattr(state, "card_set", broken)
    with caplog.at_level(logging.WARNING, logger="config.warm"):
        warm.warm_up()
    assert "could not read the card catalog at start-up: cards.yaml: card 'x' has no cost" in caplog.text


def test_a_started_process_leaves_its_start_up_objects_to_no_collection_and_collects_young_ones_less_often() -> None:
    before = gc.get_threshold()
    try:
        warm.freeze_start_up_objects()
        assert gc.get_freeze_count() > 10_000  # modules, classes, settings, URL patterns...
        assert gc.get_threshold() == (warm.YOUNG_THRESHOLD, before[1], before[2])
        garbage: list[list[object]] = [[]]
        garbage[0].append(garbage)  # a cycle made after the start is still collected
        del garbage
        assert gc.collect() > 0
    finally:
        gc.unfreeze()
        gc.set_threshold(*before)
