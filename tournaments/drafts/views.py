"""Pages of drafts and sealed pools: the event's draft hub, pick screen, pick logs, pool and deck builder.

Pages are thin: they read through ``services.reading`` and call the same services as the API;
the live parts are drawn by ``static/drafts/draft.js`` from the API and the pod's websocket.
"""

from __future__ import annotations

from typing import Any

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.views.decorators.http import require_POST

from accounts.auth import signed_in_user
from common.ids import parse_id
from common.words import count
from gameplay.runeslingers.cards.faces import catalog_faces
from gameplay.runeslingers.cards.schema import CardClass, CardType
from gameplay.runeslingers.site_catalog import current_catalog
from tournaments import selectors
from tournaments.drafts.errors import DraftRefusal
from tournaments.drafts.models import Pod, Pool
from tournaments.drafts.services import draft_pods, pools, reading
from tournaments.errors import Forbidden, Invalid
from tournaments.limited import DEFAULT_TIMES, DRAFT_BOT_LEVELS, MAX_SEATS, MIN_SEATS
from tournaments.permissions import Perm, has_permission
from tournaments.web.views import refusals_shown


def catalog_json() -> dict[str, Any]:
    """The public card data the draft pages sort, filter and count with (names, costs, classes,
    types, rules text) and the class order; the card faces come from ``faces``."""
    catalog = current_catalog()
    return {
        "cards": {
            c.id: {"name": c.name, "cost": c.cost, "class": c.card_class.value, "type": c.type.value,
                   "type_name": c.type.value.title(), "rarity": c.rarity.value, "x": c.x, "text": c.text}
            for c in catalog.cards.values()
        },
        "classes": [c.value for c in CardClass],
        "class_names": {c.value: c.value.title() for c in CardClass},
        "types": [{"id": t.value, "name": t.value.title()} for t in CardType],
        "runeslingers": [{"id": r.id, "name": r.name, "class": r.card_class.value}
                         for r in catalog.runeslingers.values()],
        "equips": [{"id": e.id, "name": e.name, "class": e.card_class.value, "kind": e.kind.value}
                   for e in catalog.equips.values()],
    }  # fmt: skip


def _pod_for(request: HttpRequest, pk: int) -> Pod:
    return get_object_or_404(
        Pod.objects.select_related("event"), pk=pk, event__in=selectors.visible_events(request.user)
    )


@login_required
def event_drafts(request: HttpRequest, pk: int) -> HttpResponse:
    """The draft hub: the organiser's dashboard of every pod, or a player's way to their pod and pool."""
    event = selectors.event_for(request.user, pk)
    found = list(Pod.objects.filter(event=event).select_related("event"))
    watches = has_permission(request.user, Perm.VIEW_PRIVATE, event)
    my_pool = Pool.objects.filter(event=event, registration__player=signed_in_user(request)).first()
    my_pod = next((pod for pod in found if reading.seat_of(request.user, pod) is not None), None)
    context = {
        "event": event,
        "manages": has_permission(request.user, Perm.MANAGE, event),
        "watches": watches,
        # The dashboard rows are the API's; each also carries its pod, which the page asks for words.
        "pods": [{**row, "model": pod} for pod, row in zip(found, reading.dashboard(found), strict=True)]
        if watches
        else [],
        "sealed_pools": [reading.pool_summary(p) for p in Pool.objects.filter(event=event, pod=None)]
        if watches
        else [],
        "my_pod": my_pod,
        "my_pool": my_pool,
        "seating": reading.seating(found, request.user),
        "times": DEFAULT_TIMES,
        "draft_bot_levels": DRAFT_BOT_LEVELS.items(),
        "is_draft": event.format == draft_pods.DRAFT_FORMAT,
        "is_sealed": event.format == pools.SEALED_FORMAT,
    }
    if context["manages"]:
        context.update(_what_can_be_done(event))
    return render(request, "drafts/event.html", context)


def _what_can_be_done(event: Any) -> dict[str, Any]:
    """The hub shows the organiser only the steps that can be taken now, and why the rest waits:
    seating (a draft) or opening pools (sealed) while the event runs and before round 1; bots
    ticked when the players cannot fill a pod of the default size."""
    if event.format == draft_pods.DRAFT_FORMAT:
        players = draft_pods.active_player_count(event)
        return {
            "seating_waits": draft_pods.seating_refusal(event),
            "players_to_seat": players,
            "bots_needed": draft_pods.needs_bots(players, MAX_SEATS),
            "min_seats": MIN_SEATS,
            "max_seats": MAX_SEATS,
        }
    if event.format == pools.SEALED_FORMAT:
        return {"pools_wait": pools.before_round_one_refusal(event, "Sealed pools are opened")}
    return {}


def _int(request: HttpRequest, name: str, default: int) -> int:
    raw = request.POST.get(name, "").strip()
    if not raw:
        return default
    number = parse_id(raw)
    if number is None:
        raise Invalid(DraftRefusal.NOT_A_NUMBER, f"{name.replace('_', ' ')} must be a whole number.")
    return number


