"""My decks: the list, the builder for a new or saved deck, duplicate, delete, history, export.

Only the owner sees a deck: anyone else gets the site's 404 page (``services.owned``).
"""

from __future__ import annotations

from typing import Any

from django import forms
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils.text import slugify
from django.views.decorators.http import require_GET, require_http_methods, require_POST

from accounts.auth import signed_in_user
from common.ids import parse_id
from gameplay.deckformats import GAME_NAMES, RUNEBOUND, RUNESLINGERS, runebound_deck_of
from gameplay.decks import services as decks
from gameplay.decks.errors import DeckRefusal, Invalid
from gameplay.decks.models import SavedDeck, SavedDeckVersion
from gameplay.runebound.catalog import shipped_runebound
from gameplay.runebound.faces import deck_faces
from gameplay.runeslingers.cards.catalog import Catalog
from gameplay.runeslingers.site_catalog import current_catalog
from gameplay.web.forms import DeckBuilderForm
from gameplay.web.runebound_views import RuneboundCheckForm
from gameplay.web.views import (
    builder_context,
    builder_post,
    check_builder_form,
    initial_builder_data,
    too_large,
)


@login_required
@require_GET
def my_decks(request: HttpRequest) -> HttpResponse:
    """Both games' saved decks, grouped by game (Runeslingers first)."""
    games: dict[str, list[dict[str, Any]]] = {RUNESLINGERS: [], RUNEBOUND: []}
    for deck in decks.my_decks(signed_in_user(request)):
        versions = list(deck.versions.all())
        problems = decks.violations(versions[0], deck.format) if versions else []
        games.setdefault(deck.game, []).append({"deck": deck, "current": versions[0] if versions else None,
                                                "versions": len(versions), "problems": problems})  # fmt: skip
    context = {
        "games": [{"game": game, "name": GAME_NAMES[game], "rows": rows} for game, rows in games.items()],
        "starters": current_catalog().starter_decks.values(),
        "published": shipped_runebound().decks.values(),
    }
    return render(request, "gameplay/decks/my_decks.html", context)


class RuneboundSaveForm(RuneboundCheckForm):
    """A saved Runebound deck: its name, one of the Runebound formats, and the list."""

    name = forms.CharField(max_length=decks.MAX_NAME_CHARS, label="Deck name")
    field_order = ("name", "format", "text")


@login_required
@require_http_methods(["GET", "POST"])
def runebound_new(request: HttpRequest) -> HttpResponse:
    if request.method == "POST":
        return _save_runebound(request, None)
    form = RuneboundSaveForm(initial={"format": decks.RUNEBOUND_DEFAULT_FORMAT})
    return render(request, "gameplay/decks/runebound_deck.html", {"form": form, "saved": None})


def _runebound_page(request: HttpRequest, saved: SavedDeck, version: SavedDeckVersion) -> HttpResponse:
    """A saved Runebound deck: its cards as faces, every violation at once, and the form for a new version."""
    current = decks.current_version(saved)
    form = RuneboundSaveForm(initial={"name": saved.name, "format": saved.format, "text": version.text})
    return render(request, "gameplay/decks/runebound_deck.html", {"form": form, **_runebound_state(saved, version),
                  "shown_version": version if version.pk != current.pk else None})  # fmt: skip


def _runebound_state(saved: SavedDeck, version: SavedDeckVersion) -> dict[str, Any]:
    return {
        "saved": saved,
        "version": version,
        "faces": deck_faces(runebound_deck_of(version), shipped_runebound()),
        "violations": decks.violations(version, saved.format),
    }


def _save_runebound(request: HttpRequest, saved: SavedDeck | None) -> HttpResponse:
    form = RuneboundSaveForm(request.POST)
    context: dict[str, Any] = {"form": form, "saved": saved}
    if saved is not None:
        context.update(_runebound_state(saved, decks.current_version(saved)))
    if not form.is_valid():
        return render(request, "gameplay/decks/runebound_deck.html", context, status=400)
    data = form.cleaned_data
    before = saved.current() if saved else None
    try:
        deck = decks.read_list(data["format"], data["text"])
        version = decks.save(signed_in_user(request), data["name"], data["format"], deck, saved)
    except Invalid as exc:
        line_errors = exc.extra.get("errors", [])
        context.update({"save_error": "" if line_errors else str(exc), "line_errors": line_errors})
        return render(request, "gameplay/decks/runebound_deck.html", context, status=400)
    _saved_message(request, version, before)
    return redirect("gameplay:my-deck-edit", pk=version.deck_id)


def _saved_message(request: HttpRequest, version: SavedDeckVersion, before: SavedDeckVersion | None) -> None:
    if before is not None and before.pk == version.pk:
        messages.success(request, f"{version.deck.name} saved (the list is unchanged: still version {version.number}).")
    else:
        messages.success(request, f"{version.deck.name} saved as version {version.number}.")


@login_required
@require_http_methods(["GET", "POST"])
def deck_new(request: HttpRequest) -> HttpResponse:
    catalog = current_catalog()
    if request.method == "POST":
        return _save_or_build(request, catalog, None)
    form = DeckBuilderForm(initial=initial_builder_data(request, catalog), catalog=catalog)
    return render(request, "gameplay/deck_builder.html", {**builder_context(form, catalog, None), **_saved(None)})


