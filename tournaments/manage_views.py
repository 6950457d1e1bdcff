"""The organiser's pages: create and edit events, run registration, rounds and results."""

from __future__ import annotations

from typing import Any

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.views.decorators.http import require_http_methods, require_POST

from accounts.auth import signed_in_user
from accounts.models import User
from tournaments import selectors
from tournaments.errors import EventRefusal, Invalid
from tournaments.forms import AddTimeForm, EventForm, TableScoreForm
from tournaments.models import Event, Match, Registration, Round
from tournaments.outcomes import claims, outcome_words, report_words
from tournaments.permissions import Perm, has_permission, require
from tournaments.services import registration, results, rounds
from tournaments.web import form_refusal, refusals_shown

HISTORY_SHOWN = 30  # the newest audit entries on the manage page


@login_required
@require_http_methods(["GET", "POST"])
@refusals_shown
def event_create(request: HttpRequest) -> HttpResponse:
    require(request.user, Perm.CREATE_EVENT)
    form = EventForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        event = registration.create_event(signed_in_user(request), **form.cleaned_data)
        messages.success(request, f"{event.name} is created as a draft. Open registration when you are ready.")
        return redirect("tournaments:manage", pk=event.pk)
    return render(request, "tournaments/event_form.html", {"form": form}, status=400 if form.errors else 200)


@login_required
@require_http_methods(["GET", "POST"])
@refusals_shown
def event_edit(request: HttpRequest, pk: int) -> HttpResponse:
    event = selectors.event_for(request.user, pk)
    require(request.user, Perm.MANAGE, event)
    form = EventForm(request.POST or None, instance=event)
    if request.method == "POST" and form.is_valid():
        registration.update_event(Event.objects.get(pk=pk), signed_in_user(request), **form.cleaned_data)
        messages.success(request, "Settings saved.")
        return redirect("tournaments:manage", pk=event.pk)
    context = {"form": form, "event": event}
    return render(request, "tournaments/event_form.html", context, status=400 if form.errors else 200)


@login_required
@refusals_shown
def manage(request: HttpRequest, pk: int) -> HttpResponse:
    event = selectors.event_for(request.user, pk)
    require(request.user, Perm.RECORD_RESULTS, event)
    rounds_ = list(Round.objects.filter(event=event).order_by("number"))
    current = rounds_[-1] if rounds_ else None
    active = Registration.objects.filter(event=event, dropped_after_round__isnull=True).select_related("player")
    context: dict[str, Any] = {
        "event": event,
        "current": current,
        "matches": list(current.matches.select_related("player_a", "player_b")) if current else [],
        "registrations": Registration.objects.filter(event=event).select_related("player"),
        "active_players": sorted((r.player for r in active), key=lambda u: u.public_name.lower()),
        "manages": _manages(request, event),
        "add_time_form": AddTimeForm(initial={"minutes": 5}),
        "disputed": Match.objects.filter(round__event=event, status=Match.Status.DISPUTED).count(),
        "history": list(event.audit_entries.select_related("by").order_by("-at", "-id")[:HISTORY_SHOWN]),
        "disputes": [(m, claims(m, selectors.match_reports(m))) for m in selectors.disputed_matches(event)],
        "result_log": [(r.at, r.match, report_words(r)) for r in selectors.result_log(event)],
    }
    return render(request, "tournaments/manage.html", context)


def _manages(request: HttpRequest, event: Event) -> bool:
    return has_permission(request.user, Perm.MANAGE, event)


EVENT_ACTIONS = {
    "open": ("Registration is open.", lambda e, u: registration.change_status(e, Event.Status.REGISTRATION, u)),
    "close": ("Registration is closed; the event is a draft again.",
              lambda e, u: registration.change_status(e, Event.Status.DRAFT, u)),
    "start": ("The event has started. Pair round 1 when players are seated.", registration.start_event),
    "pair": ("The next round is paired as a preview: check it, then publish.", rounds.pair_next_round),
    "cut": ("The top cut is seeded and its first round paired as a preview.", rounds.cut_to_top),
    "finish": ("The event is finished.", rounds.finish_event),
}  # fmt: skip


@login_required
@require_POST
@refusals_shown
def event_action(request: HttpRequest, pk: int, action: str) -> HttpResponse:
    event = selectors.event_for(request.user, pk)
    if action not in EVENT_ACTIONS:
        raise Invalid(EventRefusal.UNKNOWN_ACTION, f"Unknown action {action!r}.")
    note, run = EVENT_ACTIONS[action]
    run(event, signed_in_user(request))
    messages.success(request, note)
    return redirect("tournaments:manage", pk=event.pk)


