"""Celery tasks of notices: one ``deliver`` per ``notify`` call (`default` queue), then e-mail and
Web Push batches (``accounts.notices.delivery``) on the outbound queue (``config.celery.route``)."""

from __future__ import annotations

from typing import Any

from celery import shared_task
from django.db import DatabaseError

from accounts.notices import delivery


#: ``deliver`` is idempotent (a notice once per user and key; each e-mailed and pushed at most once),
#: so a failed try (a locked database) is simply tried again.
@shared_task(
    name="accounts.notices.tasks.deliver", ignore_result=True, autoretry_for=(DatabaseError,), max_retries=3,
    retry_backoff=True,
)  # fmt: skip
def deliver(kind: str, drafts: list[dict[str, Any]]) -> int:
    return delivery.deliver(kind, drafts)


@shared_task(name="accounts.notices.tasks.send_emails", ignore_result=True)
def send_emails(notice_ids: list[int]) -> int:
    return delivery.send_emails(notice_ids)


@shared_task(name="accounts.notices.tasks.send_pushes", ignore_result=True)
def send_pushes(notice_ids: list[int]) -> int:
    return delivery.send_pushes(notice_ids)
