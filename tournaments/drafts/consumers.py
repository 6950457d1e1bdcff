"""The pod on the site socket: the ``pod`` topic (``common.consumers.LiveConsumer``): "your next
pack", clocks and pod progress; every message has the version. A player's page also sends its
picks and marks on it (``pick``, ``marks``), with the same checks, refusals and answers as the API.

Players join the pod group and their own seat's group; the organiser and judges join the pod group
only. Nobody else may follow it. Pushes are at most once: the page re-reads the state over the API
when it sees a version gap or its subscription (re)opens (``static/drafts/draft.js``).
"""

from __future__ import annotations

from contextlib import nullcontext
from functools import partial
from typing import Any

from channels.db import database_sync_to_async
from rest_framework.serializers import Serializer

from common.consumers import LiveConsumer, Messages, Subscription, Topic
from common.refusals import Refusal
from tournaments.drafts.models import Pod
from tournaments.drafts.serializers import MarkSerializer, PickSerializer
from tournaments.drafts.services import picking, presence, push
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
        receive = partial(received, ident, user, seat_id, channel)
        return Subscription(groups=groups, first=first, leave=leave, receive=receive)


TAKES = (
    'A draft takes {"type": "pick", "round": r, "pick_number": n, "pack": p, "cards": [...]} and '
    '{"type": "marks", "round": r, "pick_number": n, "cards": [...]} from its players.'
)
#: How each message a player sends is answered, and refused.
ANSWERS = {"pick": ("picked", "pick-refused"), "marks": ("marked", "marks-refused")}


async def received(
    pod_id: int, user: Any, seat_id: int | None, channel: str, content: dict[str, Any]
) -> dict[str, Any]:
    """What a page sent on its pod topic: a pick (as ``POST /api/pods/<id>/pick/``) or marks (as
    ``.../marks/``); a spectator may send neither."""
    kind = content.get("type")
    if kind not in ANSWERS:
        return {"type": "error", "detail": TAKES}
    return await database_sync_to_async(answer)(pod_id, user, seat_id, str(kind), content, channel)


def answer(
    pod_id: int, user: Any, seat_id: int | None, kind: str, content: dict[str, Any], channel: str = ""
) -> dict[str, Any]:
    """A pick or marks sent on the socket: the API's checks and service, answered as ``picked`` /
    ``marked`` with what the API answers, or ``pick-refused`` / ``marks-refused`` with the HTTP
    status the API would have given, ``detail`` naming what is wrong, and whatever else the API's
    refusal carries (a pick's ``reason``, ``state``, ``recorded`` and ``version``). ``request`` (a
    short text or a number the page chose) comes back, so the page can tell its answers apart."""
    request = content.get("request")
    mark = (
        request
        if isinstance(request, int | str) and not isinstance(request, bool) and len(str(request)) <= 64
        else None
    )
    done, refused = ANSWERS[kind]
    if seat_id is None:
        return {"type": refused, "status": 403, "detail": "You are watching this draft, not drafting in it.",
                "request": mark}  # fmt: skip
    form: Serializer[Any] = (PickSerializer if kind == "pick" else MarkSerializer)(data=content)
    if not form.is_valid():
        return {"type": refused, "status": 400, "detail": _problems(form.errors), "fields": form.errors,
                "request": mark}  # fmt: skip
    data = form.validated_data
    try:
        if kind == "marks":
            state = picking.set_marks(pod_id, user, data["round"], data["pick_number"], data["cards"])
            return {"type": done, "state": state, "request": mark}
        with push.answering(channel, seat_id) if channel else nullcontext():
            result = picking.make_pick(
                pod_id, user, data["round"], data["pick_number"], data["cards"], data.get("pack")
            )
    except Refusal as refusal:
        return {"type": refused, "status": refusal.status_code, **refusal.body(), "request": mark}
    return {"type": done, "repeated": result.repeated, "recorded": result.recorded, "state": result.state,
            "version": result.state["version"], "request": mark}  # fmt: skip


def _problems(errors: Any, where: str = "") -> str:
    """A serializer's errors in one line: each field (``cards[1]`` for one of a list) and what is
    wrong with it."""
    if isinstance(errors, dict):
        return "; ".join(
            _problems(inner, f"{where}[{name}]" if isinstance(name, int) else f"{where}.{name}" if where else str(name))
            for name, inner in errors.items()
        )
    if isinstance(errors, list) and errors and not all(isinstance(e, str) for e in errors):
        return "; ".join(_problems(inner, where) for inner in errors)
    said = " ".join(str(e) for e in errors) if isinstance(errors, list) else str(errors)
    return f"{where}: {said}" if where else said