@login_required
@require_http_methods(["GET", "POST"])
def deck_edit(request: HttpRequest, pk: int) -> HttpResponse:
    catalog = current_catalog()
    saved = decks.owned(signed_in_user(request), pk)
    if request.method == "POST":
        if saved.game == RUNEBOUND:
            return _save_runebound(request, saved)
        return _save_or_build(request, catalog, saved)
    asked = request.GET.get("version")
    version = decks.version_of(saved, parse_id(asked)) if asked else decks.current_version(saved)
    if saved.game == RUNEBOUND:
        return _runebound_page(request, saved, version)
    form = DeckBuilderForm(initial={"format": saved.format, "decklist": version.text}, catalog=catalog)
    result, _ = check_builder_form(DeckBuilderForm({"format": saved.format, "decklist": version.text},
                                                   catalog=catalog), catalog)  # fmt: skip
    context = {**builder_context(form, catalog, result), **_saved(saved, shown=version)}
    return render(request, "gameplay/deck_builder.html", context)


def _saved(saved: SavedDeck | None, name: str | None = None, shown: SavedDeckVersion | None = None) -> dict[str, Any]:
    """What the builder shows for a saved deck (or a new one): its name, version and where Save goes."""
    current = saved.current() if saved else None
    return {
        "saved": saved,
        "saved_form": True,
        "deck_name": name if name is not None else (saved.name if saved else ""),
        "current_version": current,
        "shown_version": shown if shown is not None and current is not None and shown.pk != current.pk else None,
    }


def _save_or_build(request: HttpRequest, catalog: Catalog, saved: SavedDeck | None) -> HttpResponse:
    if too_large(request):  # before the body is read
        return builder_post(request, catalog, {})
    extra = _saved(saved, request.POST.get("name", ""))
    if request.POST.get("action") != "save":
        return builder_post(request, catalog, extra)
    form = DeckBuilderForm(request.POST, catalog=catalog)
    try:
        if not form.is_valid():
            raise Invalid(DeckRefusal.CANNOT_READ, "The deck cannot be saved: " + form_problems(form))
        data = form.cleaned_data
        deck = decks.read_deck(data["decklist"], catalog, data["runeslinger"], [data["equip_1"], data["equip_2"]])
        before = saved.current() if saved else None
        version = decks.save(signed_in_user(request), request.POST.get("name", ""), data["format"], deck, saved)
    except Invalid as exc:
        result, _ = check_builder_form(form, catalog)
        context = {**builder_context(form, catalog, result), **extra, "save_error": str(exc)}
        return render(request, "gameplay/deck_builder.html", context, status=400)
    _saved_message(request, version, before)
    return redirect("gameplay:my-deck-edit", pk=version.deck_id)


def form_problems(form: DeckBuilderForm) -> str:
    return "; ".join(f"{form.fields[f].label or f}: {' '.join(str(m) for m in e)}" for f, e in form.errors.items())


@login_required
@require_POST
def deck_duplicate(request: HttpRequest, pk: int) -> HttpResponse:
    copy = decks.duplicate(signed_in_user(request), pk)
    messages.success(request, f"Saved a copy: {copy.name}.")
    return redirect("gameplay:my-decks")


@login_required
@require_http_methods(["GET", "POST"])
def deck_delete(request: HttpRequest, pk: int) -> HttpResponse:
    saved = decks.owned(signed_in_user(request), pk)
    if request.method == "GET":
        return render(request, "gameplay/decks/delete.html", {"saved": saved, "versions": saved.versions.count()})
    name = decks.delete(signed_in_user(request), pk)
    messages.success(request, f"Deleted {name}.")
    return redirect("gameplay:my-decks")


@login_required
@require_GET
def deck_history(request: HttpRequest, pk: int) -> HttpResponse:
    saved = decks.owned(signed_in_user(request), pk)
    versions = list(saved.versions.order_by("-number"))
    return render(request, "gameplay/decks/history.html", {"saved": saved, "versions": versions})


@login_required
@require_GET
def deck_export(request: HttpRequest, pk: int) -> HttpResponse:
    saved = decks.owned(signed_in_user(request), pk)
    asked = request.GET.get("version")
    version = decks.version_of(saved, parse_id(asked)) if asked else decks.current_version(saved)
    response = HttpResponse(version.text, content_type="text/plain; charset=utf-8")
    filename = f"{slugify(saved.name) or 'deck'}-v{version.number}.txt"
    response["Content-Disposition"] = f'attachment; filename="{filename}"'
    return response


@login_required
@require_POST
def deck_from_starter(request: HttpRequest) -> HttpResponse:
    saved = decks.from_starter(signed_in_user(request), request.POST.get("starter", ""))
    messages.success(request, f"Saved {saved.name} from the starter deck: edit it as you like.")
    return redirect("gameplay:my-deck-edit", pk=saved.pk)


@login_required
@require_POST
def deck_from_published(request: HttpRequest) -> HttpResponse:
    saved = decks.from_published(signed_in_user(request), request.POST.get("published", ""))
    messages.success(request, f"Saved {saved.name} from the published deck: customise it as you like.")
    return redirect("gameplay:my-deck-edit", pk=saved.pk)