@login_required
@require_POST
@refusals_shown
def round_action(request: HttpRequest, round_id: int, action: str) -> HttpResponse:
    round_ = selectors.round_for(request.user, round_id)
    user = signed_in_user(request)
    if action == "publish":
        rounds.publish_round(round_, user)
        messages.success(request, f"{round_.label} is published and its clock is running.")
    elif action == "discard":
        rounds.discard_preview(round_, user)
        messages.success(request, f"The preview of {round_.label.lower()} is discarded.")
    elif action == "end":
        rounds.end_round(round_, user)
        messages.success(request, f"{round_.label} has ended.")
    elif action == "add-time":
        form = AddTimeForm(request.POST)
        if not form.is_valid():
            raise form_refusal(form)
        rounds.add_time(round_, form.cleaned_data["minutes"], user)
        messages.success(request, f"{round_.label}'s clock changed by {form.cleaned_data['minutes']} minutes.")
    elif action == "pairings":
        rounds.edit_pairings(round_, _tables_from(request, round_), user)
        messages.success(request, "Pairings updated.")
    else:
        raise Invalid(EventRefusal.UNKNOWN_ACTION, f"Unknown action {action!r}.")
    return redirect("tournaments:manage", pk=round_.event_id)


def _tables_from(request: HttpRequest, round_: Round) -> list[tuple[int, int | None]]:
    tables = []
    for match in round_.matches.all():
        a, b = request.POST.get(f"t{match.table}a", ""), request.POST.get(f"t{match.table}b", "")
        try:
            tables.append((int(a), int(b) if b else None))
        except ValueError:
            raise Invalid(
                EventRefusal.TABLE_NEEDS_PLAYER, f"Table {match.table} needs a player in its first seat."
            ) from None
    return tables


@login_required
@require_POST
@refusals_shown
def set_result(request: HttpRequest, match_id: int) -> HttpResponse:
    """Staff enter, override or settle a result: the first POST shows what will be recorded, in
    words, and asks; the confirmed POST records it."""
    match = selectors.match_for(request.user, match_id)
    require(request.user, Perm.RECORD_RESULTS, match.round.event)
    form = TableScoreForm(request.POST)
    if not form.is_valid():
        raise form_refusal(form)
    data = form.cleaned_data
    score = results.Score(data["a_games"], data["b_games"], data["draws"] or 0)
    results.validate_score(score, match.round.event, match.round)
    words = outcome_words(match, score.a_games, score.b_games, score.draws)
    if request.POST.get("confirmed") != "yes":
        context = {"event": match.round.event, "match": match, "score": score, "words": words}
        return render(request, "tournaments/confirm_result.html", context)
    results.set_result(match, signed_in_user(request), score)
    messages.success(request, f"{match.round.label}, table {match.table}: result recorded — {words}.")
    return redirect("tournaments:manage", pk=match.round.event_id)


@login_required
@refusals_shown
def match_reports(request: HttpRequest, match_id: int) -> HttpResponse:
    """One match's reports side by side (who said what, and when) for the judge who settles it."""
    match = selectors.match_for(request.user, match_id)
    require(request.user, Perm.RECORD_RESULTS, match.round.event)
    reports = list(selectors.match_reports(match))
    context = {
        "event": match.round.event,
        "match": match,
        "claims": claims(match, reports),
        "history": [(report.at, report_words(report)) for report in reports],
    }
    return render(request, "tournaments/match_reports.html", context)


@login_required
@require_POST
@refusals_shown
def registration_action(request: HttpRequest, registration_id: int, action: str) -> HttpResponse:
    entry = get_object_or_404(
        Registration.objects.select_related("player", "event"),
        pk=registration_id,
        event__in=selectors.visible_events(request.user),
    )
    user: User = signed_in_user(request)
    if action == "drop":
        registration.drop(entry, user)
    elif action == "readd":
        registration.readd(entry, user)
    elif action in ("check-in", "check-out"):
        registration.set_checked_in(entry, user, action == "check-in")
    else:
        raise Invalid(EventRefusal.UNKNOWN_ACTION, f"Unknown action {action!r}.")
    messages.success(request, f"{entry.player.public_name}: done.")
    return redirect("tournaments:manage", pk=entry.event_id)
