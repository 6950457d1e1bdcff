"""Fixtures of the webhook tests: an endpoint on an event, and the tasks queued (recorded
instead of sent to the broker)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any

import pytest

from common.deadlines import FIRE_TASK
from tournaments.models import Event
from tournaments.webhooks.models import Delivery, Endpoint
from tournaments.webhooks.outbox import DELIVER_TASK, WEBHOOK_RETRY
from tournaments.webhooks.signing import new_secret


def endpoint_for(event: Event, url: str = "http://127.0.0.1:9/hook", kinds: Sequence[str] = ()) -> Endpoint:
    return Endpoint.objects.create(event=event, url=url, secret=new_secret(), kinds=list(kinds))


def deliveries(kind: str) -> list[Delivery]:
    return list(Delivery.objects.filter(kind=kind).order_by("id"))


@dataclass
class Queued:
    calls: list[tuple[str, tuple[Any, ...], datetime | None]] = field(default_factory=list)

    def send_task(self, name: str, args: tuple[Any, ...] = (), eta: datetime | None = None, **_: Any) -> None:
        self.calls.append((name, tuple(args), eta))

    def delivery_ids(self) -> list[int]:
        """The deliveries whose try was queued: at once (the delivery task) or for a failed try's
        next one (its deadline, whose task queues the delivery task then)."""
        return [
            args[0] if name == DELIVER_TASK else args[1] for name, args, _eta in self.calls if self._a_try(name, args)
        ]

    @staticmethod
    def _a_try(name: str, args: tuple[Any, ...]) -> bool:
        return name == DELIVER_TASK or (name == FIRE_TASK and args[0] == WEBHOOK_RETRY)


@pytest.fixture
def queued(monkeypatch: pytest.MonkeyPatch) -> Queued:
    """Tasks queued after commit, recorded instead of sent."""
    recorder = Queued()
    monkeypatch.setattr("common.tasks.current_app", recorder)
    return recorder
