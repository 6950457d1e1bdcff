"""Celery tasks of webhooks: deliveries on the outbound queue (``config.celery.route``; `default`
unless a deployment sets `CELERY_OUTBOUND_QUEUE`; a retry's time is a deadline:
``tournaments.webhooks.deadlines``)."""

from __future__ import annotations

from celery import shared_task

from tournaments.webhooks import delivery


@shared_task(name="tournaments.webhooks.tasks.deliver", ignore_result=True)
def deliver(delivery_id: int) -> str:
    return delivery.deliver(delivery_id)
