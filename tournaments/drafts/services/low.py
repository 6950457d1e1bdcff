"""The deck-building clock runs low: the player whose pool still waits for a deck hears it once
per clock (``tournaments.clock_low``; the kind of deadline ``DECK_BUILD_LOW``). The notice names
the event and the time left, never a card of the pool."""

from __future__ import annotations

from datetime import datetime

from django.db import transaction
from django.urls import reverse

from accounts.notices.models import Kind
from accounts.notices.services import notify
from tournaments.clock_low import in_words
from tournaments.drafts.models import Pool


@transaction.atomic
def warn_build(pool_id: int, version: int, now: datetime) -> int:
    """Tell the player their build clock runs low; 1 if told, else 0. A pool past its deadline
    (the build task's) or built already is only marked."""
    pool = Pool.objects.select_for_update().filter(pk=pool_id).select_related("event", "registration__player").first()
    if pool is None or pool.build_low_at is None or pool.build_deadline is None or now < pool.build_low_at:
        return 0
    told = pool.deck_submitted_at is None and now < pool.build_deadline
    player = pool.registration.player
    if told and not player.is_guest:
        title = f"{pool.event.name}: {in_words(pool.build_deadline - now)} left to build your deck"
        body = "Submit your deck before the clock runs out, or the site builds one from your pool for you."
        key = f"pool:{pool.pk}:build-low:{version}"
        notify([player.pk], Kind.CLOCK_LOW, key, title, body, reverse("drafts:pool", args=[pool.pk]))
    pool.build_low_at = None
    pool.save(update_fields=["build_low_at"])
    return int(told)
