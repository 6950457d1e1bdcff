"""Rebuilding a rating from the results: the one way rating rows are written (docs/ratings.md).

``rebuild(kind)`` reads every result of the kind as periods (``sources``), rates them (the pure
``maths``) and replaces the kind's rows, under a lock on the kind's ``RatingBuild`` row so two
rebuilds never interleave. Results recorded, confirmed or corrected queue a rebuild of their
kind after commit (``receivers``, the task ``tournaments.ratings.tasks.rebuild``)."""

from __future__ import annotations

import contextlib
from typing import Any

from django.db import connection, transaction
from django.db.models import Model
from django.utils import timezone
from redis.exceptions import RedisError

from common.redis import key, state_redis
from common.tasks import queue_after_commit
from tournaments.ratings import maths, sources
from tournaments.ratings.models import Kind, PlayerRating, RatingBuild, RatingPoint

REBUILD_TASK = "tournaments.ratings.tasks.rebuild"
PENDING_SECONDS = 600


def rate(kind: str, periods: list[sources.Period]) -> maths.Rated:
    if kind == Kind.PODS:
        return maths.rate_pods(period.tables for period in periods)
    return maths.rate_duels(period.duels for period in periods)


def rebuild(kind: str) -> int:
    """Recompute the kind's ratings and history from every result; returns the results rated."""
    if kind not in Kind.values:
        raise ValueError(f"unknown rating kind {kind!r}")
    RatingBuild.objects.get_or_create(kind=kind)
    with transaction.atomic():
        build = RatingBuild.objects.select_for_update().get(kind=kind)
        periods = sources.periods(kind)
        rated = rate(kind, periods)
        _replace(kind, periods, rated)
        build.results = sum(len(period.duels) + len(period.tables) for period in periods)
        build.built_at = timezone.now()
        build.save(update_fields=["results", "built_at"])
    return build.results


def _replace(kind: str, periods: list[sources.Period], rated: maths.Rated) -> None:
    """Delete the kind's rows and insert the new ones. The history is many rows (one per player
    and period played): they go in by ``executemany`` rather than as model objects, five times
    faster (``make bench``: 10,000 results rebuilt within the issue's 2 s)."""
    PlayerRating.objects.filter(kind=kind).delete()
    RatingPoint.objects.filter(kind=kind).delete()
    ratings = [
        (player, kind, s.value, s.deviation, s.volatility, s.games) for player, s in rated.final.items()
    ]  # fmt: skip
    adapt = connection.ops.adapt_datetimefield_value
    points = [
        (player, kind, number, adapt(period.at), period.label[:200], s.value, s.deviation)
        for number, (period, after) in enumerate(zip(periods, rated.history, strict=True), start=1)
        for player, s in after.items()
    ]
    _insert(PlayerRating, ("player_id", "kind", "value", "deviation", "volatility", "games"), ratings)
    _insert(RatingPoint, ("player_id", "kind", "sequence", "at", "label", "value", "deviation"), points)


def _insert(model: type[Model], columns: tuple[str, ...], rows: list[tuple[Any, ...]]) -> None:
    quote = connection.ops.quote_name
    names = ", ".join(quote(column) for column in columns)  # the columns are the fields' own names
    marks = ", ".join(["%s"] * len(columns))
    with connection.cursor() as cursor:
        cursor.executemany(f"INSERT INTO {quote(model._meta.db_table)} ({names}) VALUES ({marks})", rows)


def queue_rebuild(kind: str | None) -> None:
    """Rebuild the kind's ratings in the worker once the current transaction commits.

    A burst of results (every table of a round confirmed within minutes) queues one rebuild, not
    one per result: a flag in Redis says one is waiting, and the task clears it as it starts, so a
    result confirmed while it runs queues the next. The flag expires after ``PENDING_SECONDS`` in
    case its task was lost; without Redis every result queues its own rebuild."""
    if kind is None:
        return

    def send() -> None:
        try:
            first = state_redis().set(pending_key(kind), "1", nx=True, ex=PENDING_SECONDS)
        except RedisError:
            first = True
        if first:
            queue_after_commit(REBUILD_TASK, str(kind))  # after the commit already: sent at once

    transaction.on_commit(send)


def pending_key(kind: str) -> str:
    return key("ratings", "rebuild-pending", str(kind))


def clear_pending(kind: str) -> None:
    """Called by the task as it starts: a result from now on queues another rebuild."""
    with contextlib.suppress(RedisError):
        state_redis().delete(pending_key(kind))
