"""Websocket pushes, sent after commit. At most once: clients re-read over the API on a gap.

Groups: ``draft-pod-<id>`` (everyone watching the pod: summary and progress, never cards) and
``draft-seat-<id>`` (one player: their own pack and picks). Every message carries the pod's
version.
"""

from __future__ import annotations

import logging
from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING, Any

from asgiref.sync import async_to_sync
from channels.layers import get_channel_layer
from django.db import transaction

if TYPE_CHECKING:
    from tournaments.drafts.models import Pod, Seat
    from tournaments.limited import DraftState

log = logging.getLogger(__name__)


def pod_group(pod_id: int) -> str:
    return f"draft-pod-{pod_id}"


def seat_group(seat_id: int) -> str:
    return f"draft-seat-{seat_id}"


def after_commit(pod: Pod, seats: Sequence[Seat], state: DraftState | None, seat_ids: Iterable[int] = ()) -> None:
    """Push the pod's summary to its group and each listed seat's own state to that seat.

    Built from the objects the change just saved (no queries), once the transaction commits.
    """
    wanted = set(seat_ids)
    transaction.on_commit(lambda: send_now(pod, list(seats), state, wanted))


def send_now(pod: Pod, seats: list[Seat], state: DraftState | None, seat_ids: set[int]) -> None:
    from tournaments.drafts.services.reading import pod_summary, seat_state

    layer = get_channel_layer()
    if layer is None:
        return
    try:
        _send(layer, pod_group(pod.pk), {"kind": "pod", "version": pod.version, "pod": pod_summary(pod, state, seats)})
        for seat in seats:
            if seat.pk in seat_ids and seat.registration_id is not None:
                view = seat_state(pod, seat, state, seats=seats)
                _send(layer, seat_group(seat.pk), {"kind": "seat", "version": pod.version, "state": view})
    except Exception as exc:  # a push is a courtesy; the state is always readable over the API
        log.warning("draft push for pod %s failed: %s", pod.pk, exc)


def _send(layer: Any, group: str, payload: dict[str, Any]) -> None:
    async_to_sync(layer.group_send)(group, {"type": "draft.push", "payload": payload})
