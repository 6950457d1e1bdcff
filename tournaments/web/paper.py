"""What the printed sheets and the projector share: the absolute URLs their QR codes carry, and
the small state the projector polls to know when a new round is out."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from django.http import HttpRequest
from django.urls import reverse

from common.words import count
from tournaments.models import Event, Match, PodTable, Round


def event_url(request: HttpRequest, event: Event) -> str:
    """The event page's absolute URL, as a phone scanning a code needs it."""
    return request.build_absolute_uri(reverse("tournaments:event", kwargs={"pk": event.pk}))


def table_url(request: HttpRequest, match: Match) -> str:
    """One table's page (absolute): a player of that table scanning its slip lands on its report
    buttons (after signing in, if they must)."""
    return request.build_absolute_uri(reverse("tournaments:table", kwargs={"match_id": match.pk}))


def pod_url(request: HttpRequest, pod: PodTable) -> str:
    """One pod's page (absolute), where the pod's slip QR code leads its players to report."""
    return request.build_absolute_uri(reverse("tournaments:pod", kwargs={"table_id": pod.pk}))


def tables_line(tables: Sequence[Match | PodTable], pods: bool) -> str:
    """The projector's header: how many tables (or pods) still play, and how many matches played
    here still wait for their players (never counted as playing)."""
    noun = ("pod", "pods") if pods else ("table", "tables")
    playing = sum(1 for t in tables if t.play_state == "playing")
    waiting = sum(1 for t in tables if t.play_state == "waiting")
    if not playing and not waiting:
        return f"Every {noun[0]} has finished"
    parts = [count(playing, f"{noun[0]} still playing", f"{noun[1]} still playing")] if playing else []
    if waiting:
        parts.append(count(waiting, f"{noun[0]} waiting for its players", f"{noun[1]} waiting for their players"))
    return " · ".join(parts)


def projector_state(round_: Round | None) -> dict[str, Any]:
    """What the projector page compares to know it must reload: the round shown and its status
    and deadline (a new round, a round ended, time added)."""
    if round_ is None:
        return {"round": None, "status": None, "ends_at": None}
    ends_at = round_.ends_at.isoformat() if round_.ends_at else None
    return {"round": round_.number, "status": round_.status, "ends_at": ends_at}
