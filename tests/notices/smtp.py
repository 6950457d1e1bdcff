"""A real SMTP server on 127.0.0.1 (aiosmtpd) that keeps every mail it receives, for the notices'
e-mail tests (Django's SMTP backend sends to it)."""

from __future__ import annotations

import email
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from email.message import Message
from typing import Any

from aiosmtpd.controller import Controller

from tests.processes import free_port


@dataclass
class Mailbox:
    host: str
    port: int
    mails: list[tuple[list[str], Message]] = field(default_factory=list)
    lock: threading.Lock = field(default_factory=threading.Lock)

    async def handle_DATA(self, server: Any, session: Any, envelope: Any) -> str:
        with self.lock:
            self.mails.append((list(envelope.rcpt_tos), email.message_from_bytes(envelope.content)))
        return "250 Message accepted for delivery"

    def received(self) -> list[tuple[list[str], Message]]:
        with self.lock:
            return list(self.mails)

    def to(self, address: str) -> list[Message]:
        return [mail for rcpts, mail in self.received() if address in rcpts]


def body_of(mail: Message) -> str:
    payload = mail.get_payload(decode=True)
    assert isinstance(payload, bytes)
    return payload.decode()


@contextmanager
def smtp_server() -> Iterator[Mailbox]:
    box = Mailbox("127.0.0.1", free_port())
    controller = Controller(box, hostname=box.host, port=box.port)
    controller.start()
    try:
        yield box
    finally:
        controller.stop()
