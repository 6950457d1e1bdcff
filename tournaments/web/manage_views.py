"""The organiser's pages: create and edit events, run registration, rounds and results."""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.views.decorators.http import require_http_methods, require_POST

from accounts.auth import signed_in_user
from accounts.models import User
from common.refusals import Forbidden, Refusal
from common.web import (
    CONFIRM_FIELD,
    View,
    confirmation_page,
    form_refusal,
    refusals_shown,
    refusals_shown_on,
    require_confirmed,
)
from common.words import count
from gameplay.deckformats import deck_format
from tournaments import selectors
from tournaments.errors import EventRefusal, Invalid
from tournaments.forms import AddTimeForm, EventForm, TableScoreForm
from tournaments.models import Event, Match, Registration, Round
from tournaments.outcomes import claims, outcome_words, report_words
from tournaments.permissions import Perm, has_permission, require
from tournaments.services import capacity, desk, registration, results, rounds, waiting
from tournaments.services.desk import NO_LIST_FIELD, NoListChoice, no_list_choice
from tournaments.structures import structure_of
from tournaments.web import confirmations
from tournaments.web.floor_actions import allowed_event_actions
from tournaments.web.presentation import at_the_tables, entry_words, with_names

HISTORY_SHOWN = 30  # the newest audit entries on the manage page


@login_required
@require_http_methods(["GET", "POST"])
@refusals_shown
def event_create(request: HttpRequest) -> HttpResponse:
    require(request.user, Perm.CREATE_EVENT)
    form = EventForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        event = registration.create_event(signed_in_user(request), **form.cleaned_data)
        messages.success(
            request, f"{event.name} is created, not yet open: only you see it until you open registration."
        )
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


def _manage_page(
    request: HttpRequest,
    event: Event,
    refusal: str = "",
    status: int = 200,
    which: desk.DeckFilter = desk.DeckFilter.ALL,
) -> HttpResponse:
    rounds_ = list(Round.objects.filter(event=event).order_by("number"))
    current = rounds_[-1] if rounds_ else None
    active = Registration.objects.filter(event=event, dropped_after_round__isnull=True).select_related("player")
    rows = desk.desk_rows(event)
    deck_of = {row.registration.pk: row for row in rows}
    shown = {row.registration.pk for row in desk.filtered(rows, which)}
    entries = [e for e in Registration.objects.filter(event=event).select_related("player", "event") if e.pk in shown]
    unlisted = desk.unlisted_players(event, rows)  # marked wherever the organiser sees them paired
    playing_unlisted = {
        r.registration.pk for r in rows if r.registration.player_id in unlisted and r.registration.active
    }
    at_tables = at_the_tables(current)
    for entry in entries:  # a dropped player comes back by "Undo drop" while no later round is paired
        entry.status_words = entry_words(entry, at_tables)  # type: ignore[attr-defined]
        entry.can_undo_drop = not entry.active and not registration.undo_drop_refusal(entry, event)  # type: ignore[attr-defined]
        entry.deck = deck_of[entry.pk]  # type: ignore[attr-defined]
    matches = list(current.matches.select_related("player_a", "player_b", "play")) if current else []
    names = {entry.player_id: entry.player.public_name for entry in entries}
    for match in matches:
        match.reason = with_names(match.explanation, names)  # type: ignore[attr-defined]
    manages = _manages(request, event)
    context: dict[str, Any] = {
        "event": event,
        "current": current,
        "matches": matches,
        "bye_reason": with_names(current.bye_explanation, names) if current else "",
        "registrations": entries,
        "active_players": sorted((r.player for r in active), key=lambda u: u.public_name.lower()),
        "manages": manages,
        "actions": allowed_event_actions(event, current),
        "add_time_form": AddTimeForm(initial={"minutes": 5}),
        "disputed": Match.objects.filter(round__event=event, status=Match.Status.DISPUTED).count(),
        "history": list(event.audit_entries.select_related("by").order_by("-at", "-id")[:HISTORY_SHOWN]),
        "refusal": refusal,
        "disputes": [(m, claims(m, selectors.match_reports(m))) for m in selectors.disputed_matches(event)],
        "result_log": [(r.at, r.match, report_words(r)) for r in selectors.result_log(event)],
        "deck_filter": which,
        "deck_filters": list(desk.DeckFilter),
        "unlisted": unlisted,
        "unlisted_names": [r.registration.player.public_name for r in rows if r.registration.pk in playing_unlisted],
        "lists_enterable": manages and not event.is_finished and not deck_format(event.format).limited,
        "places": capacity.places_words(event),
        "no_place_free": capacity.is_full_for(event),  # a dropped player cannot come back: no button to refuse
        "waiting": waiting.waiting_list(event),
    }
    context |= structure_of(event).manage_context(current, request.user)
    return render(request, "tournaments/manage.html", context, status=status)


