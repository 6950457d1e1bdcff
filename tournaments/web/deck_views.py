"""Deck registration pages: a player's list for an event, and the event's lists for staff."""

from __future__ import annotations

from typing import Any

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.views.decorators.http import require_http_methods, require_POST

from accounts.auth import signed_in_user
from accounts.models import User
from common.ids import parse_id
from common.web import refusals_shown
from gameplay.deckformats import RUNEBOUND, RUNESLINGERS, AnyDeck, deck_format, runebound_deck_of
from gameplay.decks import services as saved_decks
from gameplay.runebound.catalog import shipped_runebound
from gameplay.runebound.faces import deck_faces as runebound_faces
from gameplay.runeslingers.cards.faces import deck_faces
from gameplay.runeslingers.site_catalog import DeckInputError, current_catalog
from gameplay.web.forms import DeckBuilderForm
from gameplay.web.runebound_views import RuneboundListForm
from gameplay.web.views import TOO_LARGE_MESSAGE, check_builder_form, too_large
from tournaments import selectors
from tournaments.errors import EventRefusal, Invalid
from tournaments.models import DeckVersion, Event, EventDeck, Registration
from tournaments.permissions import Perm, has_permission, require
from tournaments.services import decks


@login_required
@require_http_methods(["GET", "POST"])
@refusals_shown
def my_deck(request: HttpRequest, pk: int) -> HttpResponse:
    event = selectors.event_for(request.user, pk)
    return _deck_page(request, event, signed_in_user(request))


@login_required
@require_http_methods(["GET", "POST"])
@refusals_shown
def player_deck(request: HttpRequest, pk: int, player_id: int) -> HttpResponse:
    """The organiser enters (or changes) a player's list: a guest walk-in's, or anyone's who has no
    legal one; the same checks and versions as a player's own, and a line in the history."""
    event = selectors.event_for(request.user, pk)
    if player_id == request.user.pk:
        return redirect("tournaments:my-deck", pk=event.pk)
    require(request.user, Perm.MANAGE, event)
    entry = get_object_or_404(Registration.objects.select_related("player"), event=event, player_id=player_id)
    return _deck_page(request, event, entry.player)


def _deck_page(request: HttpRequest, event: Event, player: User) -> HttpResponse:
    """A player's list for the event: theirs to register, or the organiser's to enter for them."""
    played = deck_format(event.format)
    by = signed_in_user(request)
    for_other = player.pk != by.pk
    deck = EventDeck.objects.filter(event=event, player=player).first()
    current = deck.current() if deck else None
    if request.method == "POST":
        decks.require_may_register(event, player, by)  # before reading
        if "saved_deck" in request.POST:
            return _register_saved(request, event, player)
        if too_large(request):
            raise Invalid(EventRefusal.DECK_INPUT_TOO_LARGE, TOO_LARGE_MESSAGE)
    paste = _paste_runebound if played.game == RUNEBOUND else _paste_runeslingers
    pasted = paste(request, event, current, player)
    if isinstance(pasted, HttpResponse):
        return pasted
    status, extra = pasted
    finished = f"{event.name} is finished." if event.is_finished else None
    context = {
        "event": event,
        **extra,
        "player": player,
        "for_other": for_other,
        "current": current,
        "current_faces": version_faces(current, event) if current else None,
        "versions": deck.versions.select_related("submitted_by").order_by("-number") if deck else [],
        "registered": Registration.objects.filter(event=event, player=player, dropped_after_round=None).exists(),
        "locked": finished if for_other else decks.lock_reason(event),
        "limited": played.limited,
        "format": played,
        "saved_decks": saved_decks.legal_decks(request.user, event.format),
    }
    return render(request, "tournaments/my_deck.html", context, status=status)


Pasted = HttpResponse | tuple[int, dict[str, Any]]


def _paste_runeslingers(request: HttpRequest, event: Event, current: DeckVersion | None, player: User) -> Pasted:
    """The Runeslingers paste box (the deck builder's form and live check); a legal POST registers."""
    catalog = current_catalog()
    if request.method != "POST":
        initial = {"format": event.format, "decklist": current.text if current else ""}
        return 200, {"form": DeckBuilderForm(initial=initial, catalog=catalog), "result": None}
    data = request.POST.copy()
    data["format"] = event.format
    form = DeckBuilderForm(data, catalog=catalog)
    result, _ = check_builder_form(form, catalog)
    check = result.get("check")
    if check is not None and check.legal:
        source = form.cleaned_data["decklist"]
        return _registered(request, event, check.deck, source, player)
    return 400, {"form": form, "result": result}


