"""Results that move a rating queue its rebuild after commit: an event's match or pod confirmed
(a judge's correction too: confirmed again), and a practice match between two people finished."""

from __future__ import annotations

from typing import Any

from common.states import status_moved
from gameplay.matches.models import PlayMatch
from gameplay.matches.services import match_finished
from tournaments.models import Match, PodTable, Round
from tournaments.ratings import services, sources
from tournaments.ratings.models import Kind


def on_match_moved(sender: Any, instance: Match, old: str, new: str, **_: Any) -> None:
    if new == Match.Status.CONFIRMED and instance.player_b_id is not None:
        event_format = Round.objects.filter(pk=instance.round_id).values_list("event__format", flat=True).first()
        services.queue_rebuild(sources.rule_set_kind(event_format or ""))


def on_pod_moved(sender: Any, instance: PodTable, old: str, new: str, **_: Any) -> None:
    if new == PodTable.Status.CONFIRMED:
        services.queue_rebuild(Kind.PODS)


def on_match_finished(sender: Any, match: PlayMatch, **_: Any) -> None:
    if match.player2_id is None or match.bot or match.tutorial or match.seated:
        return
    if not Match.objects.filter(play=match).exists():  # an event's match moves its rating when confirmed
        services.queue_rebuild(sources.practice_kind(match.decks))


def connect() -> None:
    status_moved.connect(on_match_moved, sender=Match, dispatch_uid="ratings-match-confirmed")
    status_moved.connect(on_pod_moved, sender=PodTable, dispatch_uid="ratings-pod-confirmed")
    match_finished.connect(on_match_finished, dispatch_uid="ratings-practice-finished")
