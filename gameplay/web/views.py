"""Catalog pages: each view parses its input, asks the models or a service, and renders."""

from __future__ import annotations

import json
from typing import Any

from django.core.paginator import Paginator
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, render
from django.views.decorators.http import require_GET, require_http_methods, require_POST

from gameplay.models import Card, Equip, Runeslinger
from gameplay.runeslingers import site_catalog
from gameplay.runeslingers.cards import faces
from gameplay.runeslingers.cards.catalog import Catalog
from gameplay.runeslingers.cards.model import StarterDeck
from gameplay.runeslingers.decklists import format_decklist
from gameplay.runeslingers.formats import FORMATS, Deck, Edition, UnknownFormatError
from gameplay.web import presentation, runebound_views
from gameplay.web.forms import CardFilterForm, DeckBuilderForm

CARDS_PER_PAGE = 24


def is_htmx(request: HttpRequest) -> bool:
    return request.headers.get("HX-Request") == "true"


def too_large(request: HttpRequest) -> bool:
    """Whether the declared body is over the limit; checked before Django reads the body."""
    try:
        return int(request.META.get("CONTENT_LENGTH") or 0) > site_catalog.MAX_DECK_INPUT_BYTES
    except ValueError:
        return False


TOO_LARGE_MESSAGE = (
    f"The deck input is too large: at most {site_catalog.MAX_DECK_INPUT_BYTES // 1024} KB. Paste only the deck list."
)


# --- gallery and detail ------------------------------------------------------------------------


@require_GET
def card_list(request: HttpRequest) -> HttpResponse:
    form = CardFilterForm(request.GET)
    catalog = site_catalog.current_catalog()
    cards = Card.objects.filter(is_active=True)
    cards = form.filter(cards, catalog) if form.is_valid() else cards.none()
    page = Paginator(cards, CARDS_PER_PAGE).get_page(request.GET.get("page"))
    query = request.GET.copy()
    query.pop("page", None)
    drawn = faces.catalog_faces(catalog, "classic" if form.is_valid() and form.classic else "awakening")
    tiles = [(card, drawn[card.slug]) for card in page if card.slug in drawn]
    context = {"form": form, "page": page, "tiles": tiles, "query": query.urlencode(), "total": page.paginator.count}
    context["runebound"] = runebound_views.search_matches(form.cleaned_data.get("q", "") if form.is_valid() else "")
    template = "gameplay/_card_results.html" if is_htmx(request) else "gameplay/card_list.html"
    return render(request, template, context, status=200 if form.is_valid() else 400)


@require_GET
def card_detail(request: HttpRequest, slug: str) -> HttpResponse:
    card = get_object_or_404(Card, slug=slug)
    found = site_catalog.current_catalog().cards.get(card.slug)
    context = {
        "card": card,
        "face": faces.face_of_card(found) if found else None,
        "keywords": presentation.keyword_help(card.keywords),
        "script_lines": presentation.describe_script(card.script),
        "script_json": json.dumps(card.script, indent=2),
    }
    return render(request, "gameplay/card_detail.html", context)


@require_GET
def runeslinger_list(request: HttpRequest) -> HttpResponse:
    slingers = Runeslinger.objects.filter(is_active=True)
    equips = Equip.objects.filter(is_active=True).order_by("card_class", "kind", "position")
    drawn = faces.catalog_faces(site_catalog.current_catalog())
    rows = [
        (s, drawn.get(s.slug), [drawn[e.slug] for e in equips if e.card_class == s.card_class and e.slug in drawn])
        for s in slingers
    ]
    return render(request, "gameplay/runeslinger_list.html", {"rows": rows})


# --- starter decks ---------------------------------------------------------------------------


@require_GET
def starter_list(request: HttpRequest) -> HttpResponse:
    catalog = site_catalog.current_catalog()
    starters = [_starter_view(s, catalog) for s in catalog.starter_decks.values()]
    classic = [_starter_view(s, catalog, Edition.CLASSIC) for s in catalog.classic_starters]
    return render(request, "gameplay/starter_list.html", {"starters": starters, "classic_starters": classic})


def _starter_view(starter: StarterDeck, catalog: Catalog, edition: Edition = Edition.AWAKENING) -> dict[str, Any]:
    drawn = faces.deck_faces(catalog, starter.runeslinger, starter.equips, starter.cards, edition)
    cards = [(entry["face"], entry["count"]) for entry in drawn["cards"]]
    builder_format = "classic-starter" if edition is Edition.CLASSIC else "awakening-starter"
    return {"starter": starter, "runeslinger": drawn["runeslinger"], "equips": drawn["equips"], "cards": cards,
            "faces": drawn, "format": builder_format}  # fmt: skip


# --- deck builder ------------------------------------------------------------------------------


@require_http_methods(["GET", "POST"])
def deck_builder(request: HttpRequest) -> HttpResponse:
    """The builder page. A plain POST (no JavaScript) checks, adds a card or exports the list."""
    catalog = site_catalog.current_catalog()
    if request.method == "GET":
        form = DeckBuilderForm(initial=initial_builder_data(request, catalog), catalog=catalog)
        return render(request, "gameplay/deck_builder.html", builder_context(form, catalog, None))
    return builder_post(request, catalog, {})


