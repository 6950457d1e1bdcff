"""Public and player pages of events: overview, pairings, standings, bracket, history, results."""

from __future__ import annotations

from typing import Any
from urllib.parse import urlencode

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.views.decorators.http import require_http_methods, require_POST

from accounts.auth import signed_in_user
from common.downloads import csv_download
from common.ids import parse_id
from common.qr import qr_svg
from common.refusals import Refusal
from common.web import confirmation_page, form_refusal, refusals_shown, refusals_shown_on, require_confirmed
from gameplay.deckformats import grouped_choices
from gameplay.games import GAME_NAMES
from gameplay.matches import selectors as play_selectors
from gameplay.matches.oversight import Oversight
from tournaments import listing, outcomes, selectors
from tournaments.errors import EventRefusal, Invalid, NotFound
from tournaments.forms import ScoreForm
from tournaments.models import Event, Match, Registration, Round
from tournaments.pairing import TiebreakSystem
from tournaments.permissions import Perm, has_permission
from tournaments.services import capacity, decks, desk, onsite, registration, results, waiting
from tournaments.services.standings import standings
from tournaments.structures import structure_of
from tournaments.web import confirmations, overview, playoff_views
from tournaments.web import home as home_needs
from tournaments.web.paper import event_url
from tournaments.web.presentation import (
    TIEBREAKS,
    history_rows,
    my_seat,
    points_explained,
    seats_by_name,
    tiebreak_cells,
)


def home(request: HttpRequest) -> HttpResponse:
    """What needs the signed-in person now, most urgent first (``tournaments/web/home.py``), then
    the events as for anyone."""
    events = selectors.visible_events(request.user).exclude(status=Event.Status.DRAFT)[:20]
    return render(request, "home.html", {"events": events, "needs": home_needs.needs_of(request.user)})


@login_required
def home_panel(request: HttpRequest) -> HttpResponse:
    """The home page's panel alone, re-read by static/js/home.js on a push about what it shows."""
    return render(request, "_home_needs.html", {"needs": home_needs.needs_of(request.user)})


@refusals_shown
def event_list(request: HttpRequest) -> HttpResponse:
    """Events filtered (``when``, ``game``, ``format``) and paged (``page``): ``tournaments.listing``."""
    wanted = listing.event_filter(request.GET)
    page = listing.page_of(listing.filtered(selectors.visible_events(request.user), wanted), wanted)
    kept = {k: v for k, v in (("when", wanted.when.value), ("game", wanted.game), ("format", wanted.format)) if v}
    context = {
        "events": page.object_list,
        "page": page,
        "wanted": wanted,
        "query": urlencode(kept),
        "whens": list(listing.When),
        "games": GAME_NAMES,
        "formats": grouped_choices(),
        "can_create": has_permission(request.user, Perm.CREATE_EVENT),
    }
    return render(request, "tournaments/event_list.html", context)


def event_detail(request: HttpRequest, pk: int) -> HttpResponse:
    event = selectors.event_for(request.user, pk)
    context = _event_context(request, event)
    context["follow_qr"] = qr_svg(event_url(request, event), f"Follow {event.name}")
    mine = context["registration"]
    if mine is not None and not event.is_finished:
        context["deck_problem"] = desk.own_deck_problem(event, mine)
        context["lists_locked"] = decks.lock_reason(event) is not None
    if event.is_finished:
        context |= overview.finished_context(event)
    return render(request, "tournaments/event_detail.html", context)


def my_match_panel(request: HttpRequest, pk: int) -> HttpResponse:
    """The live part of the event page (the reader's round and table), re-read by static/js/my-match.js
    when the event's socket pushes a move of that round or table, and whenever the socket (re)opens."""
    event = selectors.event_for(request.user, pk)
    return render(request, "tournaments/_my_match.html", _event_context(request, event))