def _paste_runebound(request: HttpRequest, event: Event, current: DeckVersion | None, player: User) -> Pasted:
    """The Runebound paste box: read, checked by the event's format (every violation at once)."""
    if request.method != "POST":
        return 200, {"rb_form": RuneboundListForm(initial={"text": current.text if current else ""})}
    form = RuneboundListForm(request.POST)
    if not form.is_valid():
        return 400, {"rb_form": form}
    played = deck_format(event.format)
    try:
        deck = played.read(form.cleaned_data["text"])
    except DeckInputError as exc:
        return 400, {"rb_form": form, "line_errors": exc.errors}
    violations = played.check(deck)
    if violations:
        return 400, {"rb_form": form, "violations": violations}
    return _registered(request, event, deck, form.cleaned_data["text"], player)


def _registered(request: HttpRequest, event: Event, deck: AnyDeck, source: str, player: User) -> HttpResponse:
    by = signed_in_user(request)
    version = decks.register_deck(event, player, deck, by, source=source)
    whose = f"{player.public_name}'s deck" if player.pk != by.pk else "Deck"
    messages.success(request, f"{whose} registered (version {version.number}).")
    return _back_to_deck(event, player, by)


def _back_to_deck(event: Event, player: User, by: User) -> HttpResponse:
    if player.pk != by.pk:
        return redirect("tournaments:player-deck", pk=event.pk, player_id=player.pk)
    return redirect("tournaments:my-deck", pk=event.pk)


def _register_saved(request: HttpRequest, event: Event, player: User) -> HttpResponse:
    """Register the current list of one of the signed-in user's saved decks (checked as a pasted
    list is): a player's own, or the organiser's for the player they enter a list for."""
    by = signed_in_user(request)
    version = saved_decks.legal_version(by, parse_id(request.POST.get("saved_deck", "")), event.format)
    registered = decks.register_deck(event, player, saved_decks.deck_of(version), by, source=version.text)
    messages.success(request, f"{version.deck.name} registered (version {registered.number}).")
    return _back_to_deck(event, player, by)


def event_decks(request: HttpRequest, pk: int) -> HttpResponse:
    event = selectors.event_for(request.user, pk)
    shown = []
    for deck in decks.visible_decks(request.user, event):
        current = deck.current()
        shown.append({"deck": deck, "current": current, "faces": version_faces(current, event) if current else None})
    context = {
        "event": event,
        "decks": shown,
        "can_check": has_permission(request.user, Perm.RECORD_RESULTS, event),
        "manages": has_permission(request.user, Perm.MANAGE, event),
    }
    return render(request, "tournaments/event_decks.html", context)


def version_faces(version: DeckVersion, event: Event) -> dict[str, Any]:
    """A registered list drawn as its game's card faces, with ``game`` saying which: a Runeslingers
    list by gameplay.runeslingers.cards.faces.deck_faces, a Runebound one grouped by gameplay.runebound.faces.deck_faces
    (drawn by templates/tournaments/_registered_faces.html)."""
    if event.game == RUNEBOUND:
        return {"game": RUNEBOUND, **runebound_faces(runebound_deck_of(version), shipped_runebound())}
    faces = deck_faces(current_catalog(), version.runeslinger or None, version.equips, version.cards)
    return {"game": RUNESLINGERS, **faces}


@login_required
@require_POST
@refusals_shown
def deck_check(request: HttpRequest, version_id: int) -> HttpResponse:
    version = get_object_or_404(
        DeckVersion.objects.select_related("deck__event"),
        pk=version_id,
        deck__event__in=selectors.visible_events(request.user),
    )
    passed = request.POST.get("passed") == "yes"
    decks.mark_checked(version, signed_in_user(request), passed, request.POST.get("note", ""))
    messages.success(request, f"Deck check recorded for {version.deck.player.public_name}.")
    return redirect("tournaments:decks", pk=version.deck.event_id)


@login_required
@require_POST
@refusals_shown
def publish_lists(request: HttpRequest, pk: int) -> HttpResponse:
    event: Event = selectors.event_for(request.user, pk)
    event = decks.publish_lists(event, signed_in_user(request), request.POST.get("published") == "yes")
    messages.success(request, "Deck lists are public." if event.lists_published else "Deck lists are private again.")
    return redirect("tournaments:decks", pk=event.pk)