@login_required
@refusals_shown
def manage(request: HttpRequest, pk: int) -> HttpResponse:
    event = selectors.event_for(request.user, pk)
    require(request.user, Perm.RECORD_RESULTS, event)
    return _manage_page(request, event, which=desk.deck_filter(request.GET.get("deck")))


def _manages(request: HttpRequest, event: Event) -> bool:
    return has_permission(request.user, Perm.MANAGE, event)


def _on_manage_page(event_id_of: Callable[[dict[str, Any]], int | None]) -> Callable[[View], View]:
    """Refusals of the manage page's forms come back on the manage page (4xx, reason at the top);
    a viewer who may not see that page (or a refusal of who may act) gets the plain refusal page."""

    def page(request: HttpRequest, kwargs: dict[str, Any], exc: Refusal) -> HttpResponse | None:
        pk = event_id_of(kwargs)
        event = selectors.visible_events(request.user).filter(pk=pk).first() if pk is not None else None
        if event is None or isinstance(exc, Forbidden) or not has_permission(request.user, Perm.RECORD_RESULTS, event):
            return None
        return _manage_page(request, event, refusal=str(exc), status=exc.status_code)

    return refusals_shown_on(page)


def _event_of_round(kwargs: dict[str, Any]) -> int | None:
    return Round.objects.filter(pk=kwargs["round_id"]).values_list("event_id", flat=True).first()


def _event_of_match(kwargs: dict[str, Any]) -> int | None:
    return Match.objects.filter(pk=kwargs["match_id"]).values_list("round__event_id", flat=True).first()


def _event_of_registration(kwargs: dict[str, Any]) -> int | None:
    return Registration.objects.filter(pk=kwargs["registration_id"]).values_list("event_id", flat=True).first()


EVENT_ACTIONS: dict[str, tuple[str, Callable[[Event, User], object]]] = {
    "open": ("Registration is open.", lambda e, u: registration.change_status(e, Event.Status.REGISTRATION, u)),
    "close": ("Registration is closed; the event is not open, and only you see it until you open it again.",
              lambda e, u: registration.change_status(e, Event.Status.DRAFT, u)),
    "start": ("The event has started. Pair round 1 when players are seated.", registration.start_event),
    "pair": ("The next round is paired as a preview: check it, then publish.", rounds.pair_next_round),
    "cut": ("The top cut is seeded and its first round paired as a preview.", rounds.cut_to_top),
    "finish": ("The event is finished.", rounds.finish_event),
}  # fmt: skip


@login_required
@require_http_methods(["GET", "POST"])
@_on_manage_page(lambda kwargs: kwargs["pk"])
def event_action(request: HttpRequest, pk: int, action: str) -> HttpResponse:
    """GET: the confirmation page of a weighty step; POST: the step (confirmed where it asks)."""
    event = selectors.event_for(request.user, pk)
    if action not in EVENT_ACTIONS:
        raise Invalid(EventRefusal.UNKNOWN_ACTION, f"Unknown action {action!r}.")
    require(request.user, Perm.MANAGE, event)
    asks = confirmations.EVENT_STEPS.get(action)
    if request.method == "GET":
        if asks is None:
            return redirect("tournaments:manage", pk=event.pk)
        return confirmation_page(request, asks(event), reverse("tournaments:manage", args=(event.pk,)))
    note, run = EVENT_ACTIONS[action]
    if asks is not None:
        require_confirmed(request, asks(event).confirm_label)
    if action == "start":
        registration.start_event(event, signed_in_user(request), _no_list_choice(request))
    elif action == "pair":
        rounds.pair_next_round(event, signed_in_user(request), _no_list_choice(request))
    else:
        run(event, signed_in_user(request))
    messages.success(request, note)
    return redirect("tournaments:manage", pk=event.pk)


