"""Celery tasks of matches: bot moves, on `default` (the match's deadlines are ``gameplay.deadlines``)."""

from __future__ import annotations

from celery import shared_task

from gameplay.matches import services


@shared_task(name="gameplay.tasks.bot_move", ignore_result=True)
def bot_move(match_id: int, version: int) -> bool:
    return services.bot_move(match_id, version)
