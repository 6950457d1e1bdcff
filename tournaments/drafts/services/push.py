"""Websocket pushes, sent after commit. At most once: clients re-read over the API on a gap.

Groups: ``draft-pod-<id>`` (everyone watching the pod: summary and progress, never cards) and
``draft-seat-<id>`` (one player: their own pack and picks). Every message carries the pod's
version.
"""

from __future__ import annotations

import logging
from collections.abc import Iterable, Iterator, Sequence
from contextlib import contextmanager
from contextvars import ContextVar
from datetime import datetime
from typing import TYPE_CHECKING, Any

from django.db import transaction

from common.push import Skip, push_json
from tournaments.drafts.services.reading import pod_summary, seat_state

if TYPE_CHECKING:
    from tournaments.drafts.models import Pod, Seat
    from tournaments.limited import DraftState

log = logging.getLogger(__name__)


def pod_group(pod_id: int) -> str:
    return f"draft-pod-{pod_id}"


def seat_group(seat_id: int) -> str:
    return f"draft-seat-{seat_id}"


#: (socket, seat id) a change in hand is answered on (``answering``), or None.
_answering: ContextVar[tuple[str, int] | None] = ContextVar("draft_answering", default=None)


@contextmanager
def answering(channel: str, seat_id: int) -> Iterator[None]:
    """Inside, a change made by the seat's player is answered on the socket ``channel`` with their
    state (a pick sent on the pod's socket): that socket is not also pushed the seat's state."""
    token = _answering.set((channel, seat_id))
    try:
        yield
    finally:
        _answering.reset(token)


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
    can answer with them instead of drawing them again.

    A socket is written one frame a change where it can be: a seat's state holds the pod's summary,
    so a socket following a seat pushed its state is not also pushed the summary; the socket a pick
    is answered on (``answering``) is not also pushed its seat's state."""
    wanted = set(seat_ids)
    seats = list(seats)
    views: dict[int, dict[str, Any]] = {} if into is None else into
    answered = _answering.get()

    def draw_and_send() -> None:
        try:
            summary = pod_summary(pod, state, seats)
            drawn = [seat for seat in seats if seat.pk in wanted and seat.registration_id is not None]
            skip = Skip(groups=tuple(seat_group(seat.pk) for seat in drawn))
            messages: list[tuple[str, dict[str, Any], Skip]] = [
                (pod_group(pod.pk), {"kind": "pod", "version": pod.version, "pod": summary}, skip)
            ]
            for seat in drawn:
                views[seat.pk] = view = seat_state(pod, seat, state, now, seats, summary=summary)
                mine = Skip(channel=answered[0]) if answered is not None and answered[1] == seat.pk else Skip()
                messages.append((seat_group(seat.pk), {"kind": "seat", "version": pod.version, "state": view}, mine))
        except Exception as exc:  # a push is a courtesy; the state is always readable over the API
            log.warning("draft push for pod %s failed: %s", pod.pk, exc)
            return
        send(pod.pk, messages)

    transaction.on_commit(draw_and_send)
    return views


def send(pod_id: int, messages: Sequence[tuple[str, dict[str, Any]] | tuple[str, dict[str, Any], Skip]]) -> None:
    """Hand the sending to the server's event loop without waiting for it (``run_soon``); outside
    a server (a worker, a test) it is sent at once. A failed push is logged, never raised."""
    try:
        push_json(messages)
    except Exception as exc:  # a push is a courtesy; the state is always readable over the API
        log.warning("draft push for pod %s failed: %s", pod_id, exc)