def _event_context(request: HttpRequest, event: Event) -> dict[str, Any]:
    user = request.user
    mine = Registration.objects.filter(event=event, player_id=user.pk).first() if user.is_authenticated else None
    shown = selectors.public_rounds(user, event).exclude(status=Round.Status.PREVIEW)
    # A finished event has no current round; an ended round with no tables is not worth a box.
    current = None if event.is_finished else overview.with_tables(shown).last()
    can_undo_drop = (
        mine is not None
        and not mine.active
        and not registration.undo_drop_refusal(mine, event)
        and not capacity.is_full_for(event, user.pk)
    )
    taken = capacity.places_taken(event)
    reader = user.pk if user.is_authenticated else None
    return {
        **structure_of(event).live_panel(user, current),
        "event": event,
        "registration": mine,
        "can_undo_drop": can_undo_drop,
        "current_round": current,
        "manages": has_permission(user, Perm.MANAGE, event),
        "records": has_permission(user, Perm.RECORD_RESULTS, event),
        "rounds": shown,
        "can_join": registration.takes_entries(event),
        "player_count": taken,
        "places": capacity.places_words(event, taken),
        "full": capacity.is_full_for(event, reader, taken),
        "waiting_place": waiting.place_of(event, reader),
    }


def pairs_live_panel(user: Any, current: Round | None) -> dict[str, Any]:
    """The reader's match in the current round (``Pairs.live_panel``)."""
    my_match = selectors.my_match(user, current) if current is not None else None
    return {
        "my_match": my_match,
        "report_choices": outcomes.report_choices(my_match) if my_match is not None and not my_match.is_bye else [],
        "my_claims": _my_claims(my_match, user),
    }


def _my_claims(match: Match | None, user: Any) -> list[str]:
    """In a disputed match, what each player reported, for the player reading their panel."""
    if match is None or not match.is_disputed:
        return []
    return outcomes.claim_sentences(match, selectors.match_reports(match), user)


def round_detail(request: HttpRequest, pk: int, number: int) -> HttpResponse:
    event = selectors.event_for(request.user, pk)
    round_ = selectors.public_round(request.user, event, number)
    return structure_of(event).round_page(request, round_)


def pairs_round_page(request: HttpRequest, event: Event, round_: Round) -> HttpResponse:
    """A round's tables, two players each (``Pairs.round_page``)."""
    matches = list(round_.matches.select_related("player_a", "player_b", "play"))
    # Each table's link follows the rule every match path follows (gameplay's ``sight``): a
    # player's own match, a match the viewer may watch (public, or refereed by them), or none.
    played = [m for m in matches if m.play is not None]
    known = onsite.EventOversight.of_event(event) if played else None
    links = {m.pk: _match_link(m, request.user, known) for m in played}
    for m in matches:
        m.link = links.get(m.pk, "")  # type: ignore[attr-defined]
    query = request.GET.get("q", "")[:80]
    context = {
        "event": event,
        "round": round_,
        "matches": matches,
        "seats": seats_by_name(matches, query),
        "query": query,
        "my_seat": my_seat(matches, request.user),
        "records": has_permission(request.user, Perm.RECORD_RESULTS, event),
    }
    return render(request, "tournaments/round_detail.html", context)


def _match_link(match: Match, user: Any, known: Oversight | None) -> str:
    """How the round page links a table's match for this viewer: "play", "watch" or nothing."""
    assert match.play is not None
    seen = play_selectors.sight(match.play, user, known)
    if seen is None:
        return ""
    return "play" if seen.seat is not None else "watch"


def standings_page(request: HttpRequest, pk: int) -> HttpResponse:
    event = selectors.event_for(request.user, pk)
    return structure_of(event).standings_page(request)


def pairs_standings_page(request: HttpRequest, event: Event) -> HttpResponse:
    """Match points and tiebreaks, or their CSV (``Pairs.standings_page``)."""
    rows = standings(event)
    if request.GET.get("format") == "csv":
        return _standings_csv(event, rows)
    system = TiebreakSystem(event.tiebreakers)
    titles = overview.cut_titles(event, rows)
    explained = [
        {"row": row, "points": points_explained(row.standing), "tiebreaks": tiebreak_cells(row.standing, system),
         "title": titles.get(row.player.pk, "")}
        for row in rows
    ]  # fmt: skip
    context = {"event": event, "rows": explained, "tiebreaks": TIEBREAKS[system], "cut_decided": bool(titles)}
    context.update(playoff_views.ties_context(request, event, system))
    return render(request, "tournaments/standings.html", context)


