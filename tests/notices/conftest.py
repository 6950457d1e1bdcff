"""Fixtures of the notices tests: a real SMTP server the site's SMTP backend sends to, and the
Celery tasks queued after commit, recorded and then run in this process by name (a real worker
runs them in ``test_worker.py``)."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any

import pytest
from django.test import override_settings

from accounts.notices import tasks
from tests.notices.smtp import Mailbox, smtp_server

TASKS = {t.name: t for t in (tasks.deliver, tasks.send_emails, tasks.send_pushes)}


@dataclass
class Queued:
    calls: list[tuple[str, tuple[Any, ...]]] = field(default_factory=list)

    def send_task(self, name: str, args: tuple[Any, ...] = (), **_: Any) -> None:
        self.calls.append((name, tuple(args)))

    def names(self) -> list[str]:
        return [name for name, _ in self.calls]

    def notice_tasks(self) -> list[tuple[str, tuple[Any, ...]]]:
        return [(name, args) for name, args in self.calls if name in TASKS]

    def run_all(self, capture: Any) -> list[str]:
        """Run every queued notices task (and those they queue) in this process, in order; answers
        their names. Other tasks (the round's clock) are left queued."""
        ran = []
        while self.notice_tasks():
            name, args = self.notice_tasks()[0]
            self.calls.remove((name, args))
            with capture(execute=True):
                TASKS[name](*args)
            ran.append(name)
        return ran


@pytest.fixture
def queued(monkeypatch: pytest.MonkeyPatch) -> Queued:
    """Tasks queued after commit, recorded instead of sent to the broker."""
    recorder = Queued()
    monkeypatch.setattr("common.tasks.current_app", recorder)
    return recorder


@pytest.fixture
def mailbox() -> Iterator[Mailbox]:
    """The site sends its e-mail by SMTP to a real server on 127.0.0.1."""
    with (
        smtp_server() as box,
        override_settings(
            EMAIL_BACKEND="django.core.mail.backends.smtp.EmailBackend", EMAIL_HOST=box.host, EMAIL_PORT=box.port
        ),
    ):
        yield box
