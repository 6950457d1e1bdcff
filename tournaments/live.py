"""The event's live group: what the projector, the players' event pages and the deck-swap pages
follow over the socket.

Every subscription to the topic ``event`` of the site socket (``ws/live/``,
``tournaments.consumers.EventTopic``: whoever may see the event) joins the group ``event-<id>``.
Pushes are sent after commit, at most once, and say only what anyone who may see the event may know:

- ``{"kind": "table", "round": 2, "table": 5, "finished": true, "waiting": false}``: the result of
  a table (a match or a pod) of a published round moved: reported, corrected, confirmed, disputed
  or set. The projector marks whether its players still play; the table's players' open event
  pages re-read their table (the opponent sees a corrected report before confirming it). With
  ``"finished": false`` after a wait, a match played on the site that waited for both players has
  started, so they are playing now;
- ``{"kind": "round"}``: a round was paired, published or ended, time was added or called, or the
  event moved on: a page re-reads what it shows over HTTP (the projector's state, a swap, a
  player's table);
- ``{"kind": "swap", "swap": 7, "version": 3}``: a pod's deck swap moved on (someone chose, the
  cards were passed); the swap's own page re-reads it, others ignore it.

A page re-reads on every (re)connect, so a push lost while its socket was down costs nothing.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from django.db import transaction

from common.push import push_json
from tournaments.models import Match, PodTable, Round

if TYPE_CHECKING:
    from tournaments.swaps.models import PodSwap


def event_group(event_id: int) -> str:
    return f"event-{event_id}"


def is_finished(table: Match | PodTable) -> bool:
    """Whether a table's players have stopped playing: a result is in (reported, disputed or
    confirmed; a bye is confirmed when its round is published)."""
    return not table.is_pending


def table_changed(table: Match | PodTable) -> None:
    """A table's result moved (every report, correction, confirmation, dispute or result set moves
    its status, if only to the same one): tell the event's pages."""
    round_ = table.round
    if round_.is_preview:
        return
    message = {"kind": "table", "round": round_.number, "table": table.table, "finished": is_finished(table)}
    _after_commit(round_.event_id, message | {"waiting": False})


def match_started(table: Match) -> None:
    """A table's match played on the site started its clocks: its players are playing now."""
    round_ = table.round
    message = {"kind": "table", "round": round_.number, "table": table.table, "finished": False, "waiting": False}
    push_json([(event_group(round_.event_id), message)])  # sent after the commit already


def round_changed(event_id: int) -> None:
    """The round a page shows may have changed (paired, published, ended, time added, event moved)."""
    _after_commit(event_id, {"kind": "round"})


def swap_changed(swap: PodSwap) -> None:
    """A swap moved on: its own page re-reads it (the event is looked up after commit)."""
    version = swap.version

    def send() -> None:
        event_id = Round.objects.filter(pk=swap.round_id).values_list("event_id", flat=True).first()
        if event_id is not None:
            push_json([(event_group(event_id), {"kind": "swap", "swap": swap.pk, "version": version})])

    transaction.on_commit(send)


def _after_commit(event_id: int, message: dict[str, Any]) -> None:
    transaction.on_commit(lambda: push_json([(event_group(event_id), message)]))


def projector_tables(round_: Round | None) -> list[dict[str, Any]]:
    """Each table of the round the projector shows: its number, whether it has finished, and
    whether its match played on the site still waits for both players (a bye is neither playing
    nor finished)."""
    if round_ is None:
        return []
    if round_.stage == round_.Stage.PODS:
        pods = round_.pod_tables.order_by("table")
        return [{"table": t.table, "finished": is_finished(t), "waiting": False} for t in pods]
    return [
        {"table": m.table, "finished": is_finished(m), "waiting": m.waits_for_players, "bye": m.is_bye}
        for m in round_.matches.select_related("play").order_by("table")
    ]