def _no_list_choice(request: HttpRequest) -> NoListChoice:
    """The organiser's answer for players without a legal list (the confirmation's radio buttons,
    which a browser requires); a POST without one pairs them, marked, as before, and the history
    says so. Any other value is refused naming the field."""
    return no_list_choice(request.POST.get(NO_LIST_FIELD), required=False) or NoListChoice.PAIR


@login_required
@require_http_methods(["GET", "POST"])
@_on_manage_page(lambda kwargs: kwargs["pk"])
def event_delete(request: HttpRequest, pk: int) -> HttpResponse:
    """Delete an event that never started, after its confirmation page."""
    event = selectors.event_for(request.user, pk)
    require(request.user, Perm.MANAGE, event)
    if request.method == "GET":
        return confirmation_page(request, confirmations.delete(event), reverse("tournaments:manage", args=(event.pk,)))
    require_confirmed(request, "Deleting the event")
    name = registration.delete_event(event, signed_in_user(request))
    messages.success(request, f"{name} is deleted.")
    return redirect("tournaments:events")


ROUND_NOTES = {
    "publish": "{label} is published and its clock is running.",
    "discard": "The preview of {lower} is discarded.",
    "end": "{label} has ended.",
}
ROUND_STEPS: dict[str, Callable[[Round, User], object]] = {
    "publish": rounds.publish_round,
    "discard": rounds.discard_preview,
    "end": rounds.end_round,
}


@login_required
@require_http_methods(["GET", "POST"])
@_on_manage_page(_event_of_round)
def round_action(request: HttpRequest, round_id: int, action: str) -> HttpResponse:
    """Publish, discard and end ask first (GET: their confirmation page); times and pairings do not."""
    round_ = selectors.round_for(request.user, round_id)
    if action in ROUND_STEPS:
        return _confirmed_round_step(request, round_, action)
    if request.method != "POST":
        return redirect("tournaments:manage", pk=round_.event_id)
    user = signed_in_user(request)
    if action == "add-time":
        form = AddTimeForm(request.POST)
        if not form.is_valid():
            raise form_refusal(form)
        rounds.add_time(round_, form.cleaned_data["minutes"], user)
        changed = count(form.cleaned_data["minutes"], "minute", "minutes")
        messages.success(request, f"{round_.label}'s clock changed by {changed}.")
    elif action == "pairings":
        structure_of(round_.event).edit_preview(request, round_)
    else:
        raise Invalid(EventRefusal.UNKNOWN_ACTION, f"Unknown action {action!r}.")
    return redirect("tournaments:manage", pk=round_.event_id)


def _confirmed_round_step(request: HttpRequest, round_: Round, action: str) -> HttpResponse:
    require(request.user, Perm.MANAGE, round_.event)
    back = reverse("tournaments:manage", args=(round_.event_id,))
    if action == "publish":
        return _publish(request, round_, back)
    asks = confirmations.ROUND_STEPS[action](round_)
    if request.method == "GET":
        return confirmation_page(request, asks, back)
    require_confirmed(request, asks.confirm_label)
    label = round_.label
    ROUND_STEPS[action](round_, signed_in_user(request))
    messages.success(request, ROUND_NOTES[action].format(label=label, lower=label.lower()))
    return redirect("tournaments:manage", pk=round_.event_id)


