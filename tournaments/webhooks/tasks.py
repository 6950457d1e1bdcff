"""Celery tasks of webhooks: deliveries on the `default` queue, the sweeper on `timers`."""

from __future__ import annotations

from celery import shared_task

from tournaments.webhooks import delivery


@shared_task(name="tournaments.webhooks.tasks.deliver", ignore_result=True)
def deliver(delivery_id: int) -> str:
    return delivery.deliver(delivery_id)


@shared_task(name="tournaments.webhooks.tasks.sweep_deliveries", ignore_result=True)
def sweep_deliveries() -> int:
    return delivery.sweep_due()
