"""The pod's websocket: pushes "your next pack", clocks and pod progress; every message has the version.

Players join the pod group and their own seat's group; the organiser and judges join the pod
group only. Nobody else may connect. Pushes are at most once: the client re-reads the state
over the API when it sees a version gap or reconnects (``static/drafts/draft.js``).
"""

from __future__ import annotations

from typing import Any

from channels.db import database_sync_to_async

from common.consumers import SiteConsumer
from tournaments.drafts.models import Pod
from tournaments.drafts.services.push import pod_group, seat_group
from tournaments.drafts.services.reading import seat_of, spectates

FORBIDDEN = 4403


@database_sync_to_async
def _membership(user: Any, pod_id: int) -> tuple[bool, int | None, int]:
    """(may watch, own seat id, pod version) for this user and pod."""
    pod = Pod.objects.select_related("event").filter(pk=pod_id).first()
    if pod is None or user is None or not user.is_authenticated:
        return False, None, 0
    seat = seat_of(user, pod)
    if seat is not None:
        return True, seat.pk, pod.version
    return spectates(user, pod), None, pod.version


class PodConsumer(SiteConsumer):
    groups: list[str]
    message_key = "kind"

    async def connect(self) -> None:
        pod_id = int(self.scope["url_route"]["kwargs"]["pod_id"])
        allowed, seat_id, version = await _membership(self.scope.get("user"), pod_id)
        if not allowed:
            await self.close(code=FORBIDDEN)
            return
        self.groups = [pod_group(pod_id)] + ([seat_group(seat_id)] if seat_id is not None else [])
        for group in self.groups:
            await self.channel_layer.group_add(group, self.channel_name)
        await self.accept()
        await self.send_json({"kind": "hello", "version": version, "seat": seat_id is not None})

    async def disconnect(self, code: int) -> None:
        for group in getattr(self, "groups", []):
            await self.channel_layer.group_discard(group, self.channel_name)

    async def receive_json(self, content: Any, **kwargs: Any) -> None:
        if isinstance(content, dict) and content.get("kind") == "ping":
            await self.send_json({"kind": "pong"})
