"""The pages of a pod event (multiplayer games played in pods): the round page, a player's pod on
the event page, the pod's own page (where a slip's QR code leads), reporting, confirming and
disputing places, the staff's reports page and settings, the organiser's preview and its moves,
the standings and the printed sheets.

The pages every event has (``tournaments.web.views``, ``manage_views``, ``paper_views``) call in here
through the event's structure (``tournaments.structures.game_pods``), so the addresses stay those
of every event. The services
(``tournaments.pods.services``) do the work; this module reads rows, shapes them
(``tournaments.pods.presentation``) and renders.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.views.decorators.http import require_POST

from accounts.auth import signed_in_user
from common.qr import qr_svg
from common.web import CONFIRM_FIELD, refusals_shown
from tournaments import selectors
from tournaments.errors import EventRefusal, Invalid
from tournaments.models import Event, PodReport, PodSeat, PodTable, Registration, Round
from tournaments.pairing.pod_standings import ordinal, placement_problems
from tournaments.permissions import Perm, has_permission, require
from tournaments.pods import downloads as pod_downloads
from tournaments.pods import reading as pod_reading
from tournaments.pods import services as pod_service
from tournaments.pods.presentation import (
    POD_TIEBREAKS,
    finder_seats,
    place_choices,
    placement_words,
    pod_points_explained,
    pod_result_words,
    pod_tiebreak_cells,
    points_table_words,
    seat_views,
)
from tournaments.web.paper import event_url, pod_url, tables_line
from tournaments.web.presentation import with_names

# --- reading pods -------------------------------------------------------------------------


def dressed(pod: PodTable, viewer: Any) -> PodTable:
    """The pod with what its templates read: seats in order with neighbours, its result and state
    in words, the place choices (1st … nth)."""
    seats = list(pod.seats.all())  # prefetched in order with their players (``pods.tables_of``)
    pod.seat_list = seat_views(seats, pod.neighbours(), viewer)  # type: ignore[attr-defined]
    pod.words = pod_result_words(pod, seats, viewer)  # type: ignore[attr-defined]
    pod.state_words = pod.get_status_display()  # type: ignore[attr-defined]
    pod.place_choices = place_choices(len(seats))  # type: ignore[attr-defined]
    return pod


def round_pods(round_: Round, viewer: Any) -> list[PodTable]:
    return [dressed(pod, viewer) for pod in pod_reading.tables_of(round_)]


def pod_for(user: Any, table_id: int) -> PodTable:
    """A pod the user may see (a preview's only for those who manage the event), dressed."""
    return _dressed_one(selectors.pod_table_for(user, table_id), user)  # 404 for what the user may not see


def my_pod(pods: Sequence[PodTable], user: Any) -> PodTable | None:
    if not user.is_authenticated:
        return None
    return next((pod for pod in pods if any(seat.is_viewer for seat in pod.seat_list)), None)  # type: ignore[attr-defined]


def _my_pod_context(pod: PodTable | None, user: Any) -> dict[str, Any]:
    if pod is None:
        return {"my_pod": None, "my_pod_seat": None}
    seat = next(s for s in pod.seat_list if s.is_viewer)  # type: ignore[attr-defined]
    if pod.is_disputed:
        pod.claims = claim_sentences(pod, user)  # type: ignore[attr-defined]
    return {"my_pod": pod, "my_pod_seat": seat}


def event_context(user: Any, current: Round | None) -> dict[str, Any]:
    """The player's own pod for the event page's live panel (none when they sit in no pod)."""
    found = selectors.my_pod(user, current) if current is not None else None
    return _my_pod_context(_dressed_one(found, user) if found is not None else None, user)


def _dressed_one(found: PodTable, viewer: Any) -> PodTable:
    (pod,) = pod_reading.tables_of(found.round, PodTable.objects.filter(pk=found.pk))
    return dressed(pod, viewer)


# --- player pages -----------------------------------------------------------------------------


def player_pods(event: Event, player_id: int, viewer: Any) -> list[PodTable]:
    """The player's pods in the event's published rounds, by round, dressed for the viewer."""
    return [dressed(pod, viewer) for pod in selectors.player_pods(event, player_id)]


def player_history_page(request: HttpRequest, event: Event, entry: Registration) -> HttpResponse:
    context = {"event": event, "entry": entry, "pods": player_pods(event, entry.player_id, request.user)}
    return render(request, "tournaments/pods/player_history.html", context)


def round_page(request: HttpRequest, event: Event, round_: Round) -> HttpResponse:
    pods = round_pods(round_, request.user)
    query = request.GET.get("q", "")[:80]
    context = {
        "event": event,
        "round": round_,
        "pods": pods,
        "seats": finder_seats(pods, query),
        "query": query,
        "records": has_permission(request.user, Perm.RECORD_RESULTS, event),
        **_my_pod_context(my_pod(pods, request.user), request.user),
    }
    return render(request, "tournaments/pods/round.html", context)


@login_required
@refusals_shown
def pod_page(request: HttpRequest, table_id: int) -> HttpResponse:
    """One pod (where a printed slip's QR code leads): its seats, its places in words and, for a
    player of the pod, the same controls as the event page."""
    pod = pod_for(request.user, table_id)
    event = pod.round.event
    mine = pod if any(seat.is_viewer for seat in pod.seat_list) else None  # type: ignore[attr-defined]
    context = {
        "event": event,
        "pod": pod,
        "current_round": pod.round,
        "records": has_permission(request.user, Perm.RECORD_RESULTS, event),
        **_my_pod_context(mine, request.user),
    }
    return render(request, "tournaments/pods/pod.html", context)


def places_from(request: HttpRequest, pod: PodTable) -> dict[int, int]:
    """The places posted for each seat of the pod (``place-<player>``), refused in words when
    one is missing or not a place of this pod (the services check the ranking itself)."""
    places: dict[int, int] = {}
    problems = []
    size = len(pod.seat_list)  # type: ignore[attr-defined]
    for seat in pod.seat_list:  # type: ignore[attr-defined]
        raw = request.POST.get(f"place-{seat.player.pk}", "").strip()
        if not raw.isdigit() or not 1 <= int(raw) <= size:
            problems.append(f"{seat.player.public_name} needs a place from 1st to {ordinal(size)}")
            continue
        places[seat.player.pk] = int(raw)
    if problems:
        raise Invalid(EventRefusal.BAD_PLACEMENTS, "The places have problems: " + "; ".join(problems) + ".")
    return places


def _back(request: HttpRequest, pod: PodTable) -> HttpResponse:
    if request.POST.get("next") == "pod":
        return redirect("tournaments:pod", table_id=pod.pk)
    return redirect("tournaments:event", pk=pod.round.event_id)


REPORT_NOTES = {
    PodTable.Status.REPORTED: "Places reported; another player of your pod confirms them.",
    PodTable.Status.CONFIRMED: "Places confirmed.",
    PodTable.Status.DISPUTED: "Your places differ from the report; a judge or the organiser will settle them.",
}


@login_required
@require_POST
@refusals_shown
def report(request: HttpRequest, table_id: int) -> HttpResponse:
    pod = pod_for(request.user, table_id)
    places = places_from(request, pod)
    done = pod_service.report_placements(pod, signed_in_user(request), places)
    messages.success(request, REPORT_NOTES[PodTable.Status(done.status)])
    return _back(request, pod)


@login_required
@require_POST
@refusals_shown
def confirm(request: HttpRequest, table_id: int) -> HttpResponse:
    pod = pod_for(request.user, table_id)
    pod_service.confirm_placements(pod, signed_in_user(request))
    messages.success(request, "Places confirmed.")
    return _back(request, pod)


@login_required
@require_POST
@refusals_shown
def dispute(request: HttpRequest, table_id: int) -> HttpResponse:
    """ "That's not right": the member says what the places were (their own report, which disputes
    the first when it differs) or, without places, only that the report is wrong."""
    pod = pod_for(request.user, table_id)
    user = signed_in_user(request)
    if any(key.startswith("place-") for key in request.POST):
        done = pod_service.report_placements(pod, user, places_from(request, pod))
    else:
        done = pod_service.dispute_placements(pod, user, request.POST.get("note", ""))
    messages.success(request, REPORT_NOTES[PodTable.Status(done.status)])
    return _back(request, pod)


# --- staff: reports, settling and setting places ------------------------------------------


REPORT_VERBS = {
    PodReport.Kind.REPORT: "reported",
    PodReport.Kind.CONFIRM: "confirmed",
    PodReport.Kind.DISPUTE: "said that's not right",
    PodReport.Kind.OVERRIDE: "set the places",
}


def report_words(report: PodReport, names: dict[int, str]) -> str:
    """One row of a pod's report history: "Eva reported: Eva 1st, Corvin 2nd, …"."""
    who = report.by.public_name if report.by is not None else "The site"
    verb = REPORT_VERBS.get(PodReport.Kind(report.kind), "recorded")
    places = report.place_map()
    return f"{who} {verb}: {placement_words(places, names)}" if places else f"{who} {verb}"


def _names(pod: PodTable) -> dict[int, str]:
    return {seat.player.pk: seat.player.public_name for seat in pod.seat_list}  # type: ignore[attr-defined]


def _reports(pod: PodTable) -> list[PodReport]:
    return list(selectors.pod_reports(pod))


def claims(pod: PodTable, reports: Sequence[PodReport]) -> list[dict[str, Any]]:
    """Each member's last word on the places (report, confirmation or their own places in a
    dispute), in seat order: name, words, when, and the places for settling it with one tap."""
    names = _names(pod)
    last: dict[int, PodReport] = {}
    for entry in reports:
        if entry.by_id in names and entry.kind != PodReport.Kind.OVERRIDE:
            last[entry.by_id] = entry
    latest_places = next((r.place_map() for r in reversed(reports) if r.places), {})
    result = []
    for player in names:
        if player not in last:
            continue
        entry = last[player]
        places = entry.place_map() or (latest_places if entry.kind == PodReport.Kind.CONFIRM else {})
        result.append({
            "player": player, "name": names[player], "at": entry.at, "places": sorted(places.items()),
            "says": placement_words(places, names) if places else "that's not right",
        })  # fmt: skip
    return result


def claim_sentences(pod: PodTable, viewer: Any) -> list[str]:
    """For a member of a disputed pod: what each member said, "You said: …", "Eva said: …"."""
    return [
        f"{'You' if claim['player'] == viewer.pk else claim['name']} said: {claim['says']}"
        for claim in claims(pod, _reports(pod))
    ]


@login_required
@refusals_shown
def pod_reports(request: HttpRequest, table_id: int) -> HttpResponse:
    """Every report of one pod, each member's claim side by side, and the staff's own setting."""
    pod = pod_for(request.user, table_id)
    require(request.user, Perm.RECORD_RESULTS, pod.round.event)
    reports = _reports(pod)
    names = _names(pod)
    context = {
        "event": pod.round.event,
        "pod": pod,
        "claims": claims(pod, reports),
        "history": [(entry.at, report_words(entry, names)) for entry in reports],
    }
    return render(request, "tournaments/pods/reports.html", context)


@login_required
@require_POST
@refusals_shown
def set_places(request: HttpRequest, table_id: int) -> HttpResponse:
    """A judge or the organiser sets, overrides or settles the places: the first POST shows them
    in words and asks; the confirmed POST records them."""
    pod = pod_for(request.user, table_id)
    event = pod.round.event
    require(request.user, Perm.RECORD_RESULTS, event)
    places = places_from(request, pod)
    problems = placement_problems(list(_names(pod)), places, _names(pod))
    if problems:
        raise Invalid(EventRefusal.BAD_PLACEMENTS, "These places cannot be used: " + "; ".join(problems) + ".")
    words = placement_words(places, _names(pod))
    if request.POST.get(CONFIRM_FIELD) != "yes":
        context = {"event": event, "pod": pod, "places": sorted(places.items()), "words": words}
        return render(request, "tournaments/pods/confirm_places.html", context)
    pod_service.set_placements(pod, signed_in_user(request), places)
    messages.success(request, f"{pod.label}: places recorded — {words}.")
    return redirect("tournaments:manage", pk=event.pk)


# --- the organiser: preview, moves, the running round -------------------------------------


def pod_log(event: Event) -> list[tuple[Any, PodTable, str]]:
    """Every pod report, confirmation, dispute and setting of the event, oldest first (staff only)."""
    seats = PodSeat.objects.filter(table__round__event=event).select_related("player")
    names = {seat.player_id: seat.player.public_name for seat in seats}
    return [(entry.at, entry.table, report_words(entry, names)) for entry in selectors.pod_result_log(event)]


def manage_context(event: Event, current: Round | None, user: Any) -> dict[str, Any]:
    """The manage page's pod panel: the pods with their reasons (names, not ids), why these
    sizes, and the pod numbers a player may be moved to (one more: a new pod)."""
    if current is None:
        return {"pods": [], "pod_log": []}
    pods = round_pods(current, user)
    names = {seat.player.pk: seat.player.public_name for pod in pods for seat in pod.seat_list}  # type: ignore[attr-defined]
    for pod in pods:
        pod.reason = with_names(pod.explanation, names)  # type: ignore[attr-defined]
    return {
        "pods": pods,
        "disputed": selectors.disputed_pods(event).count(),
        "pod_log": pod_log(event),
        "sizes_reason": with_names(current.bye_explanation, names),
        "pod_numbers": range(1, len(pods) + 2),
        "max_seat": event.pod_maximum,
    }


def moved_pods(request: HttpRequest, round_: Round) -> list[list[int]]:
    """The organiser's pods from the preview's form: each player's chosen pod (``pod-<player>``)
    and seat (``seat-<player>``); players keep their old order where seats are equal."""
    chosen: dict[int, list[tuple[int, int, int]]] = {}
    order = 0
    for pod in pod_reading.tables_of(round_):
        for seat in pod.seats.all():
            number = _number(request, f"pod-{seat.player_id}", seat.player.public_name, "pod")
            place = _number(request, f"seat-{seat.player_id}", seat.player.public_name, "seat")
            chosen.setdefault(number, []).append((place, order, seat.player_id))
            order += 1
    return [[player for _, _, player in sorted(chosen[n])] for n in sorted(chosen)]


def _number(request: HttpRequest, field: str, name: str, what: str) -> int:
    raw = request.POST.get(field, "").strip()
    if not raw.isdigit() or int(raw) < 1:
        raise Invalid(EventRefusal.BAD_PAIRINGS, f"{name} needs a {what} number (1 or more). Nothing was changed.")
    return int(raw)


def edit_preview(request: HttpRequest, round_: Round) -> None:
    pod_service.edit_pods(round_, moved_pods(request, round_), signed_in_user(request))
    messages.success(request, "Pods updated.")


# --- standings ------------------------------------------------------------------------------


def standings_rows(event: Event) -> list[dict[str, Any]]:
    points = pod_reading.placement_points(event)
    rows = []
    for place, row in enumerate(pod_reading.standings(event), 1):
        rows.append({
            "row": row.standing, "player": row.player, "place": ordinal(place),
            "points": pod_points_explained(row, points), "tiebreaks": pod_tiebreak_cells(row),
        })  # fmt: skip
    return rows


def standings_page(request: HttpRequest, event: Event) -> HttpResponse:
    if request.GET.get("format") == "csv":
        return pod_downloads.standings_response(event)
    rows = standings_rows(event)
    context = {
        "event": event,
        "rows": rows,
        "tiebreaks": POD_TIEBREAKS,
        "points_words": points_table_words(pod_reading.placement_points(event)),
    }
    return render(request, "tournaments/pods/standings.html", context)


# --- paper and the projector ----------------------------------------------------------------


def print_pairings(request: HttpRequest, event: Event, round_: Round) -> HttpResponse:
    pods = round_pods(round_, None)
    context = {
        "event": event,
        "round": round_,
        "pods": pods,
        "seats": finder_seats(pods),
        "follow_qr": qr_svg(event_url(request, event), f"Follow {event.name}"),
    }
    return render(request, "tournaments/pods/print_pairings.html", context)


def print_slips(request: HttpRequest, event: Event, round_: Round) -> HttpResponse:
    slips = [
        (pod, qr_svg(pod_url(request, pod), f"Report pod {pod.table}'s places")) for pod in round_pods(round_, None)
    ]
    return render(request, "tournaments/pods/print_slips.html", {"event": event, "round": round_, "slips": slips})


def projector_context(current: Round | None) -> dict[str, Any]:
    """The projector's pods of the current round (``Pods.projector_context``)."""
    pods = round_pods(current, None) if current else []
    return {"matches": [], "pods": pods, "tables_line": tables_line(pods, pods=True)}


def print_standings(request: HttpRequest, event: Event) -> HttpResponse:
    context = {
        "event": event,
        "rows": standings_rows(event),
        "tiebreaks": POD_TIEBREAKS,
        "points_words": points_table_words(pod_reading.placement_points(event)),
        "follow_qr": qr_svg(event_url(request, event)),
    }
    return render(request, "tournaments/pods/print_standings.html", context)
