"""The deck-swap pages: the event's swap page (the organiser's plan and every pod's progress, a
player's own swaps, the ownership log) and a player's swap page (choose, wait, see what came)."""

from __future__ import annotations

from typing import Any

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.views.decorators.http import require_http_methods

from accounts.auth import signed_in_user
from common.web import refusals_shown
from tournaments import selectors
from tournaments.errors import EventError, Forbidden, Invalid
from tournaments.permissions import Perm, has_permission
from tournaments.swaps import reading, services
from tournaments.swaps.errors import SwapRefusal
from tournaments.swaps.models import PodSwap

MAX_FIELD = 200


def _rounds_from(text: str) -> list[int]:
    """ "1, 3" → [1, 3]; anything but whole numbers is refused naming what was written."""
    parts = [p for p in text.replace(",", " ").split() if p]
    if any(not p.isascii() or not p.isdigit() or len(p) > 3 for p in parts):
        raise Invalid(SwapRefusal.BAD_ROUNDS, f"Write round numbers separated by commas, e.g. 1, 2; not {text!r}.")
    return [int(p) for p in parts]


def _minutes_from(text: str) -> int:
    if not text.isascii() or not text.isdigit() or len(text) > 3:
        raise Invalid(SwapRefusal.BAD_MINUTES, f"The time to choose is a whole number of minutes, not {text!r}.")
    return int(text)


@login_required
@require_http_methods(["GET", "POST"])
@refusals_shown
def event_swaps(request: HttpRequest, pk: int) -> HttpResponse:
    user = signed_in_user(request)
    event = selectors.event_for(user, pk)
    manages = has_permission(user, Perm.MANAGE, event)
    error, status = "", 200
    if request.method == "POST":
        rounds_text = request.POST.get("rounds", "")[:MAX_FIELD]
        minutes_text = request.POST.get("minutes", "")[:MAX_FIELD].strip()
        try:
            services.set_plan(event, user, _rounds_from(rounds_text), _minutes_from(minutes_text))
        except EventError as exc:  # said beside the form, nothing changed
            error, status = str(exc), exc.status_code
        else:
            messages.success(request, "The deck swap plan is saved.")
            return redirect("swaps:event", pk=event.pk)
    sees_all = has_permission(user, Perm.VIEW_PRIVATE, event)
    swaps = reading.event_swaps(event) if sees_all else reading.my_swaps(user, event)
    plan = services.plan_of(event)
    context: dict[str, Any] = {
        "event": event,
        "manages": manages,
        "sees_all": sees_all,
        "runebound_pods": services.is_runebound_pod_event(event),
        "plan": plan,
        "plan_rounds": ", ".join(str(n) for n in plan.rounds or []),
        "error": error,
        "swaps": [(swap, reading.seat_state(swap, user)) for swap in swaps],
        "log": reading.swap_log(user, event),
    }
    return render(request, "swaps/event.html", context, status=status)


def _choice_from(post: Any, cards: list[str]) -> tuple[list[str], list[str]]:
    """The page's form: one radio group per card ("left", "right" or nothing)."""
    sides = {card: post.get(f"side-{card}", "") for card in cards}
    return [c for c in cards if sides[c] == "left"], [c for c in cards if sides[c] == "right"]


def _sides(left: list[str], right: list[str]) -> dict[str, str]:
    return {c: "left" for c in left} | {c: "right" for c in right}


@login_required
@require_http_methods(["GET", "POST"])
@refusals_shown
def swap_page(request: HttpRequest, pk: int, swap_id: int) -> HttpResponse:
    user = signed_in_user(request)
    swap = services.swap_for(user, swap_id)
    if swap.round.event_id != pk:
        raise Http404("No such deck swap in this event.")
    state = reading.seat_state(swap, user)
    problems: list[str] = []
    status = 200
    picked: dict[str, str] = {}
    if state.get("me") and state["me"]["choice"]:
        picked = _sides(state["me"]["choice"]["left"], state["me"]["choice"]["right"])
    if request.method == "POST" and not state.get("me"):
        raise Forbidden(SwapRefusal.NOT_IN_POD, "You have no seat in this pod's deck swap.")
    if request.method == "POST":
        left, right = _choice_from(request.POST, [face["id"] for face in state["me"]["cards"]])
        try:
            services.choose(swap.pk, user, left, right)
        except EventError as exc:
            problems = [p["message"] for p in exc.extra.get("problems", [])] or [str(exc)]
            status = exc.status_code
            picked = _sides(left, right)
            swap = PodSwap.objects.select_related("round__event", "table").get(pk=swap.pk)
            state = reading.seat_state(swap, user)
        else:
            return redirect("swaps:swap", pk=pk, swap_id=swap.pk)
    me = state.get("me")
    context = {
        "event": swap.round.event,
        "swap": swap,
        "state": state,
        "me": me,
        "cards": [{"face": face, "side": picked.get(face["id"], "")} for face in (me or {}).get("cards", [])],
        "chosen_count": len(picked),
        "left_count": sum(1 for side in picked.values() if side == "left"),
        "right_count": sum(1 for side in picked.values() if side == "right"),
        "problems": problems,
        "total_seconds": services.plan_of(swap.round.event).minutes * 60,
    }
    return render(request, "swaps/swap.html", context, status=status)
