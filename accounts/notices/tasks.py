"""Celery tasks of notices, on the `default` queue: one ``deliver`` per ``notify`` call, then
e-mail and Web Push batches (``accounts.notices.delivery``)."""

from __future__ import annotations

from typing import Any

from celery import shared_task

from accounts.notices import delivery


@shared_task(name="accounts.notices.tasks.deliver", ignore_result=True)
def deliver(kind: str, drafts: list[dict[str, Any]]) -> int:
    return delivery.deliver(kind, drafts)


@shared_task(name="accounts.notices.tasks.send_emails", ignore_result=True)
def send_emails(notice_ids: list[int]) -> int:
    return delivery.send_emails(notice_ids)


@shared_task(name="accounts.notices.tasks.send_pushes", ignore_result=True)
def send_pushes(notice_ids: list[int]) -> int:
    return delivery.send_pushes(notice_ids)