def crosstable_page(request: HttpRequest, pk: int) -> HttpResponse:
    event = selectors.event_for(request.user, pk)
    if not structure_of(event).has_crosstable:
        raise NotFound(EventRefusal.NO_CROSSTABLE, f"{event.name} is not a round robin; it has no crosstable.")
    context = {"event": event, "grid": overview.event_crosstable(event)}
    return render(request, "tournaments/crosstable.html", context)


def _standings_csv(event: Event, rows: list[Any]) -> HttpResponse:
    response, writer = csv_download(f"standings-{event.pk}.csv")
    writer.writerow(["rank", "player", "points", "wins", "losses", "draws", "mw", "omw", "gw", "ogw", "dropped"])
    for row in rows:
        s = row.standing
        writer.writerow([
            s.rank, row.player.public_name, s.points, s.wins, s.losses, s.draws,
            f"{s.mw:.4f}", f"{s.omw:.4f}", f"{s.gw:.4f}", f"{s.ogw:.4f}", "yes" if s.dropped else "",
        ])  # fmt: skip
    return response


def bracket_page(request: HttpRequest, pk: int) -> HttpResponse:
    event = selectors.event_for(request.user, pk)
    layout = overview.event_bracket(event)
    context = {"event": event, "columns": layout.columns, "champion": layout.champion}
    return render(request, "tournaments/bracket.html", context)


def player_history(request: HttpRequest, pk: int, player_id: int) -> HttpResponse:
    event = selectors.event_for(request.user, pk)
    entry = get_object_or_404(Registration.objects.select_related("player"), event=event, player_id=player_id)
    return structure_of(event).player_history_page(request, entry)


def pairs_player_history(request: HttpRequest, event: Event, entry: Registration) -> HttpResponse:
    """A player's matches, round by round (``Pairs.player_history_page``)."""
    rows = history_rows(selectors.player_matches(event, entry.player_id), entry.player_id)
    context = {"event": event, "entry": entry, "rows": rows}
    return render(request, "tournaments/player_history.html", context)


@login_required
@require_POST
@refusals_shown
def register(request: HttpRequest, pk: int) -> HttpResponse:
    event = selectors.event_for(request.user, pk)
    registration.register(event, signed_in_user(request))
    messages.success(request, f"You are registered for {event.name}.")
    return redirect("tournaments:event", pk=event.pk)


def _on_event_page(request: HttpRequest, kwargs: dict[str, Any], exc: Refusal) -> HttpResponse | None:
    """A player's refused drop (or undo) comes back on the event page with the reason and its 4xx."""
    event = selectors.visible_events(request.user).filter(pk=kwargs["pk"]).first()
    if event is None:
        return None
    context = {**_event_context(request, event), "refusal": str(exc)}
    return render(request, "tournaments/event_detail.html", context, status=exc.status_code)


@login_required
@require_POST
@refusals_shown_on(_on_event_page)
def join_waiting_list(request: HttpRequest, pk: int) -> HttpResponse:
    event = selectors.event_for(request.user, pk)
    waiting.join(event, signed_in_user(request))
    place = waiting.place_of(event, request.user.pk)
    assert place is not None
    if place.offered:
        messages.success(request, f"A place at {event.name} is free: it is offered to you below.")
    else:
        messages.success(request, f"You are on the waiting list of {event.name}, number {place.position}.")
    return redirect("tournaments:event", pk=event.pk)


@login_required
@require_POST
@refusals_shown_on(_on_event_page)
def leave_waiting_list(request: HttpRequest, pk: int) -> HttpResponse:
    """Leave the list; with a place offered, this declines it (the next on the list is offered it)."""
    event = selectors.event_for(request.user, pk)
    waiting.leave(event, signed_in_user(request))
    messages.success(request, f"You have left the waiting list of {event.name}.")
    return redirect("tournaments:event", pk=event.pk)


