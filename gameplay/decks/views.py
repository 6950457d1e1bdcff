"""My decks: the list, the builder for a new or saved deck, duplicate, delete, history, export.

Only the owner sees a deck: anyone else gets the site's 404 page (``services.owned``).
"""

from __future__ import annotations

from typing import Any

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils.text import slugify
from django.views.decorators.http import require_GET, require_http_methods, require_POST

from accounts.auth import signed_in_user
from common.ids import parse_id
from gameplay.cards.catalog import Catalog
from gameplay.decks import services as decks
from gameplay.decks.errors import DeckRefusal, Invalid
from gameplay.decks.models import SavedDeck, SavedDeckVersion
from gameplay.services import current_catalog
from gameplay.web.forms import DeckBuilderForm
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
    rows = []
    for deck in decks.my_decks(signed_in_user(request)):
        versions = list(deck.versions.all())
        problems = decks.violations(versions[0], deck.format) if versions else []
        rows.append({"deck": deck, "current": versions[0] if versions else None, "versions": len(versions),
                     "problems": problems})  # fmt: skip
    starters = current_catalog().starter_decks.values()
    return render(request, "gameplay/decks/my_decks.html", {"rows": rows, "starters": starters})


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
        return _save_or_build(request, catalog, saved)
    asked = request.GET.get("version")
    version = decks.version_of(saved, parse_id(asked)) if asked else decks.current_version(saved)
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
    if before is not None and before.pk == version.pk:
        messages.success(request, f"{version.deck.name} saved (the list is unchanged: still version {version.number}).")
    else:
        messages.success(request, f"{version.deck.name} saved as version {version.number}.")
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
