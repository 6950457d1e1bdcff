"""A burst of results queues one rebuild of their kind after commit, and a result confirmed once
the rebuild has started queues the next (docs/ratings.md, "Recomputing")."""

from __future__ import annotations

from typing import Any

import pytest

from tournaments.ratings import services, tasks
from tournaments.ratings.models import Kind


class Sent:
    def __init__(self) -> None:
        self.tasks: list[tuple[str, tuple[Any, ...]]] = []

    def send_task(self, name: str, args: tuple[Any, ...] = (), **_: Any) -> None:
        self.tasks.append((name, tuple(args)))


@pytest.mark.django_db
@pytest.mark.usefixtures("fresh_redis_state")
def test_a_burst_of_results_queues_one_rebuild_and_a_later_one_another(
    monkeypatch: pytest.MonkeyPatch, django_capture_on_commit_callbacks: Any
) -> None:
    sent = Sent()
    monkeypatch.setattr("common.tasks.current_app", sent)
    with django_capture_on_commit_callbacks(execute=True):
        for _ in range(5):
            services.queue_rebuild(Kind.AWAKENING)
        services.queue_rebuild(Kind.PODS)
        services.queue_rebuild(None)
    assert sent.tasks == [(services.REBUILD_TASK, ("awakening",)), (services.REBUILD_TASK, ("pods",))]
    assert tasks.rebuild("awakening") == 0  # the worker starts: the flag is cleared
    with django_capture_on_commit_callbacks(execute=True):
        services.queue_rebuild(Kind.AWAKENING)
    assert sent.tasks[-1] == (services.REBUILD_TASK, ("awakening",)) and len(sent.tasks) == 3
