"""Clocks of the draft running low (``tournaments.clock_low``), each a kind of deadline.

- **Deck building** (``DECK_BUILD_LOW``): the player whose pool still waits for a deck hears it once
  per clock. The notice names the event and the time left, never a card of the pool.
- **A pick** (``DRAFT_PICK_LOW``): a pick clock restarts at every pick, so a notice per clock would be
  noise. A player hears it only while *away* from the draft (no page of theirs follows the pod:
  ``services.presence``), at most once per pack (``Seat.low_told_round``; the notice's key carries
  the pod, the pack and the player), and a bot's seat never. ``Seat.low_at`` is set with each pick
  clock (under the seat's ``timer_version``, which moves on with the pick), not once the player was
  told in this pack. Nothing is queued per pick clock (the draft keeps one clock task per pod for
  the same reason): beat's sweep fires it, at most 2 s late. The notice names the event, the pack
  and the time left, never a card.
"""

from __future__ import annotations

from datetime import datetime

from django.db import transaction
from django.urls import reverse

from accounts.notices.models import Kind
from accounts.notices.services import notify
from tournaments.clock_low import in_words, low_at
from tournaments.drafts.models import Pod, Pool, Seat
from tournaments.drafts.services import presence


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


def pick_low_at(seat: Seat, start: datetime, deadline: datetime) -> datetime | None:
    """When the seat's pick clock (``clock_round`` set), running from ``start`` to ``deadline``,
    runs low; None for a bot, or once the player was told in this pack."""
    if seat.bot or seat.low_told_round == seat.clock_round:
        return None
    return low_at(start, deadline)


def _pick_waiting(seat: Seat, version: int, now: datetime) -> bool:
    """The seat's clock, under ``version``, still runs for a person who was not told in this pack."""
    pod = seat.pod
    return (
        seat.timer_version == version and not seat.bot and seat.registration is not None
        and pod.status == Pod.Status.DRAFTING and not pod.paused
        and seat.deadline is not None and now < seat.deadline and seat.low_told_round != seat.clock_round
    )  # fmt: skip


@transaction.atomic
def warn_pick(seat_id: int, version: int, now: datetime) -> int:
    """Tell the player, if away from the draft, that their pick waits and its clock runs low; 1 if
    told, else 0. Either way the instant is cleared (a later pick clock of the pack sets it again)."""
    seat = (
        Seat.objects.select_for_update(of=("self",)).filter(pk=seat_id)
        .select_related("pod__event", "registration__player").first()
    )  # fmt: skip
    if seat is None or seat.low_at is None or now < seat.low_at:
        return 0
    told = _pick_waiting(seat, version, now) and presence.is_away(seat.pk)
    if told:
        assert seat.registration is not None and seat.deadline is not None
        player, pod = seat.registration.player, seat.pod
        if not player.is_guest:
            left = in_words(seat.deadline - now)
            title = f"{pod.event.name}: your pick is waiting (pack {seat.clock_round}, {left} left)"
            body = f"Pod {pod.number}: pick before the clock runs out, or the site picks for you (marked cards first)."
            key = f"draft:{pod.pk}:pack:{seat.clock_round}:player:{player.pk}:pick-low"
            notify([player.pk], Kind.CLOCK_LOW, key, title, body, reverse("drafts:pod", args=[pod.pk]))
        seat.low_told_round = seat.clock_round
    seat.low_at = None
    seat.save(update_fields=["low_at", "low_told_round"])
    return int(told)