@login_required
@require_POST
@refusals_shown
def seat_pods(request: HttpRequest, pk: int) -> HttpResponse:
    event = selectors.event_for(request.user, pk)
    settings = {
        key: _int(request, key, getattr(DEFAULT_TIMES, key))
        for key in ("base_seconds", "per_card_seconds", "review_seconds_first", "draft_deck_building_seconds")
        if request.POST.get(key, "").strip()
    }
    made = draft_pods.seat_pods(
        event,
        signed_in_user(request),
        _int(request, "seats_per_pod", 8),
        request.POST.get("fill_with_bots") == "on",
        settings,
        bot_level=request.POST.get("bot_level", "normal"),
    )
    messages.success(request, f"{count(len(made), 'pod', 'pods')} seated.")
    return redirect("drafts:event", pk=event.pk)


@login_required
@require_POST
@refusals_shown
def open_sealed(request: HttpRequest, pk: int) -> HttpResponse:
    event = selectors.event_for(request.user, pk)
    opened = pools.open_sealed(event, signed_in_user(request), _int(request, "build_minutes", 30) * 60)
    pools_open = count(len(opened), "sealed pool is", "sealed pools are")
    messages.success(request, f"{pools_open} open; the deck-building clock runs.")
    return redirect("drafts:event", pk=event.pk)


@login_required
@require_POST
@refusals_shown
def pod_action(request: HttpRequest, pk: int, action: str) -> HttpResponse:
    pod = _pod_for(request, pk)
    act = {"start": draft_pods.start_pod, "pause": draft_pods.pause_pod, "resume": draft_pods.resume_pod}.get(action)
    if act is None:
        raise Invalid(DraftRefusal.UNKNOWN_ACTION, f"Unknown action {action!r}.")
    act(pod, signed_in_user(request))
    messages.success(request, f"Pod {pod.number}: {action} done.")
    return redirect("drafts:event", pk=pod.event_id)


@login_required
@require_POST
@refusals_shown
def swap_for_bot(request: HttpRequest, pk: int) -> HttpResponse:
    pod = _pod_for(request, pk)
    seat = _int(request, "seat", -1)
    draft_pods.swap_for_bot(pod, seat, signed_in_user(request))
    messages.success(request, f"A bot picks for seat {seat + 1} of pod {pod.number} now.")
    return redirect("drafts:event", pk=pod.event_id)


@login_required
@refusals_shown
def pod_page(request: HttpRequest, pk: int) -> HttpResponse:
    """The pick screen for a player; the live pod for the organiser and judges."""
    pod = _pod_for(request, pk)
    seat = reading.require_seat_or_spectator(request.user, pod)
    context = {
        "pod": pod,
        "event": pod.event,
        "seat": seat,
        "role": "player" if seat is not None else "spectator",
        "catalog": catalog_json(),
        "faces": catalog_faces(current_catalog()),
        "manages": has_permission(request.user, Perm.MANAGE, pod.event),
    }
    return render(request, "drafts/pod.html", context)


@login_required
@refusals_shown
def pick_log(request: HttpRequest, pk: int, seat_index: int) -> HttpResponse:
    pod = _pod_for(request, pk)
    mine = reading.require_seat_or_spectator(request.user, pod)
    seat = get_object_or_404(pod.seats.select_related("registration__player"), index=seat_index)
    if not reading.spectates(request.user, pod) and (mine is None or mine.pk != seat.pk):
        raise Forbidden(DraftRefusal.OTHERS_PICKS, "You may only see your own picks.")
    log = reading.pick_log(pod, seat)
    if request.GET.get("format") == "json":
        response = JsonResponse(log, json_dumps_params={"indent": 2})
        response["Content-Disposition"] = f'attachment; filename="picks-pod{pod.number}-seat{seat.index}.json"'
        return response
    names = {slug: card["name"] for slug, card in catalog_json()["cards"].items()}
    for row in log["picks"]:  # the page names cards; the JSON download keeps the ids
        row["card_names"] = [names.get(slug, "Unknown card") for slug in row["cards"]]
        row["pack_names"] = [names.get(slug, "Unknown card") for slug in row["pack_cards"]]
    return render(request, "drafts/log.html", {"pod": pod, "event": pod.event, "seat": seat, "log": log})


@login_required
@refusals_shown
def pool_page(request: HttpRequest, pk: int) -> HttpResponse:
    pool = get_object_or_404(
        Pool.objects.select_related("event", "registration__player"),
        pk=pk,
        event__in=selectors.visible_events(request.user),
    )
    owner = pool.registration.player_id == request.user.pk
    if not owner and not has_permission(request.user, Perm.VIEW_PRIVATE, pool.event):
        raise Forbidden(DraftRefusal.POOL_HIDDEN, "Only the pool's player, the organiser and judges may see this pool.")
    context = {
        "pool": pool,
        "event": pool.event,
        "owner": owner,
        "summary": reading.pool_summary(pool),
        "registered": reading.registered_deck(pool),
        "catalog": catalog_json(),
        "faces": catalog_faces(current_catalog()),
        "deck_size": 40 if pool.kind == Pool.Kind.SEALED else 30,
    }
    return render(request, "drafts/pool.html", context)