def builder_post(request: HttpRequest, catalog: Catalog, extra: dict[str, Any]) -> HttpResponse:
    """The builder's own actions (check, add a card, export); ``extra`` goes to the page (a saved deck's)."""
    if too_large(request):
        return _result_response(request, {"errors": [TOO_LARGE_MESSAGE]}, status=413)
    form = DeckBuilderForm(request.POST, catalog=catalog)
    action = request.POST.get("action", "check")
    if action == "add" and form.is_valid():
        form = _with_added_card(form, catalog)
    result, status = check_builder_form(form, catalog)
    if action == "export" and "check" in result:
        response = HttpResponse(result["check"].text, content_type="text/plain; charset=utf-8")
        response["Content-Disposition"] = 'attachment; filename="deck.txt"'
        return response
    context = {**builder_context(form, catalog, result), **extra}
    return render(request, "gameplay/deck_builder.html", context, status=status)


@require_POST
def deck_check(request: HttpRequest) -> HttpResponse:
    """The live feedback partial: every violation, the counts and the curve (htmx posts here)."""
    if too_large(request):
        return _result_response(request, {"errors": [TOO_LARGE_MESSAGE]}, status=413)
    catalog = site_catalog.current_catalog()
    result, status = check_builder_form(DeckBuilderForm(request.POST, catalog=catalog), catalog)
    return _result_response(request, result, status)


def _result_response(request: HttpRequest, result: dict[str, Any], status: int) -> HttpResponse:
    return render(request, "gameplay/_deck_result.html", {"result": result}, status=status)


def initial_builder_data(request: HttpRequest, catalog: Catalog) -> dict[str, Any]:
    initial: dict[str, Any] = {"format": request.GET.get("format") or "awakening-starter"}
    starter = catalog.playable_starters.get(request.GET.get("starter", ""))
    if starter is not None:
        initial["decklist"] = format_decklist(Deck.from_starter(starter), catalog)
    return initial


def _with_added_card(form: DeckBuilderForm, catalog: Catalog) -> DeckBuilderForm:
    name = form.cleaned_data["add_card"].strip()
    if not name:
        return form
    card = catalog.find_card(name)
    if card is None:
        form.add_error("add_card", site_catalog.unknown("card", name, [c.name for c in catalog.cards.values()]))
        return form
    text = form.cleaned_data["decklist"].rstrip("\n")
    data = dict(form.data.items())
    data["decklist"] = f"{text}\n{form.cleaned_data['add_count'] or 1} {card.name}\n".lstrip("\n")
    data["add_card"] = ""
    refreshed = DeckBuilderForm(data, catalog=catalog)
    refreshed.is_valid()
    return refreshed


def check_builder_form(form: DeckBuilderForm, catalog: Catalog) -> tuple[dict[str, Any], int]:
    """Check the form's deck: (context for the result partial, HTTP status)."""
    if not form.is_valid():
        return {
            "errors": [f"{form.fields[f].label or f}: {' '.join(str(m) for m in e)}" for f, e in form.errors.items()]
        }, 400
    data = form.cleaned_data
    if not data["decklist"].strip() and not data["runeslinger"]:
        return {"empty": True}, 200
    try:
        deck = site_catalog.deck_from_text(data["decklist"], catalog)
        deck = site_catalog.with_choices(deck, catalog, data["runeslinger"], [data["equip_1"], data["equip_2"]])
        check = site_catalog.check_deck(data["format"], deck, catalog)
    except site_catalog.DeckInputError as exc:
        return {"errors": exc.errors}, 400
    except UnknownFormatError as exc:
        return {"errors": [str(exc)]}, 400
    return _result_context(check, catalog), 200


def _result_context(check: site_catalog.DeckReport, catalog: Catalog) -> dict[str, Any]:
    def names(ids: tuple[str, ...]) -> list[str]:
        return [catalog.cards[i].name if i in catalog.cards else i for i in ids]

    violations = [
        {"rule": v.rule, "label": presentation.rule_label(v.rule), "message": v.message, "cards": names(v.cards)}
        for v in check.violations
    ]
    deck = check.deck
    return {
        "check": check,
        "state": {"runeslinger": deck.runeslinger, "equips": list(deck.equips), "cards": dict(deck.cards)},
        "deck_faces": faces.deck_faces(catalog, deck.runeslinger, deck.equips, deck.cards, check.format.edition),
        "violations": violations,
        "bars": presentation.curve_bars(check.curve),
        "chart": {
            "width": presentation.CHART_WIDTH,
            "height": presentation.CHART_HEIGHT,
            "bar_width": presentation.BAR_WIDTH,
            "axis_y": presentation.CHART_HEIGHT - 4,
        },
    }


def builder_context(form: DeckBuilderForm, catalog: Catalog, result: dict[str, Any] | None) -> dict[str, Any]:
    return {
        "form": form,
        "result": result,
        "card_names": sorted(c.name for c in catalog.cards.values()),
        "formats": [f for f in FORMATS.values() if not f.limited],
        "faces": faces.catalog_faces(catalog),
        "format_sizes": {f.slug: f.deck_size for f in FORMATS.values() if not f.limited},
    }
