"""The registration desk: who is here, who has paid, whose deck is legal; walk-ins and guests.

The organiser and judges read the desk; the organiser changes it (the services check who may).
Every change is a small form that POSTs and comes back to the desk, so it works without scripts
(back at the player's row, with the name filter kept). With htmx, a tap on Paid or Check in answers
only that player's row, swapped in place, with the counts, the warnings and what the tap did (in
place of the desk's earlier message) out of band: the page does not reload or scroll.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any
from urllib.parse import urlencode

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.views.decorators.http import require_POST

from accounts.auth import signed_in_user
from accounts.models import User
from common.ids import parse_id
from common.refusals import Refusal
from common.web import refusals_shown, refusals_shown_on
from gameplay.deckformats import deck_format
from tournaments import selectors
from tournaments.errors import EventRefusal, Invalid
from tournaments.models import Event, Registration
from tournaments.permissions import Perm, has_permission, require
from tournaments.services import desk as desk_service
from tournaments.services import registration

NAME_FILTER_LENGTH = 60


def _name_filter(text: str) -> str:
    return text.strip()[:NAME_FILTER_LENGTH]


def _lists_enterable(event: Event, manages: bool) -> bool:
    """Whether the desk offers to enter a player's list: constructed events, before the end."""
    return manages and not event.is_finished and not deck_format(event.format).limited


def _is_htmx(request: HttpRequest) -> bool:
    return request.headers.get("HX-Request") == "true"


@login_required
@refusals_shown
def desk(request: HttpRequest, pk: int) -> HttpResponse:
    event = selectors.event_for(request.user, pk)
    require(request.user, Perm.RECORD_RESULTS, event)
    rows = desk_service.desk_rows(event)
    which = desk_service.deck_filter(request.GET.get("deck"))
    manages = has_permission(request.user, Perm.MANAGE, event)
    find = request.GET.get("find", "")[:NAME_FILTER_LENGTH] if manages else ""
    q = _name_filter(request.GET.get("q", ""))
    context = {
        "event": event,
        "rows": desk_service.rows_named(desk_service.filtered(rows, which), q),
        "q": q,
        "everyone": len(rows),
        "deck_filter": which,
        "deck_filters": list(desk_service.DeckFilter),
        "lists_enterable": _lists_enterable(event, manages),
        "counts": desk_service.desk_counts(event, rows),
        "warnings": desk_service.desk_warnings(event, rows),
        "manages": manages,
        "find": find,
        "candidates": desk_service.accounts_matching(event, find),
    }
    return render(request, "tournaments/desk.html", context)


def _row_answer(
    request: HttpRequest, event: Event, registration_id: int, said: str, refusal: str = ""
) -> dict[str, Any]:
    """What the desk's htmx answer draws: the player's row as it now is, the counts and warnings."""
    rows = desk_service.desk_rows(event)
    manages = has_permission(request.user, Perm.MANAGE, event)
    return {
        "event": event,
        "row": next(r for r in rows if r.registration.pk == registration_id),
        "manages": manages,
        "lists_enterable": _lists_enterable(event, manages),
        "q": _name_filter(request.POST.get("q", "")),
        "counts": desk_service.desk_counts(event, rows),
        "warnings": desk_service.desk_warnings(event, rows),
        "said": said,
        "refusal": refusal,
    }


def _refused_tap(request: HttpRequest, kwargs: dict[str, Any], exc: Refusal) -> HttpResponse | None:
    """A refused tap made with htmx comes back as the row with the reason in it (the 4xx status kept,
    nothing changed); without htmx, on the plain refusal page as before."""
    if not _is_htmx(request):
        return None
    entry = Registration.objects.select_related("event").filter(pk=kwargs["registration_id"]).first()
    if entry is None or not has_permission(request.user, Perm.RECORD_RESULTS, entry.event):
        return None
    context = _row_answer(request, entry.event, entry.pk, str(exc), refusal=str(exc))
    return render(request, "tournaments/_desk_update.html", context, status=exc.status_code)


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
@refusals_shown_on(_refused_tap)
def desk_action(request: HttpRequest, registration_id: int, action: str) -> HttpResponse:
    entry = get_object_or_404(
        Registration.objects.select_related("player", "event"),
        pk=registration_id,
        event__in=selectors.visible_events(request.user),
    )
    if action not in DESK_ACTIONS:
        raise Invalid(EventRefusal.UNKNOWN_ACTION, f"Unknown action {action!r}.")
    said = DESK_ACTIONS[action](entry, signed_in_user(request), request)
    if _is_htmx(request) and action in IN_PLACE:
        return render(request, "tournaments/_desk_update.html", _row_answer(request, entry.event, entry.pk, said))
    messages.success(request, said)
    return redirect(
        _back_to_row(entry, request) if action in IN_PLACE else reverse("tournaments:desk", args=[entry.event_id])
    )


#: The taps whose answer is the player's row (a claim moves the row to another account: the whole desk).
IN_PLACE = frozenset({"check-in", "check-out", "paid", "unpaid"})


def _back_to_row(entry: Registration, request: HttpRequest) -> str:
    """The desk at the player's row, with the name filter the tap was made under."""
    q = _name_filter(request.POST.get("q", ""))
    query = f"?{urlencode({'q': q})}" if q else ""
    return f"{reverse('tournaments:desk', args=[entry.event_id])}{query}#desk-row-{entry.pk}"
