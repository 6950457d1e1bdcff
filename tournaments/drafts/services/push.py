"""Websocket pushes, sent after commit. At most once: clients re-read over the API on a gap.

Groups: ``draft-pod-<id>`` (everyone watching the pod: summary and progress, never cards) and
``draft-seat-<id>`` (one player: their own pack and picks). Every message carries the pod's
version.
"""

from __future__ import annotations

import logging
from collections.abc import Iterable, Sequence
from datetime import datetime
from typing import TYPE_CHECKING, Any

from django.db import transaction

from common.push import push_json
from tournaments.drafts.services.reading import pod_summary, seat_state

if TYPE_CHECKING:
    from tournaments.drafts.models import Pod, Seat
    from tournaments.limited import DraftState

log = logging.getLogger(__name__)


def pod_group(pod_id: int) -> str:
    return f"draft-pod-{pod_id}"


def seat_group(seat_id: int) -> str:
    return f"draft-seat-{seat_id}"


def after_commit(
    pod: Pod,
    seats: Sequence[Seat],
    state: DraftState | None,
    seat_ids: Iterable[int] = (),
    now: datetime | None = None,
    into: dict[int, dict[str, Any]] | None = None,
) -> dict[int, dict[str, Any]]:
    """Once the transaction commits (the pod's lock released), draw the pod's summary and each
    listed seat's own state from the objects the change just saved (no queries while drafting)
    and push them. The seat states drawn land in ``into`` (returned), by seat id, so the caller
    can answer with them instead of drawing them again."""
    wanted = set(seat_ids)
    seats = list(seats)
    views: dict[int, dict[str, Any]] = {} if into is None else into

    def draw_and_send() -> None:
        try:
            summary = pod_summary(pod, state, seats)
            messages: list[tuple[str, dict[str, Any]]] = [
                (pod_group(pod.pk), {"kind": "pod", "version": pod.version, "pod": summary})
            ]
            for seat in seats:
                if seat.pk in wanted and seat.registration_id is not None:
                    views[seat.pk] = view = seat_state(pod, seat, state, now, seats, summary=summary)
                    messages.append((seat_group(seat.pk), {"kind": "seat", "version": pod.version, "state": view}))
        except Exception as exc:  # a push is a courtesy; the state is always readable over the API
            log.warning("draft push for pod %s failed: %s", pod.pk, exc)
            return
        send(pod.pk, messages)

    transaction.on_commit(draw_and_send)
    return views


def send(pod_id: int, messages: list[tuple[str, dict[str, Any]]]) -> None:
    """Hand the sending to the server's event loop without waiting for it (``run_soon``); outside
    a server (a worker, a test) it is sent at once. A failed push is logged, never raised."""
    try:
        push_json(messages)
    except Exception as exc:  # a push is a courtesy; the state is always readable over the API
        log.warning("draft push for pod %s failed: %s", pod_id, exc)
