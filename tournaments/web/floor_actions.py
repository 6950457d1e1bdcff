"""Which of the organiser's event buttons the event's state allows now, written once.

The manage page shows exactly these (``templates/tournaments/_event_actions.html``); the services
refuse the same moves on their own (``rounds.pair_next_round``, ``cut_to_top``, ``finish_event``,
``registration.start_event``, ``delete_event``), so a stray request changes nothing either.
"""

from __future__ import annotations

from dataclasses import dataclass

from django.urls import reverse

from tournaments.models import Event, Round
from tournaments.services import standings as reading


@dataclass(frozen=True)
class Action:
    """One button: ``confirm`` sends it to its confirmation page first (a link), otherwise it is a
    plain POST form; ``danger`` styles it as a quiet warning, ``secondary`` as a lesser button."""

    key: str
    label: str
    url: str
    confirm: bool = True
    secondary: bool = False
    danger: bool = False


def _action(event: Event, key: str, label: str, **style: bool) -> Action:
    return Action(key, label, reverse("tournaments:event-action", args=(event.pk, key)), **style)


def allowed_event_actions(event: Event, current: Round | None) -> list[Action]:
    """The event-level buttons valid now, main step first; ``current`` is the newest round (or None)."""
    if event.status == Event.Status.DRAFT:
        return [_action(event, "open", "Open registration", confirm=False), _delete(event)]
    if event.status == Event.Status.REGISTRATION:
        return [
            _action(event, "start", "Start the event"),
            _action(event, "close", "Close registration", confirm=False, secondary=True),
            _delete(event),
        ]
    if event.status in (Event.Status.RUNNING, Event.Status.TOP_CUT) and (current is None or current.has_ended):
        return [_next_step(event, current)]
    return []


def _delete(event: Event) -> Action:
    return Action("delete", "Delete event", reverse("tournaments:event-delete", args=(event.pk,)), danger=True)


def _next_step(event: Event, current: Round | None) -> Action:
    """After a round has ended (or before the first): pair, cut or finish, as the structure says."""
    if event.status == Event.Status.TOP_CUT:
        state = reading.bracket(event)
        if state is not None and state.finished:
            return _action(event, "finish", "Finish the event")
        following = (current.number if current is not None else 0) + 1
        return _action(event, "pair", f"Pair {event.cut_round_words(following)}")
    played = current.number if current is not None else 0
    if event.rounds is None or played < event.rounds:
        return _action(event, "pair", "Pair next round")
    if event.wants_top_cut:
        return _action(event, "cut", f"Cut to top {event.top_cut}")
    return _action(event, "finish", "Finish the event")
