"""Signals from gameplay that events act on, and the hook through which events oversee their
matches (gameplay never imports tournaments)."""

from __future__ import annotations

from typing import Any

from common.states import status_moved
from gameplay.matches import oversight
from gameplay.matches.models import PlayMatch
from gameplay.matches.services import match_finished, match_started
from tournaments import live
from tournaments.models import Event, Match, PodTable, Round
from tournaments.services.onsite import EventOversight, record_result


def on_match_finished(sender: Any, match: PlayMatch, **_: Any) -> None:
    record_result(match)


def on_match_started(sender: Any, match: PlayMatch, **_: Any) -> None:
    table = Match.objects.filter(play=match).select_related("round").first()
    if table is not None and not table.round.is_preview:
        live.match_started(table)


def on_table_moved(sender: Any, instance: Match | PodTable, **_: Any) -> None:
    live.table_changed(instance)


def on_round_moved(sender: Any, instance: Round, **_: Any) -> None:
    live.round_changed(instance.event_id)


def on_event_moved(sender: Any, instance: Event, **_: Any) -> None:
    live.round_changed(instance.pk)


def connect() -> None:
    oversight.register(EventOversight())  # who referees an event's match, and whether its lists are public
    match_finished.connect(on_match_finished, dispatch_uid="tournaments-record-play-result")
    match_started.connect(on_match_started, dispatch_uid="tournaments-live-match-started")
    # The event's live pages (projector, deck swap) follow its tables and rounds (tournaments.live).
    status_moved.connect(on_table_moved, sender=Match, dispatch_uid="tournaments-live-match")
    status_moved.connect(on_table_moved, sender=PodTable, dispatch_uid="tournaments-live-pod")
    status_moved.connect(on_round_moved, sender=Round, dispatch_uid="tournaments-live-round")
    status_moved.connect(on_event_moved, sender=Event, dispatch_uid="tournaments-live-event")
