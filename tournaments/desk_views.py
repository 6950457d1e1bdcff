"""The registration desk: who is here, who has paid, whose deck is legal; walk-ins and guests.

The organiser and judges read the desk; the organiser changes it (the services check who may).
Every change is a small form that POSTs and comes back to the desk, so it works without scripts.
"""

from __future__ import annotations

from collections.abc import Callable

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.views.decorators.http import require_POST

from accounts.auth import signed_in_user
from accounts.models import User
from common.ids import parse_id
from gameplay.deckformats import deck_format
from tournaments import selectors
from tournaments.errors import EventRefusal, Invalid
from tournaments.models import Registration
from tournaments.permissions import Perm, has_permission, require
from tournaments.services import desk as desk_service
from tournaments.services import registration
from tournaments.web import refusals_shown


@login_required
@refusals_shown
def desk(request: HttpRequest, pk: int) -> HttpResponse:
    event = selectors.event_for(request.user, pk)
    require(request.user, Perm.RECORD_RESULTS, event)
    rows = desk_service.desk_rows(event)
    which = desk_service.deck_filter(request.GET.get("deck"))
    manages = has_permission(request.user, Perm.MANAGE, event)
    find = request.GET.get("find", "")[:60] if manages else ""
    context = {
        "event": event,
        "rows": desk_service.filtered(rows, which),
        "deck_filter": which,
        "deck_filters": list(desk_service.DeckFilter),
        "lists_enterable": manages and not event.is_finished and not deck_format(event.format).limited,
        "counts": desk_service.desk_counts(event, rows),
        "warnings": desk_service.desk_warnings(event, rows),
        "manages": manages,
        "find": find,
        "candidates": desk_service.accounts_matching(event, find),
    }
    return render(request, "tournaments/desk.html", context)


@login_required
@require_POST
@refusals_shown
def walk_in(request: HttpRequest, pk: int) -> HttpResponse:
    """Add an account (``player``, its id from the picker) or a guest (``guest_name``)."""
    event = selectors.event_for(request.user, pk)
    picked = request.POST.get("player", "")
    player = registration.account_with_id(parse_id(picked) or 0) if picked else None
    entry = registration.add_walk_in(
        event, signed_in_user(request), player=player, guest_name=request.POST.get("guest_name", "")
    )
    late = f" as a late entry from round {entry.late_entry_round}" if entry.late_entry_round else ""
    messages.success(request, f"{entry.player.public_name} is registered{late}.")
    return redirect("tournaments:desk", pk=event.pk)


def _claim(entry: Registration, by: User, request: HttpRequest) -> str:
    guest_name = entry.player.public_name
    account = registration.claim_guest(entry.player, registration.account_named(request.POST.get("username", "")), by)
    return f"{guest_name} (guest) is now linked to the account of {account.public_name}."


DeskAction = Callable[[Registration, User, HttpRequest], str]
DESK_ACTIONS: dict[str, DeskAction] = {
    "check-in": lambda e, u, r: _done(registration.set_checked_in(e, u, True), "is checked in"),
    "check-out": lambda e, u, r: _done(registration.set_checked_in(e, u, False), "is no longer checked in"),
    "paid": lambda e, u, r: _done(registration.set_paid(e, u, True), "has paid"),
    "unpaid": lambda e, u, r: _done(registration.set_paid(e, u, False), "is marked as not paid"),
    "claim": _claim,
}


def _done(entry: Registration, what: str) -> str:
    return f"{entry.player.public_name} {what}."


@login_required
@require_POST
@refusals_shown
def desk_action(request: HttpRequest, registration_id: int, action: str) -> HttpResponse:
    entry = get_object_or_404(
        Registration.objects.select_related("player", "event"),
        pk=registration_id,
        event__in=selectors.visible_events(request.user),
    )
    if action not in DESK_ACTIONS:
        raise Invalid(EventRefusal.UNKNOWN_ACTION, f"Unknown action {action!r}.")
    messages.success(request, DESK_ACTIONS[action](entry, signed_in_user(request), request))
    return redirect("tournaments:desk", pk=entry.event_id)
