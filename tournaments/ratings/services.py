"""Rebuilding a rating from the results: the one way rating rows are written (docs/ratings.md).

``rebuild(kind)`` reads every result of the kind as periods (``sources``), rates them (the pure
``maths``) and replaces the kind's rows, under a lock on the kind's ``RatingBuild`` row so two
rebuilds never interleave. Results recorded, confirmed or corrected queue a rebuild of their
kind after commit (``receivers``, the task ``tournaments.ratings.tasks.rebuild``)."""

from __future__ import annotations

from django.db import transaction
from django.utils import timezone

from common.tasks import queue_after_commit
from tournaments.ratings import maths, sources
from tournaments.ratings.models import Kind, PlayerRating, RatingBuild, RatingPoint

REBUILD_TASK = "tournaments.ratings.tasks.rebuild"


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
    PlayerRating.objects.filter(kind=kind).delete()
    RatingPoint.objects.filter(kind=kind).delete()
    PlayerRating.objects.bulk_create((
        PlayerRating(
            player_id=player, kind=kind, value=standing.value, deviation=standing.deviation,
            volatility=standing.volatility, games=standing.games,
        )
        for player, standing in rated.final.items()
    ), batch_size=2000)  # fmt: skip
    RatingPoint.objects.bulk_create(
        (
            RatingPoint(
                player_id=player,
                kind=kind,
                sequence=number,
                at=period.at,
                label=period.label[:200],
                value=standing.value,
                deviation=standing.deviation,
            )
            for number, (period, after) in enumerate(zip(periods, rated.history, strict=True), start=1)
            for player, standing in after.items()
        ),
        batch_size=2000,
    )


def queue_rebuild(kind: str | None) -> None:
    """Rebuild the kind's ratings in the worker once the current transaction commits."""
    if kind is not None:
        queue_after_commit(REBUILD_TASK, kind)
