"""The pod on the site socket: the ``pod`` topic (``common.consumers.LiveConsumer``): "your next
pack", clocks and pod progress; every message has the version.

Players join the pod group and their own seat's group; the organiser and judges join the pod group
only. Nobody else may follow it. Pushes are at most once: the page re-reads the state over the API
when it sees a version gap or its subscription (re)opens (``static/drafts/draft.js``).
"""

from __future__ import annotations

from typing import Any

from channels.db import database_sync_to_async

from common.consumers import LiveConsumer, Messages, Subscription, Topic
from tournaments.drafts.models import Pod
from tournaments.drafts.services import presence
from tournaments.drafts.services.push import pod_group, seat_group
from tournaments.drafts.services.reading import seat_of, spectates


@database_sync_to_async
def _membership(user: Any, pod_id: int) -> tuple[bool, int | None, int | None, int]:
    """(may watch, own seat id, own seat's place at the table, pod version) for this user and pod."""
    pod = Pod.objects.select_related("event").filter(pk=pod_id).first()
    if pod is None or user is None or not user.is_authenticated:
        return False, None, None, 0
    seat = seat_of(user, pod)
    if seat is not None:
        return True, seat.pk, seat.index, pod.version
    return spectates(user, pod), None, None, pod.version


class PodTopic(Topic):
    """``{"type": "subscribe", "topic": "pod", "id": <pod>}``: a player gets the pod's pushes and
    their own seat's (a ``seat`` asked for, the place at the table, must be their own); it opens
    with ``{"kind": "hello", "version": …, "seat": …}``. While it lasts the player is at the draft
    (``services.presence``): a pick clock running low is not told to them by a notice."""

    async def open(self, socket: LiveConsumer, user: Any, ident: int, seat: int | None) -> Subscription | str:
        allowed, seat_id, place, version = await _membership(user, ident)
        if not allowed:
            return "You may not follow this draft."
        if seat is not None and seat != place:
            return "That seat is not yours: you may follow only your own seat's packs."

        channel = socket.channel_name

        async def first() -> Messages:
            if seat_id is not None:
                await database_sync_to_async(presence.mark)(seat_id, channel, True)
            return [{"kind": "hello", "version": version, "seat": seat_id is not None}]

        async def leave() -> None:
            if seat_id is not None:
                await database_sync_to_async(presence.mark)(seat_id, channel, False)

        groups = [pod_group(ident)] + ([seat_group(seat_id)] if seat_id is not None else [])
        return Subscription(groups=groups, first=first, leave=leave)