def _publish(request: HttpRequest, round_: Round, back: str) -> HttpResponse:
    """Publish asks first. Pressed on the preview, it sends the preview's form, saved or not: the
    confirmation names the unsaved changes (or why they cannot be used) and its Confirm sends them
    again, so the round goes up as the organiser last saw it, checked as "Save" checks it."""
    edits = _preview_edits(request, round_) if request.method == "POST" else None
    asks = confirmations.publish(round_, edits)
    if request.method == "GET" or (edits is not None and request.POST.get(CONFIRM_FIELD) != "yes"):
        return confirmation_page(request, asks, back)
    require_confirmed(request, asks.confirm_label)
    label = round_.label
    tables = edits.tables if edits is not None else None
    seating = edits.seating if edits is not None else None
    choice = _no_list_choice(request)
    done = rounds.publish_round(round_, signed_in_user(request), tables=tables, seating=seating, no_legal_list=choice)
    if done.is_preview:  # players without a legal list were dropped: a new preview to check
        messages.success(
            request,
            f"Players without a legal deck list were dropped and {label.lower()} was paired again without them: "
            "check the new pairings, then publish.",
        )
        return redirect("tournaments:manage", pk=round_.event_id)
    changed = " with your changes" if asks.changes else ""
    messages.success(request, f"{label} is published{changed} and its clock is running.")
    return redirect("tournaments:manage", pk=round_.event_id)


PREVIEW_FIELD = re.compile(r"(t\d+[ab]|pod-\d+|seat-\d+)")


def _preview_edits(request: HttpRequest, round_: Round) -> confirmations.PreviewEdits | None:
    """The preview's pairings from its form, when the POST carries that form (None: it does not)."""
    fields = [(name, str(request.POST.get(name, ""))) for name in request.POST if PREVIEW_FIELD.fullmatch(name)]
    if not fields:
        return None
    return structure_of(round_.event).preview_edits(request, round_, fields)


def pairs_edit_preview(request: HttpRequest, round_: Round) -> None:
    """Save the preview's tables as the organiser changed them (``Pairs.edit_preview``)."""
    rounds.edit_pairings(round_, _tables_from(request, round_), signed_in_user(request))
    messages.success(request, "Pairings updated.")


def pairs_preview_edits(
    request: HttpRequest, round_: Round, fields: list[tuple[str, str]]
) -> confirmations.PreviewEdits | None:
    """The preview's tables sent with Publish (``Pairs.preview_edits``)."""
    if round_.stage == Round.Stage.TOP_CUT:
        return None  # the bracket decides a cut round's tables; its preview has nothing to change
    return confirmations.PreviewEdits(fields, tables=_tables_from(request, round_))


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
@_on_manage_page(_event_of_match)
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
    if request.POST.get(CONFIRM_FIELD) != "yes":
        context = {"event": match.round.event, "match": match, "score": score, "words": words}
        return render(request, "tournaments/confirm_result.html", context)
    results.set_result(match, signed_in_user(request), score)
    messages.success(request, f"{match.round.label}, table {match.table}: result recorded — {words}.")
    return redirect("tournaments:manage", pk=match.round.event_id)


REGISTRATION_STEPS = {
    "readd": registration.readd,
    "undo-drop": registration.undo_drop,
    "check-in": lambda entry, user: registration.set_checked_in(entry, user, True),
    "check-out": lambda entry, user: registration.set_checked_in(entry, user, False),
}


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
@require_http_methods(["GET", "POST"])
@_on_manage_page(_event_of_registration)
def registration_action(request: HttpRequest, registration_id: int, action: str) -> HttpResponse:
    """Drop asks first (GET: its confirmation page); re-add, undo drop and check-in do not."""
    entry = get_object_or_404(
        Registration.objects.select_related("player", "event"),
        pk=registration_id,
        event__in=selectors.visible_events(request.user),
    )
    back = reverse("tournaments:manage", args=(entry.event_id,))
    user: User = signed_in_user(request)
    if action == "drop":
        require(user, Perm.MANAGE, entry.event)
        asks = confirmations.drop(entry, by_self=False)
        if request.method == "GET":
            return confirmation_page(request, asks, back)
        require_confirmed(request, asks.confirm_label)
        registration.drop(entry, user)
    elif action in REGISTRATION_STEPS and request.method == "POST":
        REGISTRATION_STEPS[action](entry, user)
    elif action in REGISTRATION_STEPS:
        return redirect(back)
    else:
        raise Invalid(EventRefusal.UNKNOWN_ACTION, f"Unknown action {action!r}.")
    messages.success(request, f"{entry.player.public_name}: done.")
    return redirect(back)