@login_required
@require_POST
@refusals_shown_on(_on_event_page)
def accept_place(request: HttpRequest, pk: int) -> HttpResponse:
    event = selectors.event_for(request.user, pk)
    waiting.accept(event, signed_in_user(request))
    messages.success(request, f"You have taken the place: you are registered for {event.name}.")
    return redirect("tournaments:event", pk=event.pk)


@login_required
@require_http_methods(["GET", "POST"])
@refusals_shown_on(_on_event_page)
def drop(request: HttpRequest, pk: int) -> HttpResponse:
    """GET: what dropping means (the confirmation page); POST with confirm=yes: drop."""
    event = selectors.event_for(request.user, pk)
    entry = get_object_or_404(
        Registration.objects.select_related("player", "event"), event=event, player=signed_in_user(request)
    )
    asks = confirmations.drop(entry, by_self=True)
    if request.method == "GET":
        return confirmation_page(request, asks, reverse("tournaments:event", args=(event.pk,)))
    require_confirmed(request, "Dropping")
    registration.drop(entry, signed_in_user(request))
    messages.success(request, f"You have dropped from {event.name}. Thanks for playing!")
    return redirect("tournaments:event", pk=event.pk)


@login_required
@require_POST
@refusals_shown_on(_on_event_page)
def undo_drop(request: HttpRequest, pk: int) -> HttpResponse:
    event = selectors.event_for(request.user, pk)
    entry = get_object_or_404(Registration, event=event, player=signed_in_user(request))
    registration.undo_drop(entry, signed_in_user(request))
    messages.success(request, f"Your drop is undone: you are back in {event.name}.")
    return redirect("tournaments:event", pk=event.pk)


@login_required
@refusals_shown
def table_page(request: HttpRequest, match_id: int) -> HttpResponse:
    """One table of a round (where a printed slip's QR code leads): the two names, the result in
    the reader's words and, for a player at the table, the same report buttons as the event page."""
    match = selectors.match_for(request.user, match_id)
    user = request.user
    plays_here = user.pk in match.players()
    context = {
        "event": match.round.event,
        "match": match,
        "current_round": match.round,
        "my_match": match if plays_here else None,
        "report_choices": outcomes.report_choices(match) if plays_here and not match.is_bye else [],
        "my_claims": _my_claims(match, user) if plays_here else [],
        "records": has_permission(user, Perm.RECORD_RESULTS, match.round.event),
    }
    return render(request, "tournaments/table.html", context)


@login_required
@require_POST
@refusals_shown
def report(request: HttpRequest, match_id: int) -> HttpResponse:
    match = selectors.match_for(request.user, match_id)
    form = ScoreForm(request.POST)
    if not form.is_valid():
        raise form_refusal(form)
    data = form.cleaned_data
    score = results.Score.from_players_view(
        match, signed_in_user(request), data["wins"], data["losses"], data["draws"] or 0
    )
    corrected = match.awaits_confirmation and match.reported_by_id == request.user.pk
    match = results.report_result(match, signed_in_user(request), score)
    note = {
        Match.Status.REPORTED: "Report corrected; your opponent confirms it."
        if corrected
        else "Result reported; your opponent confirms it.",
        Match.Status.CONFIRMED: "Result confirmed.",
        Match.Status.DISPUTED: "Your report differs from your opponent's; a judge will settle it.",
    }[Match.Status(match.status)]
    messages.success(request, note)
    return redirect("tournaments:event", pk=match.round.event_id)


@login_required
@require_POST
@refusals_shown
def confirm(request: HttpRequest, match_id: int) -> HttpResponse:
    version = None
    if "version" in request.POST:  # the version the opponent read the report at (the page sends it)
        version = parse_id(request.POST["version"])
        if version is None:
            raise Invalid(EventRefusal.FORM_PROBLEMS, "The form has problems: version: a whole number.")
    match = results.confirm_result(selectors.match_for(request.user, match_id), signed_in_user(request), version)
    messages.success(request, "Result confirmed.")
    return redirect("tournaments:event", pk=match.round.event_id)
